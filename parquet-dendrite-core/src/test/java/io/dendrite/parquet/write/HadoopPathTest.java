package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing and reading through a Hadoop {@code Path} and {@code Configuration} (file://). */
class HadoopPathTest {
  @TempDir
  Path dir;

  @Test
  void writesAndReadsThroughHadoopFileSystem() throws Exception {
    Path local = dir.resolve("hadoop.parquet");
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(local.toUri());
    Configuration conf = new Configuration();
    try (DendriteWriter w = DendriteWriter.builder(path, conf)
        .schema("id int64 not null, v variant")
        .shredding("v: {a: int64, b: string}")
        .build()) {
      w.write(Map.of("id", 1L, "v", Map.of("a", 10L, "b", "x", "c", List.of(1, 2))));
      w.writeJson("{\"id\": 2, \"v\": {\"a\": \"not a number\"}}");
      // Until close, nothing is at the final path.
      assertFalse(Files.exists(local));
    }
    assertTrue(Files.exists(local));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("hadoop.parquet"), files
          .map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".crc")).toList());
    }
    try (DendriteReader r = DendriteReader.builder(path, conf).build()) {
      DendriteRow first = r.read();
      assertEquals(1L, first.get("id"));
      assertEquals("{\"a\":10,\"b\":\"x\",\"c\":[1,2]}", first.getJson("v"));
      DendriteRow second = r.read();
      assertEquals("{\"a\":\"not a number\"}", second.getJson("v"));
      assertEquals(null, r.read());
    }
  }
}
