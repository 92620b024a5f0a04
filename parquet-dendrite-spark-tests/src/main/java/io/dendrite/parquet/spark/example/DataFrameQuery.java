package io.dendrite.parquet.spark.example;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.to_json;
import static org.apache.spark.sql.functions.variant_get;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One query of the DataFrame job, applied alike to {@code format("dendrite")} and to
 * {@code spark.read.parquet} over the same files. Each orders its rows, so that the two sides'
 * results compare as lists.
 */
public record DataFrameQuery(String name, UnaryOperator<Dataset<Row>> query) {
  private static final Column PAYLOAD = col("payload");

  public Dataset<Row> apply(Dataset<Row> events) {
    return query.apply(events);
  }

  /** The job's queries for ids {@code 0..rows-1}; the first is the one whose plan it prints. */
  public static List<DataFrameQuery> all(long rows) {
    long half = rows / 2;
    long last = Math.max(0, rows - 20);
    return List.of(
        // Variant paths in a filter and a projection, over one partition directory and the
        // upper half of the ids: the scan is asked for the two paths (VariantExtractions),
        // takes the id range (PushedFilter) and the kind (PartitionFilters).
        new DataFrameQuery("kind k3, id >= " + half + ", score >= 90: id, user.name, score",
            df -> df.where(col("kind").equalTo("k3")
                    .and(col("id").geq(half))
                    .and(variant_get(PAYLOAD, "$.score", "int").geq(90)))
                .select(col("id"),
                    variant_get(PAYLOAD, "$.user.name", "string").as("name"),
                    variant_get(PAYLOAD, "$.score", "int").as("score"))
                .orderBy("id")),
        new DataFrameQuery("per kind: rows, sum(id), user.name present, sum(score)",
            df -> df.groupBy("kind")
                .agg(count(lit(1)).as("rows"),
                    sum("id").as("id_sum"),
                    count(variant_get(PAYLOAD, "$.user.name", "string")).as("names"),
                    sum(variant_get(PAYLOAD, "$.score", "bigint")).as("score_sum"))
                .orderBy("kind")),
        new DataFrameQuery("to_json(payload) of ids >= " + last,
            df -> df.where(col("id").geq(last))
                .select(col("id"), to_json(PAYLOAD).as("payload"))
                .orderBy("id")));
  }
}
