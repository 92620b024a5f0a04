package io.dendrite.parquet.spark;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A query without a shuffle (so the plan Spark runs is the one it planned, with no adaptive
 * stages) run once, with what its {@code format("dendrite")} scan reported: the rows, the
 * scan's metrics as Spark summed them over the tasks (the values the UI shows), its
 * description as {@code explain()} prints it, and whether Spark still filters after the scan.
 */
record ExecutedScan(List<Row> rows, Map<String, Long> metrics, String description,
    boolean sparkFilters) {

  static ExecutedScan run(Dataset<Row> df) {
    List<Row> rows = new java.util.ArrayList<>(df.collectAsList()); // runs df.queryExecution's plan, whose metrics we read
    SparkPlan plan = df.queryExecution().executedPlan();
    BatchScanExec scan = batchScan(plan);
    Map<String, Long> metrics = new TreeMap<>();
    CollectionConverters.asJava(scan.metrics()).forEach((k, v) -> metrics.put(k, v.value()));
    return new ExecutedScan(rows, metrics, scan.scan().description(), hasFilter(plan));
  }

  private static boolean hasFilter(SparkPlan plan) {
    return plan instanceof FilterExec
        || CollectionConverters.asJava(plan.children()).stream().anyMatch(ExecutedScan::hasFilter);
  }

  long metric(String name) {
    Long v = metrics.get(name);
    if (v == null) {
      throw new AssertionError("no metric " + name + " in " + metrics);
    }
    return v;
  }

  /** The plan's (last) batch scan; fails when it has none. */
  static BatchScanExec batchScan(SparkPlan plan) {
    BatchScanExec scan = null;
    for (SparkPlan leaf : CollectionConverters.asJava(plan.collectLeaves())) {
      if (leaf instanceof BatchScanExec b) {
        scan = b;
      }
    }
    if (scan == null) {
      throw new AssertionError("no batch scan in " + plan);
    }
    return scan;
  }
}
