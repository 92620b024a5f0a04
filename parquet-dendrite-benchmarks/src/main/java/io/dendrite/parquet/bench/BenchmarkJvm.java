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
  /**
   * The dataset suites' heap: the write suite holds a whole dataset as Java records (user-events
   * at scale 1 is about 1 GB of them) and TPC-H's generator keeps its 300 MB text pool.
   */
  public static final String DATASET_XMS = "-Xms4g";
  public static final String DATASET_XMX = "-Xmx4g";
  /** Stated, not left to ergonomics (which picks Serial GC on small machines). */
  public static final String GC = "-XX:+UseG1GC";
  /**
   * The heap's pages touched once at start-up, before any measurement. Without it a suite
   * that allocates little per operation keeps allocating into pages the kernel has yet to
   * clear: a profile of VariantFilterBenchmark.pushdown (selectivity=one, ~18 MB per
   * operation) spent 30% of its CPU in the kernel's clear_page, and its shots grew from 20
   * to 100 ms as it went, where a suite allocating 170 MB per operation recycled its pages
   * after a few shots.
   */
  public static final String PRETOUCH = "-XX:+AlwaysPreTouch";

  private BenchmarkJvm() {}

  /** The flags as one command-line string. */
  public static String flags() {
    return String.join(" ", XMS, XMX, GC, PRETOUCH);
  }

  /** The dataset suites' flags as one command-line string. */
  public static String datasetFlags() {
    return String.join(" ", DATASET_XMS, DATASET_XMX, GC, PRETOUCH);
  }
}
