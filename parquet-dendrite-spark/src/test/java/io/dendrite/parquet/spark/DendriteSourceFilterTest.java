package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.util.Utils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Filter pushdown into the core's reader: what Spark 4.1 hands to the source, what the scan
 * shows and keeps, and what its metrics say was skipped. Rows are compared with
 * {@code spark.read.parquet} on the same file; skipped row groups with what the file's
 * clustering proves (row group g holds ids g * 100 .. g * 100 + 99).
 */
class DendriteSourceFilterTest {
  private static final int ROWS = 2000;
  private static final int GROUPS = ROWS / ClusteredFiles.ROW_GROUP_ROWS;

  @TempDir static Path dir;
  private static String file;

  @BeforeAll
  static void writeFile() throws Exception {
    Path p = dir.resolve("clustered.parquet");
    ClusteredFiles.write(p, 0, ROWS, 11, b -> b.shredding(ClusteredFiles.SHREDDING));
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(p))) {
      assertEquals(GROUPS, f.getRowGroups().size());
    }
    file = p.toString();
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  /** The rows of Spark's own reader, ordered by id (the first column). */
  private static List<Row> expected(String where, String... columns) {
    return spark().read().parquet(file).where(where).selectExpr(columns).orderBy("id")
        .collectAsList();
  }

  /** Ours, run without a shuffle (ExecutedScan), rows then ordered by id as expected's are. */
  private static ExecutedScan ours(String where, String... columns) {
    Dataset<Row> df = spark().read().format("dendrite").load(file).where(where)
        .selectExpr(columns);
    ExecutedScan scan = ExecutedScan.run(df);
    scan.rows().sort(java.util.Comparator.comparingLong(r -> r.getLong(0)));
    return scan;
  }

  /**
   * A selective filter on the clustered column: pushed whole (Spark keeps no Filter), shown by
   * explain(), 19 of the 20 row groups are never read, and in the last one the two pages of
   * ids below 1950 (pages hold 25 rows) are skipped too.
   */
  @Test
  void aSelectiveFilterOnAClusteredColumnSkipsRowGroups() {
    String where = "id >= 1950 AND s IS NOT NULL";
    ExecutedScan scan = ours(where, "id", "s", "price");
    assertEquals(expected(where, "id", "s", "price"), scan.rows());
    assertTrue(scan.rows().size() > 10, "rows: " + scan.rows().size());
    assertTrue(scan.description().contains("PushedFilter:")
        && scan.description().contains("id >= 1950")
        && scan.description().contains("s is not null"), scan.description());
    assertFalse(scan.sparkFilters(), "Spark should not filter again");
    assertEquals(GROUPS - 1, scan.metric(ScanMetrics.ROW_GROUPS_SKIPPED), scan.metrics()::toString);
    assertEquals(1, scan.metric(ScanMetrics.ROW_GROUPS_READ));
    assertEquals(1950, scan.metric(ScanMetrics.ROWS_SKIPPED));
    // Three columns read (id, s, price), four pages each: all of 19 row groups, two of the last.
    assertEquals((GROUPS - 1) * 3 * 4 + 2 * 3, scan.metric(ScanMetrics.PAGES_SKIPPED));
    // explain() prints the description too.
    String explained = spark().read().format("dendrite").load(file).where(where)
        .queryExecution().explainString(org.apache.spark.sql.execution.ExplainMode.fromString(
            "simple"));
    assertTrue(explained.contains("PushedFilter: "), explained);
  }

  /**
   * The UI's SQL tab sums the tasks' values with metric objects Spark makes from their class
   * names, as its status listener does (Utils.loadExtensions): each must be public with a public
   * no-argument constructor, and keep its name.
   */
  @Test
  void sparkMakesTheMetricsByClassNameAsItsUiDoes() {
    CustomMetric[] declared = ScanMetrics.supported();
    List<String> classes = Arrays.stream(declared).map(m -> m.getClass().getName()).toList();
    List<CustomMetric> made = CollectionConverters.asJava(Utils.loadExtensions(
        CustomMetric.class, CollectionConverters.asScala(classes).toList(),
        spark().sparkContext().conf()));
    assertEquals(declared.length, made.size());
    for (int i = 0; i < declared.length; i++) {
      assertEquals(declared[i].name(), made.get(i).name());
      assertEquals("23", made.get(i).aggregateTaskMetrics(new long[] {19, 4}));
    }
  }

  /** Struct fields, literals on the left, IN, NOT, OR: each translated and pushed. */
  @Test
  void nestedFieldsAndCompoundPredicatesArePushed() {
    String where = "addr.zip > 50 AND (NOT (1900 > id) OR s IN ('alpha', 'beta'))"
        + " AND day <= DATE '2024-02-10' AND ts < TIMESTAMP '2023-11-14 22:14:00'"
        + " AND price <> 0.5";
    ExecutedScan scan = ours(where, "id", "addr", "s", "day", "ts", "price");
    assertEquals(expected(where, "id", "addr", "s", "day", "ts", "price"), scan.rows());
    assertFalse(scan.rows().isEmpty());
    assertTrue(scan.description().contains("addr.zip > 50"), scan.description());
    assertFalse(scan.sparkFilters(), scan.description());
  }

  /**
   * What Spark 4.1 does not hand to a source, found by experiment: variant_get and
   * try_variant_get predicates (Spark's V2 translation knows no variant functions) stay with
   * Spark; so do the predicates this source declines (doubles: NaN and infinities compare
   * differently; IS NULL on a variant: a JSON null). Only the IS NOT NULL Spark infers on a
   * double is pushed. Rows are right either way.
   */
  @Test
  void predicatesNotPushedStayWithSpark() {
    Map<String, String> pushed = Map.of("try_variant_get(v, '$.a', 'int') > 5", "",
        "variant_get(v, '$.c.d', 'int') = 3", "", "v IS NULL", "",
        "d > 0.5", ", PushedFilter: d is not null");
    pushed.forEach((where, filter) -> {
      ExecutedScan scan = ours(where, "id", "d");
      assertEquals(expected(where, "id", "d"), scan.rows(), where);
      // Variant extraction pushdown (on by default) adds the extractions to the description.
      assertTrue(filter.isEmpty() ? !scan.description().contains("PushedFilter")
          : scan.description().contains(filter), where + ": " + scan.description());
      assertTrue(scan.sparkFilters(), where);
    });
  }

  /**
   * A file larger than spark.sql.files.maxPartitionBytes is read in parts, each filtered by the
   * core: Spark keeps no Filter, and the parts' metrics together cover every row group once,
   * skipping those without a matching id (row group g holds ids g * 100 ..).
   */
  @Test
  void thePartsOfASplitFileAreFiltered() throws Exception {
    spark().conf().set("spark.sql.files.maxPartitionBytes",
        Long.toString(Files.size(Path.of(file)) / 3));
    try {
      String where = "id < 120 AND i > 0";
      ExecutedScan scan = ours(where, "id", "i");
      assertEquals(expected(where, "id", "i"), scan.rows());
      assertTrue(scan.description().contains("PushedFilter:"), scan.description());
      assertFalse(scan.sparkFilters(), scan.description());
      assertEquals(2, scan.metric(ScanMetrics.ROW_GROUPS_READ), scan.metrics()::toString);
      assertEquals(GROUPS - 2, scan.metric(ScanMetrics.ROW_GROUPS_SKIPPED));
      assertTrue(scan.rows().size() > 10, "rows: " + scan.rows().size());
    } finally {
      spark().conf().unset("spark.sql.files.maxPartitionBytes");
    }
  }

  /** A count over a pushed filter needs no column of Spark's, and still counts matches only. */
  @Test
  void aCountOfAPushedFilterCountsMatchingRows() {
    String where = "id < 150 AND b = true";
    long theirs = spark().read().parquet(file).where(where).count();
    assertTrue(theirs > 10 && theirs < 150, "count " + theirs);
    assertEquals(theirs, spark().read().format("dendrite").load(file).where(where).count());
  }

  /** Timestamps compare in microseconds, as Spark reads them: equality on a stored value. */
  /** Timestamps at the ends of Spark's range (years 1 and 9999) are pushed as well. */
  @Test
  void timestampsAtTheEndsOfTheRangeArePushed() {
    String where = "ts < TIMESTAMP '9999-12-31 23:59:59.999999'"
        + " AND ntz > TIMESTAMP_NTZ '0001-01-01 00:00:00' AND id < 300";
    ExecutedScan scan = ours(where, "id");
    assertEquals(expected(where, "id"), scan.rows(), where);
    assertTrue(scan.rows().size() > 100, "rows: " + scan.rows().size());
    assertFalse(scan.sparkFilters(), scan.description());
  }

  @Test
  void equalityOnDatesTimestampsAndDecimalsFindsTheRows() {
    Row some = spark().read().parquet(file).where("id >= 1234 AND day IS NOT NULL"
        + " AND ts IS NOT NULL AND ntz IS NOT NULL AND price IS NOT NULL").selectExpr("string(day)",
        "string(ts)", "string(ntz)", "string(price)").first(); // rendered in the session's UTC
    String where = "day = DATE '" + some.get(0) + "' AND ts = TIMESTAMP '" + some.get(1)
        + "' AND ntz = TIMESTAMP_NTZ '" + some.get(2) + "' AND price = " + some.get(3);
    ExecutedScan scan = ours(where, "id");
    assertEquals(expected(where, "id"), scan.rows(), where);
    assertFalse(scan.rows().isEmpty(), where);
    assertFalse(scan.sparkFilters(), scan.description());
  }
}
