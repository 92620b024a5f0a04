package io.dendrite.parquet.spark.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 32: Spark's own Parquet reader ({@code spark.read.parquet}) against
 * {@code format("dendrite")}, both reading the same files written by Spark with its variant
 * shredding, each query run as a Spark action that collects a small result. Planning is
 * inside the measured time, as a user pays it.
 *
 * <p>{@code reader}: {@code native} and {@code dendrite} read Spark's files;
 * {@code dendrite-own} reads the same rows written by {@code format("dendrite")} (one
 * shredding schema for all files), to show what our own layout adds. One fork per
 * combination, so each master gets a fresh JVM and SparkSession. Before measuring, a
 * {@code dendrite} trial checks that its result equals Spark's on Spark's files.
 * Targets (issue 32): {@code SELECTIVE_FILTER} at most 0.2x {@code native}, every query at
 * most 1.0x.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// The heap in jvmArgs alone, so that a smoke run's -jvmArgs replaces it and nothing else.
@Fork(value = 1, jvmArgs = {"-Xms6g", "-Xmx6g", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch"},
    jvmArgsAppend = {
    // Spark on Java 17 needs these (the list spark-submit passes).
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.net=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
    "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
    "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
    "-Djdk.reflect.useDirectMethodHandle=false",
    "-Dio.netty.tryReflectionSetAccessible=true"})
// At 1,000,000 rows a query runs 0.5-10 s: an iteration is one or a few of them, and the trial's
// setup has already run the query once or twice (the result check) before the warm-up.
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class SparkReadBenchmark {
  @Param({"native", "dendrite", "dendrite-own"})
  public String reader;

  @Param({"local[1]", "local[2]"})
  public String master;

  @Param({"SELECTIVE_FILTER", "SHREDDED_SUM", "THREE_PATHS_WHERE", "TO_JSON"})
  public String query;

  @Param({"1000000"})
  public long rows;

  private SparkSession spark;
  private String sql;

  @Setup
  public void setUp() {
    spark = SparkSession.builder()
        .appName("dendrite-spark-bench")
        .master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        // Row-group skipping on variant paths through format("dendrite") (the module README):
        // what a user who enables it gets; it leaves plans without our scan as they are.
        .config("spark.sql.extensions", "io.dendrite.parquet.spark.DendriteExtensions")
        .getOrCreate();
    Path cache = Path.of(System.getProperty("dendrite.bench.data", "target/spark-bench-data"));
    BenchFiles files = new BenchFiles(cache.toAbsolutePath(), rows, spark.version());
    Path sparkFiles = files.directory(spark, BenchFiles.Writer.SPARK);
    sql = BenchQuery.valueOf(query).sql(rows);
    view(spark.read().parquet(sparkFiles.toString()));
    // The answer a user gets from Spark's own reader; a dendrite trial must give the same.
    List<String> expected = sorted(spark.sql(sql).collectAsList());
    if (!reader.equals("native")) {
      Path ours = reader.equals("dendrite-own")
          ? files.directory(spark, BenchFiles.Writer.DENDRITE) : sparkFiles;
      view(spark.read().format("dendrite").load(ours.toString()));
      List<String> actual = sorted(spark.sql(sql).collectAsList());
      if (!actual.equals(expected)) {
        throw new IllegalStateException(reader + " gives a different result for " + query
            + ": " + abbreviate(actual) + ", Spark's reader: " + abbreviate(expected));
      }
    }
    System.out.println("# " + reader + " " + query + ": " + sql + " -> " + expected.size()
        + " rows, " + abbreviate(expected));
  }

  @Benchmark
  public List<Row> query() {
    return spark.sql(sql).collectAsList();
  }

  @TearDown
  public void tearDown() {
    spark.stop();
  }

  private static void view(Dataset<Row> table) {
    table.createOrReplaceTempView("t");
  }

  private static List<String> sorted(List<Row> rows) {
    return rows.stream().map(Row::toString).sorted().toList();
  }

  private static String abbreviate(List<String> rows) {
    return rows.size() <= 3 ? rows.toString() : rows.subList(0, 3) + " ...";
  }
}
