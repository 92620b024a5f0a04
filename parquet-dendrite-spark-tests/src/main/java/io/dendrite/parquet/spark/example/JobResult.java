package io.dendrite.parquet.spark.example;

import java.util.ArrayList;
import java.util.List;

/**
 * What the job did and found: the files written (with their shredding reports), the files the
 * read stage listed, the totals from our reader and from Spark SQL, and how long each took.
 */
public record JobResult(JobOptions options, List<WrittenFile> written, List<String> listed,
    ReadTotals ours, ReadTotals spark, StageTimes times) implements JobMain.Outcome {

  /** Wall time of the three stages, in milliseconds (Spark job scheduling included). */
  public record StageTimes(long writeMillis, long readMillis, long sparkMillis) {}

  public JobResult {
    written = List.copyOf(written);
    listed = List.copyOf(listed);
  }

  public long rowsWritten() {
    return written.stream().mapToLong(WrittenFile::rows).sum();
  }

  /** Every way the cross-check failed, empty when it passed. */
  @Override
  public List<String> mismatches() {
    List<String> m = new ArrayList<>();
    if (rowsWritten() != options.rows()) {
      m.add("rows written " + rowsWritten() + " != --rows " + options.rows());
    }
    if (listed.size() != written.size()) {
      m.add("files listed " + listed.size() + " != files written " + written.size());
    }
    if (ours.rows() != options.rows()) {
      m.add("rows read by DendriteReader " + ours.rows() + " != --rows " + options.rows());
    }
    compare(m, "rows", ours.rows(), spark.rows());
    compare(m, "sum(id)", ours.idSum(), spark.idSum());
    compare(m, "user.name present", ours.names(), spark.names());
    compare(m, "score present", ours.scores(), spark.scores());
    compare(m, "sum(score)", ours.scoreSum(), spark.scoreSum());
    return m;
  }

  private static void compare(List<String> m, String what, long ours, long spark) {
    if (ours != spark) {
      m.add(what + ": DendriteReader " + ours + " != Spark " + spark);
    }
  }

  public boolean ok() {
    return mismatches().isEmpty();
  }

  /** A few lines for stdout: files and shredding, both sides' totals, the verdict. */
  @Override
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("wrote %d files, %,d rows, with DendriteWriter in mapPartitions"
        + " (%.1f s) -> %s%n", written.size(), rowsWritten(), times.writeMillis() / 1000.0,
        options.out()));
    for (WrittenFile f : written) {
      String name = f.path().substring(f.path().lastIndexOf('/') + 1);
      sb.append(String.format("  %s  %,9d rows  payload %s%n", name, f.rows(),
          f.shredding().equals("unshredded") ? "unshredded" : "shredded as " + f.shredding()));
      for (WrittenFile.PathTally p : f.paths()) {
        if (p.residual() > 0) {
          sb.append(String.format("    %-14s %-8s %,9d in typed_value, %,7d in value%n",
              p.path(), p.type(), p.typed(), p.residual()));
        }
      }
    }
    sb.append(String.format("DendriteReader, %d files in mapPartitions (%4.1f s): %s%n",
        listed.size(), times.readMillis() / 1000.0, ours));
    sb.append(String.format("Spark read.parquet + variant_get    (%4.1f s): %s%n",
        times.sparkMillis() / 1000.0, spark));
    List<String> m = mismatches();
    sb.append(m.isEmpty() ? "check: OK, DendriteReader and Spark agree" : "check FAILED: "
        + String.join("; ", m));
    return sb.append(System.lineSeparator()).toString();
  }
}
