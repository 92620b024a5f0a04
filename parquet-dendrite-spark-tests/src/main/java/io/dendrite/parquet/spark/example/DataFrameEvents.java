package io.dendrite.parquet.spark.example;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.parse_json;
import static org.apache.spark.sql.functions.variant_get;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The DataFrame job's input: {@link EventGenerator}'s events (the RDD job's data), parsed by
 * Spark's own {@code parse_json}, as {@code id bigint, kind string, payload variant}. The
 * {@code kind} ({@code k0}..{@code k4}) is copied out of the payload to partition the files by.
 */
final class DataFrameEvents {
  private DataFrameEvents() {}

  /** {@code rows} events, ids {@code 0..rows-1}, in {@code partitions} contiguous id ranges. */
  static Dataset<Row> of(SparkSession spark, long rows, int partitions) {
    Column event = col("event");
    return spark.range(0, rows, 1, partitions)
        .map((MapFunction<Long, String>) EventGenerator::line, Encoders.STRING())
        .select(parse_json(col("value")).as("event"))
        .select(
            variant_get(event, "$.id", "bigint").as("id"),
            variant_get(event, "$.payload.kind", "string").as("kind"),
            variant_get(event, "$.payload", "variant").as("payload"));
  }
}
