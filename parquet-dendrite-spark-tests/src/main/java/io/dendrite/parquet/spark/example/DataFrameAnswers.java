package io.dendrite.parquet.spark.example;

import java.util.List;
import org.apache.spark.sql.Row;

/**
 * One query's rows from both readers of the same files: {@code format("dendrite")} and Spark's
 * own {@code spark.read.parquet}, the independent side.
 */
public record DataFrameAnswers(String query, List<Row> dendrite, List<Row> parquet) {

  public DataFrameAnswers {
    dendrite = List.copyOf(dendrite);
    parquet = List.copyOf(parquet);
  }

  /** Null when both sides gave the same rows in the same order, else where they part. */
  public String difference() {
    int n = Math.min(dendrite.size(), parquet.size());
    for (int i = 0; i < n; i++) {
      if (!dendrite.get(i).equals(parquet.get(i))) {
        return String.format("'%s' row %d: dendrite %s != parquet %s", query, i, dendrite.get(i),
            parquet.get(i));
      }
    }
    return dendrite.size() == parquet.size() ? null : String.format(
        "'%s': dendrite %d rows != parquet %d rows", query, dendrite.size(), parquet.size());
  }
}
