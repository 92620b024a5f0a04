package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.execution.datasources.VariantMetadata;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variant extraction pushdown: {@code variant_get}/{@code try_variant_get} served by the scan
 * against {@code spark.read.parquet} on the same files, the oracle, with Spark's
 * {@code spark.sql.variant.pushVariantIntoScan} on (Spark pushes extractions into both scans)
 * and off (both read whole variants). Two directories: one whose variant is never null (a
 * shredded and an unshredded file: the scan reads the paths' leaves), one with null variants
 * ({@link TestFiles}: the scan reads them whole, to give Spark exact nulls).
 */
class DendriteSourceExtractionTest {
  private static final String PUSH = "spark.sql.variant.pushVariantIntoScan";
  private static final String SCHEMA = "id int64 not null, v variant";
  private static final String SHREDDING = "v: {a: int32, b: string, n: {c: [int64], x: boolean}}";
  private static final int ROWS = 600;

  /** Typed leaves, residual values (a as a string or double), casts that fail to null. */
  private static final String[] LEAVES = {"id", "try_variant_get(v, '$.a', 'int') AS a_int",
      "variant_get(v, '$.a', 'string') AS a_str", "variant_get(v, '$.a', 'double') AS a_dbl",
      "variant_get(v, '$.b', 'string') AS b", "try_variant_get(v, '$.b', 'int') AS b_int",
      "variant_get(v, \"$['b']\", 'string') AS b_quoted",
      "to_json(variant_get(v, '$.a')) AS a_json"};
  /** Nested objects and arrays, as values, JSON, structs, maps and arrays. */
  private static final String[] NESTED = {"id", "variant_get(v, '$.n.x', 'boolean') AS x",
      "try_variant_get(v, '$.n.c[1]', 'bigint') AS c1",
      "try_variant_get(v, '$.n.c', 'array<bigint>') AS c",
      "variant_get(v, '$.n', 'string') AS n_str", "to_json(variant_get(v, '$.n')) AS n_json",
      "try_variant_get(v, '$.n', 'struct<x boolean, c array<int>>') AS n_struct",
      "try_variant_get(v, '$.n', 'map<string, string>') AS n_map"};
  /** Array elements, paths missing everywhere or through a scalar, indexes past the end. */
  private static final String[] MISSING = {"id", "try_variant_get(v, '$[0]', 'int') AS e0",
      "to_json(variant_get(v, '$[2]')) AS e2", "try_variant_get(v, '$[2].a', 'int') AS e2a",
      "variant_get(v, '$.zz', 'int') AS zz", "variant_get(v, '$.a.b', 'int') AS ab",
      "try_variant_get(v, '$.n.c[9]', 'int') AS c9",
      "try_variant_get(v, '$.ts', 'timestamp') AS ts", "try_variant_get(v, '$.bad', 'int') AS bad"};

  @TempDir static Path dir;
  private static String clean;
  private static String withNulls;

  @BeforeAll
  static void writeFiles() throws Exception {
    Path c = Files.createDirectories(dir.resolve("never-null"));
    write(c.resolve("part-0.parquet"), 0, 11, b -> b.shredding(SHREDDING));
    write(c.resolve("part-1.parquet"), ROWS, 12, DendriteWriter.Builder::unshredded);
    clean = c.toString();
    Path n = Files.createDirectories(dir.resolve("with-nulls"));
    TestFiles.write(n.resolve("part-0.parquet"), 0, 500, 13, b -> b.shredding(TestFiles.SHREDDING));
    TestFiles.write(n.resolve("part-1.parquet"), 500, 500, 14, DendriteWriter.Builder::unshredded);
    withNulls = n.toString();
  }

  /** Rows whose v is never null: objects in the shredded shape with residual leaves, arrays. */
  private static void write(Path file, int firstId, long seed,
      java.util.function.UnaryOperator<DendriteWriter.Builder> layout) throws Exception {
    Random r = new Random(seed);
    try (DendriteWriter w = layout.apply(DendriteWriter.builder(file).schema(SCHEMA)
        .rowGroupRows(ROWS / 3)).build()) {
      for (int id = firstId; id < firstId + ROWS; id++) {
        w.writeJson("{\"id\": " + id + ", \"v\": " + variant(r) + "}");
      }
    }
  }

  private static String variant(Random r) {
    switch (r.nextInt(12)) {
      case 0:
        return "[" + r.nextInt(100) + ", \"two\", {\"a\": " + r.nextInt(100) + "}]";
      case 1:
        return "\"just a string\"";
      default:
        List<String> fields = new ArrayList<>();
        switch (r.nextInt(6)) {
          case 0 -> { } // a missing
          case 1 -> fields.add("\"a\": null");
          case 2 -> fields.add("\"a\": \"" + (r.nextInt(1000) - 500) + "\""); // a castable string
          case 3 -> fields.add("\"a\": " + (r.nextInt(1000) - 500) + ".5");
          default -> fields.add("\"a\": " + (r.nextInt(1000) - 500));
        }
        if (r.nextInt(4) > 0) {
          fields.add("\"b\": " + (r.nextInt(5) == 0 ? "7" : "\"word" + r.nextInt(20) + "\""));
        }
        if (r.nextInt(3) > 0) {
          fields.add("\"n\": " + (r.nextInt(6) == 0 ? "\"flat\"" : "{\"c\": [" + r.nextInt(9)
              + ", " + r.nextInt(9) + "], \"x\": " + r.nextBoolean() + "}"));
        }
        if (r.nextInt(3) == 0) {
          fields.add("\"ts\": \"2024-03-0" + (1 + r.nextInt(9)) + " 10:1" + r.nextInt(10)
              + ":00\"");
        }
        fields.add("\"bad\": " + (r.nextInt(25) == 0 ? "\"oops\"" : "\"12\""));
        return "{" + String.join(", ", fields) + "}";
    }
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  @AfterEach
  void restoreConf() {
    spark().conf().unset(PUSH);
    spark().conf().unset("spark.sql.session.timeZone");
    spark().conf().set("spark.sql.session.timeZone", "UTC");
  }

  /** Ours and Spark's rows of {@code columns} under {@code where}, by id; our scan's report. */
  private static ExecutedScan compare(String table, String where, String... columns) {
    List<Row> expected = spark().read().parquet(table).where(where).selectExpr(columns)
        .orderBy("id").collectAsList();
    ExecutedScan ours = ExecutedScan.run(spark().read().format("dendrite").load(table)
        .where(where).selectExpr(columns));
    List<Row> got = new ArrayList<>(ours.rows());
    got.sort(java.util.Comparator.comparingLong(row -> row.getLong(0)));
    assertEquals(expected.toString(), got.toString(), where + " " + List.of(columns) + " ("
        + ours.description() + ")");
    assertFalse(expected.isEmpty(), where);
    return ours;
  }

  private static void bothSettings(Runnable check) {
    for (String push : new String[] {"true", "false"}) {
      spark().conf().set(PUSH, push);
      check.run();
    }
  }

  @Test
  void typedLeavesResidualValuesAndCastsEqualSparks() {
    bothSettings(() -> {
      ExecutedScan scan = compare(clean, "true", LEAVES);
      String d = scan.description();
      assertEquals(pushOn(), d.contains("VariantExtractions: v: [$.a as int (try), "), d);
      assertEquals(pushOn(), d.contains(", $['b'] as string, ") && d.contains("$.a as variant"),
          d);
    });
  }

  @Test
  void nestedObjectsAndArraysEqualSparks() {
    bothSettings(() -> compare(clean, "true", NESTED));
  }

  @Test
  void arrayElementsAndMissingPathsEqualSparks() {
    bothSettings(() -> compare(clean, "true", MISSING));
  }

  /** Casts of strings to timestamps use the session's time zone, which Spark hands over. */
  @Test
  void timestampCastsUseTheSessionTimeZone() {
    spark().conf().set("spark.sql.session.timeZone", "America/Los_Angeles");
    bothSettings(() -> compare(clean, "true", "id",
        "string(try_variant_get(v, '$.ts', 'timestamp')) AS ts",
        "unix_micros(try_variant_get(v, '$.ts', 'timestamp')) AS micros"));
  }

  /**
   * A filter on an extracted field: Spark offers it to no source (it pushes filters before
   * extractions, then filters the extracted field itself), so it keeps its Filter; the rows are
   * Spark's either way.
   */
  @Test
  void filtersOnExtractedFieldsStayWithSpark() {
    bothSettings(() -> {
      ExecutedScan scan = compare(clean, "try_variant_get(v, '$.a', 'int') > 100", "id",
          "variant_get(v, '$.b', 'string') AS b");
      assertTrue(scan.sparkFilters(), scan.description());
      assertFalse(scan.description().contains("PushedFilter"), scan.description());
    });
  }

  /**
   * variant_get fails where its cast fails, try_variant_get gives null: with the extraction
   * served, the scan raises Spark's own error (INVALID_VARIANT_CAST), as Spark's reader does.
   */
  @Test
  void aFailingCastFailsAsInSpark() {
    bothSettings(() -> {
      String[] columns = {"id", "variant_get(v, '$.bad', 'int') AS bad"};
      Exception theirs = assertThrows(Exception.class,
          () -> spark().read().parquet(clean).selectExpr(columns).collectAsList());
      Exception ours = assertThrows(Exception.class,
          () -> spark().read().format("dendrite").load(clean).selectExpr(columns)
              .collectAsList());
      assertTrue(messages(theirs).contains("INVALID_VARIANT_CAST"), messages(theirs));
      assertTrue(messages(ours).contains("INVALID_VARIANT_CAST"), messages(ours));
      compare(clean, "true", "id", "try_variant_get(v, '$.bad', 'int') AS bad");
    });
  }

  /**
   * Null variants: Spark tests the extracted struct where the query tests the variant, so the
   * struct is null exactly where the variant is (files with nulls are read whole for that).
   */
  @Test
  void nullVariantsStayNull() {
    bothSettings(() -> {
      String[] columns = {"id", "try_variant_get(doc, '$.a', 'int') AS a",
          "to_json(try_variant_get(doc, '$.n', 'variant')) AS n", "doc IS NULL AS doc_null"};
      ExecutedScan all = compare(withNulls, "true", columns);
      assertEquals(pushOn(), all.description().contains("VariantExtractions: doc:"),
          all.description());
      compare(withNulls, "doc IS NULL", columns);
      compare(withNulls, "doc IS NOT NULL", columns);
      compare(withNulls, "doc IS NOT NULL AND try_variant_get(doc, '$.a', 'int') IS NULL",
          columns);
    });
  }

  /**
   * Only the leaves of the path are read: of a file whose v is never null and shredded as
   * {a, b, n{c[], x}}, a variant_get of $.a reads id, a's value and typed_value, and at most
   * v's metadata and top-level value (rows that are not objects live there), where reading v
   * whole reads every column; counted by the scan's metric, leaves listed by parquet-java.
   */
  @Test
  void onlyTheLeavesOfThePathAreRead() throws Exception {
    String file = Path.of(clean, "part-0.parquet").toString();
    List<String> leaves = new ArrayList<>();
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(Path.of(file)))) {
      for (ColumnDescriptor c : f.getFileMetaData().getSchema().getColumns()) {
        leaves.add(String.join(".", c.getPath()));
      }
    }
    long underA = leaves.stream().filter(l -> l.startsWith("v.typed_value.a.")).count();
    assertEquals(2, underA, leaves::toString);
    assertTrue(leaves.size() >= 12, leaves::toString);

    spark().conf().set(PUSH, "true");
    String[] columns = {"id", "variant_get(v, '$.a', 'string') AS a"};
    ExecutedScan pushed = compare(file, "true", columns);
    long read = pushed.metric(ScanMetrics.COLUMNS_READ);
    assertTrue(read >= 1 + underA && read <= 1 + underA + 2, read + " of " + leaves);
    String explained = spark().read().format("dendrite").load(file).selectExpr(columns)
        .queryExecution().explainString(ExplainMode.fromString("simple"));
    assertTrue(explained.contains("VariantExtractions: v: [$.a as string]"), explained);

    spark().conf().set(PUSH, "false");
    ExecutedScan whole = compare(file, "true", columns);
    assertEquals(leaves.size(), whole.metric(ScanMetrics.COLUMNS_READ));
    assertFalse(whole.description().contains("VariantExtractions"), whole.description());

    // The read's option turns the pushdown off with Spark's setting on.
    spark().conf().set(PUSH, "true");
    ExecutedScan declined = ExecutedScan.run(spark().read().format("dendrite")
        .option("variantExtractions", "false").load(file).selectExpr(columns));
    assertEquals(whole.rows().toString(), declined.rows().toString());
    assertEquals(leaves.size(), declined.metric(ScanMetrics.COLUMNS_READ));
    assertFalse(declined.description().contains("VariantExtractions"), declined.description());
  }

  /**
   * Selecting the variant itself needs it whole: the extractions of that column are left to
   * Spark (nothing to save), the rows are Spark's.
   */
  @Test
  void aVariantAlsoSelectedWholeIsReadWhole() {
    spark().conf().set(PUSH, "true");
    ExecutedScan scan = compare(clean, "true", "id", "to_json(v) AS v",
        "try_variant_get(v, '$.a', 'int') AS a");
    assertFalse(scan.description().contains("VariantExtractions"), scan.description());
  }

  /**
   * The scan serves all extractions of a top-level variant column or none (the struct Spark
   * reads is made of all of them), never a variant in a struct or one wanted whole, and answers
   * only Spark's first offer (Spark 4.1 may offer a second time, then whole columns).
   */
  @Test
  void theBuilderServesWholeColumnsOnceOnly() {
    spark();
    StructType table = StructType.fromDDL("id bigint, v variant, w variant,"
        + " s struct<inner: variant>");
    DendriteScanBuilder b = new DendriteScanBuilder(table, new StructType(), List.of(),
        new FooterCache(),
        new TableConf(new Configuration()), true,
        new ColumnarReads(true, 4096), null);
    VariantExtraction[] offer = {extraction("v", "$.a", DataTypes.IntegerType, true),
        extraction("w", "$.a", DataTypes.IntegerType, true),
        extraction("v", "$.n[0]", DataTypes.StringType, false),
        extraction("w", "$", DataTypes.VariantType, true),
        extraction(new String[] {"s", "inner"}, "$.a", DataTypes.LongType)};
    assertArrayEquals(new boolean[] {true, false, true, false, false},
        b.pushVariantExtractions(offer));
    assertArrayEquals(new boolean[] {false},
        b.pushVariantExtractions(new VariantExtraction[] {offer[1]}));
    assertEquals("struct<id:bigint,v:struct<0:int,1:string>,w:variant,s:struct<inner:variant>>",
        b.build().readSchema().simpleString());
    assertTrue(b.build().description().endsWith(
        ", VariantExtractions: v: [$.a as int, $.n[0] as string (try)]]"), b.build().description());
  }

  private static VariantExtraction extraction(String column, String path, DataType type,
      boolean failOnError) {
    return extraction(new String[] {column}, path, type, failOnError);
  }

  private static VariantExtraction extraction(String[] column, String path, DataType type) {
    return extraction(column, path, type, true);
  }

  private static VariantExtraction extraction(String[] column, String path, DataType type,
      boolean failOnError) {
    Metadata m = new VariantMetadata(path, failOnError, "UTC").toMetadata();
    return new VariantExtraction() {
      @Override
      public String[] columnName() {
        return column;
      }

      @Override
      public DataType expectedDataType() {
        return type;
      }

      @Override
      public Metadata metadata() {
        return m;
      }
    };
  }

  private static boolean pushOn() {
    return Boolean.parseBoolean(spark().conf().get(PUSH));
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t.getMessage()).append(" / ");
    }
    return sb.toString();
  }
}
