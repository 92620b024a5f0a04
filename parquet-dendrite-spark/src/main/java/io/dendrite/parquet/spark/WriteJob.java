package io.dendrite.parquet.spark;

import io.dendrite.parquet.shred.ShreddingReport;
import java.io.IOException;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.SparkStatusTracker;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.util.SerializableConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One {@code df.write.format("dendrite").save(path)}, on the driver: the partition columns
 * ({@link PartitionColumns}), the save mode as Spark's Parquet source applies it (with
 * {@code partitionBy}, an overwrite is static or dynamic as {@code partitionOverwriteMode}
 * says), the job's shredding over the data columns ({@link JobShredding}), then one Spark job of
 * {@link WriteTask}s under Spark's commit protocol ({@code spark.sql.sources.commitProtocolClass},
 * by default Hadoop's file output committer): files appear at the path only when the whole job
 * commits; a failed job is aborted, which removes every task's output, and a directory the job
 * created is removed again, so nothing is left at the path.
 */
final class WriteJob {
  private static final Logger LOG = LoggerFactory.getLogger(WriteJob.class);
  private static final int TASK_WAIT_SECONDS = 30;

  private final Dataset<Row> data;
  private final WriteOptions options;
  private final SaveMode mode;

  WriteJob(Dataset<Row> data, WriteOptions options, SaveMode mode) {
    this.data = data;
    this.options = options;
    this.mode = mode;
  }

  /**
   * What a job wrote: the shredding coverage summed over its files, and the files.
   *
   * @param files every file of the job, relative to the output path
   *     ({@code a=1/part-00000-...-c000.snappy.parquet} when partitioned)
   */
  record Written(ShreddingReport report, List<String> files) {}

  /** Writes the files; returns what was written (null when the save mode writes nothing). */
  Written run() throws IOException {
    SparkSession spark = SparkSession.active();
    SQLConf sqlConf = spark.sessionState().conf();
    Configuration conf = spark.sessionState().newHadoopConf();
    options.hadoopSettings().forEach(conf::set);
    PartitionColumns partitions = PartitionColumns.resolve(options.partitionBy, data.schema(),
        sqlConf.caseSensitiveAnalysis());
    SparkTypes.recordSchema(partitions.dataSchema()); // a column that cannot be written fails
    boolean dynamic = !partitions.isEmpty() && mode == SaveMode.Overwrite
        && options.dynamicOverwrite(sqlConf.partitionOverwriteMode().toString());
    Path given = new Path(options.path);
    FileSystem fs = given.getFileSystem(conf);
    Path out = fs.makeQualified(given);
    boolean exists = fs.exists(out);
    if (exists && !proceed(out, dynamic)) {
      return null;
    }
    VariantColumns variants = VariantColumns.of(data.schema());
    // The sample comes from the rows as they are; only the write needs them sorted.
    JobShredding shredding = JobShredding.decide(options, variants, rows(spark, data), conf);
    List<TaskResult> results = write(spark, conf, fs, out, exists, dynamic, partitions,
        options.maxRecordsPerFile(sqlConf.maxRecordsPerFile()), shredding);
    ShreddingReport report = JobReport.of(results, shredding, variants.paths());
    List<String> files = new ArrayList<>();
    results.forEach(r -> files.addAll(r.files()));
    LOG.info("dendrite: wrote {} rows in {} files to {}{}, shredding {}\n{}",
        report.rowsWritten(), files.size(), out, partitions.isEmpty() ? ""
            : " partitioned by " + partitions.names() + (dynamic ? " (dynamic overwrite)" : ""),
        shredding.origin(), report);
    return new Written(report, files);
  }

  /**
   * The save mode at an existing path, as Spark's Parquet source applies it: go on or not.
   * A dynamic overwrite deletes nothing before the job, so it may read its own path.
   */
  private boolean proceed(Path out, boolean dynamic) {
    switch (mode) {
      case ErrorIfExists:
        throw new IllegalArgumentException("dendrite: path " + out + " already exists; write"
            + " with mode(\"overwrite\") to replace it or mode(\"append\") to add to it");
      case Ignore:
        LOG.info("dendrite: {} exists, nothing written (mode ignore)", out);
        return false;
      case Overwrite:
        if (!dynamic) {
          refuseOverwritingInput(out);
        }
        return true;
      default:
        return true;
    }
  }

  /**
   * One Spark job of write tasks under the commit protocol. A static overwrite deletes the
   * path first (through the protocol, as Spark's file sources do); a dynamic one hands the
   * protocol a staging directory, and at job commit it replaces the partition directories the
   * job wrote with their new files, leaving the others.
   */
  private List<TaskResult> write(SparkSession spark, Configuration conf, FileSystem fs,
      Path out, boolean exists, boolean dynamic, PartitionColumns partitions,
      long maxRecordsPerFile, JobShredding shredding) throws IOException {
    String jobId = UUID.randomUUID().toString();
    FileCommitProtocol committer = FileCommitProtocol.instantiate(
        spark.sessionState().conf().fileCommitProtocolClass(), jobId, out.toString(), dynamic);
    Job job = Job.getInstance(conf);
    job.setOutputKeyClass(Void.class);
    job.setOutputValueClass(InternalRow.class);
    FileOutputFormat.setOutputPath(job, dynamic
        ? fs.makeQualified(FileCommitProtocol.getStagingDir(out.toString(), jobId)) : out);
    if (exists && mode == SaveMode.Overwrite && !dynamic
        && !committer.deleteWithJob(fs, out, true)) {
      throw new IOException("dendrite: cannot delete " + out + " to overwrite it");
    }
    boolean created = !fs.exists(out);
    SparkContext sc = spark.sparkContext();
    String tag = "dendrite-write-" + jobId;
    sc.addJobTag(tag); // thread-local, beside any group or tag of the caller
    try {
      committer.setupJob(job);
      List<TaskResult> results = rows(spark, partitions.arrange(data))
          .mapPartitions(new WriteTask(committer,
              new SerializableConfiguration(job.getConfiguration()), partitions.dataSchema(),
              partitions.directories(), maxRecordsPerFile, options, shredding,
              new SimpleDateFormat("yyyyMMddHHmmss", Locale.US).format(new Date())))
          .collect();
      List<FileCommitProtocol.TaskCommitMessage> messages = new ArrayList<>();
      for (TaskResult r : results) {
        committer.onTaskCommit(r.commit());
        messages.add(r.commit());
      }
      committer.commitJob(job, CollectionConverters.asScala(messages).toSeq());
      return results;
    } catch (Throwable t) {
      awaitTasks(sc, tag);
      abort(committer, job, fs, out, created, t);
      throw t;
    } finally {
      sc.removeJobTag(tag);
    }
  }

  /**
   * The rows of {@code df} as Spark's internal rows; a DataFrame of no partitions gets one
   * empty partition, whose task writes the file that keeps the schema.
   */
  private static JavaRDD<InternalRow> rows(SparkSession spark, Dataset<Row> df) {
    JavaRDD<InternalRow> rows = df.queryExecution().toRdd().toJavaRDD();
    if (rows.getNumPartitions() > 0) {
      return rows;
    }
    return JavaSparkContext.fromSparkContext(spark.sparkContext())
        .parallelize(List.<InternalRow>of(), 1);
  }

  /**
   * Overwriting deletes the path before the job reads its input: a DataFrame that reads files
   * under the path would lose them, as Spark's Parquet source also refuses.
   */
  private void refuseOverwritingInput(Path out) {
    List<String> inputs = new ArrayList<>(List.of(data.inputFiles()));
    for (LogicalPlan leaf : CollectionConverters.asJava(
        data.queryExecution().analyzed().collectLeaves())) {
      if (leaf instanceof DataSourceV2Relation r && r.table() instanceof DendriteTable t) {
        t.files().forEach(f -> inputs.add(f.path()));
      }
    }
    String dir = out.toString();
    for (String input : inputs) {
      if (input.equals(dir) || input.startsWith(dir.endsWith("/") ? dir : dir + "/")) {
        throw new IllegalArgumentException("dendrite: cannot overwrite " + out + ": the"
            + " DataFrame being written reads from it (" + input + ")");
      }
    }
  }

  /**
   * Waits, at most {@link #TASK_WAIT_SECONDS}, until no task of the failed job runs. Spark fails
   * a job at its first failed task and kills the others without waiting for them; one still
   * writing after {@code abortJob} would make its attempt directory again and leave it behind.
   */
  private static void awaitTasks(SparkContext sc, String tag) {
    sc.cancelJobsWithTag(tag);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TASK_WAIT_SECONDS);
    try {
      while (System.nanoTime() < deadline && tasksRunning(sc.statusTracker(), tag)) {
        Thread.sleep(50);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean tasksRunning(SparkStatusTracker tracker, String tag) {
    for (int job : tracker.getJobIdsForTag(tag)) {
      Option<SparkJobInfo> info = tracker.getJobInfo(job);
      if (info.isEmpty()) {
        continue;
      }
      for (int stage : info.get().stageIds()) {
        Option<SparkStageInfo> s = tracker.getStageInfo(stage);
        if (s.isDefined() && s.get().numActiveTasks() > 0) {
          return true;
        }
      }
    }
    return false;
  }

  private static void abort(FileCommitProtocol committer, Job job, FileSystem fs, Path out,
      boolean created, Throwable failure) {
    try {
      committer.abortJob(job);
      if (created && fs.exists(out) && fs.listStatus(out).length == 0) {
        fs.delete(out, false);
      }
    } catch (Throwable cleanup) {
      failure.addSuppressed(cleanup);
    }
  }
}
