package io.dendrite.parquet.spark.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The example job's edges that need no Spark: argument parsing, the exit status and one-line
 * message for bad arguments, and a cross-check that really fails when the two sides differ.
 */
class DendriteSparkJobArgsTest {
  private static final JobResult.StageTimes TIMES = new JobResult.StageTimes(1, 1, 1);

  @Test
  void defaultsAndEveryOption() {
    assertEquals(new JobOptions("/o", 100_000, 4, null, false), JobOptions.parse("--out", "/o"));
    assertEquals(new JobOptions("s3a://b/x", 5000, 8, "local[2]", true), JobOptions.parse(
        "--rows", "5_000", "--overwrite", "--partitions", "8", "--master", "local[2]",
        "--out", "s3a://b/x"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--rows 10                 | --out DIR is required",
      "--out                     | --out needs a value",
      "--out /o --rows           | --rows needs a value",
      "--out /o --rows many      | --rows takes a whole number, got 'many'",
      "--out /o --rows 0         | --rows must be at least 1, got 0",
      "--out /o --partitions -1  | --partitions must be at least 1, got -1",
      "--out /o --partitions     | --partitions needs a value",
      "--out /o --partitions 0   | --partitions must be at least 1, got 0",
      "--out /o --verbose        | unknown argument '--verbose'"})
  void badArgumentsExitWithStatus2AndOneReadableLine(String args, String reason) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = DendriteSparkJob.run(args.trim().split(" +"), print(out), print(err));
    assertEquals(2, status);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(List.of("dendrite-spark-job: " + reason + " (" + JobOptions.USAGE + ")"), lines);
  }

  @Test
  void theCheckFailsWhenAnyTotalDiffers() {
    JobOptions options = new JobOptions("/o", 10, 1, null, false);
    List<WrittenFile> written = List.of(new WrittenFile("/o/part-00000.parquet", 10,
        "unshredded", List.of()));
    ReadTotals ours = new ReadTotals(10, 45, 9, 8, 400);
    assertTrue(new JobResult(options, written, List.of("p"), ours, ours, TIMES).ok());

    JobResult off = new JobResult(options, written, List.of("p"), ours,
        new ReadTotals(10, 45, 9, 8, 401), TIMES);
    assertFalse(off.ok());
    assertEquals(List.of("sum(score): DendriteReader 400 != Spark 401"), off.mismatches());
    assertTrue(off.summary().contains("check FAILED: sum(score)"), off.summary());

    JobResult lost = new JobResult(options, written, List.of(), ours, ours, TIMES);
    assertEquals(List.of("files listed 0 != files written 1"), lost.mismatches());
  }

  @Test
  void errorsAreTheInnermostCausesFirstLine() {
    Exception wrapped = new RuntimeException("Job aborted due to stage failure:\n\tat ...",
        new java.io.IOException("part-00001.parquet: disk full\nmore"));
    assertEquals("IOException: part-00001.parquet: disk full", JobMain.oneLine(wrapped));
    assertEquals("/o is not empty", JobMain.oneLine(
        new IllegalStateException("/o is not empty")));
    assertNull(JobOptions.parse("--out", "/o").master());
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
