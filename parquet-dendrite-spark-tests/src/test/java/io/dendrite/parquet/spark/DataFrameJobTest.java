package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.spark.example.DataFrameAnswers;
import io.dendrite.parquet.spark.example.DataFrameCheck;
import io.dendrite.parquet.spark.example.DendriteDataFrameJob;
import io.dendrite.parquet.spark.example.EventGenerator;
import io.dendrite.parquet.spark.example.JobOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DataFrame example job (DendriteDataFrameJob) run in-process on the shared local session,
 * format("dendrite") coming from parquet-dendrite-spark on the test classpath as from --jars
 * under spark-submit. Both readers must give the answers that follow from the event
 * generator's definition (EventGenerator's javadoc, restated here, as in SparkExampleJobTest),
 * and the files must be laid out and shredded as the job asks.
 */
class DataFrameJobTest {
  private static final int ROWS = 5000;
  private static final int PARTITIONS = 3;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  private static Path out;
  private static DataFrameCheck result;

  @BeforeAll
  static void runJob() {
    out = dir.resolve("events");
    result = DendriteDataFrameJob.run(LocalSpark.session(),
        new JobOptions(out.toString(), ROWS, PARTITIONS, null, false));
  }

  @Test
  void bothReadersAgreeOnEveryQuery() {
    assertTrue(result.ok(), result.summary());
    assertTrue(result.summary().contains("check: OK"), result.summary());
    assertEquals(ROWS, result.rowsRead());
    assertEquals(3, result.answers().size());
  }

  /** id, user.name, score of kind k3 (id % 5 == 3), id >= ROWS / 2, score >= 90. */
  @Test
  void filteredVariantPathsAreTheGeneratedOnes() {
    List<Row> expected = new ArrayList<>();
    for (long i = ROWS / 2; i < ROWS; i++) {
      long score = i % 100; // absent when i % 7 == 0; a string "93" casts to int 93 as well
      if (i % 5 == 3 && i % 7 != 0 && score >= 90) {
        String name = i % 10 == 9 ? null : "u" + i % 1000; // else user is "anonymous"
        expected.add(RowFactory.create(i, name, (int) score));
      }
    }
    assertTrue(expected.size() > 10, "the query selects some rows: " + expected.size());
    assertBoth(expected, answers(0));
  }

  /** Per kind: rows, sum(id), rows with a user.name, sum(score as bigint). */
  @Test
  void perKindSumsAreTheGeneratedOnes() {
    List<Row> expected = new ArrayList<>();
    for (int k = 0; k < 5; k++) {
      long rows = 0;
      long idSum = 0;
      long names = 0;
      long scoreSum = 0;
      for (long i = k; i < ROWS; i += 5) {
        rows++;
        idSum += i;
        names += i % 10 == 9 ? 0 : 1;
        scoreSum += i % 7 == 0 ? 0 : i % 100;
      }
      expected.add(RowFactory.create("k" + k, rows, idSum, names, scoreSum));
    }
    assertBoth(expected, answers(1));
  }

  /** to_json of the last 20 payloads: the generator's JSON, as a tree (key order aside). */
  @Test
  void wholePayloadsAreTheGeneratedJson() throws Exception {
    DataFrameAnswers a = answers(2);
    assertEquals(20, a.dendrite().size());
    for (List<Row> side : List.of(a.dendrite(), a.parquet())) {
      long id = ROWS - 20;
      for (Row r : side) {
        assertEquals(id, r.getLong(0));
        assertEquals(JSON.readTree(EventGenerator.line(id)).get("payload"),
            JSON.readTree(r.getString(1)), "id " + id);
        id++;
      }
    }
  }

  /** The first query's scan: the kind by directory, the id range by the core, both paths. */
  @Test
  void thePlanShowsWhatTheScanTookOver() {
    String plan = result.plan();
    assertScanShows(plan, "PartitionFilters: \\[[^\\]]*kind = 'k3'");
    assertScanShows(plan, "PushedFilter: [^,]*id >= " + ROWS / 2);
    assertScanShows(plan, "VariantExtractions: payload: \\[[^\\]]*\\$\\.user\\.name as string");
    assertScanShows(plan, "VariantExtractions: payload: \\[[^\\]]*\\$\\.score as int");
    assertTrue(result.summary().contains(plan.strip()), result.summary());
  }

  private static void assertScanShows(String plan, String regex) {
    assertTrue(Pattern.compile("DendriteScan \\[.*" + regex).matcher(plan).find(),
        regex + " in " + plan);
  }

  /** partitionBy("kind"): one directory per kind, every file with one shredded layout. */
  @Test
  void filesArePartitionedByKindAndShreddedAlike() throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      files = walk.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList();
    }
    assertEquals(files.size(), result.files());
    Set<String> dirs = new TreeSet<>();
    // As text: parquet-java 1.16's VARIANT annotation overrides equals() but not hashCode(), so
    // a set of MessageTypes keeps equal schemas apart.
    Set<String> layouts = new HashSet<>();
    long rows = 0;
    for (Path f : files) {
      dirs.add(out.relativize(f.getParent()).toString());
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
        rows += r.getRecordCount();
        MessageType schema = r.getFooter().getFileMetaData().getSchema();
        layouts.add(schema.toString());
        assertEquals(List.of("id", "payload"), schema.getFields().stream()
            .map(t -> t.getName()).toList(), f.toString());
        assertInstanceOf(LogicalTypeAnnotation.VariantLogicalTypeAnnotation.class,
            schema.getType("payload").getLogicalTypeAnnotation(), f.toString());
        ShreddedType payload = ShreddingSchema.fromParquet(schema).get("payload");
        assertInstanceOf(ShreddedObject.class, payload, f + ": " + payload);
        // The dominant types: integer scores (strings in the residual), user objects.
        ShreddedObject fields = (ShreddedObject) payload;
        assertInstanceOf(ShreddedPrimitive.class, fields.field("score"), f + ": " + payload);
        assertInstanceOf(ShreddedObject.class, fields.field("user"), f + ": " + payload);
      }
    }
    assertEquals(Set.of("kind=k0", "kind=k1", "kind=k2", "kind=k3", "kind=k4"), dirs);
    assertEquals(1, layouts.size(), "shredding auto: one layout for the job: " + layouts);
    assertEquals(ROWS, rows);
  }

  @Test
  void refusesAnExistingOutputUnlessOverwriting(@TempDir Path other) {
    String target = other.resolve("again").toString();
    assertTrue(DendriteDataFrameJob.run(LocalSpark.session(),
        new JobOptions(target, 100, 2, null, false)).ok());
    Exception refused = assertThrows(Exception.class, () -> DendriteDataFrameJob.run(
        LocalSpark.session(), new JobOptions(target, 100, 2, null, false)));
    assertTrue(refused.getMessage().contains("already exists"), refused.getMessage());

    DataFrameCheck again = DendriteDataFrameJob.run(LocalSpark.session(),
        new JobOptions(target, 50, 1, null, true));
    assertTrue(again.ok(), again.summary());
    assertEquals(50, again.rowsRead(), "the earlier files are gone");
  }

  private static DataFrameAnswers answers(int query) {
    return result.answers().get(query);
  }

  private static void assertBoth(List<Row> expected, DataFrameAnswers a) {
    assertEquals(expected, a.dendrite(), "format(\"dendrite\"): " + a.query());
    assertEquals(expected, a.parquet(), "spark.read.parquet: " + a.query());
  }
}
