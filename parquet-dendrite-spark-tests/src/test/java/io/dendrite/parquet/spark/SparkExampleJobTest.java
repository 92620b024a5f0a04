package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.spark.example.DendriteSparkJob;
import io.dendrite.parquet.spark.example.JobOptions;
import io.dendrite.parquet.spark.example.JobResult;
import io.dendrite.parquet.spark.example.ReadTotals;
import io.dendrite.parquet.spark.example.WrittenFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example Spark job (DendriteSparkJob) run in-process on the shared local session: it
 * writes one shredded VARIANT file per partition, and its two reads, ours and Spark's, both
 * find the totals that follow from the event generator's definition (EventGenerator's javadoc,
 * restated here rather than taken from the job's output).
 */
class SparkExampleJobTest {
  private static final int ROWS = 5000;
  private static final int PARTITIONS = 3;

  @TempDir static Path dir;
  private static Path out;
  private static JobResult result;

  @BeforeAll
  static void runJob() throws Exception {
    out = dir.resolve("events");
    result = DendriteSparkJob.run(LocalSpark.session(),
        new JobOptions(out.toString(), ROWS, PARTITIONS, null, false));
  }

  /** The totals the generator's definition implies, counted over every id. */
  private static ReadTotals expected() {
    long idSum = 0;
    long names = 0;
    long scores = 0;
    long scoreSum = 0;
    for (long i = 0; i < ROWS; i++) {
      idSum += i;
      if (i % 10 != 9) { // otherwise user is the string "anonymous": no user.name
        names++;
      }
      if (i % 7 != 0) { // otherwise score is absent; as a string it still casts to bigint
        scores++;
        scoreSum += i % 100;
      }
    }
    return new ReadTotals(ROWS, idSum, names, scores, scoreSum);
  }

  @Test
  void ourReaderAndSparkBothFindTheGeneratedTotals() {
    assertEquals(expected(), result.ours(), "DendriteReader");
    assertEquals(expected(), result.spark(), "Spark read.parquet + variant_get");
    assertTrue(result.ok(), result.summary());
    assertTrue(result.summary().contains("check: OK"), result.summary());
  }

  @Test
  void onePartFilePerPartitionHoldingItsRows() throws Exception {
    List<String> names;
    try (Stream<Path> files = Files.list(out)) {
      names = files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
          .sorted().toList();
    }
    assertEquals(List.of("part-00000.parquet", "part-00001.parquet", "part-00002.parquet"),
        names);
    assertEquals(PARTITIONS, result.written().size());
    assertEquals(PARTITIONS, result.listed().size());
    assertEquals(ROWS, result.rowsWritten());
    for (WrittenFile f : result.written()) {
      // spark.range splits the ids evenly: every partition holds ROWS / PARTITIONS, rounded.
      assertTrue(Math.abs(f.rows() - ROWS / PARTITIONS) <= 1, f.path() + ": " + f.rows());
      Path file = out.resolve(f.path().substring(f.path().lastIndexOf('/') + 1));
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        assertEquals(f.rows(), r.getRecordCount(), f.path());
      }
    }
  }

  @Test
  void filesAreVariantAnnotatedAndShreddedAsInferred() throws Exception {
    for (String name : List.of("part-00000.parquet", "part-00001.parquet", "part-00002.parquet")) {
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(out.resolve(name)))) {
        GroupType payload = r.getFooter().getFileMetaData().getSchema().getType("payload")
            .asGroupType();
        assertInstanceOf(LogicalTypeAnnotation.VariantLogicalTypeAnnotation.class,
            payload.getLogicalTypeAnnotation(), name);
        ShreddedType shredded = ShreddingSchema.fromParquet(r.getFooter().getFileMetaData().getSchema())
            .get("payload");
        assertInstanceOf(ShreddedObject.class, shredded, name + ": " + shredded);
        ShreddedObject fields = (ShreddedObject) shredded;
        // The dominant types: integer scores (strings in the residual), user objects.
        assertInstanceOf(ShreddedPrimitive.class, fields.field("score"), name + ": " + shredded);
        assertInstanceOf(ShreddedObject.class, fields.field("user"), name + ": " + shredded);
      }
    }
  }

  @Test
  void shreddingReportsCountTheConflictingTypesInTheResidual() {
    long intScores = 0;
    long stringScores = 0;
    long userObjects = 0;
    long anonymous = 0;
    for (long i = 0; i < ROWS; i++) {
      if (i % 7 != 0) {
        if (i % 13 == 0) {
          stringScores++;
        } else {
          intScores++;
        }
      }
      if (i % 10 == 9) {
        anonymous++;
      } else {
        userObjects++;
      }
    }
    assertEquals(List.of(intScores, stringScores), typedAndResidual("payload.score"),
        "scores: integers in typed_value, strings in the residual value");
    assertEquals(List.of(userObjects, anonymous), typedAndResidual("payload.user"),
        "users: objects in typed_value, the string \"anonymous\" in the residual value");
  }

  private static List<Long> typedAndResidual(String path) {
    long typed = 0;
    long residual = 0;
    for (WrittenFile f : result.written()) {
      WrittenFile.PathTally t = f.path(path);
      assertNotNull(t, f.path() + ": " + f.paths());
      typed += t.typed();
      residual += t.residual();
    }
    return List.of(typed, residual);
  }

  @Test
  void refusesANonEmptyOutputUnlessOverwriting(@TempDir Path other) throws Exception {
    Path target = other.resolve("again");
    JobOptions small = new JobOptions(target.toString(), 100, 2, null, false);
    assertTrue(DendriteSparkJob.run(LocalSpark.session(), small).ok());
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> DendriteSparkJob.run(LocalSpark.session(), small));
    assertTrue(refused.getMessage().contains("--overwrite"), refused.getMessage());

    JobOptions overwrite = new JobOptions(target.toString(), 50, 1, null, true);
    JobResult again = DendriteSparkJob.run(LocalSpark.session(), overwrite);
    assertTrue(again.ok(), again.summary());
    assertEquals(50, again.spark().rows(), "the earlier part files are gone");

    // Overwriting deletes only the job's own files, never anything else in the directory.
    Files.writeString(target.resolve("notes.txt"), "mine");
    IllegalStateException foreign = assertThrows(IllegalStateException.class,
        () -> DendriteSparkJob.run(LocalSpark.session(), overwrite));
    assertTrue(foreign.getMessage().contains("notes.txt"), foreign.getMessage());
    assertTrue(Files.exists(target.resolve("notes.txt")));
    assertTrue(Files.exists(target.resolve("part-00000.parquet")));
  }
}
