package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code df.write.format("dendrite")}: the rows Spark computed are the oracle. Files written
 * by the source are read back by Spark's own Parquet reader and by {@code format("dendrite")},
 * and must give the DataFrame's rows (variants compared through {@code to_json} and
 * {@code variant_get}); layouts are read from the footers with parquet-java.
 */
class DendriteWriteTest {
  private static final int ROWS = 2000;
  private static final int PARTITIONS = 4;
  /** A quarter of the rows per partition: each partition's variants have their own shapes. */
  private static final String QUARTER = "CAST(id DIV " + (ROWS / PARTITIONS) + " AS INT)";
  /** The written columns as they are compared: variants by to_json and paths, binary by hex. */
  private static final String[] RENDERED = {"id", "b", "i", "l", "f", "d", "s", "hex(bin) AS bin",
      "small", "day", "ts", "ntz", "price", "big", "addr", "tags", "nums", "attrs",
      "to_json(v) AS v_json", "try_variant_get(v, '$.a', 'int') AS v_a",
      "try_variant_get(v, '$.b', 'string') AS v_b",
      "try_variant_get(v, '$.n.c[1]', 'bigint') AS v_c1",
      "try_variant_get(v, '$.z.deep.deeper', 'int') AS v_deep",
      "try_variant_get(v, '$.when', 'timestamp') AS v_when",
      "try_variant_get(v, '$.amount', 'decimal(9,2)') AS v_amount",
      "to_json(try_variant_get(v, '$.n', 'variant')) AS v_n",
      "to_json(wrap.v) AS wrap_v", "try_variant_get(wrap.v, '$.q', 'bigint') AS wrap_q",
      "wrap.k AS wrap_k", "transform(vs, x -> to_json(x)) AS vs_json"};
  /** How the "schema text" round trip shreds: fields of several types, one nested column. */
  private static final String SHREDDING = "v: {a: int32, b: string, n: {c: [int64], x: boolean},"
      + " when: timestamp, amount: decimal(9,2)}; wrap.v: {q: int64}";

  @TempDir static Path dir;

  @BeforeAll
  static void functions() {
    LocalSpark.registerFailAt();
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  /**
   * Every type the source writes, with nulls at every level, in {@link #PARTITIONS} partitions
   * whose variants differ in shape: objects of typed fields, strings where others have
   * numbers, scalars and arrays, deep objects, and objects of dates, timestamps and decimals.
   */
  static Dataset<Row> rows(String idExpression) {
    Dataset<Row> typed = spark().range(0, ROWS, 1, PARTITIONS).selectExpr("id",
        "CASE WHEN id % 7 = 0 THEN NULL ELSE id % 2 = 0 END AS b",
        "CASE WHEN id % 11 = 0 THEN NULL ELSE CAST(id * 7919 - 5000000 AS INT) END AS i",
        "id * 1000000007 - 3 AS l",
        "CAST(id AS FLOAT) / 8 - 100 AS f",
        "CASE WHEN id % 13 = 0 THEN NULL ELSE (id - 999) * 1.5e10 / 7 END AS d",
        "CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', " + str("id") + ","
            + " CASE WHEN id % 3 = 0 THEN ' ключ 🙂' ELSE '' END) END AS s",
        "CASE WHEN id % 9 = 0 THEN NULL ELSE CAST(concat('bin', " + str("id") + ") AS BINARY)"
            + " END AS bin",
        "CAST(id % 200 - 100 AS SMALLINT) AS small",
        // Dates and timestamps after 1582 and 1900: Spark's reader refuses older ones in files
        // that do not say which calendar wrote them.
        "date_add(DATE'1969-12-25', CAST(id * 37 % 50000 - 20000 AS INT)) AS day",
        "timestamp_micros(id * 2000000000000 - 2000000000000000) AS ts",
        "CAST(timestamp_micros(id * 1234567890123 - 999999) AS TIMESTAMP_NTZ) AS ntz",
        "CAST((id * 13 - 777) / 100 AS DECIMAL(9,2)) AS price",
        "CASE WHEN id % 4 = 0 THEN NULL ELSE CAST(concat(CASE WHEN id % 3 = 0 THEN '-' ELSE ''"
            + " END, " + str("id * 98765432109876") + ", '.', " + str("id % 100000") + ")"
            + " AS DECIMAL(30,5)) END AS big",
        "CASE WHEN id % 17 = 0 THEN NULL ELSE named_struct('city', CASE WHEN id % 4 = 1 THEN"
            + " NULL ELSE concat('c', " + str("id % 10") + ") END, 'zip', CAST(id % 100000 AS"
            + " INT), 'geo', CASE WHEN id % 6 = 0 THEN NULL ELSE named_struct('lat',"
            + " id / 1000.0D, 'lon', CASE WHEN id % 5 = 0 THEN NULL ELSE -id / 7.0D END) END)"
            + " END AS addr",
        "CASE WHEN id % 8 = 0 THEN NULL ELSE array(concat('t', " + str("id") + "),"
            + " CAST(NULL AS STRING), 'x') END AS tags",
        "filter(sequence(0L, id % 5), x -> x > 0) AS nums",
        "CASE WHEN id % 10 = 0 THEN NULL ELSE map('a', id, 'b', CASE WHEN id % 3 = 0 THEN NULL"
            + " ELSE id * 2 END) END AS attrs");
    return typed.selectExpr(idExpression + " AS id", "b", "i", "l", "f", "d", "s", "bin",
        "small", "day", "ts", "ntz", "price", "big", "addr", "tags", "nums", "attrs",
        "CASE WHEN id % 23 = 0 THEN NULL"
            + " WHEN " + QUARTER + " = 0 THEN parse_json(concat('{\"a\": ', "
            + str("id % 1000 - 500") + ", ', \"b\": \"w', " + str("id") + ", '\"',"
            + " CASE WHEN id % 2 = 0 THEN concat(', \"n\": {\"c\": [', " + str("id") + ","
            + " ', ', " + str("id * 3") + ", '], \"x\": ', " + str("id % 4 = 0") + ", '}')"
            + " ELSE '' END, '}'))"
            + " WHEN " + QUARTER + " = 1 THEN CASE WHEN id % 5 = 0 THEN parse_json('[1, \"two\","
            + " {\"a\": 3}, null]') ELSE parse_json(concat('{\"a\": \"not a number ', "
            + str("id") + ", '\", \"k\": ', " + str("id / 3.0D") + ", ', \"\": \"empty"
            + " key\", \"ключ\": [true, null]}')) END"
            + " WHEN " + QUARTER + " = 2 THEN CASE id % 4 WHEN 0 THEN parse_json('null')"
            + " WHEN 1 THEN CAST(concat('text ', " + str("id") + ") AS VARIANT)"
            + " WHEN 2 THEN CAST(day AS VARIANT) ELSE CAST(bin AS VARIANT) END"
            + " ELSE CASE WHEN id % 2 = 0 THEN parse_json(concat('{\"z\": {\"deep\":"
            + " {\"deeper\": ', " + str("id") + ", '}}, \"a\": ', " + str("id * 100000000000")
            + ", ', \"dec\": 1.25}'))"
            + " ELSE to_variant_object(named_struct('when', ts, 'amount', price, 'on', day,"
            + " 'a', CAST(id AS INT))) END END AS v",
        "named_struct('v', CASE WHEN id % 6 = 0 THEN NULL ELSE parse_json(concat('{\"q\": ', "
            + str("id") + ", '}')) END, 'k', id % 3) AS wrap",
        "CASE WHEN id % 9 = 0 THEN NULL ELSE array(parse_json('1'), CAST(s AS VARIANT),"
            + " parse_json(concat('{\"q\": ', " + str("id") + ", '}'))) END AS vs");
  }

  private static String str(String expression) {
    return "CAST(" + expression + " AS STRING)";
  }

  private static DataFrameWriter<Row> writer(Dataset<Row> df, Map<String, String> options) {
    return df.write().format("dendrite").options(options);
  }

  private static List<Row> rendered(Dataset<Row> df) {
    return df.selectExpr(RENDERED).orderBy("id").collectAsList();
  }

  private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual, String what) {
    Dataset<Row> want = expected.selectExpr(RENDERED);
    Dataset<Row> got = actual.selectExpr(RENDERED);
    assertEquals(want.schema().simpleString(), got.schema().simpleString(), what + ": types");
    List<Row> wantRows = rendered(expected);
    List<Row> gotRows = rendered(actual);
    assertEquals(wantRows.size(), gotRows.size(), what + ": rows");
    for (int i = 0; i < wantRows.size(); i++) {
      assertEquals(wantRows.get(i), gotRows.get(i), what + ": row " + i);
    }
  }

  /** The part files of a written directory, by name. */
  private static List<Path> partFiles(Path out) throws IOException {
    try (Stream<Path> files = Files.list(out)) {
      return files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted()
          .toList();
    }
  }

  private static List<String> names(Path out) throws IOException {
    try (Stream<Path> files = Files.list(out)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The shredding of a file, from its footer. */
  private static ShreddingSchema layout(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      return ShreddingSchema.fromParquet(reader.getFooter().getFileMetaData().getSchema());
    }
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t).append('\n');
    }
    return sb.toString();
  }

  /**
   * Every type, three shreddings, two readers: Spark's own Parquet reader and
   * {@code format("dendrite")} both give back the DataFrame's rows. The smallint column is
   * written as int32 (as documented), so it is compared as int.
   */
  @ParameterizedTest
  @ValueSource(strings = {"auto", "none", SHREDDING})
  void everyTypeRoundTripsThroughBothReaders(String shredding) throws IOException {
    Path out = dir.resolve("round-trip-" + Integer.toHexString(shredding.hashCode()));
    Dataset<Row> df = rows("id");
    writer(df, Map.of("shredding", shredding)).save(out.toString());

    List<Path> parts = partFiles(out);
    assertEquals(PARTITIONS, parts.size(), names(out).toString());
    for (Path p : parts) {
      assertTrue(p.getFileName().toString().matches(
          "part-0000[0-3]-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
              + "-c000\\.snappy\\.parquet"), p.toString());
    }
    assertTrue(Files.exists(out.resolve("_SUCCESS")), names(out).toString());
    Dataset<Row> expected = df.withColumn("small", df.col("small").cast("int"));
    assertSameRows(expected, spark().read().parquet(out.toString()), shredding + ", Spark");
    assertSameRows(expected, spark().read().format("dendrite").load(out.toString()),
        shredding + ", dendrite");

    ShreddingSchema written = layout(parts.get(0));
    if (shredding.equals("none")) {
      assertTrue(written.isEmpty(), written.toString());
    } else if (!shredding.equals("auto")) {
      assertEquals(ShreddingSchema.parse(SHREDDING), written);
    } else {
      assertTrue(written.paths().containsAll(List.of("v", "wrap.v")), written.toString());
    }
  }

  /**
   * shredding=auto: one schema for the job, from rows of every partition. Each partition's
   * objects have their own fields, so a per-file inference would shred each file differently;
   * every file must shred a, b, c and d (each in a quarter or more of the objects).
   */
  @Test
  void theFilesOfOneAutoJobShareOneLayout() throws IOException {
    Path out = dir.resolve("one-layout");
    Dataset<Row> df = spark().range(0, 4000, 1, 4).selectExpr("id",
        "CASE CAST(id DIV 1000 AS INT) WHEN 0 THEN parse_json(concat('{\"a\": ', id, '}'))"
            + " WHEN 1 THEN parse_json(concat('{\"b\": \"s', id, '\"}'))"
            + " WHEN 2 THEN parse_json(concat('{\"c\": ', id % 2 = 0, '}'))"
            + " ELSE parse_json(concat('{\"a\": ', id, ', \"d\": 1.5}')) END AS v");
    df.write().format("dendrite").save(out.toString());

    List<Path> parts = partFiles(out);
    assertEquals(4, parts.size(), names(out).toString());
    ShreddingSchema first = layout(parts.get(0));
    for (Path p : parts) {
      assertEquals(first, layout(p), p.toString());
    }
    String shredded = first.get("v").toString();
    for (String field : List.of("a", "b", "c", "d")) {
      assertTrue(shredded.contains(field + ": "), shredded);
    }
    assertEquals(df.selectExpr("id", "to_json(v)").orderBy("id").collectAsList(),
        spark().read().parquet(out.toString()).selectExpr("id", "to_json(v)").orderBy("id")
            .collectAsList());
  }

  /**
   * The job's coverage sums the files' counts: of 400 objects in four partitions, 320 hold an
   * integer a, 40 a string a (kept in the residual value) and 40 no a (counted by hand).
   */
  @Test
  void theJobReportCountsTheValuesOfEveryFile() throws IOException {
    Path out = dir.resolve("report");
    Dataset<Row> df = spark().range(0, 400, 1, 4).selectExpr("id",
        "CASE WHEN id % 10 = 0 THEN parse_json('{\"a\": \"x\"}')"
            + " WHEN id % 10 = 1 THEN parse_json('{\"b\": 1}')"
            + " ELSE parse_json(concat('{\"a\": ', CAST(id AS STRING), '}')) END AS v");
    WriteJob.Written written = new WriteJob(df,
        new WriteOptions(Map.of("path", out.toString())), SaveMode.ErrorIfExists).run();
    ShreddingReport report = written.report();
    assertEquals(400, report.rowsWritten());
    assertEquals(partFiles(out).stream().map(p -> p.getFileName().toString()).toList(),
        written.files().stream().sorted().toList());
    ShreddingReport.PathCounts a = report.path("v.a");
    assertEquals(List.of(320L, 40L, 40L), List.of(a.typed(), a.residual(), a.missing()),
        report.toString());
  }

  /** pin:<file> writes every part file with the layout of an existing file. */
  @Test
  void pinTakesTheLayoutOfAFile() throws IOException {
    Path reference = dir.resolve("reference.parquet");
    try (DendriteWriter w = DendriteWriter.builder(reference).schema("id int64, v variant")
        .shredding("v: {a: int64, k: double}").build()) {
      w.writeJson("{\"id\": 1, \"v\": {\"a\": 1, \"k\": 2.5}}");
    }
    Path out = dir.resolve("pinned");
    Dataset<Row> df = rows("id").select("id", "v");
    writer(df, Map.of("shredding", "pin:" + reference)).save(out.toString());
    for (Path p : partFiles(out)) {
      assertEquals(layout(reference), layout(p), p.toString());
    }
    assertEquals(df.selectExpr("id", "to_json(v)").orderBy("id").collectAsList(),
        spark().read().format("dendrite").load(out.toString()).selectExpr("id", "to_json(v)")
            .orderBy("id").collectAsList());
  }

  /** The save modes as Spark's Parquet source applies them. */
  @Test
  void saveModesBehaveAsSparksParquetSource() throws IOException {
    Path out = dir.resolve("modes");
    Dataset<Row> first = spark().range(0, 100, 1, 2).selectExpr("id",
        "parse_json(concat('{\"a\": ', id, '}')) AS v");
    Dataset<Row> second = spark().range(100, 130, 1, 1).selectExpr("id",
        "parse_json(concat('{\"a\": ', id, '}')) AS v");
    first.write().format("dendrite").save(out.toString()); // ErrorIfExists, the default
    List<String> written = names(out);

    Exception exists = assertThrows(Exception.class,
        () -> second.write().format("dendrite").save(out.toString()));
    assertTrue(messages(exists).contains("already exists"), messages(exists));
    assertEquals(written, names(out));

    second.write().format("dendrite").mode(SaveMode.Ignore).save(out.toString());
    assertEquals(written, names(out));

    second.write().format("dendrite").mode(SaveMode.Append).save(out.toString());
    assertTrue(names(out).containsAll(written), names(out).toString());
    assertEquals(3, partFiles(out).size());
    assertEquals(130L, spark().read().parquet(out.toString()).count());
    assertEquals(first.union(second).selectExpr("id", "to_json(v)").orderBy("id")
        .collectAsList(), spark().read().format("dendrite").load(out.toString())
        .selectExpr("id", "to_json(v)").orderBy("id").collectAsList());

    second.write().format("dendrite").mode(SaveMode.Overwrite).save(out.toString());
    assertEquals(1, partFiles(out).size());
    assertFalse(partFiles(out).stream().anyMatch(p -> written.contains(p.getFileName()
        .toString())), names(out).toString());
    assertEquals(second.selectExpr("id", "to_json(v)").orderBy("id").collectAsList(),
        spark().read().parquet(out.toString()).selectExpr("id", "to_json(v)").orderBy("id")
            .collectAsList());

    // Overwriting the path the DataFrame reads would delete its input first: refused.
    Dataset<Row> self = spark().read().format("dendrite").load(out.toString());
    Exception reading = assertThrows(Exception.class,
        () -> self.write().format("dendrite").mode(SaveMode.Overwrite).save(out.toString()));
    assertTrue(messages(reading).contains("reads from it"), messages(reading));
    assertEquals(30L, spark().read().parquet(out.toString()).count());

    // A new path under Ignore and Overwrite is written as under ErrorIfExists.
    Path fresh = dir.resolve("modes-fresh");
    first.write().format("dendrite").mode(SaveMode.Ignore).save(fresh.toString());
    assertEquals(100L, spark().read().parquet(fresh.toString()).count());
  }

  /**
   * A task that fails (a UDF throwing on one row, in the last partition) fails the job, and
   * the job leaves nothing: no directory at a new path, no new file in an existing one. The
   * other tasks may have committed their files already; the job's abort removes them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"none", "auto"})
  void aFailedTaskLeavesNothingAtThePath(String shredding) throws IOException {
    // Row 1900 is in the last partition, past the two rows per partition the sample takes.
    Dataset<Row> failing = rows("fail_at(id, 1900L)");
    Map<String, String> options = Map.of("shredding", shredding, "shreddingSampleRows", "8");
    Path fresh = dir.resolve("failed-" + shredding);
    Exception e = assertThrows(Exception.class,
        () -> writer(failing, options).save(fresh.toString()));
    assertTrue(messages(e).contains("row 1900 is poison"), messages(e));
    assertFalse(Files.exists(fresh),
        () -> fresh + " holds " + java.util.Arrays.toString(fresh.toFile().list()));

    Path existing = dir.resolve("kept-" + shredding);
    writer(rows("id"), options).save(existing.toString());
    List<String> before = names(existing);
    Exception again = assertThrows(Exception.class,
        () -> writer(failing, options).mode(SaveMode.Append).save(existing.toString()));
    assertTrue(messages(again).contains("row 1900 is poison"), messages(again));
    assertEquals(before, names(existing));
    assertEquals((long) ROWS, spark().read().parquet(existing.toString()).count());
  }

  /** Each bad option fails the write before anything is written, naming the option. */
  @Test
  void badOptionsFailWithOneClearError() throws IOException {
    Dataset<Row> df = rows("id").select("id", "v", "wrap");
    Path out = dir.resolve("never");
    Map<UnaryOperator<DataFrameWriter<Row>>, String> cases = Map.of(
        w -> w.option("shreding", "none"), "unknown write option 'shreding'",
        w -> w.option("compression", "brotli"), "option compression has a bad value 'brotli'",
        w -> w.option("rowGroupSize", "-1"), "option rowGroupSize",
        w -> w.option("pageVersion", "3"), "option pageVersion must be 1 or 2",
        w -> w.option("shredding", "v: {a: int99}"), "option shredding is not auto, none",
        w -> w.option("shredding", "nope: {a: int64}"), "shreds nope",
        w -> w.option("shredding", "pin:" + dir.resolve("missing.parquet")),
        "cannot read the Parquet footer",
        w -> w.clusterBy("id"), "clusterBy is not supported");
    for (Map.Entry<UnaryOperator<DataFrameWriter<Row>>, String> c : cases.entrySet()) {
      Exception e = assertThrows(Exception.class,
          () -> c.getKey().apply(df.write().format("dendrite")).save(out.toString()));
      assertTrue(messages(e).contains(c.getValue()), c.getValue() + " not in " + messages(e));
      assertFalse(Files.exists(out), out.toString());
    }
    // A column of a type the source has no Parquet type for: refused by Spark, naming it.
    Exception voidColumn = assertThrows(Exception.class, () -> spark().range(1)
        .selectExpr("id", "NULL AS nothing").write().format("dendrite").save(out.toString()));
    assertTrue(messages(voidColumn).contains("nothing")
        && messages(voidColumn).toLowerCase(java.util.Locale.ROOT).contains("void"),
        messages(voidColumn));
    assertFalse(Files.exists(out), out.toString());
  }

  /** Spark hands INSERT INTO to a V2 table's batch write, which the source does not have. */
  @Test
  void insertIntoADendriteTableFailsClearly() throws IOException {
    Path out = dir.resolve("table");
    spark().range(0, 10).selectExpr("id").write().format("dendrite").save(out.toString());
    spark().sql("CREATE TABLE write_insert USING dendrite LOCATION '" + out.toUri() + "'");
    try {
      Exception e = assertThrows(Exception.class,
          () -> spark().sql("INSERT INTO write_insert SELECT 42L"));
      assertTrue(messages(e).contains("does not support append in batch mode"), messages(e));
      assertEquals(10L, spark().table("write_insert").count());
    } finally {
      spark().sql("DROP TABLE IF EXISTS write_insert");
    }
  }

  /** A DataFrame of no rows leaves one file holding the schema, as Spark's writer does. */
  @Test
  void noRowsWriteOneFileWithTheSchema() throws IOException {
    Path out = dir.resolve("empty");
    Dataset<Row> df = rows("id").where("id < 0");
    df.write().format("dendrite").save(out.toString());
    assertEquals(1, partFiles(out).size(), names(out).toString());
    Dataset<Row> back = spark().read().parquet(out.toString());
    assertEquals(0L, back.count());
    assertEquals(df.withColumn("small", df.col("small").cast("int")).selectExpr(RENDERED)
        .schema().simpleString(), back.selectExpr(RENDERED).schema().simpleString());
  }
}
