package io.dendrite.parquet.spark.example;

import io.dendrite.parquet.shred.ShreddingReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What one write task reports back to the driver: the file, its row count, and the shredding
 * report of its VARIANT column in serializable form ({@link ShreddingReport} is not).
 *
 * @param shredding the shredding schema the file was written with, or "unshredded"
 */
public record WrittenFile(String path, long rows, String shredding, List<PathTally> paths)
    implements Serializable {

  /** Where the values of one shredded path landed, as in {@link ShreddingReport.PathCounts}. */
  public record PathTally(String path, String type, long typed, long residual, long missing)
      implements Serializable {}

  public WrittenFile {
    paths = List.copyOf(paths);
  }

  static WrittenFile of(String path, ShreddingReport report, String column) {
    ShreddingReport.ColumnReport c = report.columns().get(column);
    List<PathTally> tallies = new ArrayList<>();
    for (ShreddingReport.PathCounts p : c.paths()) {
      tallies.add(new PathTally(p.path(), p.shreddedAs(), p.typed(), p.residual(), p.missing()));
    }
    return new WrittenFile(path, report.rowsWritten(),
        c.schema() == null ? "unshredded" : c.schema().toString(), tallies);
  }

  /** The tally of one path such as {@code payload.score}, or null when it is not shredded. */
  public PathTally path(String path) {
    return paths.stream().filter(p -> p.path().equals(path)).findFirst().orElse(null);
  }
}
