package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code spark.read.format("dendrite")} against Spark's own Parquet reader on the same files,
 * which is the oracle: every expected value comes from {@code spark.read.parquet}, none from
 * our reader.
 */
class DendriteSourceTest {
  private static final int ROWS = 1500;
  /** Every column of TestFiles.SCHEMA as Spark compares them: variants through to_json/variant_get. */
  private static final String[] ALL = {"id", "i", "l", "f", "d", "b", "s", "bin", "day", "ts",
      "ntz", "price", "big", "addr", "tags", "nums", "attrs", "to_json(doc) AS doc_json",
      // doc.a is sometimes a string that is not a number: try_variant_get there. doc.n.x is
      // a boolean wherever it exists, so variant_get itself must succeed on every row.
      "try_variant_get(doc, '$.a', 'int') AS doc_a", "variant_get(doc, '$.n.x', 'boolean') AS doc_x",
      "try_variant_get(doc, '$.n.c[1]', 'bigint') AS doc_c1",
      "try_variant_get(doc, '$.b', 'string') AS doc_b",
      "to_json(try_variant_get(doc, '$.n', 'variant')) AS doc_n"};

  @TempDir static Path dir;

  @BeforeAll
  static void writeFiles() throws Exception {
    TestFiles.write(dir.resolve("unshredded.parquet"), 0, ROWS, 1, DendriteWriter.Builder::unshredded);
    TestFiles.write(dir.resolve("shredded.parquet"), 0, ROWS, 2, b -> b.shredding(TestFiles.SHREDDING));
    Files.createDirectories(dir.resolve("table"));
    TestFiles.write(dir.resolve("table/part-0.parquet"), 0, 700, 3, b -> b.shredding(TestFiles.SHREDDING));
    TestFiles.write(dir.resolve("table/part-1.parquet"), 700, 900, 4, DendriteWriter.Builder::unshredded);
    Files.writeString(dir.resolve("table/_SUCCESS"), "");
    Files.writeString(dir.resolve("not-parquet.parquet"), "just some text, no footer",
        StandardCharsets.UTF_8);
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  private static Dataset<Row> dendrite(String path) {
    return spark().read().format("dendrite").load(path);
  }

  private static Dataset<Row> native_(String path) {
    return spark().read().parquet(path);
  }

  /** Same rows, ordered by id, and the same column types (ignoring nullability). */
  private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual, String what) {
    assertSameRows(expected, actual, what, "id");
  }

  /** As above, ordered by {@code order} (rows equal in those columns must be equal). */
  private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual, String what,
      String... order) {
    assertEquals(expected.schema().simpleString(), actual.schema().simpleString(), what);
    List<Row> want = expected.orderBy(order[0], java.util.Arrays.copyOfRange(order, 1, order.length))
        .collectAsList();
    List<Row> got = actual.orderBy(order[0], java.util.Arrays.copyOfRange(order, 1, order.length))
        .collectAsList();
    assertEquals(want.size(), got.size(), what + ": rows");
    for (int i = 0; i < want.size(); i++) {
      assertEquals(want.get(i), got.get(i), what + ": row " + i);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "shredded"})
  void everyColumnReadsAsSparksOwnReaderReadsIt(String layout) throws Exception {
    String file = dir.resolve(layout + ".parquet").toString();
    assertLayout(layout, Path.of(file), "doc");
    assertTrue(rowGroups(Path.of(file)) > 1);
    Dataset<Row> ours = dendrite(file);
    assertEquals(native_(file).schema().simpleString(), ours.schema().simpleString());
    assertSameRows(native_(file).selectExpr(ALL), ours.selectExpr(ALL), layout);
    // The comparison means something only if the variant paths found values.
    long typedA = ours.where("try_variant_get(doc, '$.a', 'int') IS NOT NULL").count();
    assertTrue(typedA > ROWS / 2, "rows with an int doc.a: " + typedA);
  }

  /**
   * A file written with variantAnnotation(false): the source still gives Spark a variant column
   * (Spark's own reader sees the plain group as a struct) holding the annotated file's rows.
   */
  @Test
  void plainVariantGroupsReadAsVariants() throws Exception {
    Path plain = dir.resolve("shredded-plain.parquet");
    TestFiles.write(plain, 0, ROWS, 2,
        b -> b.shredding(TestFiles.SHREDDING).variantAnnotation(false));
    String annotated = dir.resolve("shredded.parquet").toString();
    assertTrue(native_(plain.toString()).schema().apply("doc").dataType()
        instanceof org.apache.spark.sql.types.StructType);
    assertSameRows(dendrite(annotated).selectExpr(ALL), dendrite(plain.toString()).selectExpr(ALL),
        "plain groups");
  }

  @Test
  void aDirectoryReadsAllItsDataFiles() {
    String table = dir.resolve("table").toString();
    assertSameRows(native_(table).selectExpr(ALL), dendrite(table).selectExpr(ALL), "table");
    assertEquals(1600, dendrite(table).count());
  }

  @Test
  void severalPathsReadTogether() {
    String a = dir.resolve("unshredded.parquet").toString();
    String b = dir.resolve("shredded.parquet").toString();
    Dataset<Row> ours = spark().read().format("dendrite").load(a, b);
    Dataset<Row> theirs = spark().read().parquet(a, b);
    assertEquals(2 * ROWS, ours.count());
    // Both files have every id: the rows compared are ordered by all their columns.
    String[] columns = {"id", "s", "day", "to_json(doc) AS doc_json"};
    assertSameRows(theirs.selectExpr(columns), ours.selectExpr(columns), "two files",
        "id", "s", "day", "doc_json");
  }

  @Test
  void aPrunedSelectReadsOnlyItsColumnsAndTheRightValues() {
    String file = dir.resolve("shredded.parquet").toString();
    Dataset<Row> ours = dendrite(file).select("s", "id", "addr");
    assertSameRows(native_(file).select("s", "id", "addr"), ours, "pruned");
    // The scan was asked for these top-level columns only, in table order.
    String plan = ours.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("ReadColumns: struct<id:bigint,s:string,addr:struct<"), plan);
    // A nested field alone: Spark projects it from the whole struct the scan reads.
    assertSameRows(native_(file).selectExpr("id", "addr.geo.lat"),
        dendrite(file).selectExpr("id", "addr.geo.lat"), "nested field");
    // Only the variant.
    assertSameRows(native_(file).selectExpr("id", "to_json(doc)"),
        dendrite(file).selectExpr("id", "to_json(doc)"), "variant only");
  }

  /**
   * A directory Spark wrote itself (part files, _SUCCESS, .crc files), its variant column
   * shredded by Spark's own per-file inference: read as Spark reads it.
   */
  @Test
  void aDirectorySparkWroteReadsAsSparkReadsIt() throws Exception {
    String out = dir.resolve("spark-written").toString();
    spark().conf().set("spark.sql.variant.writeShredding.enabled", "true");
    spark().range(0, 2000, 1, 2).selectExpr("id",
        // Objects only: Spark leaves a column unshredded when a top-level value is not one.
        "parse_json(CASE WHEN id % 10 = 0 THEN concat('{\"b\": {\"c\": \"x', id, '\"},"
            + " \"d\": [1, 2]}') WHEN id % 7 = 0 THEN concat('{\"a\": \"s', id, '\"}')"
            + " ELSE concat('{\"a\": ', id, ', \"b\": {\"c\": ', id % 5, '}}') END) AS v")
        .write().parquet(out);
    try (var parts = Files.list(Path.of(out))) {
      List<Path> files = parts.filter(p -> p.getFileName().toString().endsWith(".parquet"))
          .toList();
      assertEquals(2, files.size(), files.toString());
      for (Path part : files) {
        assertLayout("shredded", part, "v");
      }
    }
    String[] columns = {"id", "to_json(v) AS v", "try_variant_get(v, '$.a', 'int') AS a",
        "try_variant_get(v, '$.b.c', 'int') AS c",
        "to_json(variant_get(v, '$.b', 'variant')) AS b"};
    assertSameRows(native_(out).selectExpr(columns), dendrite(out).selectExpr(columns),
        "spark-written");
    assertEquals(2000, dendrite(out).count());
  }

  /**
   * Files larger than spark.sql.files.maxPartitionBytes are split: each split reads the row
   * groups whose middle byte it holds, so the splits together read every row once (some
   * splits hold no row group's middle and read nothing).
   */
  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "shredded"})
  void largeFilesAreSplitAndEachRowIsReadOnce(String layout) throws Exception {
    Path file = dir.resolve(layout + ".parquet");
    long size = Files.size(file);
    long maxSplit = size / 7;
    spark().conf().set("spark.sql.files.maxPartitionBytes", Long.toString(maxSplit));
    try {
      Dataset<Row> ours = dendrite(file.toString());
      assertEquals((size + maxSplit - 1) / maxSplit, ours.rdd().getNumPartitions());
      assertTrue(rowGroups(file) > 1 && rowGroups(file) < ours.rdd().getNumPartitions());
      assertSameRows(native_(file.toString()).selectExpr(ALL), ours.selectExpr(ALL),
          layout + " split");
      assertEquals(ROWS, ours.count());
      assertEquals(ROWS, ours.select("id").distinct().count());
    } finally {
      spark().conf().unset("spark.sql.files.maxPartitionBytes");
    }
  }

  /** Collections of structs and structs of collections, nested, with nulls at each level. */
  @Test
  void nestedCollectionsReadAsSparkReadsThem() throws Exception {
    Path file = dir.resolve("nested.parquet");
    java.util.Random r = new java.util.Random(5);
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null,"
        + " events list<struct<k string, n list<int32>>>,"
        + " m map<string, struct<x double, y list<bigint not null>>>,"
        + " s struct<tags list<string>, inner map<string, string>, deep struct<v variant>>")
        .build()) {
      for (int i = 0; i < 300; i++) {
        String events = r.nextInt(5) == 0 ? "null" : "[" + (r.nextBoolean() ? ""
            : "{\"k\": \"e" + i + "\", \"n\": [1, null, " + i + "]}, null,"
                + " {\"k\": null, \"n\": null}, {\"n\": []}") + "]";
        String m = r.nextInt(5) == 0 ? "null" : "{\"a\": {\"x\": " + r.nextDouble()
            + ", \"y\": [" + i + ", 2]}, \"b\": null, \"c\": {\"x\": null}}";
        String st = r.nextInt(5) == 0 ? "null" : "{\"tags\": [\"t" + i + "\", null],"
            + " \"inner\": {\"q\": \"w" + i + "\", \"z\": null}, \"deep\": "
            + (r.nextBoolean() ? "null" : "{\"v\": {\"p\": [" + i + ", {\"q\": true}]}}") + "}";
        w.writeJson("{\"id\": " + i + ", \"events\": " + events + ", \"m\": " + m
            + ", \"s\": " + st + "}");
      }
    }
    String[] columns = {"id", "events", "m", "s.tags", "s.inner", "to_json(s.deep.v) AS v"};
    assertSameRows(native_(file.toString()).selectExpr(columns),
        dendrite(file.toString()).selectExpr(columns), "nested");
  }

  /** Spark's legacy INT96 timestamps (nanoseconds) read as Spark reads them: microseconds. */
  @Test
  void int96TimestampsReadAsSparkReadsThem() throws Exception {
    String out = dir.resolve("int96").toString();
    spark().conf().set("spark.sql.parquet.outputTimestampType", "INT96");
    try {
      spark().range(0, 300, 1, 1).selectExpr("id",
          "timestamp_micros(id * 123456789012 - 9876543210987 + id % 7) AS t")
          .write().parquet(out);
    } finally {
      spark().conf().unset("spark.sql.parquet.outputTimestampType");
    }
    try (var parts = Files.list(Path.of(out))) {
      Path part = parts.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
      try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(part))) {
        assertEquals("INT96", f.getFooter().getFileMetaData().getSchema().getType("t")
            .asPrimitiveType().getPrimitiveTypeName().name());
      }
    }
    assertSameRows(native_(out), dendrite(out), "int96");
  }

  /** Types the source does not map yet are refused up front, naming the column and file. */
  @Test
  void anUnsupportedColumnTypeFailsNamingColumnAndFile() throws Exception {
    Path file = dir.resolve("uuid.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, u uuid").build()) {
      w.writeJson("{\"id\": 1, \"u\": \"123e4567-e89b-12d3-a456-426614174000\"}");
    }
    Exception e = assertThrows(Exception.class, () -> dendrite(file.toString()).collectAsList());
    assertTrue(messages(e).contains("column u of ") && messages(e).contains("uuid.parquet")
        && messages(e).contains("uuid"), messages(e));
  }

  /** Column names are names, not paths: a dot or a space in one selects that column. */
  @Test
  void oddColumnNamesReadAsTheyAre() throws Exception {
    Path file = dir.resolve("odd-names.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64, `a.b` int64, `odd name` string, `v.x` variant").build()) {
      for (int i = 0; i < 50; i++) {
        w.writeJson("{\"id\": " + i + ", \"a.b\": " + (i * 7) + ", \"odd name\": \"n" + i
            + "\", \"v.x\": {\"k\": " + i + "}}");
      }
    }
    String[] columns = {"id", "`a.b`", "`odd name`", "to_json(`v.x`) AS v"};
    assertSameRows(native_(file.toString()).selectExpr(columns),
        dendrite(file.toString()).selectExpr(columns), "odd names");
    assertSameRows(native_(file.toString()).selectExpr("id", "`a.b`"),
        dendrite(file.toString()).selectExpr("id", "`a.b`"), "odd names, pruned");
    String where = "`a.b` > 70 AND `odd name` <> 'n12'";
    Dataset<Row> filtered = dendrite(file.toString()).where(where).select("id");
    assertSameRows(native_(file.toString()).where(where).select("id"), filtered,
        "odd names, filtered");
    String plan = filtered.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("`a.b` > 70") && plan.contains("not `odd name` = 'n12'"), plan);
  }

  @Test
  void countsAndFiltersAgreeWithSpark() {
    String file = dir.resolve("unshredded.parquet").toString();
    assertEquals(native_(file).count(), dendrite(file).count());
    String where = "try_variant_get(doc, '$.a', 'int') > 100 AND s IS NOT NULL";
    assertSameRows(native_(file).where(where).select("id", "s"),
        dendrite(file).where(where).select("id", "s"), "filtered");
    assertTrue(dendrite(file).where(where).count() > 0);
  }

  @Test
  void aMissingPathFailsNamingIt() {
    String missing = dir.resolve("no-such-file.parquet").toString();
    Exception e = assertThrows(Exception.class, () -> dendrite(missing).collectAsList());
    assertTrue(messages(e).contains("no-such-file.parquet")
        && messages(e).contains("does not exist"), messages(e));
  }

  @Test
  void aFileThatIsNotParquetFailsNamingIt() {
    String bad = dir.resolve("not-parquet.parquet").toString();
    Exception e = assertThrows(Exception.class, () -> dendrite(bad).collectAsList());
    assertTrue(messages(e).contains("not-parquet.parquet") && messages(e).contains("Parquet"),
        messages(e));
  }

  /**
   * A file damaged after the read was planned (footer intact, pages not) fails on the executor
   * with the core's error, which names the file and the row group.
   */
  @Test
  void aDamagedPageFailsNamingTheFileAndRowGroup() throws Exception {
    Path file = dir.resolve("damaged.parquet");
    Files.copy(dir.resolve("unshredded.parquet"), file);
    Dataset<Row> df = dendrite(file.toString()).select("id", "s", "doc");
    byte[] bytes = Files.readAllBytes(file);
    for (int i = 64; i < 4096; i++) {
      bytes[i] ^= 0x5a; // the first column chunks' pages; the footer at the end stays valid
    }
    Files.write(file, bytes);
    Exception e = assertThrows(Exception.class, df::collectAsList);
    assertTrue(messages(e).contains("damaged.parquet") && messages(e).contains("row group"),
        messages(e));
  }

  /** These tests mean something only on Spark's classpath: its parquet-java, not ours. */
  @Test
  void runsOnSparksParquetJava() throws Exception {
    // Read at run time: javac copies the constant into this class, and classes compiled for
    // one Spark profile are run again by the other without recompiling.
    assertEquals(System.getProperty("expected.parquet.version"),
        org.apache.parquet.Version.class.getField("VERSION_NUMBER").get(null));
    assertEquals(System.getProperty("expected.spark.version"), spark().version());
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t).append(" | ");
    }
    return sb.toString();
  }

  /** The files are laid out as their names say, so each test covers what it claims. */
  private static void assertLayout(String layout, Path file, String column) throws Exception {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      boolean shredded = ShreddingSchema.fromParquet(f.getFooter().getFileMetaData().getSchema())
          .get(column) != null;
      assertEquals(layout.equals("shredded"), shredded, layout + " " + file);
    }
  }

  private static int rowGroups(Path file) throws Exception {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      return f.getRowGroups().size();
    }
  }
}
