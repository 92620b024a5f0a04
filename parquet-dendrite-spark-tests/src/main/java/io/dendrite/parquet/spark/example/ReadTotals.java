package io.dendrite.parquet.spark.example;

import java.io.Serializable;

/**
 * The aggregates both sides of the cross-check compute: rows, the sum of {@code id}, how many
 * rows have a {@code payload.user.name}, and count and sum of {@code payload.score} cast to a
 * long (null when missing or not castable, as {@code variant_get} in Spark SQL).
 */
public record ReadTotals(long rows, long idSum, long names, long scores, long scoreSum)
    implements Serializable {

  public static final ReadTotals ZERO = new ReadTotals(0, 0, 0, 0, 0);

  public ReadTotals plus(ReadTotals o) {
    return new ReadTotals(rows + o.rows, idSum + o.idSum, names + o.names, scores + o.scores,
        scoreSum + o.scoreSum);
  }

  @Override
  public String toString() {
    return String.format("rows %,d, sum(id) %,d, user.name present %,d, score present %,d,"
        + " sum(score) %,d", rows, idSum, names, scores, scoreSum);
  }
}
