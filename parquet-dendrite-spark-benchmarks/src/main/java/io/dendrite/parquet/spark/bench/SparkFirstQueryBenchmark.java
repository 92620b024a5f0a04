package io.dendrite.parquet.spark.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
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
 * The first-read (cold) figure beside {@link SparkReadBenchmark}'s warm one: in a fresh JVM
 * whose SparkSession has run nothing yet, the time of {@code load(...)} (listing, footers,
 * schema) and the first run of one query, as a user's first query after starting a job.
 * Each fork measures that once; the score is the mean of the forks ({@link SparkForks}' JVM,
 * one fork unless {@code -f N}: {@code dev/spark-bench --first} runs 3).
 *
 * <p>The files must exist (written by a {@link SparkReadBenchmark} trial, as
 * {@code dev/spark-bench --first} does first): writing them here would run the readers first. After the measurement the trial checks the result against Spark's own reader on the
 * same files, so a fast wrong answer fails the run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class SparkFirstQueryBenchmark extends SparkForks {
  @Param({"native", "dendrite"})
  public String reader;

  @Param({"local[2]"})
  public String master;

  @Param({"SELECTIVE_FILTER", "SHREDDED_SUM", "THREE_PATHS_WHERE", "TO_JSON"})
  public String query;

  @Param({"1000000"})
  public long rows;

  private SparkSession spark;
  private String files;
  private String sql;
  private List<Row> result;

  @Setup(Level.Trial)
  public void setUp() {
    spark = BenchSession.start(master);
    Path cache = Path.of(System.getProperty("dendrite.bench.data", "target/spark-bench-data"));
    files = new BenchFiles(cache.toAbsolutePath(), rows, spark.version())
        .existing(BenchFiles.Writer.SPARK).toString();
    sql = BenchQuery.valueOf(query).sql(rows);
  }

  @Benchmark
  public List<Row> firstQuery() {
    Dataset<Row> table = reader.equals("native") ? spark.read().parquet(files)
        : spark.read().format("dendrite").load(files);
    table.createOrReplaceTempView("t");
    result = spark.sql(sql).collectAsList();
    return result;
  }

  /** After the measurement: the answer must be Spark's own reader's. */
  @TearDown(Level.Trial)
  public void checkAndStop() {
    try {
      if (!reader.equals("native")) {
        spark.read().parquet(files).createOrReplaceTempView("t");
        List<String> expected = BenchResults.sorted(spark.sql(sql).collectAsList());
        List<String> actual = BenchResults.sorted(result);
        if (!actual.equals(expected)) {
          throw new IllegalStateException(reader + " gives a different result for " + query
              + ": " + BenchResults.abbreviate(actual) + ", Spark's reader: "
              + BenchResults.abbreviate(expected));
        }
      }
    } finally {
      spark.stop();
    }
  }
}
