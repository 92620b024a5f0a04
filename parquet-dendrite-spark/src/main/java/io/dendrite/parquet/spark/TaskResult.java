package io.dendrite.parquet.spark;

import io.dendrite.parquet.shred.ShreddingReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.internal.io.FileCommitProtocol;

/**
 * What one write task sends the driver: the commit protocol's message, and the file it wrote
 * (null for an empty partition) with its shredding counts, which the driver sums into the
 * job's report ({@link JobReport}).
 *
 * @param file the file's name (its final name: the commit moves it, keeping the name)
 */
record TaskResult(FileCommitProtocol.TaskCommitMessage commit, String file, long rows,
    List<PathCount> paths) implements Serializable {

  /** The counts of one shredded path of one file ({@link ShreddingReport.PathCounts}). */
  record PathCount(String column, String path, String shreddedAs, long typed, long residual,
      long missing) implements Serializable {}

  TaskResult {
    paths = List.copyOf(paths);
  }

  static TaskResult of(FileCommitProtocol.TaskCommitMessage commit, String file,
      ShreddingReport report) {
    List<PathCount> paths = new ArrayList<>();
    if (report == null) {
      return new TaskResult(commit, null, 0, paths);
    }
    for (ShreddingReport.ColumnReport c : report.columns().values()) {
      for (ShreddingReport.PathCounts p : c.paths()) {
        paths.add(new PathCount(c.column(), p.path(), p.shreddedAs(), p.typed(), p.residual(),
            p.missing()));
      }
    }
    return new TaskResult(commit, file, report.rowsWritten(), paths);
  }
}
