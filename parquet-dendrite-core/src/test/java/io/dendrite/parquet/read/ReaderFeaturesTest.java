package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.hadoop.DendriteReadSupport;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.write.DendriteWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReaderFeaturesTest {
  @TempDir
  Path dir;

  private Path manyRowGroups() throws Exception {
    Path file = dir.resolve("groups.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, v variant").shredding("v: {n: int64, s: string}")
        .rowGroupSize(16 * 1024).build()) {
      for (int i = 0; i < 20_000; i++) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("n", (long) i);
        v.put("s", "row " + i + " " + "x".repeat(i % 50));
        if (i % 7 == 0) {
          v.put("extra", List.of(i, "e"));
        }
        w.write(Map.of("id", (long) i, "v", v));
      }
    }
    return file;
  }

  @Test
  void parallelRowGroupsKeepFileOrder() throws Exception {
    Path file = manyRowGroups();
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      assertTrue(f.getRowGroups().size() >= 4, "the test needs several row groups");
    }
    List<String> sequential = readAll(file, 1);
    List<String> parallel = readAll(file, 4);
    assertEquals(20_000, sequential.size());
    assertEquals(sequential, parallel);
    try (DendriteReader r = DendriteReader.builder(file).select("v.s", "id")
        .parallelism(3).build()) {
      for (long i = 0; i < 20_000; i++) {
        DendriteRow row = r.read();
        assertEquals(i, row.get("id"));
        assertTrue(row.getString("v.s").startsWith("row " + i + " "));
      }
      assertNull(r.read());
    }
  }

  record NumberAndText(long n, String s) {}

  record IdAndValue(long id, NumberAndText v) {}

  record AbsentField(long n, long absent) {}

  record WithAbsent(long id, AbsentField v) {}

  /**
   * With parallelism, select(Class) rows are mapped on the decoding threads: the records are
   * those of a sequential read, another record type still maps, and a row that does not map
   * fails at as(), as it does sequentially, not at read().
   */
  @Test
  void parallelRecordsAreTheSequentialOnes() throws Exception {
    Path file = manyRowGroups();
    List<List<IdAndValue>> reads = new ArrayList<>();
    for (int threads : new int[] {1, 2, 3}) {
      List<IdAndValue> rows = new ArrayList<>();
      try (DendriteReader r = DendriteReader.builder(file).select(IdAndValue.class)
          .parallelism(threads).build()) {
        for (DendriteRow row : r) {
          rows.add(row.as(IdAndValue.class));
        }
      }
      reads.add(rows);
    }
    assertEquals(20_000, reads.get(0).size());
    assertEquals(new IdAndValue(7, new NumberAndText(7, "row 7 " + "x".repeat(7))),
        reads.get(0).get(7));
    assertEquals(reads.get(0), reads.get(1));
    assertEquals(reads.get(0), reads.get(2));

    record JustId(long id) {}
    try (DendriteReader r = DendriteReader.builder(file).select(IdAndValue.class)
        .parallelism(2).build()) {
      assertEquals(new JustId(0), r.read().as(JustId.class));
    }
    try (DendriteReader r = DendriteReader.builder(file).select(WithAbsent.class)
        .parallelism(2).build()) {
      DendriteRow row = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> row.as(WithAbsent.class));
      assertTrue(e.getMessage().contains("'v.absent' is null in this row"), e.getMessage());
    }
  }

  /**
   * Records of a parallel select(Class) read are built batch by batch as rows are read, the
   * next batch decoding meanwhile, never a row group ahead: row groups decoded whole ahead held
   * their records until read, and the young collections copied them (media, issue 30: 76 ms
   * of pauses per read).
   */
  @Test
  void parallelRecordsAreNotBuiltRowGroupsAhead() throws Exception {
    Path file = manyRowGroups();
    long firstGroup;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      firstGroup = f.getRowGroups().get(0).getRowCount();
    }
    try (DendriteReader r = DendriteReader.builder(file).select(IdAndValue.class)
        .parallelism(2).build()) {
      assertEquals(0, r.read().as(IdAndValue.class).id());
      // Row groups decoded on the pool's threads are not counted: 0 there.
      long decoded = r.rowsDecoded();
      assertTrue(decoded > 0 && decoded <= firstGroup, "rows decoded: " + decoded);
      long rows = 1;
      for (DendriteRow row = r.read(); row != null; row = r.read()) {
        assertEquals(rows++, row.as(IdAndValue.class).id());
      }
      assertEquals(20_000, rows);
      assertEquals(20_000, r.rowsDecoded());
    }
  }

  record Wide(long id, String text) {}

  /**
   * Rows of about 1 KB make batches of about 1,000 rows (RowBatchSize), several per row group:
   * each decodes on the second thread while the one before is assembled. The records are
   * those of a serial read, also where a filter leaves ranges of rows.
   */
  @Test
  void parallelRecordsOfManyBatchesAreTheSequentialOnes() throws Exception {
    Path file = dir.resolve("wide.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(Wide.class).build()) {
      for (int i = 0; i < 6_000; i++) {
        w.write(new Wide(i, (i + " ").repeat(1000 / (1 + Integer.toString(i).length()))));
      }
    }
    for (String where : new String[] {null, "id < 1500 or id >= 4000"}) {
      List<List<Wide>> reads = new ArrayList<>();
      for (int threads : new int[] {1, 2}) {
        DendriteReader.Builder b = DendriteReader.builder(file).select(Wide.class)
            .parallelism(threads);
        if (where != null) {
          b.where(where);
        }
        List<Wide> rows = new ArrayList<>();
        try (DendriteReader r = b.build()) {
          for (DendriteRow row : r) {
            rows.add(row.as(Wide.class));
            if (rows.size() == 1) {
              assertTrue(r.rowsDecoded() < 2_000, "one batch: " + r.rowsDecoded());
            }
          }
        }
        reads.add(rows);
      }
      assertEquals(where == null ? 6_000 : 3_500, reads.get(0).size());
      assertEquals(new Wide(7, "7 ".repeat(500)), reads.get(0).get(7));
      assertTrue(reads.get(0).equals(reads.get(1)), "where " + where); // lists too long to print
    }
  }

  private static List<String> readAll(Path file, int threads) throws Exception {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).parallelism(threads).build()) {
      for (DendriteRow row : r) {
        out.add(row.get("id") + " " + row.getJson("v"));
      }
    }
    return out;
  }

  @Test
  void readSupportTakesTheSelectionFromTheConfiguration() throws Exception {
    Path file = manyRowGroups();
    Configuration conf = new Configuration();
    conf.set(DendriteReadSupport.SELECT, "v.n, id");
    try (ParquetReader<DendriteRow> r = ParquetReader
        .builder(new DendriteReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
        .withConf(conf).build()) {
      DendriteRow row = r.read();
      assertEquals(List.of("v.n", "id"), row.columns());
      assertEquals(0L, row.getLong("v.n"));
      row = r.read();
      assertEquals(1L, row.getLong("v.n"));
    }
  }

  @Test
  void subSchemaReadsOnlyTheSelectedLeaves() throws Exception {
    Path file = dir.resolve("nested.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, addr struct<city string, zip int32, "
            + "geo struct<lat double, lon double>>, tags list<string>, attrs map<string, int64>")
        .build()) {
      Map<String, Object> geo = Map.of("lat", 59.9, "lon", 10.7);
      w.write(Map.of("id", 1L, "addr", Map.of("city", "Oslo", "zip", 150, "geo", geo),
          "tags", List.of("a", "b"), "attrs", Map.of("x", 5L)));
      w.write(Map.of("id", 2L));
    }
    try (DendriteReader r = DendriteReader.builder(file)
        .select("addr.city", "addr.geo.lat", "tags[1]", "attrs.x").build()) {
      List<String> columns = new ArrayList<>();
      for (ColumnDescriptor c : r.requestedSchema().getColumns()) {
        columns.add(String.join(".", c.getPath()));
      }
      Collections.sort(columns);
      assertEquals(List.of("addr.city", "addr.geo.lat", "attrs.key_value.key",
          "attrs.key_value.value", "tags.list.element"), columns);
      DendriteRow row = r.read();
      assertEquals("Oslo", row.get("addr.city"));
      assertEquals(59.9, row.get("addr.geo.lat"));
      assertEquals("b", row.get("tags[1]"));
      assertEquals(5L, row.get("attrs.x"));
      row = r.read();
      assertNull(row.get("addr.city"));
      assertNull(row.get("tags[1]"));
    }
  }

  @Test
  void typedGettersCastLikeSparksTryVariantGet() throws Exception {
    Path file = dir.resolve("casts.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {n: int64}").jsonDocumentColumn("v").build()) {
      w.writeJson("{\"n\": 42, \"s\": \"17\", \"d\": 2.50, \"t\": \"2024-01-02T03:04:05Z\","
          + " \"day\": \"2024-02-29\", \"b\": \"TRUE\", \"word\": \"abc\", \"o\": {\"k\": [1]},"
          + " \"nul\": null}");
    }
    try (DendriteReader r = DendriteReader.builder(file)
        .select("v.n", "v.s", "v.d", "v.t", "v.day", "v.b", "v.word", "v.o", "v.nul", "v.none")
        .build()) {
      DendriteRow row = r.read();
      assertEquals(42L, row.getLong("v.n"));
      assertEquals("42", row.getString("v.n"));
      assertEquals(42.0, row.getDouble("v.n"));
      assertEquals(17L, row.getLong("v.s"));
      assertEquals(new BigDecimal("2.50"), row.getDecimal("v.d"));
      assertEquals(2.5, row.getDouble("v.d"));
      // Spark's try_variant_get rules (checked live in parquet-dendrite-spark-tests):
      // truncation toward zero, and the string cast drops trailing zeros.
      assertEquals(2L, row.getLong("v.d"));
      assertEquals("2.5", row.getString("v.d"));
      assertEquals(Instant.parse("2024-01-02T03:04:05Z"), row.getInstant("v.t"));
      assertEquals(LocalDate.of(2024, 2, 29), row.getLocalDate("v.day"));
      assertEquals(Boolean.TRUE, row.getBoolean("v.b"));
      assertNull(row.getLong("v.word"));
      assertEquals("{\"k\":[1]}", row.getString("v.o"));
      // JSON null is a value; an absent key is missing.
      assertTrue(row.getVariant("v.nul").isNull());
      assertEquals(false, row.isMissing("v.nul"));
      assertNull(row.getString("v.nul"));
      assertTrue(row.isMissing("v.none"));
      assertNull(row.getVariant("v.none"));
    }
    try (DendriteReader r = DendriteReader.builder(file).select("v.word").strictCasts(true)
        .build()) {
      DendriteRow row = r.read();
      VariantCastException e = assertThrows(VariantCastException.class,
          () -> row.getLong("v.word"));
      assertTrue(e.getMessage().contains("v.word") && e.getMessage().contains("long"),
          e.getMessage());
    }
  }

  @Test
  void gettersByPositionAgreeWithGettersByName() throws Exception {
    Path file = dir.resolve("positions.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant")
        .shredding("v: {n: int64}").build()) {
      w.writeJson("{\"id\": 7, \"v\": {\"n\": 42, \"s\": \"17\", \"d\": 2.50,"
          + " \"t\": \"2024-01-02T03:04:05Z\", \"day\": \"2024-02-29\", \"b\": true,"
          + " \"nul\": null}}");
    }
    List<String> paths = List.of("v.n", "id", "v.s", "v.d", "v.t", "v.day", "v.b", "v.nul",
        "v.none");
    try (DendriteReader r = DendriteReader.builder(file).select(paths).build()) {
      int[] at = paths.stream().mapToInt(r::indexOf).toArray();
      // Positions are the selection order, whatever the file's column order.
      assertArrayEquals(java.util.stream.IntStream.range(0, paths.size()).toArray(), at);
      DendriteRow row = r.read();
      for (int k = 0; k < paths.size(); k++) {
        String p = paths.get(k);
        int i = at[k];
        assertEquals(i, row.indexOf(p));
        same(() -> row.get(p), () -> row.get(i), p);
        same(() -> row.getString(p), () -> row.getString(i), p);
        same(() -> row.getLong(p), () -> row.getLong(i), p);
        same(() -> row.getInt(p), () -> row.getInt(i), p);
        same(() -> row.getDouble(p), () -> row.getDouble(i), p);
        same(() -> row.getBoolean(p), () -> row.getBoolean(i), p);
        same(() -> row.getDecimal(p), () -> row.getDecimal(i), p);
        same(() -> row.getInstant(p), () -> row.getInstant(i), p);
        same(() -> row.getLocalDate(p), () -> row.getLocalDate(i), p);
        same(() -> row.isMissing(p), () -> row.isMissing(i), p);
        same(() -> row.getJson(p), () -> row.getJson(i), p);
      }
      assertEquals(42L, row.getLong(r.indexOf("v.n")));
      assertEquals(Instant.parse("2024-01-02T03:04:05Z"), row.getInstant(r.indexOf("v.t")));
      assertTrue(row.isMissing(r.indexOf("v.none")));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> r.indexOf("v.other"));
      assertTrue(e.getMessage().startsWith("'v.other' was not selected"), e.getMessage());
      IllegalArgumentException notVariant = assertThrows(IllegalArgumentException.class,
          () -> row.getVariant(r.indexOf("id")));
      assertEquals("'id' is not a VARIANT value", notVariant.getMessage());
    }
  }

  /** Both give the same value, or both fail with the same message. */
  private static void same(java.util.function.Supplier<Object> byName,
      java.util.function.Supplier<Object> byPosition, String path) {
    Object a;
    try {
      a = byName.get();
    } catch (RuntimeException e) {
      RuntimeException b = assertThrows(RuntimeException.class, byPosition::get, path);
      assertEquals(e.getMessage(), b.getMessage(), path);
      return;
    }
    assertEquals(a, byPosition.get(), path);
  }

  @Test
  void badSelectionsNameTheFileAndTheProblem() throws Exception {
    Path file = manyRowGroups();
    DendriteReadException e = assertThrows(DendriteReadException.class,
        () -> DendriteReader.builder(file).select("nope.x").build());
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("'nope'")
        && e.getMessage().contains("[id, v]"), e.getMessage());
    e = assertThrows(DendriteReadException.class,
        () -> DendriteReader.builder(file).select("id.x").build());
    assertTrue(e.getMessage().contains("no field 'x'"), e.getMessage());
    e = assertThrows(DendriteReadException.class,
        () -> DendriteReader.builder(file).select("v..x").build());
    assertTrue(e.getMessage().contains("bad path"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> DendriteReader.builder(file).parallelism(0));
  }
}
