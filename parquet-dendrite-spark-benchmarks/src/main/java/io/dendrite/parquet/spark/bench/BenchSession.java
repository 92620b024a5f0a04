package io.dendrite.parquet.spark.bench;

import org.apache.spark.sql.SparkSession;

/** The SparkSession of every trial: what a user who enables our extension gets. */
final class BenchSession {
  private BenchSession() {}

  static SparkSession start(String master) {
    return SparkSession.builder()
        .appName("dendrite-spark-bench")
        .master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        // Row-group skipping on variant paths through format("dendrite") (the module README):
        // what a user who enables it gets; it leaves plans without our scan as they are.
        .config("spark.sql.extensions", "io.dendrite.parquet.spark.DendriteExtensions")
        .getOrCreate();
  }
}
