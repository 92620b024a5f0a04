package io.dendrite.parquet.read;

import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.engine.VariantAssemblyException;
import java.util.ArrayList;
import java.util.List;

/**
 * A file could not be read: names the file, and where known the row group (0-based, as
 * {@code dendrite inspect} numbers them), the row (1-based, counted over the whole file), the
 * column path ({@code payload.user} for a shredded field of the VARIANT column {@code payload})
 * and the problem, e.g. {@code events.parquet: row group 0, row 2, column payload.user: invalid
 * value: ...}. The original failure is the cause.
 */
public final class DendriteReadException extends RuntimeException {
  private final String file;
  private final int rowGroup;
  private final long row;
  private final String column;

  /** A failure at {@code row} (0: not tied to a row), row group and column unknown. */
  public DendriteReadException(String file, long row, String problem, Throwable cause) {
    this(file, -1, row, null, problem, cause);
  }

  /**
   * A failure at a place in the file.
   *
   * @param file the file as the user named it
   * @param rowGroup 0-based row group, or -1 when unknown
   * @param row 1-based row of the file, or 0 when unknown or not tied to a row
   * @param column column path, or null when unknown
   * @param problem what was wrong
   * @param cause the original failure, or null
   */
  public DendriteReadException(String file, int rowGroup, long row, String column,
      String problem, Throwable cause) {
    super(file + where(rowGroup, row, column) + ": " + problem, cause);
    this.file = file;
    this.rowGroup = rowGroup;
    this.row = row;
    this.column = column;
  }

  /**
   * Describes {@code failure}, thrown while reading {@code file} at the given row group and row
   * (-1 and 0 when unknown): the column path and problem come from the failure itself (an
   * invalid variant names its path). A failure that already is a DendriteReadException is
   * returned as is.
   */
  public static DendriteReadException of(String file, int rowGroup, long row, Throwable failure) {
    Throwable innermost = failure;
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof DendriteReadException d) {
        return d;
      }
      if (t instanceof VariantAssemblyException v) {
        return new DendriteReadException(file, rowGroup, row, v.path(), v.problem(), failure);
      }
      if (t instanceof ColumnReadException c) {
        return new DendriteReadException(file, rowGroup, row, c.column(), c.pageAndProblem(),
            failure);
      }
      innermost = t;
    }
    return new DendriteReadException(file, rowGroup, row, null, ColumnReadException.problem(innermost), failure);
  }

  /**
   * Describes {@code failure}, thrown while reading the pages of {@code column} (its dotted
   * Parquet path) in {@code file} at the given row group and row (-1 and 0 when unknown). For
   * tools that read a file's pages with parquet-java themselves, one column at a time.
   */
  public static DendriteReadException inColumn(String file, int rowGroup, long row,
      String column, Throwable failure) {
    return new DendriteReadException(file, rowGroup, row, column,
        ColumnReadException.problem(failure), failure);
  }

  private static String where(int rowGroup, long row, String column) {
    List<String> parts = new ArrayList<>();
    if (rowGroup >= 0) {
      parts.add("row group " + rowGroup);
    }
    if (row > 0) {
      parts.add("row " + row);
    }
    if (column != null) {
      parts.add("column " + column);
    }
    return parts.isEmpty() ? "" : ": " + String.join(", ", parts);
  }

  public String file() {
    return file;
  }

  /** The 0-based row group, or -1 when unknown or not tied to a row group (footer, schema). */
  public int rowGroup() {
    return rowGroup;
  }

  /** The 1-based row, or 0 when the problem is not tied to a row (footer, schema). */
  public long row() {
    return row;
  }

  /**
   * The column path ({@code payload.user}); for a page that does not read, the Parquet column
   * ({@code payload.typed_value.user.typed_value}); null when unknown.
   */
  public String column() {
    return column;
  }
}
