package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.VariantType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files our writer makes, in every layout, read by Spark 4.1 itself: {@code to_json} of each
 * variant equals the JSON we wrote, and {@code variant_get}/{@code try_variant_get} on every
 * path equal what our reader's {@code select} returns from the same file.
 */
class SparkReadsOurFilesTest {
  private static final int ROWS = 3000;
  private static final List<String> DOCS = Documents.generate(ROWS, 20261122L);
  /** Deliberately imperfect: b is really a string, so every b lands in the residual. */
  private static final String GIVEN = "doc: {a: int64, b: int32, n: {c: decimal(9,2),"
      + " d: [int64], deep: {x: boolean}}, tags: [string], price: decimal(12,2),"
      + " ratio: double, opt: variant, ключ: string}";

  @TempDir static Path dir;

  @BeforeAll
  static void writeFiles() throws Exception {
    write("unshredded", DendriteWriter.Builder::unshredded);
    write("inferred", b -> b); // the default: inferred from the first 4096 rows
    write("given", b -> b.shredding(GIVEN));
  }

  private static void write(String layout, UnaryOperator<DendriteWriter.Builder> options)
      throws Exception {
    DendriteWriter.Builder b = DendriteWriter.builder(dir.resolve(layout + ".parquet"))
        .schema("id int64 not null, doc variant")
        .rowGroupSize(128 * 1024); // several row groups
    try (DendriteWriter w = options.apply(b).build()) {
      for (int i = 0; i < ROWS; i++) {
        w.writeJson("{\"id\": " + i + ", \"doc\": " + DOCS.get(i) + "}");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "inferred", "given"})
  void sparkSeesAVariantColumnAndTheJsonWeWrote(String layout) throws Exception {
    Path file = dir.resolve(layout + ".parquet");
    assertLayout(layout, file);
    Dataset<Row> df = LocalSpark.session().read().parquet(file.toString());
    assertEquals(DataTypes.LongType, df.schema().apply("id").dataType());
    assertTrue(df.schema().apply("doc").dataType() instanceof VariantType,
        df.schema().apply("doc").dataType().sql());
    List<Row> rows = df.selectExpr("id", "to_json(doc)").collectAsList();
    assertEquals(ROWS, rows.size());
    for (Row r : rows) {
      long id = r.getLong(0);
      String wrote = DOCS.get((int) id);
      // A record's JSON null is a SQL NULL in the variant column, as in any other column.
      SparkJson.assertSame(wrote == null || wrote.equals("null") ? null : SparkJson.parse(wrote),
          r.isNullAt(1) ? null : SparkJson.parse(r.getString(1)), layout + " id " + id);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "inferred", "given"})
  void variantGetEqualsOurSelect(String layout) throws Exception {
    Path file = dir.resolve(layout + ".parquet");
    LocalSpark.session().read().parquet(file.toString()).createOrReplaceTempView("ours_" + layout);
    VariantGetOracle spark = new VariantGetOracle(LocalSpark.session(), "ours_" + layout, "doc",
        Documents.PATHS);
    assertEquals(ROWS, spark.rows());
    int rows = 0;
    try (DendriteReader r = DendriteReader.builder(file).select(spark.selection()).build()) {
      for (DendriteRow row : r) {
        spark.check(row, layout);
        rows++;
      }
    }
    assertEquals(ROWS, rows);
    spark.assertNoMismatches();
    // The comparison is only worth something if Spark found values: most paths hit.
    assertTrue(spark.nonNullTyped() > ROWS * 20, "non-null typed values: " + spark.nonNullTyped());
  }

  /** The layouts are what their names say, so each test covers what it claims. */
  private static void assertLayout(String layout, Path file) throws Exception {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      assertTrue(f.getRowGroups().size() > 1, "row groups: " + f.getRowGroups().size());
      ShreddedType shredded = ShreddingSchema.fromParquet(
          f.getFooter().getFileMetaData().getSchema()).get("doc");
      assertEquals(layout.equals("unshredded"), shredded == null, layout + ": " + shredded);
    }
  }
}
