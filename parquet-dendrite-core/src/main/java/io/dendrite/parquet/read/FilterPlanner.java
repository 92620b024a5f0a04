package io.dendrite.parquet.read;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.read.FilterPlan.RowRanges;
import io.dendrite.parquet.read.internal.plan.PathColumns;
import io.dendrite.parquet.read.internal.plan.RowGroupPlanner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.schema.MessageType;

/**
 * Plans a filtered read of one file from its metadata only (footer statistics, column and
 * offset indexes, dictionary pages, bloom filters): per row group, the rows that may match.
 * Every level is used only where it is provably sound for this file's layout:
 * <ul>
 *   <li>a path this file shreds to a primitive {@code typed_value} is judged by that column's
 *       statistics only for rows where the leaf's {@code value} column is null and no
 *       ancestor object or array can hold the whole value in its own {@code value} (an
 *       ancestor whose {@code value} is set and {@code typed_value} null: proven impossible
 *       by the ancestor's {@code value} being all-null, or by the leaf's definition level
 *       histogram); where it can, any row may match (VariantShredding.md, "Data Skipping");</li>
 *   <li>bounds are used only where the cast to the literal's kind is monotone on the column's
 *       order (numbers on numeric columns, text on strings, dates and timestamps on dates and
 *       timestamps); dictionaries are checked exactly, entry by entry, with the filter's own
 *       casts; bloom filters and type ranges only for equality where exactly one physical value
 *       casts to the literal;</li>
 *   <li>unshredded paths, paths ending on objects or arrays and variants inside structs or
 *       lists are never used to skip.</li>
 * </ul>
 * {@code not}, {@code and}, {@code or} combine "may be true" and "may be false" row sets, so
 * negations are as sound as the rest. The other way round, rows the statistics prove to match
 * (see {@link FilterPlan#matches}) are read without testing them.
 */
final class FilterPlanner {
  private FilterPlanner() {}

  /** Plans a read that requests every column of the file (for the report's counts). */
  static FilterPlan plan(ParquetFileReader file, Filter filter) throws IOException {
    return plan(file, filter, null);
  }

  /**
   * Plans a read of the columns of {@code requested} (null: every column): pages and bytes in
   * the report are theirs, and partial row ranges are only given when each of them has an
   * offset index.
   */
  static FilterPlan plan(ParquetFileReader file, Filter filter, MessageType requested)
      throws IOException {
    return plan(file, filter, requested, null);
  }

  /**
   * As above, for a read of the row groups in {@code rowGroups} only (null: all; a byte range
   * split of the file): the others are skipped and left out of the report, whose counts are
   * then the split's.
   */
  static FilterPlan plan(ParquetFileReader file, Filter filter, MessageType requested,
      BitSet rowGroups) throws IOException {
    MessageType schema = file.getFooter().getFileMetaData().getSchema();
    Map<SelectionPath, PathColumns> columns = new HashMap<>();
    collect(filter, schema, columns);
    Set<ColumnPath> read = new HashSet<>();
    for (ColumnDescriptor c : (requested != null ? requested : schema).getColumns()) {
      read.add(ColumnPath.get(c.getPath()));
    }
    List<BlockMetaData> blocks = file.getRowGroups();
    RowRanges[] ranges = new RowRanges[blocks.size()];
    RowRanges[] certain = new RowRanges[blocks.size()];
    long[] counts = new long[blocks.size()];
    List<ReadReport.RowGroup> verdicts = new ArrayList<>();
    Accounting acc = new Accounting(file);
    for (int g = 0; g < blocks.size(); g++) {
      BlockMetaData block = blocks.get(g);
      long rows = block.getRowCount();
      counts[g] = rows;
      if (rowGroups != null && !rowGroups.get(g)) {
        ranges[g] = RowRanges.EMPTY; // another split's
        certain[g] = RowRanges.EMPTY;
        continue;
      }
      if (rows == 0) {
        ranges[g] = RowRanges.EMPTY;
        certain[g] = RowRanges.EMPTY;
        verdicts.add(new ReadReport.RowGroup(g, 0, 0, null, 0));
        continue;
      }
      RowGroupPlanner p = new RowGroupPlanner(file, g, block, schema, columns);
      ReadReport.Reason reason = null;
      RowRanges r = p.mayTrue(filter, RowGroupPlanner.Level.CHUNK);
      if (r.rowCount() == 0) {
        reason = ReadReport.Reason.STATISTICS;
      } else {
        r = p.mayTrue(filter, RowGroupPlanner.Level.REFINED);
        if (r.rowCount() == 0) {
          reason = p.refinedBy();
        } else {
          // Both are sound; a page index without level histograms may say less than the
          // footer's, so keep what both allow.
          r = RowRanges.intersection(r, p.mayTrue(filter, RowGroupPlanner.Level.PAGES));
          if (r.rowCount() == 0) {
            reason = ReadReport.Reason.PAGE_INDEX;
          } else if (r.rowCount() < rows && !allHaveOffsetIndex(block, read)) {
            r = RowRanges.all(rows); // readFilteredRowGroup needs every offset index
          }
        }
      }
      ranges[g] = r;
      certain[g] = r.rowCount() == 0 ? RowRanges.EMPTY
          : RowRanges.intersection(r, p.certain(filter));
      verdicts.add(new ReadReport.RowGroup(g, rows, r.rowCount(), reason,
          certain[g].rowCount()));
      acc.add(block, read, r);
    }
    return new FilterPlan(ranges, certain, counts,
        new ReadReport(filter.toString(), verdicts, acc.pages, acc.pagesSkipped, acc.bytes,
            acc.bytesSkipped));
  }

  /**
   * The columns whose metadata planning {@code filter} over a file of {@code schema} consults:
   * a footer converted for a read must hold these besides the columns read.
   */
  static Set<ColumnPath> columns(Filter filter, MessageType schema) {
    Map<SelectionPath, PathColumns> paths = new HashMap<>();
    collect(filter, schema, paths);
    Set<ColumnPath> out = new HashSet<>();
    for (PathColumns pc : paths.values()) {
      if (pc.column != null) {
        out.add(pc.column);
      }
      if (pc.value != null) {
        out.add(pc.value);
      }
      pc.hiders.forEach(h -> out.add(h.value()));
    }
    return out;
  }

  private static void collect(Filter f, MessageType schema, Map<SelectionPath, PathColumns> out) {
    if (f instanceof Filter.And a) {
      a.filters().forEach(x -> collect(x, schema, out));
    } else if (f instanceof Filter.Or o) {
      o.filters().forEach(x -> collect(x, schema, out));
    } else if (f instanceof Filter.Not n) {
      collect(n.filter(), schema, out);
    } else {
      SelectionPath path = f instanceof Filter.Compare c ? c.path() : ((Filter.IsNull) f).path();
      out.computeIfAbsent(path, p -> PathColumns.resolve(schema, p));
    }
  }

  private static boolean allHaveOffsetIndex(BlockMetaData block, Set<ColumnPath> read) {
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (read.contains(c.getPath()) && c.getOffsetIndexReference() == null) {
        return false;
      }
    }
    return true;
  }

  /** Pages and bytes of the requested columns, read and not read. */
  private static final class Accounting {
    private final ParquetFileReader file;
    long pages;
    long pagesSkipped;
    long bytes;
    long bytesSkipped;

    Accounting(ParquetFileReader file) {
      this.file = file;
    }

    void add(BlockMetaData block, Set<ColumnPath> read, RowRanges ranges) throws IOException {
      boolean skipped = ranges.rowCount() == 0;
      boolean all = ranges.rowCount() == block.getRowCount();
      for (ColumnChunkMetaData c : block.getColumns()) {
        if (!read.contains(c.getPath())) {
          continue;
        }
        bytes += c.getTotalSize();
        if (skipped || all) {
          long n = dataPages(c);
          pages += n;
          if (skipped) {
            pagesSkipped += n;
            bytesSkipped += c.getTotalSize();
          }
          continue;
        }
        OffsetIndex oi = file.readOffsetIndex(c);
        for (int i = 0; i < oi.getPageCount(); i++) {
          pages++;
          if (!ranges.isOverlapping(oi.getFirstRowIndex(i),
              oi.getLastRowIndex(i, block.getRowCount()))) {
            pagesSkipped++;
            bytesSkipped += oi.getCompressedPageSize(i);
          }
        }
      }
    }

    /** Data pages of a chunk, from its encoding statistics or offset index; 0 if unknown. */
    private long dataPages(ColumnChunkMetaData c) throws IOException {
      EncodingStats es = c.getEncodingStats();
      if (es != null) {
        long n = 0;
        for (org.apache.parquet.column.Encoding e : es.getDataEncodings()) {
          n += es.getNumDataPagesEncodedAs(e);
        }
        return n;
      }
      if (c.getOffsetIndexReference() != null) {
        OffsetIndex oi = file.readOffsetIndex(c);
        return oi == null ? 0 : oi.getPageCount();
      }
      return 0;
    }
  }
}
