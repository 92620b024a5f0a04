package io.dendrite.parquet.read;

import java.util.Arrays;

/**
 * A set of rows of one row group (0-based within it) as sorted, disjoint, non-adjacent ranges
 * {@code [from(i), to(i)]}, both ends included. Immutable.
 *
 * <p>Our own type rather than parquet-java's {@code org.apache.parquet.filter2.columnindex
 * .RowRanges}, which parquet-java 1.16.0 (Spark 4.1's) does not have: planning a filter needs
 * no particular parquet-java version, and only the page I/O converts to parquet's type where
 * it exists.
 */
public final class RowRanges {
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
