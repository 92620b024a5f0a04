package io.dendrite.parquet.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * A table's Hadoop configuration: as is on the driver, and shipped to the executors once per
 * table as a broadcast that every query's reader factory refers to.
 *
 * <p>Why a broadcast kept by the table: a factory holding the configuration itself serializes it
 * (several hundred properties) with each query's tasks, and each task deserializes it: 15% of
 * the CPU of a selective query that reads one row group (profiled). A broadcast is written once,
 * read once per executor, and in local mode not copied at all. Spark's own file scans broadcast
 * the configuration too, but anew per query.
 */
final class TableConf {
  private final Configuration hadoop;
  private Broadcast<SerializableConfiguration> shipped;
  private SparkContext shippedBy;

  /** @param hadoop the table's configuration; not changed after (the broadcast is a copy) */
  TableConf(Configuration hadoop) {
    this.hadoop = hadoop;
  }

  /** The configuration, for the driver's work (listing, footers, planning). */
  Configuration hadoop() {
    return hadoop;
  }

  /**
   * The configuration as the executors see it, broadcast on first use through the active
   * session's context (again if that context changed: a broadcast dies with its context).
   */
  synchronized Broadcast<SerializableConfiguration> shipped() {
    SparkContext context = SparkSession.active().sparkContext();
    if (shipped == null || shippedBy != context) {
      shipped = JavaSparkContext.fromSparkContext(context)
          .broadcast(new SerializableConfiguration(hadoop));
      shippedBy = context;
    }
    return shipped;
  }
}
