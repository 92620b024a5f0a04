package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.write.DendriteWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Variants holding the types JSON has no word for (dates, timestamps with and without time
 * zone, decimals, binary, float, double), written from Java values in every layout, read by
 * Spark: {@code to_json} equals the values we wrote (in Spark's text forms), and typed
 * {@code variant_get} returns them. One row in seven carries a string where the shredded schema
 * expects a date, so Spark must also merge residual values.
 */
class SparkReadsOurTypedValuesTest {
  private static final int ROWS = 500;
  private static final String GIVEN = "t: {day: date, at: timestamp, local: timestamp_ntz,"
      + " amount: decimal(9,2), bin: binary, f: float, d: double}";
  private static final List<Map<String, Object>> VALUES = new ArrayList<>();

  @TempDir static Path dir;

  @BeforeAll
  static void writeFiles() throws Exception {
    for (int i = 0; i < ROWS; i++) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("day", i % 7 == 3 ? "not a date " + i : LocalDate.of(2024, 2, 28).plusDays(i));
      t.put("at", Instant.parse("2024-01-02T03:04:05.123456Z").plusSeconds(i * 3601L)
          .minusNanos(i * 1000L));
      t.put("local", LocalDateTime.of(1999, 12, 31, 23, 59, 59).plusNanos(i * 250_000L));
      t.put("amount", BigDecimal.valueOf(i * 125L - 3000, 2));
      t.put("bin", new byte[] {(byte) i, (byte) (i >> 8), (byte) 0xff});
      t.put("f", i / 8f);
      t.put("d", i * 1.5e-3);
      VALUES.add(t);
    }
    write("unshredded", DendriteWriter.Builder::unshredded);
    write("inferred", b -> b);
    write("given", b -> b.shredding(GIVEN));
  }

  private static void write(String layout, UnaryOperator<DendriteWriter.Builder> options)
      throws Exception {
    DendriteWriter.Builder b = DendriteWriter.builder(dir.resolve(layout + ".parquet"))
        .schema("id int64 not null, t variant");
    try (DendriteWriter w = options.apply(b).build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(Map.of("id", (long) i, "t", VALUES.get(i)));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "inferred", "given"})
  void sparkReadsTheTypedValuesWeWrote(String layout) throws Exception {
    Path file = dir.resolve(layout + ".parquet");
    if (!layout.equals("unshredded")) {
      try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
        assertNotNull(ShreddingSchema.fromParquet(
            f.getFooter().getFileMetaData().getSchema()).get("t"), layout);
      }
    }
    List<Row> rows = LocalSpark.session().read().parquet(file.toString()).selectExpr("id",
        "to_json(t)", "try_variant_get(t, '$.day', 'date')",
        "try_variant_get(t, '$.at', 'timestamp')", "try_variant_get(t, '$.amount', 'decimal(9,2)')",
        "try_variant_get(t, '$.bin', 'binary')", "try_variant_get(t, '$.local', 'string')")
        .collectAsList();
    assertEquals(ROWS, rows.size());
    for (Row r : rows) {
      int id = (int) r.getLong(0);
      Map<String, Object> wrote = VALUES.get(id);
      String where = layout + " id " + id;
      SparkJson.assertSame(SparkJson.node(wrote), SparkJson.parse(r.getString(1)), where);
      assertEquals(wrote.get("day") instanceof LocalDate ? wrote.get("day") : null, r.get(2), where);
      assertEquals(wrote.get("at"), r.get(3), where);
      assertEquals(0, ((BigDecimal) wrote.get("amount")).compareTo(r.getDecimal(4)), where);
      assertArrayEquals((byte[]) wrote.get("bin"), (byte[]) r.get(5), where);
      assertEquals(SparkJson.node(wrote.get("local")).asText(), r.getString(6), where);
    }
  }
}
