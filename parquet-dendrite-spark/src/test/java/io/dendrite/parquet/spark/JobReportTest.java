package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The job's report sums the counts of every file of every task per path; values by hand. */
class JobReportTest {
  @Test
  void sumsTheCountsOfEveryTaskPerPath() {
    JobShredding shredding = new JobShredding("v: {a: int64, b: string}", "inferred from 9 rows");
    List<TaskResult> tasks = List.of(
        new TaskResult(null, List.of("part-00000"), 5, List.of(
            new TaskResult.PathCount("v", "v.a", "int64", 3, 1, 1),
            new TaskResult.PathCount("v", "v.b", "string", 2, 0, 3))),
        new TaskResult(null, List.of(), 0, List.of()), // an empty partition: no file
        // A partitioned task's two files, each with its own counts of the same paths.
        new TaskResult(null, List.of("k=1/part-00002-c000", "k=2/part-00002-c000"), 4, List.of(
            new TaskResult.PathCount("v", "v.a", "int64", 3, 0, 0),
            new TaskResult.PathCount("v", "v.b", "string", 0, 1, 2),
            new TaskResult.PathCount("v", "v.a", "int64", 1, 0, 0),
            new TaskResult.PathCount("v", "v.b", "string", 0, 0, 1))));

    ShreddingReport report = JobReport.of(tasks, shredding, List.of("v", "w"));

    assertEquals(9, report.rowsWritten());
    assertEquals(new ShreddingReport.PathCounts("v.a", "int64", 7, 1, 1), report.path("v.a"));
    assertEquals(new ShreddingReport.PathCounts("v.b", "string", 2, 1, 6), report.path("v.b"));
    assertEquals("inferred from 9 rows", report.columns().get("v").origin());
    assertEquals("unshredded", report.columns().get("w").origin());
    assertTrue(report.toString().contains("column w (unshredded): unshredded"),
        report.toString());
  }
}
