package io.dendrite.parquet.spark;

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
import org.apache.spark.internal.io.FileNameSpec;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import scala.Option;

/**
 * One write task: the rows of a partition into one file, through Spark's commit protocol. The
 * file is made in the task's attempt directory ({@code newTaskTempFile}, named as Spark names
 * its part files) and published by {@code commitTask}, which lets one attempt only commit (the
 * others of a speculated task are refused); a task that fails removes its attempt's output
 * ({@code abortTask}). An empty partition writes no file, except the first, so that a job of no
 * rows leaves a file with the schema, as Spark's Parquet writer does.
 */
final class WriteTask implements FlatMapFunction<Iterator<InternalRow>, TaskResult> {
  private static final long serialVersionUID = 1L;

  private final FileCommitProtocol committer;
  private final SerializableConfiguration conf;
  private final StructType schema;
  private final WriteOptions options;
  private final JobShredding shredding;
  /** The Hadoop job id's time part, the same for every task of the job. */
  private final String jobTrackerId;

  WriteTask(FileCommitProtocol committer, SerializableConfiguration conf, StructType schema,
      WriteOptions options, JobShredding shredding, String jobTrackerId) {
    this.committer = committer;
    this.conf = conf;
    this.schema = schema;
    this.options = options;
    this.shredding = shredding;
    this.jobTrackerId = jobTrackerId;
  }

  @Override
  public Iterator<TaskResult> call(Iterator<InternalRow> rows) throws Exception {
    TaskContext task = TaskContext.get();
    TaskAttemptContext attempt = attemptContext(task);
    committer.setupTask(attempt);
    DendriteWriter writer = null;
    try {
      String file = null;
      if (rows.hasNext() || task.partitionId() == 0) {
        file = committer.newTaskTempFile(attempt, Option.empty(),
            new FileNameSpec("", "-c000" + options.fileExtension()));
        writer = open(new Path(file), attempt.getConfiguration());
        Function<InternalRow, Map<String, Object>> values = WriterValues.rows(schema);
        while (rows.hasNext()) {
          writer.write(values.apply(rows.next()));
        }
        writer.close();
      }
      FileCommitProtocol.TaskCommitMessage message = committer.commitTask(attempt);
      return List.of(TaskResult.of(message, file == null ? null : new Path(file).getName(),
          writer == null ? null : writer.report())).iterator();
    } catch (Throwable t) {
      try {
        if (writer != null) {
          writer.abort();
        }
        committer.abortTask(attempt);
      } catch (Throwable cleanup) {
        t.addSuppressed(cleanup);
      }
      throw t;
    }
  }

  private DendriteWriter open(Path file, Configuration taskConf) throws java.io.IOException {
    DendriteWriter.Builder b = options.configure(DendriteWriter.builder(file, taskConf)
        .schema(SparkTypes.recordSchema(schema)));
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
