package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Columnar reads ({@link BatchReader}): every query runs three ways, through
 * {@code format("dendrite")} as batches (the default), as rows ({@code columnar=false}) and
 * through {@code spark.read.parquet}, Spark's own reader being the oracle of the values; the
 * executed plan shows which scans are columnar, and the scan metrics of batches equal those of
 * rows.
 */
class DendriteColumnarReadTest {
  private static final int ROWS = 1500;
  /** The columns of TestFiles.SCHEMA that batches serve, the variant whole through to_json. */
  private static final String[] FLAT = {"id", "i", "l", "f", "d", "b", "s", "bin", "day", "ts",
      "ntz", "price", "big", "to_json(doc) AS doc_json"};
  /** Paths of the variant only: Spark pushes them into the scan as extractions. */
  private static final String[] PATHS = {"id",
      "try_variant_get(doc, '$.a', 'int') AS doc_a",
      "variant_get(doc, '$.n.x', 'boolean') AS doc_x",
      "try_variant_get(doc, '$.n.c[1]', 'bigint') AS doc_c1",
      "try_variant_get(doc, '$.b', 'string') AS doc_b",
      "try_variant_get(doc, '$.a', 'decimal(6,1)') AS doc_a_dec",
      "try_variant_get(doc, '$.a', 'double') AS doc_a_double",
      "to_json(try_variant_get(doc, '$.n', 'variant')) AS doc_n"};

  @TempDir static Path dir;

  @BeforeAll
  static void writeFiles() throws Exception {
    TestFiles.write(dir.resolve("unshredded.parquet"), 0, ROWS, 1,
        DendriteWriter.Builder::unshredded);
    TestFiles.write(dir.resolve("shredded.parquet"), 0, ROWS, 2,
        b -> b.shredding(TestFiles.SHREDDING));
    Files.createDirectories(dir.resolve("table"));
    TestFiles.write(dir.resolve("table/part-0.parquet"), 0, 700, 3,
        b -> b.shredding(TestFiles.SHREDDING));
    TestFiles.write(dir.resolve("table/part-1.parquet"), 700, 900, 4,
        DendriteWriter.Builder::unshredded);
    // A variant never null: its extractions are read by paths (only the leaves they need).
    try (DendriteWriter w = DendriteWriter.builder(dir.resolve("narrow.parquet"))
        .schema("id int64 not null, v variant not null")
        .shredding("v: {a: int64, s: string, o: {x: double}}").rowGroupRows(300).build()) {
      for (int i = 0; i < 1000; i++) {
        w.writeJson("{\"id\": " + i + ", \"v\": " + switch (i % 5) {
          case 0 -> "{\"a\": " + i + ", \"s\": \"s" + i + "\", \"o\": {\"x\": " + i * 0.5 + "}}";
          case 1 -> "{\"a\": \"not a number " + i + "\", \"o\": {\"x\": \"str\"}}";
          case 2 -> "[" + i + ", \"two\"]";
          case 3 -> "{\"s\": null, \"other\": true}";
          default -> "{\"a\": " + (-i) + ", \"s\": \"\"}";
        } + "}");
      }
    }
    // The flat columns of a TestFiles file with its variant (nullable), rewritten by this source
    // as one file of several row groups, shredded and not: Spark 4.1 and 4.2 prune no column
    // when extractions are pushed, so these are the tables whose extractions read as batches.
    for (String layout : new String[] {"shredded", "unshredded"}) {
      spark().read().format("dendrite").load(dir.resolve(layout + ".parquet").toString())
          .selectExpr("id", "i", "s", "day", "ts", "price", "big", "doc").coalesce(1).write()
          .format("dendrite").option("rowGroupRows", "400")
          .option("shredding", layout.equals("shredded") ? "doc: {a: int32, b: string,"
              + " n: {c: [int64], x: boolean}}" : "none")
          .save(dir.resolve("flat-" + layout).toString());
    }
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  @AfterEach
  void restoreConf() {
    spark().conf().unset("spark.sql.files.maxPartitionBytes");
    spark().conf().unset("spark.sql.parquet.outputTimestampType");
  }

  private static Dataset<Row> batches(String path) {
    return spark().read().format("dendrite").load(path);
  }

  private static Dataset<Row> rows(String path) {
    return spark().read().format("dendrite").option("columnar", "false").load(path);
  }

  /** Whether the executed plan reads the dendrite scan as batches, turned into rows after. */
  private static boolean columnarScan(Dataset<Row> df) {
    SparkPlan plan = df.queryExecution().executedPlan();
    BatchScanExec scan = ExecutedScan.batchScan(plan);
    boolean toRows = plan.toString().contains("ColumnarToRow");
    assertEquals(scan.supportsColumnar(), toRows, plan.toString());
    return scan.supportsColumnar();
  }

  /**
   * The query's rows through batches, rows and Spark's reader, ordered by id: all equal; the
   * dendrite scans columnar as {@code columnar} says (rows when off); the batches' scan metrics
   * equal the rows'.
   */
  private static void assertThreeWays(String path, boolean columnar, String where,
      String... columns) {
    Dataset<Row> viaBatches = batches(path).where(where).selectExpr(columns);
    Dataset<Row> viaRows = rows(path).where(where).selectExpr(columns);
    Dataset<Row> viaSpark = spark().read().parquet(path).where(where).selectExpr(columns);
    assertEquals(columnar, columnarScan(viaBatches), "batches");
    assertFalse(columnarScan(viaRows), "rows");
    assertEquals(viaSpark.schema().simpleString(), viaBatches.schema().simpleString());
    ExecutedScan b = ExecutedScan.run(viaBatches);
    ExecutedScan r = ExecutedScan.run(viaRows);
    List<Row> want = sorted(viaSpark.collectAsList());
    assertRowsEqual(want, sorted(b.rows()), path + " as batches");
    assertRowsEqual(want, sorted(r.rows()), path + " as rows");
    assertEquals(r.metrics(), b.metrics(), "scan metrics of batches and rows");
    assertEquals(r.description(), b.description());
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort((x, y) -> Long.compare(x.getLong(0), y.getLong(0)));
    return out;
  }

  private static void assertRowsEqual(List<Row> want, List<Row> got, String what) {
    assertEquals(want.size(), got.size(), what + ": rows");
    for (int i = 0; i < want.size(); i++) {
      assertEquals(want.get(i), got.get(i), what + ": row " + i);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"unshredded.parquet", "shredded.parquet", "table"})
  void everyFlatColumnAndWholeVariantsReadAsBatches(String name) {
    String path = dir.resolve(name).toString();
    assertThreeWays(path, true, "true", FLAT);
    // The comparison means something only with values and nulls in every column.
    Dataset<Row> all = batches(path).selectExpr(FLAT);
    for (String c : all.columns()) {
      if (c.equals("id")) {
        continue; // not null in TestFiles
      }
      long nulls = all.where(c + " IS NULL").count();
      assertTrue(nulls > 0 && nulls < all.count() / 2, c + ": " + nulls + " nulls");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"flat-shredded", "flat-unshredded", "narrow.parquet"})
  void pushedVariantExtractionsReadAsBatches(String name) {
    String path = dir.resolve(name).toString();
    String[] columns = name.equals("narrow.parquet") ? new String[] {"id",
        "try_variant_get(v, '$.a', 'bigint') AS a", "variant_get(v, '$.s', 'string') AS s",
        "try_variant_get(v, '$.o.x', 'double') AS x", "to_json(v:o) AS o",
        "try_variant_get(v, '$[1]', 'string') AS second"} : PATHS;
    Dataset<Row> df = batches(path).selectExpr(columns);
    String description = ExecutedScan.run(df).description();
    assertTrue(description.contains("VariantExtractions: "), description);
    assertThreeWays(path, true, "true", columns);
  }

  /**
   * Spark 4.1 and 4.2 prune no column of a scan that accepted extractions: the scan then reads
   * TestFiles' structs, lists and maps too, and so reads rows.
   */
  @Test
  void extractionsOfAWideTableReadAsRows() {
    String path = dir.resolve("shredded.parquet").toString();
    String description = ExecutedScan.run(batches(path).selectExpr(PATHS)).description();
    assertTrue(description.contains("VariantExtractions: ")
        && description.contains("addr:struct"), description);
    assertThreeWays(path, false, "true", PATHS);
  }

  @Test
  void variantExtractionsFailAsSparkFailsInBatches() {
    String path = dir.resolve("narrow.parquet").toString();
    Dataset<Row> df = batches(path).selectExpr("id", "variant_get(v, '$.a', 'bigint') AS a");
    assertTrue(columnarScan(df));
    Exception e = assertThrows(Exception.class, df::collectAsList);
    String message = String.valueOf(e.getMessage());
    Throwable t = e;
    while (!message.contains("INVALID_VARIANT_CAST") && t.getCause() != null) {
      t = t.getCause();
      message = String.valueOf(t.getMessage());
    }
    assertTrue(message.contains("INVALID_VARIANT_CAST"), message);
  }

  @Test
  void pushedFiltersSkipTheSameInBatches() {
    String path = dir.resolve("shredded.parquet").toString();
    // The ids are written in order: the filter skips the first row groups.
    String where = "id >= 1100 AND s IS NOT NULL AND day > DATE'1970-01-01'";
    assertThreeWays(path, true, where, FLAT);
    ExecutedScan scan = ExecutedScan.run(batches(path).where(where).selectExpr(FLAT));
    assertTrue(scan.description().contains("PushedFilter"), scan.description());
    assertFalse(scan.sparkFilters(), "Spark keeps no filter");
    assertTrue(scan.metric(ScanMetrics.ROW_GROUPS_SKIPPED) >= 2, scan.metrics().toString());
    assertTrue(scan.metric(ScanMetrics.ROWS_SKIPPED) >= 1000, scan.metrics().toString());
  }

  @Test
  void splitFilesReadEveryRowOnceInBatches() throws Exception {
    Path file;
    try (var parts = Files.list(dir.resolve("flat-unshredded"))) {
      file = parts.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    long maxSplit = Files.size(file) / 4 + 1;
    spark().conf().set("spark.sql.files.maxPartitionBytes", Long.toString(maxSplit));
    assertTrue(batches(file.toString()).rdd().getNumPartitions() >= 4);
    assertThreeWays(file.toString(), true, "true", "id", "i", "s", "day", "ts", "price", "big",
        "to_json(doc) AS doc_json");
    assertThreeWays(file.toString(), true, "id % 3 = 0", PATHS);
  }

  /** Small batches: many per row group, dictionaries changing between them. */
  @Test
  void smallBatchesGiveTheSameRows() {
    String path = dir.resolve("table").toString();
    List<Row> want = sorted(spark().read().parquet(path).selectExpr(FLAT).collectAsList());
    Dataset<Row> small = spark().read().format("dendrite").option("batchSize", "7").load(path)
        .selectExpr(FLAT);
    assertTrue(columnarScan(small));
    assertRowsEqual(want, sorted(small.collectAsList()), "batches of 7 rows");
    Exception e = assertThrows(Exception.class, () -> spark().read().format("dendrite")
        .option("batchSize", "0").load(path).selectExpr("id").collectAsList());
    assertTrue(e.getMessage().contains("batchSize must be at least 1"), e.getMessage());
    e = assertThrows(Exception.class, () -> spark().read().format("dendrite")
        .option("batchSize", "many").load(path).selectExpr("id").collectAsList());
    assertTrue(e.getMessage().contains("batchSize must be a number of rows, got many"),
        e.getMessage());
  }

  /** Structs, lists and maps are read as rows (nested column vectors are not filled yet). */
  @Test
  void nestedColumnsReadAsRows() {
    String path = dir.resolve("shredded.parquet").toString();
    assertThreeWays(path, false, "true", "id", "s", "addr", "tags", "attrs");
    // An extraction cast to a struct is nested too.
    assertThreeWays(path, false, "true", "id",
        "try_variant_get(doc, '$.n', 'struct<x boolean>') AS n");
  }

  /** Timestamps Spark wrote in milliseconds and as INT96: the batches convert their units. */
  @ParameterizedTest
  @ValueSource(strings = {"TIMESTAMP_MILLIS", "INT96", "TIMESTAMP_MICROS"})
  void timestampUnitsConvertInBatches(String type) {
    String out = dir.resolve("ts-" + type).toString();
    spark().conf().set("spark.sql.parquet.outputTimestampType", type);
    spark().range(0, 1200, 1, 1).selectExpr("id",
        "CASE WHEN id % 9 = 0 THEN NULL"
            + " ELSE timestamp_micros(id * 123456789012 - 9876543210987 + id % 7) END AS t",
        "CAST(id - 600 AS DECIMAL(18, 3)) AS d18", "CAST(id AS DECIMAL(6, 1)) AS d6")
        .write().parquet(out);
    spark().conf().unset("spark.sql.parquet.outputTimestampType");
    assertThreeWays(out, true, "true", "id", "t", "d18", "d6");
  }

  @Test
  void countsAndEmptySelectionsStayRows() {
    String path = dir.resolve("table").toString();
    assertEquals(spark().read().parquet(path).count(), batches(path).count());
    assertEquals(spark().read().parquet(path).where("id > 1000").count(),
        batches(path).where("id > 1000").count());
  }

  @Test
  void theMetricsOfBatchesCountColumnsAndRowGroups() {
    String path = dir.resolve("narrow.parquet").toString();
    ExecutedScan scan = ExecutedScan.run(batches(path).where("id < 250")
        .selectExpr("id", "variant_get(v, '$.s', 'string') AS s"));
    Map<String, Long> m = scan.metrics();
    // 1000 rows in row groups of 300: the filter reads the first only.
    assertEquals(1, scan.metric(ScanMetrics.ROW_GROUPS_READ), m.toString());
    assertEquals(3, scan.metric(ScanMetrics.ROW_GROUPS_SKIPPED), m.toString());
    assertEquals(700, scan.metric(ScanMetrics.ROWS_SKIPPED), m.toString());
    assertEquals(250, scan.rows().size());
  }
}
