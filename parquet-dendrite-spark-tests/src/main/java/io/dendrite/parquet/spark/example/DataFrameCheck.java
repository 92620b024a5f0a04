package io.dendrite.parquet.spark.example;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * What the DataFrame job found: the rows {@code format("dendrite")} counts, the files Spark
 * lists, each query's answers from both readers, the plan of the first query as
 * {@code explain()} prints it, and how long each stage took.
 */
public record DataFrameCheck(JobOptions options, long rowsRead, int files,
    List<DataFrameAnswers> answers, String plan, StageTimes times) implements JobMain.Outcome {

  /** Wall time of the stages, in milliseconds (Spark job scheduling included). */
  public record StageTimes(long writeMillis, long dendriteMillis, long parquetMillis) {}

  public DataFrameCheck {
    answers = List.copyOf(answers);
  }

  /** Every way the cross-check failed, empty when it passed. */
  @Override
  public List<String> mismatches() {
    List<String> m = new ArrayList<>();
    if (rowsRead != options.rows()) {
      m.add("rows read by format(\"dendrite\") " + rowsRead + " != --rows " + options.rows());
    }
    for (DataFrameAnswers a : answers) {
      String d = a.difference();
      if (d != null) {
        m.add(d);
      }
    }
    return m;
  }

  public boolean ok() {
    return mismatches().isEmpty();
  }

  /** A few lines for stdout: the write, each query with its first rows, the plan, the verdict. */
  @Override
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("wrote %,d rows with format(\"dendrite\"), shredding auto,"
        + " partitionBy kind (%.1f s) -> %s: %d files%n", options.rows(),
        times.writeMillis() / 1000.0, options.out(), files));
    sb.append(String.format("read back with format(\"dendrite\"): %,d rows; queries (%.1f s),"
        + " the same on spark.read.parquet (%.1f s):%n", rowsRead, times.dendriteMillis() / 1000.0,
        times.parquetMillis() / 1000.0));
    for (DataFrameAnswers a : answers) {
      sb.append(String.format("  %s: %,d rows, %s%n", a.query(), a.dendrite().size(),
          a.difference() == null ? "the same from both" : "DIFFERENT"));
      for (Row r : a.dendrite().subList(0, Math.min(3, a.dendrite().size()))) {
        sb.append("    ").append(r).append(System.lineSeparator());
      }
    }
    sb.append("plan of the first query (explain()):").append(System.lineSeparator())
        .append(plan.strip()).append(System.lineSeparator());
    List<String> m = mismatches();
    sb.append(m.isEmpty()
        ? "check: OK, format(\"dendrite\") and spark.read.parquet agree"
        : "check FAILED: " + String.join("; ", m));
    return sb.append(System.lineSeparator()).toString();
  }
}
