package io.dendrite.parquet.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One local Spark session for every test class in this JVM (starting Spark takes seconds).
 * Session time zone UTC, so timestamps render the same on any machine.
 */
final class LocalSpark {
  private static SparkSession session;

  private LocalSpark() {}

  static synchronized SparkSession session() {
    if (session == null) {
      session = SparkSession.builder()
          .appName("parquet-dendrite-spark")
          .master("local[2]")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.session.timeZone", "UTC")
          .config("spark.sql.shuffle.partitions", "2")
          // Managed tables of the SQL tests go under target/, not into the source tree.
          .config("spark.sql.warehouse.dir", "target/spark-warehouse")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1")
          .getOrCreate();
      Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
    }
    return session;
  }
}
