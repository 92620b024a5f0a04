package io.dendrite.parquet.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.spark.sql.SparkSession;

/**
 * Not a test: runs the Spark benchmark's selective filter ({@code SELECTIVE_FILTER} of
 * {@code parquet-dendrite-spark-benchmarks}) in a loop in one JVM, for a profiler (JFR) to see
 * where one query's time goes, driver planning against the task. The files are written like
 * the benchmark's {@code spark/} directory (Spark's writer, shredding on, 4 files of 8 row
 * groups) under {@code target/selective-loop-data} on first use.
 *
 * <pre>
 * java -XX:StartFlightRecording=filename=/tmp/q.jfr -cp ... \
 *     io.dendrite.parquet.spark.SelectiveQueryLoop 1000000 300
 * </pre>
 */
public final class SelectiveQueryLoop {
  private SelectiveQueryLoop() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    String master = args.length > 2 ? args[2] : "local[1]";
    SparkSession spark = SparkSession.builder().master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.extensions", DendriteExtensions.class.getName())
        .getOrCreate();
    Path dir = Paths.get("target/selective-loop-data/rows-" + rows).toAbsolutePath();
    if (!Files.isDirectory(dir)) {
      spark.conf().set("spark.sql.variant.writeShredding.enabled", "true");
      spark.conf().set("spark.sql.variant.inferShreddingSchema", "true");
      spark.sql("SELECT id, CAST(id % 100 AS INT) AS qty, parse_json(concat('{\"ts\":',"
          + " CAST(1700000000000 + id * 1000 AS STRING), ',\"a\":{\"b\":',"
          + " CAST((id * 7) % 1000 AS STRING), '}}')) AS v FROM range(0, " + rows + ", 1, 4)")
          .write().option("parquet.block.row.count.limit", Long.toString(rows / 32))
          .parquet(dir.toString());
      spark.conf().unset("spark.sql.variant.writeShredding.enabled");
      spark.conf().unset("spark.sql.variant.inferShreddingSchema");
    }
    spark.read().format("dendrite").load(dir.toString()).createOrReplaceTempView("t");
    long first = 1_700_000_000_000L + (rows / 2) * 1000;
    String sql = "SELECT id, qty FROM t WHERE variant_get(v, '$.ts', 'bigint') BETWEEN "
        + first + " AND " + (first + 999_000);
    System.out.println("rows returned: " + spark.sql(sql).collectAsList().size());
    long start = System.nanoTime();
    for (int i = 0; i < queries; i++) {
      spark.sql(sql).collectAsList();
    }
    System.out.printf("%d queries, %.1f ms each (noisy machine: for proportions only)%n",
        queries, (System.nanoTime() - start) / 1e6 / queries);
    spark.stop();
  }
}
