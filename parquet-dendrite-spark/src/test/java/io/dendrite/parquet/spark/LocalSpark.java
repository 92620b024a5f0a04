package io.dendrite.parquet.spark;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.types.DataTypes;

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

  /**
   * Registers {@code fail_at(id, at)}: {@code id}, except that it throws for {@code id == at},
   * so a write of {@code fail_at(id, n)} fails in the middle of one task.
   */
  static void registerFailAt() {
    session().udf().register("fail_at", (UDF2<Long, Long, Long>) (id, at) -> {
      if (id.longValue() == at.longValue()) {
        throw new IllegalStateException("row " + id + " is poison");
      }
      return id;
    }, DataTypes.LongType);
  }
}
