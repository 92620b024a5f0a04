package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.StructType;

/**
 * The predicates a scan pushed into the core's reader, every one translatable
 * ({@link SparkPredicates}). Shipped to executors as Spark's predicates (which are
 * serializable; the core's filter is not) and translated again there, where it is applied.
 */
record PushedFilter(Predicate[] predicates, StructType schema) implements Serializable {
  PushedFilter {
    if (predicates.length == 0) {
      throw new IllegalArgumentException("a pushed filter needs a predicate");
    }
  }

  /** All the predicates, as the core's filter. */
  Filter filter() {
    Filter[] parts = Arrays.stream(predicates).map(p -> SparkPredicates.translate(p, schema))
        .toArray(Filter[]::new);
    return parts.length == 1 ? parts[0] : Filter.and(parts);
  }
}
