package io.dendrite.parquet.spark;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.InterpretedPredicate;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.StructType;

/**
 * The pushed predicates on partition columns only ({@link PartitionPredicates}), fully handled
 * at planning: the files whose directory values fail one are left out of the scan, and Spark
 * does not evaluate them again.
 */
record PartitionFilter(Predicate[] predicates, StructType partitionSchema) {

  /** The files some row of which may pass every predicate. */
  List<SourceFile> prune(List<SourceFile> files) {
    PartitionPredicates compiler = new PartitionPredicates(partitionSchema);
    List<InterpretedPredicate> tests = Arrays.stream(predicates).map(compiler::compile).toList();
    return files.stream().filter(f -> PartitionPredicates.keeps(tests, f.partition())).toList();
  }

  /** As {@code explain()} shows it. */
  @Override
  public String toString() {
    return Arrays.toString(predicates);
  }
}
