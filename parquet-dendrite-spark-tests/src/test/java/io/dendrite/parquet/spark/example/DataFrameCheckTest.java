package io.dendrite.parquet.spark.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/**
 * The DataFrame job's edges that need no Spark session: a cross-check that really fails when
 * the two readers differ, and the exit status and one line for bad arguments.
 */
class DataFrameCheckTest {
  private static final JobOptions OPTIONS = new JobOptions("/o", 10, 1, null, false);
  private static final DataFrameCheck.StageTimes TIMES = new DataFrameCheck.StageTimes(1, 1, 1);
  private static final List<Row> ROWS = List.of(RowFactory.create(1L, "u1"),
      RowFactory.create(2L, null));

  private static DataFrameCheck check(long rowsRead, List<Row> dendrite, List<Row> parquet) {
    return new DataFrameCheck(OPTIONS, rowsRead, 1,
        List.of(new DataFrameAnswers("q", dendrite, parquet)), "== Physical Plan ==", TIMES);
  }

  @Test
  void passesOnlyWhenEveryAnswerAndTheRowCountAgree() {
    DataFrameCheck same = check(10, ROWS, List.of(RowFactory.create(1L, "u1"),
        RowFactory.create(2L, null)));
    assertTrue(same.ok(), same.summary());
    assertNull(same.answers().get(0).difference());

    DataFrameCheck value = check(10, ROWS, List.of(RowFactory.create(1L, "u1"),
        RowFactory.create(2L, "u2")));
    assertEquals(List.of("'q' row 1: dendrite [2,null] != parquet [2,u2]"), value.mismatches());
    assertTrue(value.summary().contains("check FAILED: 'q' row 1"), value.summary());

    assertEquals(List.of("'q': dendrite 2 rows != parquet 1 rows"),
        check(10, ROWS, ROWS.subList(0, 1)).mismatches());
    assertEquals(List.of("rows read by format(\"dendrite\") 9 != --rows 10"),
        check(9, ROWS, ROWS).mismatches());
  }

  @Test
  void badArgumentsExitWithStatus2AndOneReadableLine() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = DendriteDataFrameJob.run(new String[] {"--rows", "5"}, print(out), print(err));
    assertEquals(2, status);
    assertFalse(out.toString(StandardCharsets.UTF_8).contains("check"));
    assertEquals(List.of("dendrite-dataframe-job: --out DIR is required (" + JobOptions.USAGE + ")"),
        err.toString(StandardCharsets.UTF_8).lines().toList());
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
