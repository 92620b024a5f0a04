package io.dendrite.parquet.spark.example;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;

/**
 * The example DataFrame job: generates events with a VARIANT column in Spark, writes them with
 * {@code df.write().format("dendrite")} (shredding inferred for the whole job, files partitioned
 * by {@code kind}), reads them back with {@code spark.read().format("dendrite")}, runs a few
 * queries ({@code variant_get} in a filter and a projection, sums, {@code to_json}) and checks
 * each against Spark's own Parquet reader on the same files. It uses Spark's API only: the
 * source comes from the self-contained jar on {@code --jars} (see README, "Spark"):
 *
 * <pre>
 * spark-submit --master 'local[2]' --jars parquet-dendrite-spark/target/parquet-dendrite-spark.jar \
 *   --class io.dendrite.parquet.spark.example.DendriteDataFrameJob \
 *   parquet-dendrite-spark-tests/target/dendrite-dataframe-example.jar --out /tmp/events
 * </pre>
 *
 * Exit status: 0 when the check passes, 1 when it fails or the job fails, 2 for bad arguments;
 * the reason is one line on stderr.
 */
public final class DendriteDataFrameJob {
  private static final String NAME = "dendrite-dataframe-job";

  private DendriteDataFrameJob() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** main without System.exit: parses, runs on a session of its own, prints, returns the status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    return JobMain.run(NAME, DendriteDataFrameJob::run, args, out, err);
  }

  /**
   * The whole job on a given session (tests pass a local one). {@code --overwrite} is
   * {@code mode("overwrite")}, which replaces the whole {@code OUT}; without it an existing
   * {@code OUT} fails the write (Spark's default, {@code ErrorIfExists}).
   */
  public static DataFrameCheck run(SparkSession spark, JobOptions options) {
    long t0 = System.nanoTime();
    DataFrameEvents.of(spark, options.rows(), options.partitions())
        .write()
        .format("dendrite")
        .option("shredding", "auto")
        .partitionBy("kind")
        .mode(options.overwrite() ? SaveMode.Overwrite : SaveMode.ErrorIfExists)
        .save(options.out());

    long t1 = System.nanoTime();
    Dataset<Row> dendrite = spark.read().format("dendrite").load(options.out());
    List<DataFrameQuery> queries = DataFrameQuery.all(options.rows());
    long rowsRead = dendrite.count();
    List<List<Row>> ours = collect(queries, dendrite);
    String plan = queries.get(0).apply(dendrite).queryExecution()
        .explainString(ExplainMode.fromString("simple"));

    long t2 = System.nanoTime();
    Dataset<Row> parquet = spark.read().parquet(options.out());
    List<List<Row>> theirs = collect(queries, parquet);
    long t3 = System.nanoTime();

    List<DataFrameAnswers> answers = new ArrayList<>();
    for (int i = 0; i < queries.size(); i++) {
      answers.add(new DataFrameAnswers(queries.get(i).name(), ours.get(i), theirs.get(i)));
    }
    return new DataFrameCheck(options, rowsRead, parquet.inputFiles().length, answers, plan,
        new DataFrameCheck.StageTimes(millis(t1 - t0), millis(t2 - t1), millis(t3 - t2)));
  }

  private static List<List<Row>> collect(List<DataFrameQuery> queries, Dataset<Row> events) {
    return queries.stream().map(q -> q.apply(events).collectAsList()).toList();
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
