package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Reading Hive-style partitioned directories through {@code format("dendrite")}, as batches and
 * as rows, of directories written by our writer and by Spark's own. Oracles: Spark's Parquet
 * reader on the same path ({@code spark.read.parquet}, with Spark's partition discovery), the
 * DataFrame written, the types Spark's discovery infers (string, int, date, boolean) stated
 * here, and the number of files a partition filter keeps counted from the directory names.
 */
class DendritePartitionedReadTest {
  private static final String NULL_DIR = "__HIVE_DEFAULT_PARTITION__";
  /**
   * The columns compared: variants through to_json; flag as a string, as Spark's discovery
   * types its directories (it infers numbers, dates and timestamps, not booleans).
   */
  private static final String[] RENDERED = {"id", "CAST(flag AS STRING) AS flag", "s", "x",
      "n", "to_json(v) AS v_json", "day"};

  @TempDir static Path dir;
  private static Path ours;
  private static Path theirs;

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  @BeforeAll
  static void write() {
    Dataset<Row> df = DendritePartitionedWriteTest.rows("id");
    ours = dir.resolve("ours");
    theirs = dir.resolve("theirs");
    df.write().format("dendrite").partitionBy("s", "n", "day", "flag").save(ours.toString());
    df.write().partitionBy("s", "n", "day", "flag").parquet(theirs.toString());
  }

  static Stream<Arguments> layouts() {
    return Stream.of(Arguments.of("ours", true), Arguments.of("ours", false),
        Arguments.of("theirs", true), Arguments.of("theirs", false));
  }

  private static Path layout(String name) {
    return name.equals("ours") ? ours : theirs;
  }

  private static Dataset<Row> dendrite(Path path, boolean columnar) {
    return spark().read().format("dendrite").option("columnar", columnar)
        .load(path.toString());
  }

  private static List<Row> rendered(Dataset<Row> df) {
    return df.selectExpr(RENDERED).orderBy("id").collectAsList();
  }

  /** Rows in id order (the first column), whatever order a scan returned them in. */
  private static List<Row> byId(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(Comparator.comparingLong(r -> r.getLong(0)));
    return out;
  }

  private static DataType type(Dataset<Row> df, String column) {
    return df.schema().apply(column).dataType();
  }

  /** Whether the executed plan reads the dendrite scan as batches. */
  private static boolean columnarScan(Dataset<Row> df) {
    for (SparkPlan leaf : CollectionConverters.asJava(
        df.queryExecution().executedPlan().collectLeaves())) {
      if (leaf instanceof BatchScanExec b) {
        return b.supportsColumnar();
      }
    }
    throw new AssertionError("no batch scan in " + df.queryExecution().executedPlan());
  }

  /** Each part file's directory names, as {@code column -> raw value} (escaped as on disk). */
  private static List<Map<String, String>> partFileDirectories(Path root) throws IOException {
    List<Map<String, String>> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(f -> f.getFileName().toString().startsWith("part-"))
          .toList()) {
        Map<String, String> values = new HashMap<>();
        for (Path segment : root.relativize(p.getParent())) {
          String[] kv = segment.toString().split("=", 2);
          values.put(kv[0], kv[1]);
        }
        out.add(values);
      }
    }
    return out;
  }

  private static String files(long n) {
    return n + (n == 1 ? " file" : " files");
  }

  /**
   * Every row with its directory's values, typed as Spark's discovery types them, the same as
   * Spark's reader and the DataFrame written give; batches when on, rows when off.
   */
  @ParameterizedTest
  @MethodSource("layouts")
  void rowsAndPartitionTypesAreSparks(String name, boolean columnar) {
    Path path = layout(name);
    Dataset<Row> df = dendrite(path, columnar);
    assertEquals(DataTypes.StringType, type(df, "s"));
    assertEquals(DataTypes.IntegerType, type(df, "n"));
    assertEquals(DataTypes.DateType, type(df, "day"));
    assertEquals(DataTypes.StringType, type(df, "flag"));
    Dataset<Row> spark = spark().read().parquet(path.toString());
    assertEquals(List.of(spark.schema().fieldNames()), List.of(df.schema().fieldNames()));
    for (StructField f : spark.schema().fields()) {
      assertEquals(f.dataType(), type(df, f.name()), f.name());
    }
    List<Row> expected = rendered(spark);
    assertEquals(1400, expected.size());
    assertEquals(expected, rendered(df));
    assertEquals(rendered(DendritePartitionedWriteTest.rows("id")), rendered(df));
    assertEquals(columnar, columnarScan(df.select("id", "x", "s", "n", "day", "flag")));
  }

  static Stream<Arguments> partitionFilters() {
    List<Arguments> out = new ArrayList<>();
    Map<String, Predicate<Map<String, String>>> cases = new java.util.LinkedHashMap<>();
    cases.put("n = 1", d -> d.get("n").equals("1"));
    cases.put("s = 'a/b'", d -> d.get("s").equals("a%2Fb"));
    cases.put("s IN ('x=y', '100%')", d -> d.get("s").equals("x%3Dy")
        || d.get("s").equals("100%25"));
    cases.put("n IS NULL", d -> d.get("n").equals(NULL_DIR));
    cases.put("day > DATE'2000-01-01' AND flag = 'true'", d -> d.get("day").equals("2024-02-29")
        && d.get("flag").equals("true"));
    cases.put("n = 1 OR s = 'plain'", d -> d.get("n").equals("1") || d.get("s").equals("plain"));
    cases.put("n < 0 OR day IS NULL", d -> d.get("n").equals("-5")
        || d.get("day").equals(NULL_DIR));
    for (String layout : List.of("ours", "theirs")) {
      for (boolean columnar : List.of(true, false)) {
        cases.forEach((where, keep) -> out.add(Arguments.of(layout, columnar, where, keep)));
      }
    }
    return out.stream();
  }

  /**
   * A filter on partition columns only leaves out the files of the other directories at
   * planning (the scan's file count is the directories' count by name), is shown in
   * {@code explain()}, is not evaluated by Spark again, and returns Spark's rows.
   */
  @ParameterizedTest
  @MethodSource("partitionFilters")
  void filtersOnPartitionColumnsPruneFiles(String name, boolean columnar, String where,
      Predicate<Map<String, String>> keep) throws IOException {
    Path path = layout(name);
    long kept = partFileDirectories(path).stream().filter(keep).count();
    assertTrue(kept > 0 && kept < partFileDirectories(path).size(), where + ": " + kept);
    ExecutedScan scan = ExecutedScan.run(dendrite(path, columnar).where(where)
        .selectExpr(RENDERED));
    assertTrue(scan.description().contains("DendriteScan [" + files(kept) + ","),
        scan.description());
    assertTrue(scan.description().contains("PartitionFilters: "), scan.description());
    assertFalse(scan.sparkFilters(), where);
    List<Row> expected = rendered(spark().read().parquet(path.toString()).where(where));
    assertFalse(expected.isEmpty(), where);
    assertEquals(expected, byId(scan.rows()));
  }

  /** A predicate mixing partition and file columns stays with Spark; every file is read. */
  @ParameterizedTest
  @MethodSource("layouts")
  void mixedPredicatesStayWithSpark(String name, boolean columnar) throws IOException {
    Path path = layout(name);
    String where = "n = 1 OR id < 10";
    ExecutedScan scan = ExecutedScan.run(dendrite(path, columnar).where(where)
        .selectExpr(RENDERED));
    assertTrue(scan.sparkFilters(), scan.description());
    assertTrue(scan.description().contains(files(partFileDirectories(path).size()) + ","),
        scan.description());
    assertEquals(rendered(spark().read().parquet(path.toString()).where(where)),
        byId(scan.rows()));
  }

  /** Partition columns alone, and counts, with and without a partition filter. */
  @ParameterizedTest
  @MethodSource("layouts")
  void partitionColumnsAloneAndCounts(String name, boolean columnar) {
    Path path = layout(name);
    Dataset<Row> df = dendrite(path, columnar);
    Dataset<Row> spark = spark().read().parquet(path.toString());
    assertEquals(spark.select("n", "s").distinct().orderBy("n", "s").collectAsList(),
        df.select("n", "s").distinct().orderBy("n", "s").collectAsList());
    assertEquals(7, df.select("s", "n", "day", "flag").distinct().count());
    assertEquals(spark.selectExpr("day", "flag").orderBy("day", "flag").collectAsList(),
        df.selectExpr("day", "flag").orderBy("day", "flag").collectAsList());
    assertEquals(1400, df.count());
    assertEquals(spark.where("n = 1").count(), df.where("n = 1").count());
    assertEquals(spark.where("s IS NULL").count(), df.where("s IS NULL").count());
  }

  /** With type inference off, every partition column is a string, as in Spark's reader. */
  @Test
  void partitionColumnTypeInferenceOffGivesStrings() {
    String key = "spark.sql.sources.partitionColumnTypeInference.enabled";
    spark().conf().set(key, "false");
    try {
      Dataset<Row> df = dendrite(ours, true);
      assertEquals(DataTypes.StringType, type(df, "n"));
      assertEquals(DataTypes.StringType, type(df, "day"));
      assertEquals(DataTypes.StringType, type(df, "flag"));
      Dataset<Row> spark = spark().read().parquet(ours.toString());
      assertEquals(rendered(spark), rendered(df));
      assertEquals(spark.where("n = '1'").count(), df.where("n = '1'").count());
    } finally {
      spark().conf().unset(key);
    }
  }

  /** A partition directory loaded alone, with and without {@code basePath}, as Spark reads it. */
  @Test
  void basePathKeepsTheColumnsAbove() {
    String sub = ours.resolve("s=plain").toString();
    Dataset<Row> withBase = spark().read().format("dendrite").option("basePath",
        ours.toString()).load(sub);
    Dataset<Row> sparkWithBase = spark().read().option("basePath", ours.toString())
        .parquet(sub);
    assertEquals(List.of(sparkWithBase.schema().fieldNames()),
        List.of(withBase.schema().fieldNames()));
    assertTrue(List.of(withBase.schema().fieldNames()).contains("s"));
    assertEquals(rendered(sparkWithBase), rendered(withBase));
    Dataset<Row> alone = spark().read().format("dendrite").load(sub);
    assertFalse(List.of(alone.schema().fieldNames()).contains("s"));
    assertEquals(spark().read().parquet(sub).selectExpr("id", "n", "day").orderBy("id")
        .collectAsList(), alone.selectExpr("id", "n", "day").orderBy("id").collectAsList());
  }

  /** A file that holds a column named like a partition directory is refused, naming both. */
  @Test
  void aFileColumnNamedLikeAPartitionColumnFailsClearly() {
    Path clash = dir.resolve("clash");
    spark().range(0, 4, 1, 1).selectExpr("id", "CAST(id AS INT) AS p").write()
        .format("dendrite").save(clash.resolve("p=1").toString());
    Exception e = assertThrows(Exception.class,
        () -> dendrite(clash, true).collectAsList());
    String m = messages(e);
    assertTrue(m.contains("partition column 'p'") && m.contains("is also a column of the files"),
        m);
  }

  /**
   * A file at the root beside partition directories: Spark's discovery leaves it out (its
   * reader gives the directories' rows only), and so does our source.
   */
  @Test
  void aMixedLayoutIsReadAsSparkReadsIt() throws IOException {
    Path mixed = dir.resolve("mixed");
    spark().range(0, 10, 1, 1).selectExpr("id", "CAST(id % 2 AS INT) AS p").write()
        .format("dendrite").partitionBy("p").save(mixed.toString());
    Path part;
    try (Stream<Path> files = Files.walk(mixed.resolve("p=0"))) {
      part = files.filter(f -> f.getFileName().toString().startsWith("part-")).findFirst()
          .orElseThrow();
    }
    Files.copy(part, mixed.resolve("part-root.parquet"));
    assertNull(readAsSparkReads(mixed));
    assertEquals(10, dendrite(mixed, true).count());
  }

  /**
   * Directories of different partition columns under one path ({@code a=1/}, {@code b=2/}):
   * Spark's discovery refuses them, and so does our source, with Spark's error.
   */
  @Test
  void conflictingPartitionDirectoriesFailAsInSpark() {
    Path conflicting = dir.resolve("conflicting");
    for (String sub : List.of("a=1", "b=2")) {
      spark().range(0, 3, 1, 1).selectExpr("id").write().format("dendrite")
          .save(conflicting.resolve(sub).toString());
    }
    String ours = readAsSparkReads(conflicting);
    // Spark's own error class (CONFLICTING_PARTITION_COLUMN_NAMES) reaches the user as is.
    assertTrue(ours != null && ours.contains("Conflicting partition column names"),
        String.valueOf(ours));
  }

  /**
   * Reads {@code path} through Spark's reader and our source: both fail, or both give the same
   * rows (ordered by every column).
   *
   * @return our error's messages, or null when both read
   */
  private static String readAsSparkReads(Path path) {
    Throwable sparks = null;
    List<Row> sparkRows = null;
    try {
      Dataset<Row> df = spark().read().parquet(path.toString());
      sparkRows = df.orderBy(df.columns()[0], df.columns()).collectAsList();
    } catch (Exception e) {
      sparks = e;
    }
    Throwable ourError = null;
    List<Row> ourRows = null;
    try {
      Dataset<Row> df = dendrite(path, true);
      ourRows = df.orderBy(df.columns()[0], df.columns()).collectAsList();
    } catch (Exception e) {
      ourError = e;
    }
    assertEquals(sparks == null, ourError == null, sparks + " / " + ourError);
    assertEquals(sparkRows, ourRows);
    return ourError == null ? null : messages(ourError);
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t).append('\n');
    }
    return sb.toString();
  }
}
