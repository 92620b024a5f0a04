package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.write.DendriteWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * One write task: the rows of a Spark partition into files through Spark's commit protocol
 * ({@link TaskFiles}: one file, or with {@code partitionBy} one after the other per partition
 * directory, rolled over at {@code maxRecordsPerFile} rows). The files are made in the task's
 * attempt directory and published by {@code commitTask}, which lets one attempt only commit
 * (the others of a speculated task are refused); a task that fails removes its attempt's output
 * ({@code abortTask}). An empty partition writes no file, except the first of an unpartitioned
 * write, so that a job of no rows leaves a file with the schema, as Spark's Parquet writer does.
 */
final class WriteTask implements FlatMapFunction<Iterator<InternalRow>, TaskResult> {
  private static final long serialVersionUID = 1L;

  private final FileCommitProtocol committer;
  private final SerializableConfiguration conf;
  /** The columns the files hold (the partition columns' strings follow them in each row). */
  private final StructType dataSchema;
  private final PartitionDirectories directories;
  private final long maxRecordsPerFile;
  private final WriteOptions options;
  private final JobShredding shredding;
  /** The Hadoop job id's time part, the same for every task of the job. */
  private final String jobTrackerId;

  WriteTask(FileCommitProtocol committer, SerializableConfiguration conf, StructType dataSchema,
      PartitionDirectories directories, long maxRecordsPerFile, WriteOptions options,
      JobShredding shredding, String jobTrackerId) {
    this.committer = committer;
    this.conf = conf;
    this.dataSchema = dataSchema;
    this.directories = directories;
    this.maxRecordsPerFile = maxRecordsPerFile;
    this.options = options;
    this.shredding = shredding;
    this.jobTrackerId = jobTrackerId;
  }

  @Override
  public Iterator<TaskResult> call(Iterator<InternalRow> rows) throws Exception {
    TaskContext task = TaskContext.get();
    TaskAttemptContext attempt = attemptContext(task);
    committer.setupTask(attempt);
    RecordSchema schema = SparkTypes.recordSchema(dataSchema);
    TaskFiles files = new TaskFiles(committer, attempt, options.fileExtension(),
        file -> open(file, schema, attempt.getConfiguration()), maxRecordsPerFile);
    try {
      // The data columns come first in each row, so the converter reads only those.
      Function<InternalRow, Map<String, Object>> values = WriterValues.rows(dataSchema);
      PartitionDirectories.Current directory = directories.current();
      while (rows.hasNext()) {
        InternalRow row = rows.next();
        files.write(directory.of(row), values.apply(row));
      }
      if (files.none() && task.partitionId() == 0 && !directories.partitioned()) {
        files.open(null);
      }
      files.close();
      FileCommitProtocol.TaskCommitMessage message = committer.commitTask(attempt);
      return List.of(TaskResult.of(message, files.files(), files.reports())).iterator();
    } catch (Throwable t) {
      try {
        files.abort();
        committer.abortTask(attempt);
      } catch (Throwable cleanup) {
        t.addSuppressed(cleanup);
      }
      throw t;
    }
  }

  private DendriteWriter open(Path file, RecordSchema schema, Configuration taskConf)
      throws java.io.IOException {
    DendriteWriter.Builder b = options.configure(DendriteWriter.builder(file, taskConf)
        .schema(schema));
    if (shredding.unshredded()) {
      b.unshredded();
    } else {
      b.shredding(shredding.schemaText());
    }
    return b.build();
  }

  /**
   * The Hadoop task attempt of this Spark task attempt, as Spark's file writers make it: the
   * attempt number is Spark's task attempt id, unique across retries and speculation.
   */
  private TaskAttemptContext attemptContext(TaskContext task) {
    JobID job = new JobID(jobTrackerId, task.stageId());
    TaskAttemptID attempt = new TaskAttemptID(new TaskID(job, TaskType.MAP, task.partitionId()),
        (int) (task.taskAttemptId() & Integer.MAX_VALUE));
    Configuration c = new Configuration(conf.value());
    c.set("mapreduce.job.id", job.toString());
    c.set("mapreduce.task.id", attempt.getTaskID().toString());
    c.set("mapreduce.task.attempt.id", attempt.toString());
    c.setBoolean("mapreduce.task.ismap", true);
    c.setInt("mapreduce.task.partition", 0);
    return new TaskAttemptContextImpl(c, attempt);
  }
}
