package io.dendrite.parquet.spark;

import io.dendrite.parquet.shred.ShreddingReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.internal.io.FileCommitProtocol;

/**
 * What one write task sends the driver: the commit protocol's message, and the files it wrote
 * (none for an empty partition) with their shredding counts, which the driver sums into the
 * job's report ({@link JobReport}).
 *
 * @param files the files' paths relative to the output path (the commit moves them there,
 *     keeping the names)
 * @param rows the rows of all the task's files
 * @param paths the counts of each file's shredded paths (a path once per file)
 */
record TaskResult(FileCommitProtocol.TaskCommitMessage commit, List<String> files, long rows,
    List<PathCount> paths) implements Serializable {

  /** The counts of one shredded path of one file ({@link ShreddingReport.PathCounts}). */
  record PathCount(String column, String path, String shreddedAs, long typed, long residual,
      long missing) implements Serializable {}

  TaskResult {
    files = List.copyOf(files);
    paths = List.copyOf(paths);
  }

  /** @param reports one per file written */
  static TaskResult of(FileCommitProtocol.TaskCommitMessage commit, List<String> files,
      List<ShreddingReport> reports) {
    long rows = 0;
    List<PathCount> paths = new ArrayList<>();
    for (ShreddingReport report : reports) {
      rows += report.rowsWritten();
      for (ShreddingReport.ColumnReport c : report.columns().values()) {
        for (ShreddingReport.PathCounts p : c.paths()) {
          paths.add(new PathCount(c.column(), p.path(), p.shreddedAs(), p.typed(),
              p.residual(), p.missing()));
        }
      }
    }
    return new TaskResult(commit, files, rows, paths);
  }
}
