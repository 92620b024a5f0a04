package io.dendrite.parquet.spark.example;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The same {@link ReadTotals} computed by Spark SQL alone from the files we wrote: Spark's own
 * Parquet reader and {@code variant_get}, the independent side of the cross-check.
 */
final class SparkTotals {
  private SparkTotals() {}

  static ReadTotals of(SparkSession spark, String dir) {
    Row r = spark.read().parquet(dir)
        .selectExpr(
            "id",
            "variant_get(payload, '$.user.name', 'string') AS name",
            "variant_get(payload, '$.score', 'bigint') AS score")
        .selectExpr(
            "count(*)",
            "coalesce(sum(id), 0)",
            "count(name)",
            "count(score)",
            "coalesce(sum(score), 0)")
        .first();
    return new ReadTotals(r.getLong(0), r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4));
  }
}
