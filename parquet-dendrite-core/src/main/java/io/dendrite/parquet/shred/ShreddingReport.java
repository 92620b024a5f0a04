package io.dendrite.parquet.shred;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.shred.internal.PathCounter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What shredding did to one file: for each VARIANT column, the shredding schema it used and,
 * per shredded path, how many values were stored in {@code typed_value}, in the residual
 * {@code value}, and how many were missing.
 *
 * <p>Paths are dotted from the column name; {@code []} stands for the elements of a shredded
 * array (for example {@code payload.tags[]}).
 */
public final class ShreddingReport {

  /** Where the values of one shredded path landed. */
  public record PathCounts(String path, String shreddedAs, long typed, long residual, long missing) {
    /** Share of present values stored in {@code typed_value}, 0..1 (1 when no value was present). */
    public double typedShare() {
      long present = typed + residual;
      return present == 0 ? 1.0 : (double) typed / present;
    }
  }

  /** One VARIANT column's shredding outcome. */
  public record ColumnReport(String column, ShreddedType schema, String origin, List<PathCounts> paths) {
    public ColumnReport {
      paths = List.copyOf(paths);
    }
  }

  private final long rowsWritten;
  private final long rowsSkipped;
  private final List<String> skippedReasons;
  private final Map<String, ColumnReport> columns;
  private final Map<String, String> encodings;

  public ShreddingReport(long rowsWritten, long rowsSkipped, List<String> skippedReasons,
      List<ColumnReport> columns) {
    this(rowsWritten, rowsSkipped, skippedReasons, columns, Map.of());
  }

  /**
   * A report that also says, per leaf column (dotted path), which value encodings were chosen
   * from the data where they differ from the default, and why.
   */
  public ShreddingReport(long rowsWritten, long rowsSkipped, List<String> skippedReasons,
      List<ColumnReport> columns, Map<String, String> encodings) {
    this.encodings = Collections.unmodifiableMap(new LinkedHashMap<>(encodings));
    this.rowsWritten = rowsWritten;
    this.rowsSkipped = rowsSkipped;
    this.skippedReasons = List.copyOf(skippedReasons);
    Map<String, ColumnReport> byName = new LinkedHashMap<>();
    for (ColumnReport c : columns) {
      byName.put(c.column(), c);
    }
    this.columns = Collections.unmodifiableMap(byName);
  }

  public long rowsWritten() {
    return rowsWritten;
  }

  /** Rows dropped in skip-invalid mode (always 0 otherwise). */
  public long rowsSkipped() {
    return rowsSkipped;
  }

  /** The first few reasons rows were skipped, each naming the row and field. */
  public List<String> skippedReasons() {
    return skippedReasons;
  }

  public Map<String, ColumnReport> columns() {
    return columns;
  }

  /**
   * Leaf columns (dotted paths, in schema order) whose value encoding {@code encodings(AUTO)}
   * chose otherwise than the default would have: the encoding, in how many chunks, and the
   * size estimates behind it. Empty with the default encodings.
   */
  public Map<String, String> encodings() {
    return encodings;
  }

  /** The counts for one path such as {@code "nested.varid"}, or null when it is not shredded. */
  public PathCounts path(String path) {
    for (ColumnReport c : columns.values()) {
      for (PathCounts p : c.paths()) {
        if (p.path().equals(path)) {
          return p;
        }
      }
    }
    return null;
  }

  /** A fixed-width table, one line per shredded path, as the CLI prints it. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("rows written: ").append(rowsWritten);
    if (rowsSkipped > 0) {
      sb.append(", rows skipped: ").append(rowsSkipped);
    }
    sb.append('\n');
    for (ColumnReport c : columns.values()) {
      sb.append("column ").append(c.column()).append(" (").append(c.origin()).append("): ")
          .append(c.schema() == null ? "unshredded" : c.schema().toString()).append('\n');
      if (c.paths().isEmpty()) {
        continue;
      }
      int width = 4;
      for (PathCounts p : c.paths()) {
        width = Math.max(width, p.path().length());
      }
      sb.append(String.format("  %-" + width + "s  %-14s %12s %12s %12s %7s%n",
          "path", "type", "typed_value", "value", "missing", "typed%"));
      for (PathCounts p : c.paths()) {
        sb.append(String.format("  %-" + width + "s  %-14s %12d %12d %12d %6.1f%%%n",
            p.path(), p.shreddedAs(), p.typed(), p.residual(), p.missing(), 100 * p.typedShare()));
      }
    }
    if (!encodings.isEmpty()) {
      sb.append("encodings chosen from the data (where not the default):\n");
      encodings.forEach((column, choice) ->
          sb.append("  ").append(column).append(": ").append(choice).append('\n'));
    }
    return sb.toString();
  }

  /** Collects the counters of the shredders of one file. */
  public static List<PathCounts> snapshot(List<PathCounter> counters) {
    List<PathCounts> out = new ArrayList<>(counters.size());
    for (PathCounter c : counters) {
      out.add(c.snapshot());
    }
    return out;
  }
}
