package io.dendrite.parquet.spark.example;

import java.io.PrintStream;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

/**
 * The example Spark job: generates JSON events in Spark, writes each partition with our
 * {@code DendriteWriter} (mapPartitions), reads the files back with our {@code DendriteReader}
 * (mapPartitions again), and checks the totals against Spark's own Parquet reader and
 * {@code variant_get}. Run with spark-submit (see README, "Spark"):
 *
 * <pre>
 * spark-submit --class io.dendrite.parquet.spark.example.DendriteSparkJob --master 'local[2]' \
 *   parquet-dendrite-spark-tests/target/dendrite-spark-example.jar --out /tmp/events --rows 100000
 * </pre>
 *
 * Exit status: 0 when the check passes, 1 when it fails or the job fails, 2 for bad arguments;
 * the reason is one line on stderr.
 */
public final class DendriteSparkJob {
  private static final String NAME = "dendrite-spark-job";

  private DendriteSparkJob() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** main without System.exit: parses, runs on a session of its own, prints, returns the status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    return JobMain.run(NAME, DendriteSparkJob::run, args, out, err);
  }

  /**
   * The whole job on a given session (tests pass a local one): prepares {@code OUT}, writes,
   * reads, cross-checks. Throws IllegalStateException when {@code OUT} cannot be used.
   */
  public static JobResult run(SparkSession spark, JobOptions options) throws Exception {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    HadoopConf hadoopConf = HadoopConf.of(jsc.getConf());
    OutputDir.prepare(options.out(), options.overwrite(), jsc.hadoopConfiguration());

    // (a) Events as JSON text, generated in Spark: one contiguous id range per partition.
    Dataset<String> lines = spark.range(0, options.rows(), 1, options.partitions())
        .map((MapFunction<Long, String>) EventGenerator::line, Encoders.STRING());

    // (b) One file per partition, written by DendriteWriter on the executors.
    long t0 = System.nanoTime();
    List<WrittenFile> written = lines.javaRDD()
        .mapPartitionsWithIndex(new PartitionWriter(options.out(), hadoopConf), false)
        .collect();

    // (c) List what is really there, spread the files over tasks, read them with DendriteReader.
    long t1 = System.nanoTime();
    List<String> files = OutputDir.partFiles(options.out(), jsc.hadoopConfiguration());
    JavaRDD<String> fileRdd = jsc.parallelize(files, Math.max(1, Math.min(files.size(),
        options.partitions())));
    ReadTotals ours = fileRdd.mapPartitions(new PartitionReader(hadoopConf))
        .fold(ReadTotals.ZERO, ReadTotals::plus);

    // (d) The same totals from Spark's own reader and variant_get.
    long t2 = System.nanoTime();
    ReadTotals sparks = SparkTotals.of(spark, options.out());
    long t3 = System.nanoTime();
    return new JobResult(options, written, files, ours, sparks,
        new JobResult.StageTimes(millis(t1 - t0), millis(t2 - t1), millis(t3 - t2)));
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
