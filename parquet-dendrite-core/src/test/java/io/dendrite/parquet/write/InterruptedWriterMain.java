package io.dendrite.parquet.write;

import java.nio.file.Path;
import java.util.Map;

/**
 * Run by {@link PublishTest} in a JVM of its own: writes rows to {@code args[0]/out.parquet}
 * until the process is stopped, after printing {@code writing} once its temporary file exists.
 * Gives up (without closing) after two minutes, so a test that never stops it cannot hang.
 */
public final class InterruptedWriterMain {
  private InterruptedWriterMain() {}

  public static void main(String[] args) throws Exception {
    DendriteWriter w = DendriteWriter.builder(Path.of(args[0], "out.parquet"))
        .schema("id int64 not null, payload variant").unshredded().rowGroupSize(1 << 16).build();
    w.write(Map.of("id", 0L, "payload", Map.of("n", 0L)));
    System.out.println("writing");
    System.out.flush();
    long deadline = System.nanoTime() + 120_000_000_000L;
    for (long id = 1; System.nanoTime() < deadline; id++) {
      w.write(Map.of("id", id, "payload", Map.of("n", id)));
      if (id % 1000 == 0) {
        Thread.sleep(10);
      }
    }
    System.exit(3);
  }
}
