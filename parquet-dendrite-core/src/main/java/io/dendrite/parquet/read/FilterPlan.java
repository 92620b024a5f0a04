package io.dendrite.parquet.read;

import io.dendrite.parquet.filter.FilterEvaluator;

/**
 * The rows of each row group a filtered read must read, from {@link FilterPlanner}: all of
 * them when {@link #readsAll(int)}, only {@link #rowRanges(int)} otherwise (their pages with
 * {@code ParquetFileReader.readFilteredRowGroup}, or skipped while decoding), none when
 * {@link #skips(int)}; then test each row read with the filter's {@link FilterEvaluator},
 * except the rows {@link #matches} proves from statistics. Rows outside the ranges cannot
 * match; rows inside may or may not.
 */
public final class FilterPlan {
  private final RowRanges[] ranges;
  private final RowRanges[] certain;
  private final long[] rowCounts;
  private final ReadReport report;

  FilterPlan(RowRanges[] ranges, RowRanges[] certain, long[] rowCounts, ReadReport report) {
    this.ranges = ranges;
    this.certain = certain;
    this.rowCounts = rowCounts;
    this.report = report;
  }

  /** Row groups in the file. */
  public int rowGroups() {
    return ranges.length;
  }

  /**
   * The rows of {@code rowGroup} to read (0-based within the row group): empty when the row
   * group is skipped, all of them ({@link RowRanges#all}) when pages cannot be skipped.
   * Partial ranges are only given when every requested column has an offset index, as
   * {@code readFilteredRowGroup} needs.
   */
  public RowRanges rowRanges(int rowGroup) {
    return ranges[rowGroup];
  }

  /** Whether no row of {@code rowGroup} can match. */
  public boolean skips(int rowGroup) {
    return ranges[rowGroup].rowCount() == 0;
  }

  /** Whether every row of {@code rowGroup} must be read. */
  public boolean readsAll(int rowGroup) {
    return ranges[rowGroup].rowCount() == rowCounts[rowGroup];
  }

  /**
   * Whether the filter is certainly true for every row {@code from .. to} (both included,
   * 0-based within the row group), as the statistics prove: those rows need no exact test.
   */
  public boolean matches(int rowGroup, long from, long to) {
    return certain[rowGroup].covers(from, to);
  }

  /** What is skipped, for the user. */
  public ReadReport report() {
    return report;
  }
}
