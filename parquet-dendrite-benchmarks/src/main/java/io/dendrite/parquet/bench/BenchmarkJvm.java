package io.dendrite.parquet.bench;

/**
 * The JVM flags every forked benchmark VM gets ({@code @Fork(jvmArgsAppend = ...)}), in one
 * place so that {@code dev/bench} records exactly these (it asks {@code BenchReport --jvm-flags})
 * when it captures the GC and heap of a run.
 */
public final class BenchmarkJvm {
  /** Fixed heap: no resizing during a measurement; large enough for 1,000,000 rows in memory. */
  public static final String XMS = "-Xms2g";
  public static final String XMX = "-Xmx2g";
  /** Stated, not left to ergonomics (which picks Serial GC on small machines). */
  public static final String GC = "-XX:+UseG1GC";

  private BenchmarkJvm() {}

  /** The flags as one command-line string. */
  public static String flags() {
    return String.join(" ", XMS, XMX, GC);
  }
}
