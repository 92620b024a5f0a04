package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.testing.Documents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files Spark 4.1 writes, in each layout its configuration produces, read by our reader (issue
 * 6): whole variants equal Spark's {@code to_json}, selected paths equal Spark's
 * {@code variant_get}, and the typed getters equal {@code try_variant_get}. Spark writes two
 * part files per configuration, split so that its per-file shredding inference shreds field
 * {@code a} of column {@code obj} as int64 in one file and as string in the other; the footers
 * are checked first, so each configuration covers the layout it is named after. The typed
 * getters are compared in a test of their own: a cast rule that differs from Spark's fails
 * there, apart from the values the reader returns.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WeReadSparkFilesTest {
  private static final int ROWS = 1000;
  private static final int HALF = ROWS / 2;
  private static final List<String> DOCS = Documents.generate(ROWS, 6L);

  /**
   * Spark's {@code forceShreddingSchemaForTest} value (the DDL of {@code typed_value}, applied
   * to every VARIANT column) and the same type in our text form. It mismatches the data on
   * purpose: {@code b} and {@code tags} of doc are strings, {@code day} a date, {@code at} a
   * UTC timestamp, {@code f} a float, half the amounts need two decimal places; those values
   * land in the residual {@code value} columns.
   */
  private static final String FORCED_DDL = "a int, b bigint, n struct<c decimal(5,1),"
      + " d array<int>>, tags array<int>, day string, amount decimal(5,1), at timestamp_ntz,"
      + " bin binary, f double";
  private static final String FORCED_TYPE = "{a: int32, b: int64, n: {c: decimal(5,1),"
      + " d: [int32]}, tags: [int32], day: string, amount: decimal(5,1), at: timestamp_ntz,"
      + " bin: binary, f: double}";

  /** What Spark infers for the typed column: every Spark type in its own typed_value. */
  private static final String INFERRED_TYPED = "{amount: decimal(18,2), at: timestamp,"
      + " bin: binary, day: date, dbl: double, f: float, flag: boolean, list: [decimal(18,2)],"
      + " maybe: int64, name: string, nested: {when: date, x: int64}, ntz: timestamp_ntz,"
      + " small: int64}";

  /** The paths compared with variant_get, per VARIANT column; the whole column is compared too. */
  private static final Map<String, List<String>> PATHS = new LinkedHashMap<>();

  static {
    PATHS.put("doc", Documents.PATHS);
    PATHS.put("obj", List.of("$.a", "$.b", "$.n", "$.n.c", "$.n.d", "$.n.d[0]", "$.n.d[2]",
        "$.n.deep.x", "$.tags[0]", "$.tags[1]", "$.price", "$.ratio", "$.big", "$.opt",
        "$.opt.o", "$.rare", "$.nul", "$.empty", "$.missing", "$.ключ"));
    PATHS.put("typed", List.of("$.day", "$.at", "$.ntz", "$.amount", "$.bin", "$.f", "$.dbl",
        "$.small", "$.name", "$.flag", "$.maybe", "$.nested", "$.nested.x", "$.nested.when",
        "$.list[0]", "$.list[1]", "$.missing"));
    PATHS.put("mixed", List.of("$[0]", "$[1]", "$.k", "$.day", "$.missing"));
    PATHS.put("ts", List.of("$.missing"));
  }

  /**
   * The paths whose typed getters are compared with try_variant_get: one per kind of value
   * (each costs Spark eight casts per row). The ts column is compared as a whole instead.
   */
  private static final Map<String, List<String>> CAST_PATHS = Map.of(
      "doc", List.of("$.a", "$.b", "$.n", "$.n.c", "$.n.d[0]", "$.n.deep.x", "$.tags[0]",
          "$.price", "$.ratio", "$.big", "$.opt", "$.nul", "$[0]"),
      "obj", List.of("$.a", "$.b", "$.n", "$.n.c", "$.n.d[0]", "$.n.deep.x", "$.tags[0]",
          "$.price", "$.ratio", "$.big", "$.opt", "$.nul"),
      "typed", List.of("$.day", "$.at", "$.ntz", "$.amount", "$.bin", "$.f", "$.dbl", "$.small",
          "$.name", "$.flag", "$.maybe", "$.nested", "$.nested.when", "$.list[0]"),
      "mixed", List.of("$[0]", "$.k", "$.day"),
      "ts", List.of());

  /**
   * The Spark settings of each write; Spark 4.1's defaults are shredding on, inference on,
   * VARIANT annotation on. UNANNOTATED is INFERRED without the annotation
   * ({@code spark.sql.parquet.variant.annotateLogicalType.enabled=false}): plain groups,
   * shredded (obj, typed, ts) and not (doc, mixed), which we recognise by their fields.
   */
  enum Config {
    SHREDDING_OFF("false", "true", null, true),
    INFERRED("true", "true", null, true),
    INFERENCE_OFF("true", "false", null, true),
    FORCED("true", "false", FORCED_DDL, true),
    UNANNOTATED("true", "true", null, false);

    final String writeShredding;
    final String infer;
    final String forcedSchema;
    final boolean annotate;

    Config(String writeShredding, String infer, String forcedSchema, boolean annotate) {
      this.writeShredding = writeShredding;
      this.infer = infer;
      this.forcedSchema = forcedSchema;
      this.annotate = annotate;
    }

    /**
     * Spark 4.1.3 fails a forced-schema write of more than three top-level columns
     * (ParquetUtils.replaceVariantTypes zips the columns with the three fields of the shredded
     * struct: ArrayIndexOutOfBoundsException in ParquetWriteSupport.writeFields).
     */
    List<String> columns() {
      return this == FORCED ? List.of("doc", "typed") : List.copyOf(PATHS.keySet());
    }

    /**
     * The columns whose typed getters are compared: each way the reader hands a value to a
     * cast (an unshredded binary value, a typed_value leaf, a residual value) once, as the
     * layout test shows them. Inference off writes the same unshredded files as shredding
     * off; obj holds doc's objects, so unshredded doc covers it; inference leaves doc and
     * mixed unshredded.
     */
    List<String> castColumns() {
      return switch (this) {
        case SHREDDING_OFF -> List.of("doc", "typed", "mixed", "ts");
        case INFERRED -> List.of("obj", "typed", "ts");
        case INFERENCE_OFF -> List.of();
        case FORCED -> List.of("doc", "typed");
        // One shredded and one unshredded plain group: the casts are INFERRED's.
        case UNANNOTATED -> List.of("obj", "doc");
      };
    }
  }

  /** Spark 4.1's switch for the VARIANT annotation on the groups it writes. */
  static final String ANNOTATE = "spark.sql.parquet.variant.annotateLogicalType.enabled";

  @TempDir static Path dir;

  @BeforeAll
  static void sparkWritesEveryConfiguration() throws Exception {
    SparkSession spark = LocalSpark.session();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(RowFactory.create((long) i, i < HALF ? 0 : 1, DOCS.get(i), object(i)));
    }
    spark.createDataFrame(rows, new StructType()
        .add("id", "long").add("half", "int").add("doc", "string").add("obj", "string"))
        .createOrReplaceTempView("spark_files_src");
    // Typed variants only Spark's casts make: dates, timestamps (before and after 1970),
    // timestamp_ntz, binary, float, decimals, small ints, SQL NULL fields (variant null).
    Dataset<Row> df = spark.sql("SELECT id, half, parse_json(doc) AS doc, parse_json(obj) AS obj,"
        + " to_variant_object(named_struct("
        + "   'day', DATE'1968-02-29' + CAST(id * 3 AS INT),"
        + "   'at', TIMESTAMP'1969-12-31 23:00:00.000001'"
        + "         + make_interval(0, 0, 0, 0, 0, 0, CAST(id * 3.700001 AS DECIMAL(18, 6))),"
        + "   'ntz', TIMESTAMP_NTZ'2024-01-02 03:04:05.5'"
        + "          + make_interval(0, 0, 0, CAST(id AS INT)),"
        + "   'amount', CAST((id - " + HALF + ") * 1.25 AS DECIMAL(10, 2)),"
        + "   'bin', CASE WHEN id % 100 = 0 THEN X'' ELSE CAST(concat('b', id) AS BINARY) END,"
        + "   'f', CAST(id / 10.0 AS FLOAT),"
        + "   'dbl', CAST(id AS DOUBLE) / 3 * pow(10, id % 41 - 20),"
        + "   'small', CAST(id % 200 - 100 AS TINYINT),"
        + "   'name', concat('ü', id),"
        + "   'flag', id % 3 = 0,"
        + "   'maybe', CASE WHEN id % 4 = 0 THEN NULL ELSE id * 1000000000 END,"
        + "   'nested', named_struct('x', id, 'when', DATE'2024-02-29' - CAST(id AS INT)),"
        + "   'list', array(CAST(id / 4 AS DECIMAL(8, 2)), CAST(1.5 AS DECIMAL(8, 2)))"
        + " )) AS typed,"
        // Not objects, and of different types: Spark's inference leaves this unshredded.
        + " CASE id % 5 WHEN 0 THEN CAST(DATE'2024-02-29' + CAST(id AS INT) AS VARIANT)"
        + "   WHEN 1 THEN CAST(CAST(id / 8 AS DECIMAL(8, 3)) AS VARIANT)"
        + "   WHEN 2 THEN to_variant_object(array(id, id + 1))"
        + "   WHEN 3 THEN to_variant_object(named_struct('k', id, 'day', DATE'2024-02-29'))"
        + "   ELSE CAST(concat('s', id) AS VARIANT) END AS mixed,"
        // Every value a timestamp: Spark shreds the column itself as a timestamp.
        + " CASE WHEN id % 50 = 7 THEN NULL ELSE CAST(TIMESTAMP'2024-01-02 03:04:05.123456'"
        + "   + make_interval(0, 0, 0, CAST(id AS INT)) AS VARIANT) END AS ts"
        + " FROM spark_files_src");
    try {
      for (Config c : Config.values()) {
        spark.conf().set("spark.sql.variant.writeShredding.enabled", c.writeShredding);
        spark.conf().set("spark.sql.variant.inferShreddingSchema", c.infer);
        spark.conf().set(ANNOTATE, Boolean.toString(c.annotate));
        if (c.forcedSchema == null) {
          spark.conf().unset("spark.sql.variant.forceShreddingSchemaForTest");
        } else {
          spark.conf().set("spark.sql.variant.forceShreddingSchemaForTest", c.forcedSchema);
        }
        List<String> columns = new ArrayList<>(List.of("id"));
        columns.addAll(c.columns());
        // One part file per half, so each file's inference sees only its own a's (in one
        // write, repartition(2, half) hashes both halves to one partition, and
        // repartitionByRange splits at half only as far as its sample says).
        for (int half = 0; half < 2; half++) {
          df.where("half = " + half).coalesce(1).sortWithinPartitions("id")
              .selectExpr(columns.toArray(new String[0]))
              .write().mode("append").parquet(dir(c).toString());
        }
        spark.read().parquet(dir(c).toString()).createOrReplaceTempView(view(c));
      }
    } finally {
      spark.conf().unset("spark.sql.variant.writeShredding.enabled");
      spark.conf().unset("spark.sql.variant.inferShreddingSchema");
      spark.conf().unset("spark.sql.variant.forceShreddingSchemaForTest");
      spark.conf().unset(ANNOTATE);
    }
  }

  @AfterAll
  static void dropViews() {
    for (Config c : Config.values()) {
      LocalSpark.session().catalog().dropTempView(view(c));
    }
    LocalSpark.session().catalog().dropTempView("spark_files_src");
  }

  /** Documents' objects with a rewritten per half: integers first, strings after. */
  private static String object(int i) {
    String doc = DOCS.get(i);
    String a = i < HALF ? Integer.toString(i * 7) : "\"s" + i + "\"";
    if (doc == null) {
      return null;
    }
    // Documents' objects start with {"a": ..., "b": ...
    return doc.startsWith("{\"a\": ")
        ? "{\"a\": " + a + doc.substring(doc.indexOf(", \"b\": "))
        : "{\"a\": " + a + ", \"b\": \"filler\"}";
  }

  // ---------------------------------------------------------------------------------------
  // The layouts

  @Order(1)
  @ParameterizedTest
  @EnumSource(Config.class)
  void sparkWroteTheLayoutItsConfigurationClaims(Config config) throws Exception {
    List<PartFile> parts = parts(config);
    assertEquals(2, parts.size(), config + ": part files");
    assertEquals(ROWS, parts.stream().mapToLong(p -> p.rows).sum());
    for (PartFile p : parts) {
      assertTrue(p.maxId < HALF || p.minId >= HALF, p + " holds both halves");
      for (String column : config.columns()) {
        assertEquals(config.annotate, p.schema.getType(column).getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation, p + " " + column);
        ShreddedType t = p.shredded(column);
        switch (config) {
          case SHREDDING_OFF, INFERENCE_OFF -> assertNull(t, p + " " + column);
          case FORCED -> {
            assertEquals(ShreddedType.parse(FORCED_TYPE), t, p + " " + column);
            assertTrue(p.nonNull(column, "value") > 0, p + " " + column + ": no residual");
          }
          case INFERRED, UNANNOTATED -> {
            switch (column) {
              // Top-level values of different types: Spark leaves the column unshredded.
              case "doc", "mixed" -> assertNull(t, p + " " + column);
              case "ts" -> assertEquals(ShreddedType.timestamp(), t, p + " ts");
              case "typed" -> assertEquals(ShreddedType.parse(INFERRED_TYPED), t, p + " typed");
              case "obj" -> {
                assertNotNull(t, p + " obj");
                assertEquals(p.minId < HALF ? ShreddedType.int64() : ShreddedType.string(),
                    ((ShreddedObject) t).field("a"), p + " obj.a: " + t);
              }
              default -> fail(column);
            }
          }
          default -> fail(config.toString());
        }
      }
    }
    if (config == Config.INFERRED || config == Config.UNANNOTATED) {
      // Per-file inference: apart from a, both files shred obj alike.
      assertEquals(withoutA(parts.get(0).shredded("obj")), withoutA(parts.get(1).shredded("obj")));
    }
    if (config == Config.FORCED) {
      for (PartFile p : parts) {
        // Values that do not fit the forced type are in the field's residual value ...
        for (String field : List.of("day", "at", "f")) {
          assertTrue(p.nonNull("typed", "typed_value", field, "value") > 0, p + " " + field);
          assertEquals(0, p.nonNull("typed", "typed_value", field, "typed_value"), p + " " + field);
        }
        assertTrue(p.nonNull("doc", "typed_value", "b", "value") > 0, p + " doc.b");
        // ... those that fit in typed_value, amounts even split between the two.
        for (String field : List.of("amount", "bin")) {
          assertTrue(p.nonNull("typed", "typed_value", field, "typed_value") > 0, p + " " + field);
        }
        assertTrue(p.nonNull("typed", "typed_value", "amount", "value") > 0, p + " amount");
        assertTrue(p.nonNull("doc", "typed_value", "a", "typed_value") > 0, p + " doc.a");
      }
    }
  }

  private static ShreddedObject withoutA(ShreddedType t) {
    Map<String, ShreddedType> fields = new LinkedHashMap<>(((ShreddedObject) t).fields());
    fields.remove("a");
    return ShreddedType.object(fields);
  }

  // ---------------------------------------------------------------------------------------
  // Values: whole variants and variant paths (what the reader must get right whatever the
  // cast rules), then the typed getters (the cast rules).

  @Order(2)
  @ParameterizedTest
  @EnumSource(Config.class)
  void wholeVariantsEqualSparksToJson(Config config) throws Exception {
    StringBuilder sql = new StringBuilder("SELECT id");
    for (String column : config.columns()) {
      sql.append(", to_json(").append(column).append(")");
    }
    Map<Long, Row> spark = byId(sql.append(" FROM ").append(view(config)));
    Mismatches mismatches = new Mismatches();
    int nonNull = 0;
    Set<Long> seen = new HashSet<>();
    for (PartFile p : parts(config)) {
      try (DendriteReader r = DendriteReader.builder(p.path).build()) {
        for (DendriteRow row : r) {
          long id = (Long) row.get("id");
          assertTrue(seen.add(id), "id " + id + " read twice");
          Row want = spark.get(id);
          for (int k = 0; k < config.columns().size(); k++) {
            String column = config.columns().get(k);
            String json = want.getString(k + 1);
            nonNull += json == null ? 0 : 1;
            mismatches.compare(json, row, column, config + " " + p + " id " + id);
          }
        }
      }
    }
    assertEquals(ROWS, seen.size(), "rows read");
    mismatches.assertNone();
    // SQL NULLs are a few percent of doc and ts, none of the others.
    assertTrue(nonNull > ROWS * config.columns().size() * 9 / 10, "non-null values: " + nonNull);
  }

  @Order(3)
  @ParameterizedTest
  @EnumSource(Config.class)
  void selectedPathsEqualSparksVariantGet(Config config) throws Exception {
    StringBuilder sql = new StringBuilder("SELECT id");
    List<String> selection = new ArrayList<>(List.of("id"));
    for (String column : config.columns()) {
      for (String path : PATHS.get(column)) {
        sql.append(", to_json(variant_get(").append(column).append(", '").append(path)
            .append("'))");
        selection.add(column + path.substring(1));
      }
    }
    Map<Long, Row> spark = byId(sql.append(" FROM ").append(view(config)));
    Mismatches mismatches = new Mismatches();
    int nonNull = 0;
    int rows = 0;
    for (PartFile p : parts(config)) {
      try (DendriteReader r = DendriteReader.builder(p.path).select(selection).build()) {
        for (DendriteRow row : r) {
          long id = (Long) row.get("id");
          Row want = spark.get(id);
          for (int k = 1; k < selection.size(); k++) {
            String json = want.getString(k);
            nonNull += json == null ? 0 : 1;
            mismatches.compare(json, row, selection.get(k), config + " " + p + " id " + id);
          }
          rows++;
        }
      }
    }
    assertEquals(ROWS, rows);
    mismatches.assertNone();
    // Most paths hit in most rows: the comparison compared values, not nulls.
    assertTrue(nonNull > ROWS * (selection.size() - 1) / 2,
        "non-null of " + ROWS * (selection.size() - 1) + ": " + nonNull);
  }

  /**
   * try_variant_get for string, bigint, int, double, decimal, boolean, date and timestamp on
   * every path (VariantGetOracle), and on the ts column itself (the oracle's paths are below
   * the column), equal our typed getters.
   */
  @Order(4)
  @ParameterizedTest
  @EnumSource(value = Config.class, names = {"SHREDDING_OFF", "INFERRED", "FORCED", "UNANNOTATED"})
  void typedGettersEqualSparksTryVariantGet(Config config) throws Exception {
    List<String> failures = new ArrayList<>();
    int nonNullTyped = 0;
    for (String column : config.castColumns()) {
      if (CAST_PATHS.get(column).isEmpty()) {
        continue;
      }
      VariantGetOracle spark = new VariantGetOracle(LocalSpark.session(), view(config), column,
          CAST_PATHS.get(column));
      assertEquals(ROWS, spark.rows());
      for (PartFile p : parts(config)) {
        try (DendriteReader r = DendriteReader.builder(p.path).select(spark.selection()).build()) {
          for (DendriteRow row : r) {
            spark.check(row, config + " " + p);
          }
        }
      }
      nonNullTyped += spark.nonNullTyped();
      try {
        spark.assertNoMismatches();
      } catch (AssertionError e) {
        failures.add(column + ":" + e.getMessage());
      }
    }
    if (config.castColumns().contains("ts")) {
      nonNullTyped += wholeColumnCasts(config, "ts", failures);
    }
    assertTrue(failures.isEmpty(), config + " typed getters differ from try_variant_get:\n"
        + String.join("\n", failures));
    assertTrue(nonNullTyped > ROWS * 20, "non-null typed values: " + nonNullTyped);
  }

  private static int wholeColumnCasts(Config config, String column, List<String> failures)
      throws Exception {
    Map<String, BiFunction<DendriteRow, String, Object>> casts = new LinkedHashMap<>();
    casts.put("string", DendriteRow::getString);
    casts.put("bigint", DendriteRow::getLong);
    casts.put("date", DendriteRow::getLocalDate);
    casts.put("timestamp", DendriteRow::getInstant);
    StringBuilder sql = new StringBuilder("SELECT id, to_json(").append(column).append(")");
    casts.keySet().forEach(type -> sql.append(", try_variant_get(").append(column)
        .append(", '$', '").append(type).append("')"));
    Map<Long, Row> spark = byId(sql.append(" FROM ").append(view(config)));
    Mismatches mismatches = new Mismatches();
    int nonNull = 0;
    for (PartFile p : parts(config)) {
      try (DendriteReader r = DendriteReader.builder(p.path).select("id", column).build()) {
        for (DendriteRow row : r) {
          long id = (Long) row.get("id");
          Row want = spark.get(id);
          int k = 2;
          for (Map.Entry<String, BiFunction<DendriteRow, String, Object>> cast : casts.entrySet()) {
            Object expected = want.get(k++);
            Object got = cast.getValue().apply(row, column);
            nonNull += expected == null ? 0 : 1;
            if (!Objects.equals(expected, got)) {
              mismatches.add(config + " id " + id + " " + column + ": " + want.getString(1)
                  + " as " + cast.getKey() + ": Spark " + expected + ", ours " + got);
            }
          }
        }
      }
    }
    if (!mismatches.isEmpty()) {
      failures.add(column + " (whole column): " + mismatches);
    }
    return nonNull;
  }

  // ---------------------------------------------------------------------------------------

  private static Path dir(Config config) {
    return dir.resolve(config.name().toLowerCase());
  }

  private static String view(Config config) {
    return "spark_files_" + config.name().toLowerCase();
  }

  private static Map<Long, Row> byId(CharSequence sql) {
    Map<Long, Row> out = new HashMap<>();
    for (Row r : LocalSpark.session().sql(sql.toString()).collectAsList()) {
      out.put(r.getLong(0), r);
    }
    assertEquals(ROWS, out.size(), sql.toString());
    return out;
  }

  private static List<PartFile> parts(Config config) throws Exception {
    try (Stream<Path> files = Files.list(dir(config))) {
      List<PartFile> out = new ArrayList<>();
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part-")
          && f.getFileName().toString().endsWith(".parquet")).sorted()
          .collect(Collectors.toList())) {
        out.add(new PartFile(f));
      }
      return out;
    }
  }

  /** One part file's footer: schema, id range, and per-column counts from the chunk metadata. */
  private static final class PartFile {
    final Path path;
    final MessageType schema;
    final List<BlockMetaData> rowGroups;
    final long rows;
    final long minId;
    final long maxId;

    PartFile(Path path) throws Exception {
      this.path = path;
      try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(path))) {
        schema = f.getFooter().getFileMetaData().getSchema();
        rowGroups = f.getFooter().getBlocks();
        rows = f.getRecordCount();
      }
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (BlockMetaData b : rowGroups) {
        ColumnChunkMetaData id = chunk(b, "id");
        min = Math.min(min, (Long) id.getStatistics().genericGetMin());
        max = Math.max(max, (Long) id.getStatistics().genericGetMax());
      }
      minId = min;
      maxId = max;
    }

    ShreddedType shredded(String column) {
      return ShreddingSchema.fromParquet(schema).get(column);
    }

    /** Non-null values in a leaf column, from the chunk statistics' null counts. */
    long nonNull(String... columnPath) {
      long n = 0;
      for (BlockMetaData b : rowGroups) {
        ColumnChunkMetaData c = chunk(b, columnPath);
        assertTrue(c.getStatistics().isNumNullsSet(), String.join(".", columnPath));
        n += c.getValueCount() - c.getStatistics().getNumNulls();
      }
      return n;
    }

    private static ColumnChunkMetaData chunk(BlockMetaData b, String... columnPath) {
      ColumnPath want = ColumnPath.get(columnPath);
      return b.getColumns().stream().filter(c -> c.getPath().equals(want)).findFirst()
          .orElseThrow(() -> new AssertionError("no column " + want));
    }

    @Override
    public String toString() {
      return "ids " + minId + ".." + maxId;
    }
  }

  /** Disagreements with Spark, collected so one run shows all of them. */
  private static final class Mismatches {
    private final List<String> examples = new ArrayList<>();
    private int count;

    /** Spark's to_json text (null: SQL NULL) against our value at a selected path. */
    void compare(String sparkJson, DendriteRow ours, String path, String where) {
      try {
        SparkJson.assertSame(SparkJson.parse(sparkJson), SparkJson.tree(ours.getVariant(path)),
            where + " " + path);
      } catch (AssertionError | RuntimeException e) {
        add(e.getMessage());
      }
    }

    void add(String example) {
      count++;
      if (examples.size() < 12) {
        examples.add(example);
      }
    }

    boolean isEmpty() {
      return count == 0;
    }

    void assertNone() {
      assertTrue(isEmpty(), toString());
    }

    @Override
    public String toString() {
      return count + " mismatches, e.g.\n  " + String.join("\n  ", examples);
    }
  }
}
