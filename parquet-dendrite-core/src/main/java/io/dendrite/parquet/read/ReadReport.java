package io.dendrite.parquet.read;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a filtered read of one file skips, decided from metadata before any row is read: row
 * groups (and why), data pages, rows and compressed bytes of the columns the read requests.
 * Rows that are read are then tested exactly, except those the statistics prove to match; how
 * many match is the reader's count, not this report's. On a parquet-java without the public
 * {@code RowRanges} (1.16, Spark 4.1's), the pages skipped in row groups read in part are read
 * from storage but never decoded.
 */
public final class ReadReport {
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

  /** Each row group's verdict, in file order. */
  public List<RowGroup> rowGroupDetails() {
    return rowGroups;
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
