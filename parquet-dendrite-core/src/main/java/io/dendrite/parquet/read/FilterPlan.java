package io.dendrite.parquet.read;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.Filter.FilterEvaluator;
import io.dendrite.parquet.read.FilterPlan.RowRanges;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.MessageType;

/**
 * The rows of each row group a filtered read must read, planned from a file's metadata alone
 * ({@link #plan(ParquetFileReader, Filter, MessageType)}; how each level of metadata is used:
 * the README's "Filter" section): all of
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

  /** Plans a read that requests every column of the file (for the report's counts). */
  public static FilterPlan plan(ParquetFileReader file, Filter filter) throws IOException {
    return FilterPlanner.plan(file, filter, null);
  }

  /**
   * Plans a read of the columns of {@code requested} (null: every column) from the file's
   * metadata (statistics, dictionaries, bloom filters, column and offset indexes), needing no
   * particular parquet-java version: pages and bytes in the report are theirs, and partial row
   * ranges are only given when each of them has an offset index.
   */
  public static FilterPlan plan(ParquetFileReader file, Filter filter, MessageType requested)
      throws IOException {
    return FilterPlanner.plan(file, filter, requested);
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

  /**
   * A set of rows of one row group (0-based within it) as sorted, disjoint, non-adjacent ranges
   * {@code [from(i), to(i)]}, both ends included. Immutable.
   *
   * <p>Our own type rather than parquet-java's {@code org.apache.parquet.filter2.columnindex
   * .RowRanges}, which parquet-java 1.16.0 (Spark 4.1's) does not have: planning a filter needs
   * no particular parquet-java version, and only the page I/O converts to parquet's type where
   * it exists.
   */
  public static final class RowRanges {
    /** No rows. */
    public static final RowRanges EMPTY = new RowRanges(new long[0], 0);

    /** {@code from, to} pairs, sorted, disjoint and non-adjacent. */
    private final long[] bounds;
    private final int count;
    private final long rows;

    private RowRanges(long[] bounds, int count) {
      this.bounds = bounds;
      this.count = count;
      long n = 0;
      for (int i = 0; i < count; i++) {
        n += bounds[2 * i + 1] - bounds[2 * i] + 1;
      }
      this.rows = n;
    }

    /** Rows {@code 0 .. rowCount - 1}: a whole row group ({@link #EMPTY} when it has none). */
    public static RowRanges all(long rowCount) {
      return rowCount <= 0 ? EMPTY : new RowRanges(new long[] {0, rowCount - 1}, 1);
    }

    /** Rows {@code from .. to}, both included ({@link #EMPTY} when {@code to < from}). */
    public static RowRanges of(long from, long to) {
      return new Builder().add(from, to).build();
    }

    /** Builds a set from ranges given in ascending order (overlapping or adjacent ones merge). */
    public static final class Builder {
      private long[] bounds = new long[8];
      private int count;

      /**
       * Adds rows {@code from .. to} (nothing when {@code to < from}).
       *
       * @throws IllegalArgumentException when {@code from} is negative or lies before the start
       *     of a range added earlier
       */
      public Builder add(long from, long to) {
        if (from < 0) {
          throw new IllegalArgumentException("a row range cannot start at " + from);
        }
        if (to < from) {
          return this;
        }
        if (count > 0) {
          long lastFrom = bounds[2 * count - 2];
          long lastTo = bounds[2 * count - 1];
          if (from < lastFrom) {
            throw new IllegalArgumentException("row range " + from + ".." + to
                + " added after " + lastFrom + ".." + lastTo + ": ranges must be ascending");
          }
          if (from <= lastTo + 1) {
            bounds[2 * count - 1] = Math.max(lastTo, to);
            return this;
          }
        }
        if (2 * count + 2 > bounds.length) {
          bounds = Arrays.copyOf(bounds, bounds.length * 2);
        }
        bounds[2 * count] = from;
        bounds[2 * count + 1] = to;
        count++;
        return this;
      }

      public RowRanges build() {
        return count == 0 ? EMPTY : new RowRanges(Arrays.copyOf(bounds, 2 * count), count);
      }
    }

    /** The rows in {@code a} or {@code b}. */
    public static RowRanges union(RowRanges a, RowRanges b) {
      if (a.count == 0) {
        return b;
      }
      if (b.count == 0) {
        return a;
      }
      Builder out = new Builder();
      int i = 0;
      int j = 0;
      while (i < a.count || j < b.count) {
        boolean fromA = j == b.count || (i < a.count && a.from(i) <= b.from(j));
        if (fromA) {
          out.add(a.from(i), a.to(i));
          i++;
        } else {
          out.add(b.from(j), b.to(j));
          j++;
        }
      }
      return out.build();
    }

    /** The rows in both {@code a} and {@code b}. */
    public static RowRanges intersection(RowRanges a, RowRanges b) {
      Builder out = new Builder();
      int i = 0;
      int j = 0;
      while (i < a.count && j < b.count) {
        out.add(Math.max(a.from(i), b.from(j)), Math.min(a.to(i), b.to(j)));
        if (a.to(i) < b.to(j)) {
          i++;
        } else {
          j++;
        }
      }
      return out.build();
    }

    /** Rows in the set. */
    public long rowCount() {
      return rows;
    }

    /** Ranges in the set. */
    public int rangeCount() {
      return count;
    }

    /** The first row of range {@code i}. */
    public long from(int i) {
      return bounds[2 * check(i)];
    }

    /** The last row of range {@code i} (included). */
    public long to(int i) {
      return bounds[2 * check(i) + 1];
    }

    /** Whether some row {@code from .. to} (both included) is in the set. */
    public boolean isOverlapping(long from, long to) {
      int i = firstEndingAtOrAfter(from);
      return i < count && bounds[2 * i] <= to && from <= to;
    }

    /** Whether every row {@code from .. to} (both included) is in the set. */
    public boolean covers(long from, long to) {
      if (to < from) {
        return true;
      }
      // Ranges are neither overlapping nor adjacent: one range must hold them all.
      int i = firstEndingAtOrAfter(from);
      return i < count && bounds[2 * i] <= from && to <= bounds[2 * i + 1];
    }

    /** The first range ending at or after {@code row} ({@code count} when none does). */
    private int firstEndingAtOrAfter(long row) {
      int lo = 0;
      int hi = count;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (bounds[2 * mid + 1] < row) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    private int check(int i) {
      if (i < 0 || i >= count) {
        throw new IndexOutOfBoundsException("range " + i + " of " + count);
      }
      return i;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof RowRanges r && count == r.count
          && Arrays.equals(bounds, 0, 2 * count, r.bounds, 0, 2 * r.count);
    }

    @Override
    public int hashCode() {
      int h = 1;
      for (int i = 0; i < 2 * count; i++) {
        h = 31 * h + Long.hashCode(bounds[i]);
      }
      return h;
    }

    /** As parquet-java prints its row ranges: {@code [[0, 9], [20, 29]]}. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("[");
      for (int i = 0; i < count; i++) {
        sb.append(i == 0 ? "[" : ", [").append(from(i)).append(", ").append(to(i)).append(']');
      }
      return sb.append(']').toString();
    }
  }

  /**
   * What a filtered read of one file skips, decided from metadata before any row is read: row
   * groups (and why), data pages, rows and compressed bytes of the columns the read requests.
   * Rows that are read are then tested exactly, except those the statistics prove to match; how
   * many match is the reader's count, not this report's. On a parquet-java without the public
   * {@code RowRanges} (before 1.18: Spark 4.1's and 4.2's), the pages skipped in row groups
   * read in part are read from storage but never decoded.
   */
  public static final class ReadReport {
    /** Why a row group is not read at all. */
    public enum Reason {
      /** Footer statistics (min/max, null counts) of the filter's columns. */
      STATISTICS,
      /** The column chunk is entirely dictionary-encoded and no dictionary entry matches. */
      DICTIONARY,
      /** The bloom filter holds none of the values that could be equal. */
      BLOOM_FILTER,
      /** The column index rules out every page. */
      PAGE_INDEX
    }

    /**
     * One row group's verdict: rows to read of its rows, or the reason it is skipped; and of the
     * rows read, how many the statistics prove to match (returned without an exact test).
     */
    public record RowGroup(int index, long rows, long rowsToRead, Reason skipped,
        long rowsProven) {
      @Override
      public String toString() {
        String what = skipped != null ? "skipped (" + name(skipped) + ")"
            : rowsToRead == rows ? "read all rows" : "read " + rowsToRead + " of " + rows + " rows";
        String proven = rowsProven == 0 ? ""
            : rowsProven == rowsToRead ? ", all matching by statistics"
            : ", " + rowsProven + " matching by statistics";
        return "row group " + index + ": " + rows + " rows, " + what + proven;
      }
    }

    private final String filter;
    private final List<RowGroup> rowGroups;
    private final long pages;
    private final long pagesSkipped;
    private final long bytes;
    private final long bytesSkipped;

    ReadReport(String filter, List<RowGroup> rowGroups, long pages, long pagesSkipped, long bytes,
        long bytesSkipped) {
      this.filter = filter;
      this.rowGroups = List.copyOf(rowGroups);
      this.pages = pages;
      this.pagesSkipped = pagesSkipped;
      this.bytes = bytes;
      this.bytesSkipped = bytesSkipped;
    }

    /** The filter, as text. */
    public String filter() {
      return filter;
    }

    public int rowGroups() {
      return rowGroups.size();
    }

    public int rowGroupsSkipped() {
      return (int) rowGroups.stream().filter(g -> g.skipped() != null).count();
    }

    /** Row groups skipped for {@code reason}. */
    public int rowGroupsSkipped(Reason reason) {
      return (int) rowGroups.stream().filter(g -> g.skipped() == reason).count();
    }

    /**
     * Data pages of the requested columns, where the file says how many there are (encoding
     * statistics or an offset index).
     */
    public long pages() {
      return pages;
    }

    /** Data pages of the requested columns not read (in skipped row groups, or skipped pages). */
    public long pagesSkipped() {
      return pagesSkipped;
    }

    public long rows() {
      return rowGroups.stream().mapToLong(RowGroup::rows).sum();
    }

    /** Rows never decoded: the rest are read and tested exactly. */
    public long rowsSkipped() {
      return rows() - rowGroups.stream().mapToLong(RowGroup::rowsToRead).sum();
    }

    /** Rows read that the statistics prove to match: returned without an exact test. */
    public long rowsProven() {
      return rowGroups.stream().mapToLong(RowGroup::rowsProven).sum();
    }

    /** Compressed bytes of the requested column chunks. */
    public long bytes() {
      return bytes;
    }

    /** Compressed bytes of those chunks not read. */
    public long bytesSkipped() {
      return bytesSkipped;
    }

    /** The summary, one fact a line, then one line per row group. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      sb.append("filter: ").append(filter).append('\n');
      Map<Reason, Integer> by = new EnumMap<>(Reason.class);
      for (Reason r : Reason.values()) {
        if (rowGroupsSkipped(r) > 0) {
          by.put(r, rowGroupsSkipped(r));
        }
      }
      sb.append("row groups: ").append(rowGroupsSkipped()).append(" of ").append(rowGroups())
          .append(" skipped");
      if (!by.isEmpty()) {
        sb.append(" (");
        String sep = "";
        for (Map.Entry<Reason, Integer> e : by.entrySet()) {
          sb.append(sep).append(e.getValue()).append(" by ").append(name(e.getKey()));
          sep = ", ";
        }
        sb.append(')');
      }
      sb.append('\n');
      sb.append("pages: ").append(pagesSkipped).append(" of ").append(pages).append(" skipped\n");
      sb.append("rows: ").append(rowsSkipped()).append(" of ").append(rows()).append(" skipped, ");
      if (rowsProven() > 0) {
        sb.append(rowsProven()).append(" matching by statistics, ");
      }
      sb.append("the rest tested exactly\n");
      sb.append("bytes: ").append(bytesSkipped).append(" of ").append(bytes)
          .append(" not read (").append(percent(bytesSkipped, bytes)).append(")\n");
      for (RowGroup g : rowGroups) {
        sb.append("  ").append(g).append('\n');
      }
      return sb.toString();
    }

    private static String name(Reason r) {
      return r.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String percent(long part, long whole) {
      return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
  }
}
