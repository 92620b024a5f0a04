package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddingSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code df.write.format("dendrite").partitionBy(...)}: Hive-style directories that Spark's own
 * partition discovery reads back. The oracles are the DataFrame's rows, directory names worked
 * out by hand from the values (Hive's escaping: {@code /} {@code %2F}, {@code =} {@code %3D},
 * {@code %} {@code %25}, {@code :} {@code %3A}, {@code ?} {@code %3F}, {@code *} {@code %2A},
 * space and non-ASCII kept, null as {@code __HIVE_DEFAULT_PARTITION__}), the directories
 * Spark's own Parquet writer makes of the same rows, and the footers read by parquet-java.
 */
class DendritePartitionedWriteTest {
  private static final int ROWS = 1400;
  private static final int PARTITIONS = 3;
  private static final String NULL_DIR = "__HIVE_DEFAULT_PARTITION__";
  /** The directory of each k = id % 7, by hand (see the class comment and {@link #rows}). */
  private static final Map<Integer, String> DIRECTORY = Map.of(
      0, "s=a%2Fb/n=1/day=2024-02-29/flag=true",
      1, "s=x%3Dy/n=-5/day=" + NULL_DIR + "/flag=false",
      2, "s=with space/n=" + NULL_DIR + "/day=1999-12-31/flag=true",
      3, "s=100%25/n=0/day=2024-02-29/flag=" + NULL_DIR,
      4, "s=" + NULL_DIR + "/n=7/day=2000-01-01/flag=false",
      5, "s=ключ%3A%3F%2A/n=1/day=2024-02-29/flag=true",
      6, "s=plain/n=2147483647/day=1970-01-01/flag=true");
  /** The columns compared: variants through to_json and a path. */
  private static final String[] RENDERED = {"id", "flag", "s", "x", "n",
      "to_json(v) AS v_json", "try_variant_get(v, '$.b.c', 'string') AS v_c", "day"};

  @TempDir static Path dir;

  @BeforeAll
  static void functions() {
    LocalSpark.registerFailAt();
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  /**
   * Seven partition keys (k = id % 7, so every Spark partition holds rows of every key, in no
   * order): a string needing escapes, an int, a date and a boolean, each null somewhere; the
   * partition columns are not the schema's last ones, and not in its order. The variant is an
   * object with an int a and a nested string, except for k = 3 (a string a) and some nulls.
   */
  static Dataset<Row> rows(String idExpression) {
    return spark().range(0, ROWS, 1, PARTITIONS).selectExpr(idExpression + " AS id",
        "CAST(id % 7 AS INT) AS k").selectExpr("id",
        "CASE k WHEN 1 THEN false WHEN 3 THEN NULL WHEN 4 THEN false ELSE true END AS flag",
        "CASE k WHEN 0 THEN 'a/b' WHEN 1 THEN 'x=y' WHEN 2 THEN 'with space' WHEN 3 THEN '100%'"
            + " WHEN 4 THEN NULL WHEN 5 THEN 'ключ:?*' ELSE 'plain' END AS s",
        "concat('row ', CAST(id AS STRING)) AS x",
        "CASE k WHEN 0 THEN 1 WHEN 1 THEN -5 WHEN 2 THEN NULL WHEN 3 THEN 0 WHEN 4 THEN 7"
            + " WHEN 5 THEN 1 ELSE 2147483647 END AS n",
        "CASE WHEN id % 10 = 0 THEN NULL"
            + " WHEN k = 3 THEN parse_json(concat('{\"a\": \"text ', CAST(id AS STRING), '\"}'))"
            + " ELSE parse_json(concat('{\"a\": ', CAST(id AS STRING), ', \"b\": {\"c\": \"s',"
            + " CAST(id AS STRING), '\"}}')) END AS v",
        "CASE k WHEN 0 THEN DATE'2024-02-29' WHEN 1 THEN NULL WHEN 2 THEN DATE'1999-12-31'"
            + " WHEN 3 THEN DATE'2024-02-29' WHEN 4 THEN DATE'2000-01-01'"
            + " WHEN 5 THEN DATE'2024-02-29' ELSE DATE'1970-01-01' END AS day");
  }

  private static DataFrameWriter<Row> partitioned(Dataset<Row> df) {
    return df.write().format("dendrite").partitionBy("s", "n", "day", "flag");
  }

  /** The part files under {@code out}, at any depth. */
  private static List<Path> partFiles(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files.filter(p -> Files.isRegularFile(p)
          && p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  /** The directories holding part files, relative to {@code out}. */
  private static Set<String> directories(Path out) throws IOException {
    Set<String> dirs = new TreeSet<>();
    for (Path p : partFiles(out)) {
      dirs.add(out.relativize(p.getParent()).toString());
    }
    return dirs;
  }

  private static MessageType footer(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      return reader.getFooter().getFileMetaData().getSchema();
    }
  }

  private static long rowCount(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      return reader.getRecordCount();
    }
  }

  private static List<Row> rendered(Dataset<Row> df) {
    return df.selectExpr(RENDERED).orderBy("id").collectAsList();
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t).append('\n');
    }
    return sb.toString();
  }

  /**
   * The directories are the ones worked out by hand and the ones Spark's Parquet writer makes;
   * {@code spark.read.parquet} gives back the rows (typed by the DataFrame's schema, and
   * discovered without it); the files hold only the data columns, all with one layout.
   */
  @Test
  void sparkDiscoversThePartitionsOfAPartitionedWrite() throws IOException {
    Path out = dir.resolve("partitioned");
    Dataset<Row> df = rows("id");
    partitioned(df).save(out.toString());

    assertEquals(new TreeSet<>(DIRECTORY.values()), directories(out));
    Path bySpark = dir.resolve("partitioned-by-spark");
    df.write().partitionBy("s", "n", "day", "flag").parquet(bySpark.toString());
    assertEquals(directories(bySpark), directories(out));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));

    List<Path> parts = partFiles(out);
    // Each task writes one file per directory it has rows for: all seven, in all three tasks.
    assertEquals(DIRECTORY.size() * PARTITIONS, parts.size(), parts.toString());
    for (Path p : parts) {
      assertTrue(p.getFileName().toString().matches(
          "part-0000[0-2]-[0-9a-f-]{36}-c000\\.snappy\\.parquet"), p.toString());
    }

    // Typed by the DataFrame's schema: the same rows.
    assertEquals(rendered(df), rendered(spark().read().schema(df.schema())
        .parquet(out.toString())));
    // Discovered: the four partition columns appear (typed by Spark's inference), same values.
    Dataset<Row> discovered = spark().read().parquet(out.toString());
    assertTrue(List.of(discovered.columns()).containsAll(List.of("s", "n", "day", "flag")),
        discovered.schema().simpleString());
    String[] asText = {"id", "CAST(flag AS STRING)", "s", "CAST(n AS STRING)",
        "CAST(day AS STRING)", "to_json(v)"};
    assertEquals(df.selectExpr(asText).orderBy("id").collectAsList(),
        discovered.selectExpr(asText).orderBy("id").collectAsList());

    ShreddingSchema first = null;
    for (Path p : parts) {
      MessageType schema = footer(p);
      assertEquals(List.of("id", "x", "v"),
          schema.getFields().stream().map(Type::getName).toList(), p.toString());
      ShreddingSchema layout = ShreddingSchema.fromParquet(schema);
      first = first == null ? layout : first;
      assertEquals(first, layout, p.toString());
    }
    // Shredded: the int a is the dominant type (k = 3's strings stay in the residual value).
    assertTrue(first.toString().contains("a: int"), first.toString());
  }

  /**
   * The job's report counts the rows and files of every task, and maxRecordsPerFile (the option
   * or Spark's session setting) rolls files within a directory: 50 rows of each of two keys in
   * one partition, at most 20 per file, make files of 20, 20 and 10 rows in each directory.
   */
  @Test
  void maxRecordsPerFileRollsFilesAndTheReportCountsThemAll() throws IOException {
    Dataset<Row> df = spark().range(0, 100, 1, 1).selectExpr("id", "id % 2 = 0 AS even",
        "parse_json(concat('{\"a\": ', CAST(id AS STRING), '}')) AS v");
    Path out = dir.resolve("rolled");
    WriteJob.Written written = new WriteJob(df, new WriteOptions(Map.of("path", out.toString(),
        "__partition_columns", "[\"even\"]", "maxRecordsPerFile", "20")),
        SaveMode.ErrorIfExists).run();
    assertEquals(100, written.report().rowsWritten());
    assertEquals(List.of(20L, 20L, 10L, 20L, 20L, 10L), rowCounts(out));
    List<String> onDisk = partFiles(out).stream().map(p -> out.relativize(p).toString())
        .toList();
    assertEquals(onDisk, written.files().stream().sorted().toList());
    for (String suffix : List.of("-c000.snappy.parquet", "-c001.snappy.parquet",
        "-c002.snappy.parquet")) {
      for (String d : List.of("even=false/", "even=true/")) {
        assertTrue(onDisk.stream().anyMatch(f -> f.startsWith(d) && f.endsWith(suffix)),
            d + "*" + suffix + " not in " + onDisk);
      }
    }
    // Spark's partition discovery types true/false as strings: compare as text.
    String[] asText = {"id", "CAST(even AS STRING)", "to_json(v)"};
    assertEquals(df.selectExpr(asText).orderBy("id").collectAsList(),
        spark().read().parquet(out.toString()).selectExpr(asText).orderBy("id").collectAsList());

    // The session's setting, unpartitioned: 100 rows at most 30 per file.
    Path plain = dir.resolve("rolled-plain");
    spark().conf().set("spark.sql.files.maxRecordsPerFile", "30");
    try {
      df.write().format("dendrite").save(plain.toString());
    } finally {
      spark().conf().unset("spark.sql.files.maxRecordsPerFile");
    }
    assertEquals(List.of(30L, 30L, 30L, 10L), rowCounts(plain));
  }

  /** The row counts of the part files under {@code out}, in path order. */
  private static List<Long> rowCounts(Path out) throws IOException {
    List<Long> counts = new ArrayList<>();
    for (Path p : partFiles(out)) {
      counts.add(rowCount(p));
    }
    return counts;
  }

  /**
   * A task that fails (a UDF throwing on one row of the last partition) leaves nothing: no
   * directory at a new path, and an existing partitioned path as it was, after an append and
   * after a dynamic overwrite.
   */
  @Test
  void aFailedTaskLeavesNothingAtThePath() throws IOException {
    Dataset<Row> failing = rows("fail_at(id, 1300L)");
    Path fresh = dir.resolve("failed");
    Exception e = assertThrows(Exception.class, () -> partitioned(failing)
        .option("shreddingSampleRows", "6").save(fresh.toString()));
    assertTrue(messages(e).contains("row 1300 is poison"), messages(e));
    assertFalse(Files.exists(fresh),
        () -> fresh + " holds " + java.util.Arrays.toString(fresh.toFile().list()));

    Path existing = dir.resolve("kept");
    partitioned(rows("id")).save(existing.toString());
    List<Path> before = partFiles(existing);
    Exception again = assertThrows(Exception.class, () -> partitioned(failing)
        .option("shreddingSampleRows", "6").mode(SaveMode.Append).save(existing.toString()));
    assertTrue(messages(again).contains("row 1300 is poison"), messages(again));
    assertEquals(before, partFiles(existing));
    assertEquals((long) ROWS, spark().read().parquet(existing.toString()).count());

    // A dynamic overwrite writes to a staging directory: it too leaves the path as it was.
    Exception dynamic = assertThrows(Exception.class, () -> partitioned(failing)
        .option("shreddingSampleRows", "6").option("partitionOverwriteMode", "dynamic")
        .mode(SaveMode.Overwrite).save(existing.toString()));
    assertTrue(messages(dynamic).contains("row 1300 is poison"), messages(dynamic));
    assertEquals(before, partFiles(existing));
    try (Stream<Path> left = Files.list(existing)) {
      assertEquals(List.of(), left.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(".spark-staging")).toList());
    }
  }

  /**
   * Overwrite: static (the default) replaces the whole path; dynamic (the session's setting or
   * the option) replaces the directories written and keeps the others, as Spark's own Parquet
   * writer does with the same rows.
   */
  @Test
  void overwriteIsStaticOrDynamicAsInSpark() throws IOException {
    Dataset<Row> first = spark().range(0, 60, 1, 2).selectExpr("id", "CAST(id % 3 AS INT) AS p",
        "parse_json(concat('{\"a\": ', CAST(id AS STRING), '}')) AS v");
    Dataset<Row> second = spark().range(100, 140, 1, 2).selectExpr("id",
        "CAST(id % 2 + 2 AS INT) AS p", "parse_json(concat('{\"b\": ', CAST(id AS STRING), '}'))"
            + " AS v");
    String[] cols = {"id", "p", "to_json(v)"};

    Path stat = dir.resolve("overwrite-static");
    first.write().format("dendrite").partitionBy("p").save(stat.toString());
    assertEquals(Set.of("p=0", "p=1", "p=2"), directories(stat));
    second.write().format("dendrite").partitionBy("p").mode(SaveMode.Overwrite)
        .save(stat.toString());
    assertEquals(Set.of("p=2", "p=3"), directories(stat));
    assertEquals(second.selectExpr(cols).orderBy("id").collectAsList(),
        spark().read().parquet(stat.toString()).selectExpr(cols).orderBy("id").collectAsList());

    Map<String, UnaryOperator<DataFrameWriter<Row>>> routes = new TreeMap<>(Map.of(
        "option", w -> w.option("partitionOverwriteMode", "DYNAMIC"),
        "session", w -> w));
    for (Map.Entry<String, UnaryOperator<DataFrameWriter<Row>>> route : routes.entrySet()) {
      Path ours = dir.resolve("overwrite-dynamic-" + route.getKey());
      Path sparks = dir.resolve("overwrite-dynamic-spark-" + route.getKey());
      first.write().format("dendrite").partitionBy("p").save(ours.toString());
      first.write().partitionBy("p").parquet(sparks.toString());
      boolean session = route.getKey().equals("session");
      if (session) {
        spark().conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
      }
      try {
        route.getValue().apply(second.write().format("dendrite").partitionBy("p")
            .mode(SaveMode.Overwrite)).save(ours.toString());
        route.getValue().apply(second.write().partitionBy("p").mode(SaveMode.Overwrite))
            .parquet(sparks.toString());
      } finally {
        spark().conf().unset("spark.sql.sources.partitionOverwriteMode");
      }
      assertEquals(Set.of("p=0", "p=1", "p=2", "p=3"), directories(ours), route.getKey());
      assertEquals(directories(sparks), directories(ours), route.getKey());
      // p=0 and p=1 kept from the first write, p=2 replaced, p=3 new: by hand and by Spark.
      assertEquals(first.where("p < 2").union(second).selectExpr(cols).orderBy("id")
          .collectAsList(), spark().read().parquet(ours.toString()).selectExpr(cols)
          .orderBy("id").collectAsList(), route.getKey());
      assertEquals(spark().read().parquet(sparks.toString()).selectExpr(cols).orderBy("id")
          .collectAsList(), spark().read().parquet(ours.toString()).selectExpr(cols)
          .orderBy("id").collectAsList(), route.getKey());
      try (Stream<Path> left = Files.list(ours)) {
        assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(".spark-staging")),
            route.getKey());
      }
    }
  }

  /**
   * Partition columns are resolved with Spark's case sensitivity: by default {@code S} is the
   * column {@code s} and the directory takes the DataFrame's spelling.
   */
  @Test
  void partitionColumnsFollowSparksCaseSensitivity() throws IOException {
    Dataset<Row> df = spark().range(0, 10, 1, 1).selectExpr("id", "CAST(id % 2 AS INT) AS s");
    Path out = dir.resolve("case");
    df.write().format("dendrite").partitionBy("S").save(out.toString());
    assertEquals(Set.of("s=0", "s=1"), directories(out));

    spark().conf().set("spark.sql.caseSensitive", "true");
    try {
      Path strict = dir.resolve("case-sensitive");
      Exception e = assertThrows(Exception.class,
          () -> df.write().format("dendrite").partitionBy("S").save(strict.toString()));
      assertTrue(messages(e).contains("partitionBy column 'S' is not a column of the DataFrame"
          + " (spark.sql.caseSensitive=true)"), messages(e));
      assertFalse(Files.exists(strict));
    } finally {
      spark().conf().unset("spark.sql.caseSensitive");
    }
  }

  /** Each bad partitioning fails before anything is written, naming the column. */
  @Test
  void badPartitionColumnsFailWithOneClearError() {
    Dataset<Row> df = spark().range(0, 10, 1, 1).selectExpr("id",
        "parse_json('{\"a\": 1}') AS v", "named_struct('q', id) AS st", "array(id) AS arr",
        "map('k', id) AS m");
    Path out = dir.resolve("never");
    Map<String[], String> cases = Map.of(
        new String[] {"nope"}, "partitionBy column 'nope' is not a column of the DataFrame",
        new String[] {"v"}, "partitionBy column 'v' has type variant",
        new String[] {"st"}, "partitionBy column 'st' has type struct<q:bigint>",
        new String[] {"arr"}, "partitionBy column 'arr' has type array<bigint>",
        new String[] {"m"}, "partitionBy column 'm' has type map<string,bigint>",
        new String[] {"id", "ID"}, "partitionBy names column 'id' twice",
        new String[] {"st.q"}, "partitionBy column 'st.q' is not a column");
    for (Map.Entry<String[], String> c : cases.entrySet()) {
      Exception e = assertThrows(Exception.class, () -> df.write().format("dendrite")
          .partitionBy(c.getKey()).save(out.toString()));
      assertTrue(messages(e).contains(c.getValue()), c.getValue() + " not in " + messages(e));
      assertFalse(Files.exists(out), out.toString());
    }
    Exception all = assertThrows(Exception.class, () -> spark().range(3).selectExpr("id")
        .write().format("dendrite").partitionBy("id").save(out.toString()));
    assertTrue(messages(all).contains("partitionBy cannot use every column"), messages(all));
    assertFalse(Files.exists(out), out.toString());
  }

  /**
   * {@code format("dendrite")} reads a partitioned write back with its partition columns
   * (Spark's discovery types {@code p} as an int), the same rows as the DataFrame written.
   */
  @Test
  void readingAPartitionedPathThroughTheSourceGivesThePartitionColumns() throws IOException {
    Path out = dir.resolve("read-back");
    Dataset<Row> df = spark().range(0, 10, 1, 1).selectExpr("id", "CAST(id % 2 AS INT) AS p");
    df.write().format("dendrite").partitionBy("p").save(out.toString());
    Dataset<Row> read = spark().read().format("dendrite").load(out.toString());
    assertEquals(DataTypes.IntegerType, read.schema().apply("p").dataType());
    assertEquals(df.orderBy("id").collectAsList(),
        read.select("id", "p").orderBy("id").collectAsList());
  }
}
