package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.apache.parquet.hadoop.codec.ZstandardCodec;
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

  /**
   * The zstd level of the configuration the writer is given (parquet-java's key) is the one its
   * pages are compressed at, on the local file system and on others; before, every write used
   * level 3 or the class path's site files, whatever the job said.
   */
  @Test
  void theZstdLevelComesFromTheJobsConfiguration() throws Exception {
    long level1 = Files.size(writeZstd("level1", "1"));
    long level19 = Files.size(writeZstd("level19", "19"));
    Path unset = writeZstd("unset", null);
    Path three = writeZstd("three", "3");
    assertTrue(level19 < level1, level19 + " bytes at level 19, " + level1 + " at level 1");
    // Without the key, parquet-java's default level 3, as a writer given no configuration.
    assertArrayEquals(Files.readAllBytes(three), Files.readAllBytes(unset));
    Path plain = dir.resolve("plain.parquet");
    try (DendriteWriter w = DendriteWriter.builder(plain).schema("s string").codec(Codec.ZSTD)
        .build()) {
      writeRows(w);
    }
    assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(unset));

    // A target on another file system (not written here: no such file system in tests) takes
    // the level from the same configuration.
    Configuration conf = new Configuration(false);
    conf.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, "19");
    HadoopOutputTarget target = new HadoopOutputTarget(
        new org.apache.hadoop.fs.Path(dir.resolve("remote.parquet").toUri()), conf);
    assertEquals(19, ParquetWriters.configuration(target).getInt(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, -1));
  }

  private Path writeZstd(String name, String level) throws Exception {
    Path local = dir.resolve(name + ".parquet");
    Configuration conf = new Configuration(false);
    if (level != null) {
      conf.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, level);
    }
    try (DendriteWriter w = DendriteWriter.builder(new org.apache.hadoop.fs.Path(local.toUri()), conf)
        .schema("s string").codec(Codec.ZSTD).build()) {
      writeRows(w);
    }
    return local;
  }

  private static void writeRows(DendriteWriter w) throws Exception {
    for (int i = 0; i < 20_000; i++) {
      w.write(Map.of("s", "user " + (i * 7919L % 100_003) + " visited page " + (i % 977)
          + " from " + (i % 13 == 0 ? "search" : "a link")));
    }
  }
}
