package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our column writing with {@link DendriteWriter.Builder#parallelism} above 1 encodes row groups
 * on threads: the file is the same bytes as on one thread, over row groups cut by size, chunks
 * with and without a dictionary, v1 and v2 pages and every codec; the threads end with the
 * writer, closed or aborted, and an aborted writer leaves no file.
 */
class ParallelChunkEncodingTest {
  private static final String SCHEMA =
      "id int64 not null, name string, score double, tags list<string>, payload variant";
  private static final String SHREDDING = "payload: {n: int64, s: string, f: double}";
  private static final int ROWS = 6_000;

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Codec.class)
  void theSameBytesForOneTwoAndFourThreads(Codec codec) throws IOException {
    for (int pageVersion = 1; pageVersion <= 2; pageVersion++) {
      Path one = write(codec, pageVersion, 1, "one");
      for (int threads : new int[] {2, 4}) {
        Path many = write(codec, pageVersion, threads, "t" + threads);
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many),
            codec + ", page v" + pageVersion + ", " + threads + " threads");
      }
      checkShape(one, pageVersion);
      checkRows(one);
    }
  }

  /** JSON lines parsed on threads too: the same bytes as one thread doing everything. */
  @Test
  void jsonLinesOnThreadsGiveTheSameBytes() throws IOException {
    StringBuilder lines = new StringBuilder();
    Random r = new Random(3);
    for (int i = 0; i < ROWS; i++) {
      lines.append("{\"id\": ").append(i).append(", \"name\": \"n").append(r.nextInt(50))
          .append("\", \"score\": ").append(r.nextInt(1000) / 8.0)
          .append(", \"tags\": [\"a\", \"t").append(i % 7).append("\"], \"payload\": {\"n\": ")
          .append(i).append(", \"s\": \"").append(Long.toHexString(r.nextLong()))
          .append("\"}}\n");
    }
    byte[] input = lines.toString().getBytes(StandardCharsets.UTF_8);
    List<byte[]> files = new ArrayList<>();
    for (int threads : new int[] {1, 2, 4}) {
      Path file = dir.resolve("json-" + threads + ".parquet");
      WriteEngines.with("dendrite", () -> {
        try (DendriteWriter w = builder(file, Codec.ZSTD, 1).parallelism(threads).build()) {
          w.writeJsonLines(new java.io.ByteArrayInputStream(input));
        }
        return file;
      });
      files.add(Files.readAllBytes(file));
    }
    assertArrayEquals(files.get(0), files.get(1), "2 threads");
    assertArrayEquals(files.get(0), files.get(2), "4 threads");
    assertTrue(rowGroups(dir.resolve("json-1.parquet")).size() >= 3);
  }

  @Test
  void theEncodingThreadsEndWhenTheWriterCloses() throws Exception {
    Set<Thread> before = encodingThreads();
    Path file = dir.resolve("closed.parquet");
    Set<Thread> during = new java.util.HashSet<>();
    WriteEngines.with("dendrite", () -> {
      try (DendriteWriter w = builder(file, Codec.SNAPPY, 1).parallelism(3).build()) {
        writeRows(w, ROWS);
        during.addAll(encodingThreads());
      }
      return file;
    });
    during.removeAll(before);
    assertFalse(during.isEmpty(), "row groups were encoded on threads");
    assertEnded(during);
    checkRows(file);
  }

  @Test
  void anAbortWhileChunksEncodeLeavesNoFileAndNoThread() throws Exception {
    Set<Thread> before = encodingThreads();
    Path file = dir.resolve("aborted.parquet");
    Set<Thread> during = new java.util.HashSet<>();
    WriteEngines.with("dendrite", () -> {
      try (DendriteWriter w = builder(file, Codec.GZIP, 1).parallelism(2).build()) {
        writeRows(w, ROWS);
        during.addAll(encodingThreads());
        w.abort(); // gzip row groups of 16 KiB: the last one handed over is likely encoding
      }
      return file;
    });
    during.removeAll(before);
    assertFalse(during.isEmpty(), "row groups were encoded on threads");
    assertEnded(during);
    assertEquals(List.of(), List.of(dir.toFile().list()), "no file, final or temporary");
  }

  private static void assertEnded(Set<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join(10_000);
      assertFalse(t.isAlive(), t.getName() + " still runs");
    }
  }

  private static Set<Thread> encodingThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("dendrite-encode-")).collect(Collectors.toSet());
  }

  private DendriteWriter.Builder builder(Path file, Codec codec, int pageVersion) {
    // Row groups cut by size (so by what earlier row groups encoded to), small pages and a
    // page size the name column's dictionary outgrows in some row groups.
    return DendriteWriter.builder(file).schema(SCHEMA).shredding(SHREDDING).codec(codec)
        .pageVersion(pageVersion).rowGroupSize(16 * 1024).pageSize(2048).pageRows(500)
        .bloomFilter("id", "payload.s").overwrite(true);
  }

  private Path write(Codec codec, int pageVersion, int threads, String name) throws IOException {
    Path file = dir.resolve(codec + "-v" + pageVersion + "-" + name + ".parquet");
    return WriteEngines.with("dendrite", () -> {
      try (DendriteWriter w = builder(file, codec, pageVersion).parallelism(threads).build()) {
        writeRows(w, ROWS);
      }
      return file;
    });
  }

  /**
   * Row i: a name from 40 until row 3,000, then from many (so later chunks give their
   * dictionary up), a score, 0-2 tags, and a payload missing in every fifth row.
   */
  private static void writeRows(DendriteWriter w, int rows) {
    Random r = new Random(42);
    for (int i = 0; i < rows; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("name", i < rows / 2 ? "name-" + r.nextInt(40)
          : "name-" + Long.toHexString(r.nextLong()));
      if (i % 11 != 0) {
        row.put("score", r.nextGaussian());
      }
      List<String> tags = new ArrayList<>();
      for (int k = 0; k < i % 3; k++) {
        tags.add("tag" + r.nextInt(5));
      }
      row.put("tags", tags);
      if (i % 5 != 0) {
        Map<String, Object> payload = new HashMap<>();
        payload.put("n", (long) i * 3);
        payload.put("s", "s" + (i % 13));
        payload.put(i % 2 == 0 ? "f" : "extra", i % 2 == 0 ? (Object) (i / 4.0) : "x" + i);
        row.put("payload", payload);
      }
      w.write(row);
    }
  }

  /** The file holds what the byte comparison is about: row groups, dictionaries and not. */
  private static void checkShape(Path file, int pageVersion) throws IOException {
    List<BlockMetaData> groups = rowGroups(file);
    assertTrue(groups.size() >= 4, groups.size() + " row groups");
    boolean dictionary = false;
    boolean fallback = false;
    for (BlockMetaData g : groups) {
      for (ColumnChunkMetaData c : g.getColumns()) {
        if (c.getPath().toDotString().equals("name")) {
          Set<Encoding> e = c.getEncodings();
          dictionary |= c.hasDictionaryPage();
          fallback |= !c.hasDictionaryPage()
              && e.contains(pageVersion == 2 ? Encoding.DELTA_BYTE_ARRAY : Encoding.PLAIN);
        }
      }
    }
    assertTrue(dictionary, "a name chunk with a dictionary");
    assertTrue(fallback, "a name chunk without one");
  }

  private static void checkRows(Path file) throws IOException {
    long n = 0;
    try (DendriteReader r = DendriteReader.builder(file).select("id", "payload.n").build()) {
      for (DendriteRow row : r) {
        assertEquals(n, row.get("id"));
        assertEquals(n % 5 == 0 ? null : n * 3, row.getLong("payload.n"));
        n++;
      }
    }
    assertEquals(ROWS, n);
  }

  private static List<BlockMetaData> rowGroups(Path file) throws IOException {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      return f.getFooter().getBlocks();
    }
  }
}
