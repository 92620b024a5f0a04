package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered reads on the columnar engine: skipped row groups and pages are not decoded (the
 * engine decodes exactly the rows the read report leaves), the rows returned are exactly the
 * full scan's rows with the same values, rows and batches alike, on one and two threads, and
 * the same whether the pages outside the row ranges are left unread
 * ({@code readFilteredRowGroup}) or read and skipped by the decoders (parquet-java without the
 * public RowRanges, forced with {@code filteredPages(false)}).
 */
class FilteredEngineTest {
  private static final int ROWS = 10_000;
  private static final List<String> SELECT =
      List.of("id", "k", "payload.amount", "payload.type", "payload.score");

  @TempDir static Path dir;
  private static Path file;
  /** The full scan: every row of {@link #SELECT}, by id. */
  private static final Map<Long, DendriteRow> SCAN = new HashMap<>();

  /**
   * 10 row groups of 1,000 rows, pages of 100; {@code payload.amount} = id, clustered, except
   * rows {@code i % 1000 == 700} (amount missing), {@code 900} (payload SQL NULL) and, from row
   * 5,000 on, {@code 500} (amount the string of i, in the residual value column).
   */
  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("clustered.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, k string, payload variant")
        .shredding("payload: {amount: int64, type: string, score: double}")
        .rowGroupRows(1000).pageRows(100).build()) {
      for (int i = 0; i < ROWS; i++) {
        int at = i % 1000;
        String amount = at == 700 ? "" : at == 500 && i >= 5000 ? "\"amount\": \"" + i + "\", "
            : "\"amount\": " + i + ", ";
        String payload = at == 900 ? "null" : "{" + amount + "\"type\": \"t" + i / 1000
            + "\", \"score\": " + i / 4.0 + "e0}"; // a double
        w.writeJson("{\"id\": " + i + ", \"k\": \"k" + i % 7 + "\", \"payload\": " + payload
            + "}");
      }
    }
    try (DendriteReader r = DendriteReader.builder(file).select(SELECT).build()) {
      for (DendriteRow row : r) {
        SCAN.put((Long) row.get("id"), row);
      }
    }
    assertEquals(ROWS, SCAN.size());
  }

  private static boolean typed(long i) {
    return i % 1000 != 700 && i % 1000 != 900;
  }

  /** Filters with the ids they select, worked out from how the file was written. */
  private static final Map<String, LongPredicate> CASES = Map.of(
      "payload.amount >= 9950", i -> i >= 9950,
      "payload.amount = 7500", i -> i == 7500, // a string in the residual, cast to a number
      "payload.amount >= 1234 and payload.amount < 1240 or id = 5555",
      i -> i >= 1234 && i < 1240 || i == 5555,
      "payload.type = 't3' and k = 'k2'", i -> i / 1000 == 3 && i % 7 == 2 && i % 1000 != 900,
      "payload.amount is missing", i -> !typed(i),
      "payload.score > 2400.5 and payload.score < 2402", i -> i > 9602 && i < 9608,
      "not payload.amount < 9000", i -> i >= 9000 && typed(i),
      "id < 0", i -> false);

  private static List<Long> ids(LongPredicate keep) {
    return LongStream.range(0, ROWS).filter(keep).boxed().toList();
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void rowsAreTheFullScanRowsAndOnlyTheRowsLeftAreDecoded(boolean filteredPages)
      throws Exception {
    long skipped = 0;
    for (Map.Entry<String, LongPredicate> c : CASES.entrySet()) {
      String where = c.getKey() + (filteredPages ? "" : " (decoders skipping)");
      List<Long> expected = ids(c.getValue());
      for (int threads : new int[] {1, 2}) {
        List<Long> got = new ArrayList<>();
        try (DendriteReader r = DendriteReader.builder(file).select(SELECT).where(c.getKey())
            .parallelism(threads).pageSkipping(filteredPages).build()) {
          for (DendriteRow row : r) {
            assertEquals(SELECT, row.columns(), where);
            long id = (Long) row.get("id");
            assertSameRow(SCAN.get(id), row, where + " id " + id);
            got.add(id);
          }
          ReadReport report = r.readReport();
          if (threads == 1) {
            assertEquals(report.rows() - report.rowsSkipped(), r.rowsDecoded(),
                where + ": rows decoded\n" + report);
            skipped += report.rowsSkipped();
          }
        }
        assertEquals(expected, got, where + " on " + threads + " thread(s)");
      }
    }
    assertTrue(skipped > 5 * ROWS, "rows skipped over all filters: " + skipped);
  }

  /** The same values, missing paths and JSON as the full scan's row. */
  private static void assertSameRow(DendriteRow want, DendriteRow got, String where) {
    for (String p : SELECT) {
      assertEquals(want.isMissing(p), got.isMissing(p), where + " " + p);
      Object w = want.get(p);
      if (w instanceof VariantValue) {
        assertEquals(want.getJson(p), got.getJson(p), where + " " + p);
      } else {
        assertEquals(w, got.get(p), where + " " + p);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void batchesHoldOnlyThePassingRowsColumnWise(boolean filteredPages) throws Exception {
    for (Map.Entry<String, LongPredicate> c : CASES.entrySet()) {
      String where = c.getKey() + (filteredPages ? "" : " (decoders skipping)");
      List<Long> got = new ArrayList<>();
      try (DendriteReader r = DendriteReader.builder(file).select(SELECT).where(c.getKey())
          .pageSkipping(filteredPages).build()) {
        for (DendriteBatch b : r.batches(64)) {
          assertTrue(b.size() > 0, where + ": an empty batch");
          assertEquals(SELECT, b.paths());
          PathVector id = b.vector("id");
          PathVector k = b.vector("k");
          PathVector amount = b.vector("payload.amount");
          PathVector score = b.vector("payload.score");
          long[] ids = id.longs();
          assertNotNull(ids, where + ": ids as a long array");
          assertEquals(ids[0] + 1, b.firstRow(), where + ": first row of the batch");
          for (int i = 0; i < b.size(); i++) {
            long row = ids[i];
            got.add(row);
            for (String p : SELECT) {
              assertEquals(b.size(), b.vector(p).size(), where);
            }
            assertEquals("k" + row % 7, k.storage() == PathVector.Storage.DICTIONARY
                ? k.dictionaryValue(k.dictionaryIds()[i]) : k.get(i), where + " k of " + row);
            if (amount.isTyped(i)) {
              assertEquals(row, amount.longs()[i], where + " amount of " + row);
              assertEquals(row / 4.0, score.doubles()[i], where + " score of " + row);
              assertTrue(score.isTyped(i), where + " score of " + row);
            } else {
              assertSameRow(SCAN.get(row), b.engine().row(i), where + " id " + row);
            }
          }
        }
      }
      assertEquals(ids(c.getValue()), got, where);
    }
  }

  /**
   * Pages outside the row ranges are not decoded: a damaged page of {@code s} (rows 150..159)
   * fails a full read, but not a filtered read of rows 170 and 171 on either path.
   * With page checksums, the damaged page's checksum fails when it is read at all: only the
   * filtered page reads leave it unread; decoder skipping reads and checks every page of the
   * row groups it opens.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void damagedPagesOutsideTheRangesAreNotDecoded(boolean checksums) throws Exception {
    Path damaged = rawFile("damaged-" + checksums + ".parquet", checksums);
    List<ParquetPages.Page> pages = ParquetPages.of(damaged).stream()
        .filter(p -> p.column().equals("s") && p.type() != PageType.DICTIONARY_PAGE).toList();
    try (RandomAccessFile f = new RandomAccessFile(damaged.toFile(), "rw")) {
      f.seek(pages.get(15).payloadStart()); // the first value's length: -1
      f.write(new byte[] {-1, -1, -1, -1});
    }
    DendriteReadException full = assertThrows(DendriteReadException.class, () -> {
      try (DendriteReader r = DendriteReader.builder(damaged).select("id", "s").build()) {
        r.forEach(row -> { });
      }
    });
    assertEquals(1, full.rowGroup(), full.getMessage());
    for (boolean filteredPages : checksums ? new boolean[] {true} : new boolean[] {true, false}) {
      List<String> got = new ArrayList<>();
      try (DendriteReader r = DendriteReader.builder(damaged).select("id", "s")
          .where("id >= 170 and id < 172").pageSkipping(filteredPages).build()) {
        r.forEach(row -> got.add(row.get("id") + "=" + row.get("s")));
        assertEquals(190, r.readReport().rowsSkipped());
      }
      assertEquals(List.of("170=s170", "171=s171"), got, "filtered pages: " + filteredPages);
    }
    if (checksums) {
      // Proof that filteredPages(false) takes the other path: it reads the page, and checks it.
      DendriteReadException e = assertThrows(DendriteReadException.class, () -> {
        try (DendriteReader r = DendriteReader.builder(damaged).select("id", "s")
            .where("id >= 170 and id < 172").pageSkipping(false).build()) {
          r.forEach(row -> { });
        }
      });
      assertTrue(e.getMessage().contains("CRC") || e.getMessage().contains("checksum"),
          e.getMessage());
    }
  }

  /** 200 rows {@code id, s = "s" + id}: 2 row groups, pages of 10 rows, no dictionary. */
  private Path rawFile(String name, boolean checksums) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int64 id; required binary s (STRING); }");
    Path out = dir.resolve(name);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(out))
        .withConf(new PlainParquetConfiguration()).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(false)
        .withPageWriteChecksumEnabled(checksums).withRowGroupRowCountLimit(100)
        .withPageRowCountLimit(10).withMinRowCountForPageSizeCheck(10)
        .withMaxRowCountForPageSizeCheck(10).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (long i = 0; i < 200; i++) {
        w.write(f.newGroup().append("id", i).append("s", "s" + i));
      }
    }
    return out;
  }

  /**
   * A row that fails is named by its 1-based row of the file, after rows and pages skipped on
   * either path, and the passing rows before it are returned first.
   */
  @Test
  void failuresNameTheFileRowAfterSkippedRows() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 id;"
        + " optional group v (VARIANT(1)) { required binary metadata; optional binary value; } }");
    Path bad = dir.resolve("bad-variant.parquet");
    EncodedVariant one = VariantJson.parse("1");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(bad))
        .withConf(new PlainParquetConfiguration()).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withRowGroupRowCountLimit(100)
        .withPageRowCountLimit(10).withMinRowCountForPageSizeCheck(10)
        .withMaxRowCountForPageSizeCheck(10).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (long i = 0; i < 200; i++) {
        Group g = f.newGroup().append("id", i);
        g.addGroup("v").append("metadata", Binary.fromConstantByteArray(one.metadata()))
            .append("value", Binary.fromConstantByteArray(i == 175 ? new byte[] {(byte) 0xFC}
                : one.value())); // 0xFC: a primitive of an unknown type
        w.write(g);
      }
    }
    for (boolean filteredPages : new boolean[] {true, false}) {
      List<Long> ids = new ArrayList<>();
      DendriteReadException e = assertThrows(DendriteReadException.class, () -> {
        try (DendriteReader r = DendriteReader.builder(bad).select("id")
            .where("id >= 170 and v = 1").pageSkipping(filteredPages).build()) {
          for (DendriteRow row = r.read(); row != null; row = r.read()) {
            ids.add((Long) row.get("id"));
          }
        }
      });
      assertEquals(1, e.rowGroup(), e.getMessage());
      assertEquals(176, e.row(), "1-based row of the file: " + e.getMessage());
      assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
      assertEquals(List.of(170L, 171L, 172L, 173L, 174L), ids, "rows before the failure: " + e);
    }
  }
}
