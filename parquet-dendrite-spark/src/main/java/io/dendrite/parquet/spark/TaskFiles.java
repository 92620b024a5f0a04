package io.dendrite.parquet.spark;

import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.internal.io.FileNameSpec;
import scala.Option;

/**
 * The files of one write task, one open at a time: a new file when the row's directory changes
 * (the rows come sorted by it) or when the open file holds {@code maxRecordsPerFile} rows. Each
 * is made in the task's attempt directory by the commit protocol ({@code newTaskTempFile}, with
 * the partition directory, so that a dynamic overwrite knows which directories it replaces) and
 * named as Spark names part files, {@code part-00003-<job>-c000.snappy.parquet}, the counter
 * per directory.
 *
 * <p>One open writer rather than one per directory: a writer buffers a row group (128 MiB by
 * default) before it writes, so open writers per directory would hold that much per directory
 * of the task; Spark's sort spills to disk instead.
 */
final class TaskFiles {
  /** Opens the writer of a file the commit protocol named. */
  @FunctionalInterface
  interface Opener {
    DendriteWriter open(Path file) throws IOException;
  }

  private final FileCommitProtocol committer;
  private final TaskAttemptContext attempt;
  private final String extension;
  private final Opener opener;
  /** 0: no limit. */
  private final long maxRecordsPerFile;
  private final Map<String, Integer> filesPerDirectory = new HashMap<>();
  private final List<String> files = new ArrayList<>();
  private final List<ShreddingReport> reports = new ArrayList<>();
  private DendriteWriter writer;
  private String directory;
  private long rowsInFile;

  TaskFiles(FileCommitProtocol committer, TaskAttemptContext attempt, String extension,
      Opener opener, long maxRecordsPerFile) {
    this.committer = committer;
    this.attempt = attempt;
    this.extension = extension;
    this.opener = opener;
    this.maxRecordsPerFile = maxRecordsPerFile;
  }

  /** @param dir the row's partition directory, relative to the output path (null: none) */
  void write(String dir, Map<String, Object> record) throws IOException {
    if (writer == null || !Objects.equals(dir, directory)
        || (maxRecordsPerFile > 0 && rowsInFile == maxRecordsPerFile)) {
      open(dir);
    }
    writer.write(record);
    rowsInFile++;
  }

  /** Closes the open file, if any, and opens the next one in {@code dir}. */
  void open(String dir) throws IOException {
    close();
    int counter = filesPerDirectory.merge(dir == null ? "" : dir, 1, Integer::sum) - 1;
    String file = committer.newTaskTempFile(attempt, Option.apply(dir),
        new FileNameSpec("", String.format("-c%03d", counter) + extension));
    writer = opener.open(new Path(file));
    directory = dir;
    rowsInFile = 0;
    String name = new Path(file).getName();
    files.add(dir == null ? name : dir + "/" + name);
  }

  /** Finishes the open file (it appears at the path when the task and the job commit). */
  void close() throws IOException {
    if (writer != null) {
      DendriteWriter w = writer;
      writer = null;
      w.close();
      reports.add(w.report());
    }
  }

  /** Abandons the open file; the commit protocol's task abort removes the closed ones. */
  void abort() {
    if (writer != null) {
      writer.abort();
      writer = null;
    }
  }

  boolean none() {
    return files.isEmpty();
  }

  /** The files written, relative to the output path. */
  List<String> files() {
    return files;
  }

  /** The shredding counts of each closed file. */
  List<ShreddingReport> reports() {
    return reports;
  }
}
