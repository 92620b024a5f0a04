package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.filter.Filter.FilterValues;
import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each skipping level on files made for it: what is skipped (the read report) and that the rows
 * returned are exactly the expected ones, including on files whose statistics would mislead a
 * reader that trusted {@code typed_value} alone (VariantShredding.md, "Data Skipping").
 */
class FilterPushdownTest {
  /** {@code v}: object with int64 {@code a} and object {@code n} holding int64 {@code c}. */
  private static final String NESTED = "message m { required int64 id;"
      + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
      + "  optional group typed_value {"
      + "   required group a { optional binary value; optional int64 typed_value; }"
      + "   required group n { optional binary value; optional group typed_value {"
      + "    required group c { optional binary value; optional int64 typed_value; } } } } } }";

  @TempDir
  Path dir;

  /** Ids returned by a filtered read of {@code file}, and its report. */
  private record Read(List<Long> ids, ReadReport report) {}

  private static Read read(Path file, String where) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select("id").where(where).build()) {
      for (DendriteRow row : r) {
        assertEquals(List.of("id"), row.columns(), "only the selection is returned");
        ids.add((Long) row.get("id"));
      }
      return new Read(ids, r.readReport());
    }
  }

  private static List<Long> ids(long n, LongPredicate keep) {
    return LongStream.range(0, n).filter(keep).boxed().toList();
  }

  /** 10,000 rows, amount = id (clustered), 1,000 rows a row group, 100 rows a page. */
  private Path clustered() throws IOException {
    Path file = dir.resolve("clustered.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, payload variant")
        .shredding("payload: {amount: int64, type: string}").rowGroupRows(1000).pageRows(100)
        .build()) {
      for (int i = 0; i < 10_000; i++) {
        // Every 10th object has an unshredded field: the top-level value column is not all
        // null, and only the leaf's definition level histogram shows it hides nothing.
        w.writeJson("{\"id\": " + i + ", \"payload\": {\"amount\": " + i + ", \"type\": \"t"
            + (i / 1000) + "\"" + (i % 10 == 0 ? ", \"extra\": true" : "") + "}}");
      }
    }
    return file;
  }

  @Test
  void clusteredShreddedPathSkipsRowGroupsThenPages() throws Exception {
    Path file = clustered();
    Read r = read(file, "payload.amount >= 9950");
    assertEquals(ids(10_000, i -> i >= 9950), r.ids());
    assertEquals(10, r.report().rowGroups());
    assertEquals(9, r.report().rowGroupsSkipped(ReadReport.Reason.STATISTICS));
    assertEquals(9900, r.report().rowsSkipped(), "one 100-row page read of the last group");
    assertTrue(r.report().pagesSkipped() > 0 && r.report().pagesSkipped() < r.report().pages());
    assertTrue(r.report().bytesSkipped() > 0.9 * r.report().bytes(), r.report().toString());

    Read none = read(file, "payload.amount < 0 or payload.type = 'zz'");
    assertEquals(List.of(), none.ids());
    assertEquals(10, none.report().rowGroupsSkipped());
    assertEquals(none.report().bytes(), none.report().bytesSkipped());

    Read not = read(file, "not payload.amount < 9000 and payload.type = 't9'");
    assertEquals(ids(10_000, i -> i >= 9000), not.ids());
    assertEquals(9, not.report().rowGroupsSkipped());

    Read all = read(file, "payload.amount >= 0");
    assertEquals(10_000, all.ids().size());
    assertEquals(0, all.report().rowsSkipped());
    assertEquals(10_000, all.report().rowsProven(), "every page's min is >= 0, none has a null");
  }

  /**
   * Rows whose pages' statistics satisfy the filter are returned without testing them; only
   * and/or of integer comparisons are proven, on pages with no null.
   */
  @Test
  void rowsProvenByStatisticsAreReturnedUntested() throws Exception {
    Path file = clustered();
    Read group = read(file, "payload.amount >= 1000 and payload.amount < 2000");
    assertEquals(ids(10_000, i -> i >= 1000 && i < 2000), group.ids());
    assertEquals(1000, group.report().rowsProven());
    assertTrue(group.report().toString().contains("row group 1: 1000 rows, read all rows, all"
        + " matching by statistics"), group.report().toString());

    Read pages = read(file, "payload.amount >= 1050 and payload.amount < 1270");
    assertEquals(ids(10_000, i -> i >= 1050 && i < 1270), pages.ids());
    assertEquals(100, pages.report().rowsProven(), "only page 1100..1199 lies inside");

    // At the bounds: page 1100..1199 is proven for <= 1199 and > 1099, not for < 1199.
    Map<String, Long> bounds = Map.of("payload.amount <= 1199 and payload.amount > 1099", 100L,
        "payload.amount < 1199 and payload.amount >= 1100", 0L,
        "payload.amount != 5000", 9900L, "payload.amount = 5", 0L);
    for (Map.Entry<String, Long> e : bounds.entrySet()) {
      Filter f = Filter.parse(e.getKey());
      Read r = read(file, e.getKey());
      assertEquals(ids(10_000, i -> f.evaluator().test(amountOf(i))), r.ids(), e.getKey());
      assertEquals(e.getValue(), r.report().rowsProven(), e.getKey());
    }

    Read either = read(file, "payload.amount < 100 or id >= 9900");
    assertEquals(ids(10_000, i -> i < 100 || i >= 9900), either.ids());
    assertEquals(200, either.report().rowsProven());

    // A string comparison, a negation and a null test prove nothing: every row is tested.
    Map<String, LongPredicate> unproven = Map.of(
        "payload.amount >= 1000 and payload.type = 't1'", i -> i >= 1000 && i < 2000,
        "not payload.amount < 1000 and payload.amount < 2000", i -> i >= 1000 && i < 2000,
        "payload.amount < 2000 and payload.amount is not null", i -> i < 2000);
    for (Map.Entry<String, LongPredicate> e : unproven.entrySet()) {
      Read r = read(file, e.getKey());
      assertEquals(ids(10_000, e.getValue()), r.ids(), e.getKey());
      assertEquals(0, r.report().rowsProven(), e.getKey());
    }
  }

  /** Row {@code i} of {@link #clustered()} for a filter on {@code payload.amount} alone. */
  private static FilterValues amountOf(long i) {
    return new FilterValues() {
      @Override
      public boolean isMissing(int path) {
        return false;
      }

      @Override
      public Object get(int path) {
        return i; // amount = id
      }
    };
  }

  /** Ten typed rows (a = c = 1..10) and {@code extra} rows after them, in one row group. */
  private Path nested(String name, Function<SimpleGroupFactory, List<Group>> extra)
      throws IOException {
    return RawParquetFiles.write(dir.resolve(name + ".parquet"), NESTED, f -> {
      List<Group> rows = new ArrayList<>();
      for (int i = 1; i <= 10; i++) {
        rows.add(typed(f, i, i, i));
      }
      rows.addAll(extra.apply(f));
      return rows;
    });
  }

  /**
   * The spec's misleading case: {@code typed_value} statistics say 1..10 while the leaf's
   * {@code value} holds 500 (a variant that did not fit, or was written so). Each file holds
   * one way a match hides from the typed statistics; only the clean file is skipped.
   */
  @Test
  void misleadingStatisticsNeverSkipAMatch() throws Exception {
    Path clean = nested("clean", f -> List.of());
    assertEquals(10, read(clean, "v.a >= 1").report().rowsProven());
    assertEquals(List.of(), read(clean, "v.a = 500").ids());
    assertEquals(1, read(clean, "v.a = 500").report().rowGroupsSkipped());
    assertEquals(1, read(clean, "v.n.c > 100").report().rowGroupsSkipped());

    // 11: a's value holds the int 500; 12: the string "500", which casts to 500.
    Path leafValue = nested("leaf-value", f -> List.of(withFieldValue(f, 11, "500"),
        withFieldValue(f, 12, "\"500\"")));
    Read a = read(leafValue, "v.a = 500");
    assertEquals(List.of(11L, 12L), a.ids());
    assertEquals(0, a.report().rowGroupsSkipped());
    assertEquals(List.of(11L, 12L), read(leafValue, "v.a > 10").ids());
    // 11: a is missing; 12: v is null; 13: v's value holds the whole object, a = 7. Their
    // typed_value is null, so the page's bounds say nothing about them.
    Path gaps = nested("gaps", f -> {
      Group missing = f.newGroup().append("id", 11L);
      Group t = missing.addGroup("v").append("metadata", meta("null")).addGroup("typed_value");
      t.addGroup("a");
      t.addGroup("n").addGroup("typed_value").addGroup("c").append("typed_value", 1L);
      return List.of(missing, f.newGroup().append("id", 12L),
          residualObject(f, 13, "{\"a\": 7}"));
    });
    Read unproven = read(gaps, "v.a >= 1");
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 13L), unproven.ids());
    assertEquals(0, unproven.report().rowsProven());
    Read proven = read(leafValue, "v.a >= 1");
    assertEquals(LongStream.rangeClosed(1, 12).boxed().toList(), proven.ids());
    assertEquals(0, proven.report().rowsProven(), "typed_value has nulls where value is set");
    assertEquals(List.of(11L, 12L), read(leafValue, "v.a = '500'").ids(),
        "the int 500 casts to the text '500'");
    assertEquals(List.of(), read(leafValue, "v.n.c > 100").ids());
  }

  /**
   * An ancestor whose {@code typed_value} is null holds the whole object in its {@code value}
   * (the spec's INVALID "typed_value is null for object", which readers tolerate): the leaf
   * columns hold nothing for the row, and their statistics say nothing about it.
   */
  @Test
  void anAncestorHoldingTheWholeObjectIsNeverSkippedPast() throws Exception {
    Path top = nested("top-residual", f -> List.of(
        residualObject(f, 13, "{\"a\": 500, \"n\": {\"c\": 500}}")));
    assertEquals(List.of(13L), read(top, "v.a = 500").ids());
    assertEquals(List.of(13L), read(top, "v.n.c > 100").ids());
    assertEquals(List.of(13L), read(top, "not v.n.c <= 100").ids());

    // n's typed_value null and its value an object holding c = 500.
    Path middle = nested("middle-residual", f -> {
      Group row = f.newGroup().append("id", 14L);
      Group v = row.addGroup("v").append("metadata", meta("{\"c\": 0}"));
      Group t = v.addGroup("typed_value");
      t.addGroup("a").append("typed_value", 3L);
      t.addGroup("n").append("value", valueIn("{\"c\": 0}", "{\"c\": 500}"));
      return List.of(row);
    });
    assertEquals(List.of(14L), read(middle, "v.n.c > 100").ids());
    assertEquals(List.of(), read(middle, "v.a > 100").ids());
    assertEquals(1, read(middle, "v.a > 100").report().rowGroupsSkipped(),
        "n's value cannot hold a");
  }

  @Test
  void dictionaryRulesOutWhatStatisticsCannot() throws Exception {
    Path file = dir.resolve("dict.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {s: string}").rowGroupRows(100).build()) {
      for (int i = 0; i < 200; i++) {
        // Group 0: "a" and "c" (so 'b' is within min..max); group 1: "05" and "7".
        String s = i < 100 ? (i % 2 == 0 ? "a" : "c") : (i % 2 == 0 ? "05" : "7");
        w.writeJson("{\"id\": " + i + ", \"v\": {\"s\": \"" + s + "\"}}");
      }
    }
    Read b = read(file, "v.s = 'b'");
    assertEquals(List.of(), b.ids());
    assertEquals(1, b.report().rowGroupsSkipped(ReadReport.Reason.DICTIONARY));
    assertEquals(1, b.report().rowGroupsSkipped(ReadReport.Reason.STATISTICS));
    // The dictionary is checked with the filter's casts: "05" casts to 5.
    Read five = read(file, "v.s = 5");
    assertEquals(ids(200, i -> i >= 100 && i % 2 == 0), five.ids());
    assertEquals(1, five.report().rowGroupsSkipped(ReadReport.Reason.DICTIONARY));
  }

  /**
   * Dictionary entries become the reader's own Java values (DictionaryValues), so columns of
   * every type the reader reads are checked: a timestamp column and a timestamp typed leaf,
   * whose entries the planner once left unread.
   */
  @Test
  void dictionariesOfTimestampsRuleOutValuesWithinTheBounds() throws Exception {
    Path file = dir.resolve("dict-ts.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, ts timestamp, v variant")
        .shredding("v: {t: timestamp}").rowGroupRows(100).build()) {
      for (int i = 0; i < 200; i++) {
        // Group 0: days 1 and 3 (so day 2 is within min..max); group 1: days 2 and 4.
        int day = i < 100 ? (i % 2 == 0 ? 1 : 3) : (i % 2 == 0 ? 2 : 4);
        Instant t = Instant.parse("2024-05-0" + day + "T10:00:00Z");
        w.write(Map.of("id", (long) i, "ts", t, "v", Map.of("t", t)));
      }
    }
    for (String where : List.of("ts = timestamp '2024-05-02 10:00:00Z'",
        "v.t = timestamp '2024-05-02 10:00:00Z'")) {
      Read day2 = read(file, where);
      assertEquals(ids(200, i -> i >= 100 && i % 2 == 0), day2.ids(), where);
      assertEquals(1, day2.report().rowGroupsSkipped(ReadReport.Reason.DICTIONARY), where);
    }
    // Text compares with each entry's text, as with the text of a row's value.
    String dayTwo = null;
    try (DendriteReader r = DendriteReader.builder(file).select("id", "v.t").build()) {
      for (DendriteRow row : r) {
        if ((Long) row.get("id") == 100) {
          dayTwo = row.getString("v.t");
        }
      }
    }
    assertTrue(dayTwo != null && dayTwo.startsWith("2024-05-02"), dayTwo);
    Read text = read(file, "v.t = '" + dayTwo + "'");
    assertEquals(ids(200, i -> i >= 100 && i % 2 == 0), text.ids());
    assertEquals(1, text.report().rowGroupsSkipped(ReadReport.Reason.DICTIONARY));
  }

  @Test
  void bloomFiltersRuleOutValuesWithinTheBounds() throws Exception {
    String schema = "message m { required int64 id; required binary name (STRING); }";
    Path file = writeRaw(dir.resolve("bloom.parquet"), schema, 1000, 100, false,
        List.of("id", "name"), f -> {
          List<Group> rows = new ArrayList<>();
          for (long i = 0; i < 3000; i++) {
            rows.add(f.newGroup().append("id", 2 * i).append("name", "n" + 2 * i));
          }
          return rows;
        });
    Read odd = read(file, "id = 1001");
    assertEquals(List.of(), odd.ids());
    assertEquals(3, odd.report().rowGroupsSkipped());
    assertEquals(1, odd.report().rowGroupsSkipped(ReadReport.Reason.BLOOM_FILTER));
    Read name = read(file, "name = 'n1001'");
    assertEquals(1, name.report().rowGroupsSkipped(ReadReport.Reason.BLOOM_FILTER));
    assertEquals(List.of(1000L), read(file, "name = 'n1000' or id = 1001.5").ids());
    assertEquals(List.of(2000L), read(file, "id = 2000.0").ids());
  }

  @Test
  void theWriterWritesBloomFiltersForShreddedPaths() throws Exception {
    Path file = dir.resolve("writer-bloom.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, v variant, u variant").shredding("v: {k: string}")
        .bloomFilter("id", "v.k", "u.k", "v.other").build()) {
      w.writeJson("{\"id\": 1, \"v\": {\"k\": \"x\"}, \"u\": {\"k\": \"x\"}}");
    }
    List<String> withBloom = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getRowGroups().get(0).getColumns()) {
        if (c.getBloomFilterOffset() >= 0) {
          withBloom.add(c.getPath().toDotString());
        }
      }
    }
    assertEquals(List.of("id", "v.typed_value.k.typed_value"), withBloom,
        "u is unshredded and v.other not shredded: no column to put one on");
    assertEquals(List.of(1L), read(file, "v.k = 'x'").ids());
  }

  @Test
  void nullAndMissingSkipOnlyWhereProvable() throws Exception {
    Path file = dir.resolve("opt.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {opt: int64}").rowGroupRows(100).build()) {
      for (int i = 0; i < 300; i++) {
        // Group 0: opt missing in odd rows; group 1: always there; group 2: JSON null in one.
        String opt = i < 100 && i % 2 == 1 ? "" : i == 250 ? "\"opt\": null" : "\"opt\": " + i;
        w.writeJson("{\"id\": " + i + ", \"v\": {" + opt + "}}");
      }
    }
    Read missing = read(file, "v.opt is missing");
    assertEquals(ids(100, i -> i % 2 == 1), missing.ids());
    assertEquals(1, missing.report().rowGroupsSkipped(), "group 2's null leaves typed_value null");
    Read nulls = read(file, "v.opt is null");
    assertEquals(ids(300, i -> i < 100 && i % 2 == 1 || i == 250), nulls.ids());
    assertEquals(1, nulls.report().rowGroupsSkipped(), "group 1 has neither nulls nor residuals");
    Read present = read(file, "v.opt is not missing and v.opt < 50");
    assertEquals(ids(50, i -> i % 2 == 0), present.ids());
    assertEquals(2, present.report().rowGroupsSkipped(),
        "group 2's value column holds only JSON nulls, which never compare");
  }

  @Test
  void unshreddedFilesAreReadWholeAndFilteredExactly() throws Exception {
    Path file = dir.resolve("unshredded.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .unshredded().rowGroupRows(10).build()) {
      for (int i = 0; i < 50; i++) {
        w.writeJson("{\"id\": " + i + ", \"v\": {\"a\": " + i + ", \"tags\": [\"t" + (i % 3)
            + "\"]}}");
      }
    }
    Read r = read(file, "v.a >= 45 or v.tags[*] = 't7' or v.tags[0] = 't1' and v.a < 6");
    assertEquals(List.of(1L, 4L, 45L, 46L, 47L, 48L, 49L), r.ids());
    assertEquals(0, r.report().rowsSkipped());
    // The ordinary column id still skips.
    assertEquals(4, read(file, "id >= 45").report().rowGroupsSkipped());
  }

  @Test
  void shreddedArraysSkipByTheirElements() throws Exception {
    Path file = dir.resolve("arrays.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {tags: [string]}").rowGroupRows(100).build()) {
      for (int i = 0; i < 300; i++) {
        w.writeJson("{\"id\": " + i + ", \"v\": {\"tags\": [\"g" + (i / 100) + "\", \"x" + i
            + "\"]}}");
      }
    }
    Read any = read(file, "v.tags[*] = 'g1'");
    assertEquals(ids(300, i -> i >= 100 && i < 200), any.ids());
    assertEquals(2, any.report().rowGroupsSkipped());
    Read first = read(file, "v.tags[1] = 'x250'");
    assertEquals(List.of(250L), first.ids());
    Read notAny = read(file, "not v.tags[*] = 'g1'");
    assertEquals(200, notAny.ids().size());
    assertEquals(0, notAny.report().rowGroupsSkipped(), "an empty array could be anywhere");
  }

  @Test
  void failuresNameTheFileRowGroupAndRowAfterSkippedPages() throws Exception {
    String schema = "message m { required int64 id; optional group v (VARIANT(1)) {"
        + " required binary metadata; optional binary value; } }";
    Path file = writeRaw(dir.resolve("bad.parquet"), schema, 100, 10, false, List.of(), f -> {
      List<Group> rows = new ArrayList<>();
      EncodedVariant ok = parse("1");
      for (long i = 0; i < 200; i++) {
        Group g = f.newGroup().append("id", i);
        g.addGroup("v").append("metadata", Binary.fromConstantByteArray(ok.metadata()))
            .append("value", Binary.fromConstantByteArray(i == 175 ? new byte[] {(byte) 0xFC}
                : ok.value()));
        rows.add(g);
      }
      return rows;
    });
    // Pages of 10 rows: only the page of rows 170..179 is read.
    Read page = read(file, "id >= 170 and id < 172");
    assertEquals(List.of(170L, 171L), page.ids());
    assertEquals(190, page.report().rowsSkipped());
    DendriteReadException e = assertThrows(DendriteReadException.class,
        () -> read(file, "id >= 170 and v = 1"));
    assertEquals(1, e.rowGroup());
    assertEquals(176, e.row(), "1-based row of the file: " + e.getMessage());
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
  }

  // ---------------------------------------------------------------- raw rows

  private static Group typed(SimpleGroupFactory f, long id, long a, long c) {
    Group row = f.newGroup().append("id", id);
    Group v = row.addGroup("v").append("metadata", meta("null"));
    Group t = v.addGroup("typed_value");
    t.addGroup("a").append("typed_value", a);
    t.addGroup("n").addGroup("typed_value").addGroup("c").append("typed_value", c);
    return row;
  }

  /** A typed object whose field {@code a} is a residual holding {@code json}. */
  private static Group withFieldValue(SimpleGroupFactory f, long id, String json) {
    Group row = f.newGroup().append("id", id);
    Group v = row.addGroup("v").append("metadata", meta("null"));
    Group t = v.addGroup("typed_value");
    t.addGroup("a").append("value", Binary.fromConstantByteArray(parse(json).value()));
    t.addGroup("n").addGroup("typed_value").addGroup("c").append("typed_value", 1L);
    return row;
  }

  private static Group residualObject(SimpleGroupFactory f, long id, String json) {
    EncodedVariant e = parse(json);
    Group row = f.newGroup().append("id", id);
    row.addGroup("v").append("metadata", Binary.fromConstantByteArray(e.metadata()))
        .append("value", Binary.fromConstantByteArray(e.value()));
    return row;
  }

  private static Binary meta(String json) {
    return Binary.fromConstantByteArray(parse(json).metadata());
  }

  /** {@code json} encoded with the dictionary of {@code keysJson} (same keys, same ids). */
  private static Binary valueIn(String keysJson, String json) {
    assertEquals(java.util.Arrays.toString(parse(keysJson).metadata()),
        java.util.Arrays.toString(parse(json).metadata()));
    return Binary.fromConstantByteArray(parse(json).value());
  }

  private static EncodedVariant parse(String json) {
    try {
      return VariantJson.parse(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(json, e);
    }
  }

  /** parquet-java's example writer with row and page limits, dictionary and bloom filters. */
  static Path writeRaw(Path file, String schema, int rowGroupRows, int pageRows,
      boolean dictionary, List<String> bloomColumns,
      Function<SimpleGroupFactory, List<Group>> rows) throws IOException {
    MessageType type = MessageTypeParser.parseMessageType(schema);
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration()).withType(type)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withRowGroupRowCountLimit(rowGroupRows).withPageRowCountLimit(pageRows)
        .withMinRowCountForPageSizeCheck(Math.min(100, pageRows))
        .withMaxRowCountForPageSizeCheck(pageRows)
        .withDictionaryEncoding(dictionary);
    for (String c : bloomColumns) {
      b = b.withBloomFilterEnabled(c, true);
    }
    try (ParquetWriter<Group> w = b.build()) {
      for (Group g : rows.apply(new SimpleGroupFactory(type))) {
        w.write(g);
      }
    }
    return file;
  }
}
