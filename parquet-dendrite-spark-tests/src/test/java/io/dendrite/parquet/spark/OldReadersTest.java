package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.Version;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VariantType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which readers on Spark 4.1's classpath need {@code variantAnnotation(false)} (issue 31): none.
 * parquet-java 1.16.0 (what Spark 4.1 ships) opens, reads and projects our files with the
 * annotation and without; Spark 4.1 reads the annotated column as a variant and the plain one
 * as a struct unless its schema is given. The readers that fail on the annotation are older
 * (parquet-java 1.15.x, parquet-java issue 3633) and cannot run here. What Spark writes without
 * the annotation is read back in {@link WeReadSparkFilesTest} (configuration UNANNOTATED).
 * Under {@code -Pspark-4.2} the same tests run on Spark 4.2 and its parquet-java 1.17.0.
 */
class OldReadersTest {
  private static final int ROWS = 400;
  private static final List<String> DOCS = Documents.generate(ROWS, 31L);

  @TempDir static Path dir;

  @BeforeAll
  static void writeFiles() throws Exception {
    for (String layout : List.of("unshredded", "shredded")) {
      for (boolean annotate : new boolean[] {true, false}) {
        DendriteWriter.Builder b = DendriteWriter.builder(file(layout, annotate))
            .schema("id int64 not null, doc variant").variantAnnotation(annotate);
        try (DendriteWriter w = (layout.equals("shredded") ? b : b.unshredded()).build()) {
          for (int i = 0; i < ROWS; i++) {
            w.writeJson("{\"id\": " + i + ", \"doc\": " + DOCS.get(i) + "}");
          }
        }
      }
    }
  }

  private static Path file(String layout, boolean annotate) {
    return dir.resolve(layout + (annotate ? "-annotated" : "-plain") + ".parquet");
  }

  @Test
  void sparkAnnotatesByDefaultAndRunsOnItsOwnParquetJava() throws Exception {
    assertEquals("true", LocalSpark.session().conf().get(WeReadSparkFilesTest.ANNOTATE));
    // 1.16.0 with Spark 4.1 (the default profile), 1.17.0 with Spark 4.2 (-Pspark-4.2); read at
    // run time, as javac would copy the constant into this class.
    assertEquals(System.getProperty("expected.parquet.version"),
        Version.class.getField("VERSION_NUMBER").get(null));
  }

  /**
   * parquet-java 1.16.0's footer conversion knows the annotation, and its example Group reader
   * reads every row of both forms, whole and projected to the other column (what 1.15.x fails
   * on: the footer, before any projection).
   */
  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "shredded"})
  void parquetJava116ReadsBothForms(String layout) throws Exception {
    for (boolean annotate : new boolean[] {true, false}) {
      Path f = file(layout, annotate);
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
        GroupType doc = r.getFooter().getFileMetaData().getSchema().getType("doc").asGroupType();
        assertEquals(annotate, doc.getLogicalTypeAnnotation()
            instanceof VariantLogicalTypeAnnotation, f + ": " + doc);
        assertEquals(layout.equals("shredded"), doc.containsField("typed_value"), f + ": " + doc);
      }
      long ids = 0;
      int rows = 0;
      try (ParquetReader<Group> r = RawParquetFiles.groupReader(f)) {
        for (Group g = r.read(); g != null; g = r.read()) {
          ids += g.getLong("id", 0);
          rows++;
        }
      }
      assertEquals(ROWS, rows, f.toString());
      assertEquals(ids, projectedIdSum(f), f.toString());
    }
  }

  /** The sum of id read with a requested schema of id alone, the repro of parquet-java#3633. */
  private static long projectedIdSum(Path file) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(ReadSupport.PARQUET_READ_SCHEMA, "message m { required int64 id; }");
    long sum = 0;
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).withConf(conf).build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        assertEquals(1, g.getType().getFieldCount(), g.getType().toString());
        sum += g.getLong("id", 0);
      }
    }
    return sum;
  }

  /**
   * Spark's own reader: the annotated column is a variant; the plain one is the struct of its
   * fields unless a schema names it a variant (Spark's own unannotated files say so in their
   * {@code org.apache.spark.sql.parquet.row.metadata}, ours do not), and then it reads the
   * values we wrote, shredded too.
   */
  @ParameterizedTest
  @ValueSource(strings = {"unshredded", "shredded"})
  void sparkReadsThePlainGroupAsAStructUnlessToldItIsAVariant(String layout) {
    StructType annotated = LocalSpark.session().read()
        .parquet(file(layout, true).toString()).schema();
    assertInstanceOf(VariantType.class, annotated.apply("doc").dataType());
    StructType plain = LocalSpark.session().read().parquet(file(layout, false).toString())
        .schema();
    StructType doc = assertInstanceOf(StructType.class, plain.apply("doc").dataType());
    assertEquals(layout.equals("shredded") ? List.of("metadata", "value", "typed_value")
        : List.of("metadata", "value"), List.of(doc.fieldNames()));

    Dataset<Row> told = LocalSpark.session().read().schema("id bigint, doc variant")
        .parquet(file(layout, false).toString());
    List<Row> rows = told.selectExpr("id", "to_json(doc)").collectAsList();
    assertEquals(ROWS, rows.size());
    int nonNull = 0;
    for (Row r : rows) {
      String wrote = DOCS.get((int) r.getLong(0));
      if (wrote == null || wrote.equals("null")) {
        assertNull(r.get(1), "id " + r.getLong(0));
        continue;
      }
      SparkJson.assertSame(SparkJson.parse(wrote), SparkJson.parse(r.getString(1)),
          layout + " id " + r.getLong(0));
      nonNull++;
    }
    assertTrue(nonNull > ROWS * 9 / 10, "non-null: " + nonNull);
  }
}
