package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.write.DendriteWriter.Encodings;
import io.dendrite.parquet.testing.ParquetJavaRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code encodings(AUTO)}: each column gets the encoding its data calls for (read from the
 * footer; floating point stays as by default, as Spark 4.1 cannot read BYTE_STREAM_SPLIT), and the files read the same as default-encoded files of the same rows in our
 * reader, parquet-java's and DuckDB's, in data page v1 and v2, with nulls, a repeated leaf,
 * several pages and several row groups; the bytes do not depend on the threads.
 */
class AutoEncodingsTest {
  private static final String SCHEMA = "id int64 not null, n int32, score double, f float, "
      + "cat string, key string, note string, tags list<int64 not null>, payload variant";
  private static final String SHREDDING = "payload: {seq: int64, w: double}";
  private static final int ROWS = 30_000;
  private static final String[] CATS = {"red", "green", "blue", "amber", "violet"};

  /** The values leaf of each column and the encoding its data calls for. */
  private static final Map<String, Encoding> EXPECTED = new LinkedHashMap<>();

  static {
    EXPECTED.put("id", Encoding.DELTA_BINARY_PACKED); // sorted longs
    EXPECTED.put("n", Encoding.DELTA_BINARY_PACKED); // clustered ints, with nulls
    EXPECTED.put("key", Encoding.DELTA_BYTE_ARRAY); // sorted unique strings sharing prefixes
    EXPECTED.put("note", Encoding.DELTA_LENGTH_BYTE_ARRAY); // random strings, with nulls
    EXPECTED.put("tags.list.element", Encoding.DELTA_BINARY_PACKED); // repeated, sorted
    EXPECTED.put("payload.typed_value.seq.typed_value", Encoding.DELTA_BINARY_PACKED);
  }

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void eachColumnGetsTheEncodingItsDataCallsForAndReadsBack(int pageVersion) throws Exception {
    Path auto = dir.resolve("auto.parquet");
    Path plain = dir.resolve("default.parquet");
    ShreddingReport report = write(auto, b -> b.pageVersion(pageVersion)
        .encodings(Encodings.AUTO));
    write(plain, b -> b.pageVersion(pageVersion));

    List<Map<String, Set<Encoding>>> rowGroups = encodings(auto);
    assertEquals(3, rowGroups.size());
    for (Map<String, Set<Encoding>> chunks : rowGroups) {
      EXPECTED.forEach((column, expected) -> {
        Set<Encoding> used = chunks.get(column);
        assertTrue(used.contains(expected), column + ": " + used);
        assertFalse(used.contains(Encoding.PLAIN_DICTIONARY)
            || used.contains(Encoding.RLE_DICTIONARY), column + ": " + used);
      });
      // Five colours: the dictionary pays, as by default.
      assertTrue(chunks.get("cat").contains(pageVersion == 1 ? Encoding.PLAIN_DICTIONARY
          : Encoding.RLE_DICTIONARY), chunks.get("cat").toString());
    }
    assertEquals(pageVersion == 2, allDataPagesAreV2(auto));

    // The report names the columns whose encoding differs from the default, and only those.
    // (Data page v2 falls back to DELTA for integers and strings by default already.)
    Map<String, String> chosen = report.encodings();
    assertEquals(pageVersion == 1, chosen.containsKey("id"), chosen.toString());
    if (pageVersion == 1) {
      assertTrue(chosen.get("id").startsWith("DELTA_BINARY_PACKED in 3 of 3 chunks"),
          chosen.toString());
    }
    assertNull(chosen.get("cat"), chosen.toString());
    // Floating point as by default (Spark 4.1 cannot read BYTE_STREAM_SPLIT): PLAIN here.
    for (String column : List.of("score", "f", "payload.typed_value.w.typed_value")) {
      assertNull(chosen.get(column), chosen.toString());
      for (Map<String, Set<Encoding>> chunks : rowGroups) {
        assertTrue(chunks.get(column).contains(Encoding.PLAIN), column + ": " + chunks);
        assertFalse(chunks.get(column).contains(Encoding.BYTE_STREAM_SPLIT), column);
      }
    }
    assertEquals(pageVersion == 1, chosen.containsKey("key"), chosen.toString());
    assertTrue(report.toString().contains("encodings chosen from the data"), report.toString());

    // Values: our reader against the generator, and every reader against the default file.
    List<Map<String, Object>> ours = rows(auto);
    assertEquals(ROWS, ours.size());
    for (int i = 0; i < ROWS; i += 997) {
      assertEquals(id(i), ((Number) ours.get(i).get("id")).longValue());
      assertEquals(key(i), ours.get(i).get("key"));
    }
    assertEquals(rows(plain), ours);
    assertEquals(ParquetJavaRows.read(plain).toString(), ParquetJavaRows.read(auto).toString());
    assertEquals(WriteEngineDifferentialTest.duckDbRows(plain),
        WriteEngineDifferentialTest.duckDbRows(auto));
  }

  @Test
  void byteStreamSplitAskedForPerPathIsKept() throws Exception {
    Path auto = dir.resolve("split.parquet");
    write(auto, b -> b.encodings(Encodings.AUTO).byteStreamSplit("score", "id"));
    for (Map<String, Set<Encoding>> chunks : encodings(auto)) {
      assertTrue(chunks.get("score").contains(Encoding.BYTE_STREAM_SPLIT), chunks.toString());
      assertTrue(chunks.get("id").contains(Encoding.BYTE_STREAM_SPLIT), chunks.toString());
    }
    assertEquals(rows(dir.resolve("split.parquet")).size(), ROWS);
  }

  @Test
  void autoFilesAreTheSameBytesForOneAndTwoThreads() throws Exception {
    Path one = dir.resolve("one.parquet");
    Path two = dir.resolve("two.parquet");
    write(one, b -> b.encodings(Encodings.AUTO).parallelism(1));
    write(two, b -> b.encodings(Encodings.AUTO).parallelism(2));
    assertEquals(-1, Files.mismatch(one, two));
  }

  @Test
  void autoIsSmallerThanDefaultOnSortedAndPrefixedColumns() throws Exception {
    Path auto = dir.resolve("auto.parquet");
    Path plain = dir.resolve("default.parquet");
    write(auto, b -> b.encodings(Encodings.AUTO));
    write(plain, b -> b);
    for (String column : List.of("id", "key", "tags.list.element")) {
      assertTrue(chunkBytes(auto, column) < chunkBytes(plain, column),
          column + ": " + chunkBytes(auto, column) + " vs " + chunkBytes(plain, column));
    }
  }

  @Test
  void pagesAreCutByTheChosenEncodingsSize() throws Exception {
    // Small pages and no row limit: pages end by the estimated encoded size, so the DELTA
    // columns' pages hold far more values than PLAIN's bytes per value would allow, and no
    // page is far past the target.
    int pageSize = 4096;
    Path auto = dir.resolve("auto.parquet");
    write(auto, b -> b.encodings(Encodings.AUTO).pageSize(pageSize).pageRows(1_000_000));
    // id: +3 each row, so DELTA_BINARY_PACKED takes ~5 bytes per 128 values: one page per
    // row group, where PLAIN's 8 bytes a value would cut 10,000 * 8 / 4096 = 19.
    assertEquals(3, pageSizes(auto, "id").size());
    // key: ~12 PLAIN bytes a value, ~2-3 as DELTA_BYTE_ARRAY: more than one page per row
    // group, each near the target, far fewer than PLAIN's 3 * 10,000 * 16 / 4096 = 117.
    List<Integer> sizes = pageSizes(auto, "key");
    assertTrue(sizes.size() > 3 && sizes.size() < 60, sizes.size() + " pages");
    for (int size : sizes) {
      assertTrue(size <= 2 * pageSize, "a page of " + size + " bytes");
    }
  }

  private interface Options {
    DendriteWriter.Builder apply(DendriteWriter.Builder b);
  }

  private static long id(int i) {
    return 1_700_000_000_000L + 3L * i;
  }

  private static String key(int i) {
    return String.format("user-%08d", i);
  }

  /** The rows, the same for every file: seeded, so the default file is an oracle. */
  private static ShreddingReport write(Path file, Options options) throws IOException {
    Random random = new Random(31);
    DendriteWriter w = options.apply(DendriteWriter.builder(file).schema(SCHEMA)
        .shredding(SHREDDING).pageRows(2000).rowGroupRows(10_000)).build();
    try (w) {
      for (int i = 0; i < ROWS; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", id(i));
        row.put("n", i % 5 == 0 ? null : i / 7);
        row.put("score", random.nextDouble() * 1000);
        row.put("f", random.nextFloat());
        row.put("cat", CATS[random.nextInt(CATS.length)]);
        row.put("key", key(i));
        row.put("note", i % 4 == 0 ? null : randomText(random));
        List<Long> tags = new ArrayList<>();
        for (int k = 0; k < i % 4; k++) {
          tags.add(10L * i + k);
        }
        row.put("tags", i % 9 == 0 ? null : tags);
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("seq", 5_000_000L + i);
        payload.put("w", random.nextGaussian());
        row.put("payload", payload);
        w.write(row);
      }
    }
    return w.report();
  }

  private static String randomText(Random random) {
    char[] c = new char[5 + random.nextInt(36)];
    for (int k = 0; k < c.length; k++) {
      c[k] = (char) ('a' + random.nextInt(26));
    }
    return new String(c);
  }

  /** Per row group, each leaf column's encodings as the footer lists them. */
  private static List<Map<String, Set<Encoding>>> encodings(Path file) throws IOException {
    List<Map<String, Set<Encoding>>> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        Map<String, Set<Encoding>> chunks = new HashMap<>();
        for (ColumnChunkMetaData c : block.getColumns()) {
          chunks.put(c.getPath().toDotString(), c.getEncodings());
        }
        out.add(chunks);
      }
    }
    return out;
  }

  private static long chunkBytes(Path file, String column) throws IOException {
    long total = 0;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          if (c.getPath().toDotString().equals(column)) {
            total += c.getTotalSize();
          }
        }
      }
    }
    return total;
  }

  /** The uncompressed size of each data page of {@code column}, over every row group. */
  private static List<Integer> pageSizes(Path file, String column) throws IOException {
    List<Integer> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ColumnDescriptor descriptor = r.getFooter().getFileMetaData().getSchema().getColumns()
          .stream().filter(c -> String.join(".", c.getPath()).equals(column)).findFirst()
          .orElseThrow();
      PageReadStore pages;
      while ((pages = r.readNextRowGroup()) != null) {
        PageReader reader = pages.getPageReader(descriptor);
        DataPage page;
        while ((page = reader.readPage()) != null) {
          out.add(page.getUncompressedSize());
        }
      }
    }
    return out;
  }

  private static boolean allDataPagesAreV2(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      PageReadStore pages;
      int v1 = 0;
      int v2 = 0;
      while ((pages = r.readNextRowGroup()) != null) {
        for (ColumnDescriptor c : r.getFooter().getFileMetaData().getSchema().getColumns()) {
          PageReader reader = pages.getPageReader(c);
          DataPage page;
          while ((page = reader.readPage()) != null) {
            if (page instanceof DataPageV2) {
              v2++;
            } else if (page instanceof DataPageV1) {
              v1++;
            }
          }
        }
      }
      assertTrue(v1 + v2 > 0);
      return v1 == 0;
    }
  }

  private static List<Map<String, Object>> rows(Path file) throws IOException {
    List<Map<String, Object>> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        out.add(row.toMap());
      }
    }
    return out;
  }

}
