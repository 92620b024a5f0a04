package io.dendrite.parquet.spark.bench;

import java.util.List;
import org.apache.spark.sql.Row;

/** Query results as the benchmarks compare and print them. */
final class BenchResults {
  private BenchResults() {}

  /** The rows as text, sorted: equal for equal results in any order. */
  static List<String> sorted(List<Row> rows) {
    return rows.stream().map(Row::toString).sorted().toList();
  }

  static String abbreviate(List<String> rows) {
    return rows.size() <= 3 ? rows.toString() : rows.subList(0, 3) + " ...";
  }
}
