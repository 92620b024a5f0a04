package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.filter.Filter.FilterEvaluator;
import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.FilterPlan;
import io.dendrite.parquet.read.FilterPlan.RowRanges;
import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.file.RowGroupPages;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * The columnar engine's loop over some row groups of one file: per batch, each requested leaf
 * column decodes the same rows ({@link ColumnChunkReader}, on one thread or several:
 * {@link LeafDecoding}), then each selection's
 * {@link PathReader} assembles its {@link ColumnVector}. A row holding an invalid value ends the
 * batch before it; the failure is raised by the next call, so no row before it is lost.
 *
 * <p>With a {@link Filtering}, row groups the filter plan skips are never opened, and of the
 * others only the plan's row ranges are decoded (their pages alone read where
 * {@link FilteredPageReads} can, the rows between skipped by the decoders); a batch never
 * spans two ranges. Each batch is then tested with the filter (unless the plan proves every
 * row of it matches) and only the rows that pass are returned, so its rows need not be
 * consecutive in the file.
 */
public final class ColumnarRows implements Closeable {
  /**
   * A filter on the read, shared by the row groups read in parallel.
   *
   * @param plan which row groups and rows may match
   * @param evaluator the exact test
   * @param slots for each of the filter's paths, its selection's index in the compiled plan
   * @param shape the rows returned: the plan's first {@code shape.size()} selections (the
   *     others are read only for the filter)
   * @param filteredPages whether to read only the pages of the row ranges (else every page is
   *     read and the decoders skip the rows outside them)
   */
  public record Filtering(FilterPlan plan, FilterEvaluator evaluator, int[] slots, RowShape shape,
      boolean filteredPages) {}

  private final String file;
  private final ParquetFileReader reader;
  private final ColumnarPlan plan;
  private final List<Integer> rowGroups;
  private final long[] firstRows;
  private final int batchRows;
  private final PathReader[] readers;
  /** The leaves of the batch being read (with {@link #ahead}, one of two sets in turn). */
  private LeafBatch[] leaves;
  private final RowBatch batch;
  /** The vectors of the batch returned (without those read only for the filter). */
  private final ColumnVector[] returned;
  /** Null: every row is returned. */
  private final Filtering filtering;
  private final BatchFilter test;
  private final LeafDecoding decoding;
  /** Decodes each range's next batch while this one is read; null: batches decode in turn. */
  private DecodeAhead ahead;
  /** Builds the rows as records instead of the path readers filling vectors; or null. */
  private final RecordAssembly records;
  /** The selections whose vectors the records read, in a read without a filter. */
  private final int[] recordSlots;
  /** Those of their vectors whose values convert as rows are taken (ColumnVector#settles). */
  private final ColumnVector[] recordSettling;
  private ColumnChunkReader[] chunks;
  private int rowGroupIndex = -1;
  private int rowGroup;
  /** The rows of the open row group to read, the range being read, and the next row. */
  private RowRanges ranges = RowRanges.EMPTY;
  private int range;
  private long row;
  private long rangeEnd;
  private long rowsDecoded;
  private DendriteReadException pending;

  /**
   * @param rowGroups the row groups to read, in order (callers leave out those the filter
   *     skips, so as not to open the file for none)
   * @param firstRows the 1-based file row number of each row group's first row (all groups)
   * @param filtering the read's filter, or null
   * @param decoding how the plan's leaf columns decode, on one thread or several (closed with
   *     these rows)
   * @param records builds each batch's rows as records (then only the vectors it reads are
   *     filled, or with a filter those the filter and records read), or null
   */
  public ColumnarRows(String file, ParquetFileReader reader, ColumnarPlan plan, List<Integer> rowGroups,
      long[] firstRows, int batchRows, Filtering filtering, LeafDecoding decoding,
      RecordAssembly records) {
    this.file = file;
    this.reader = reader;
    this.plan = plan;
    this.rowGroups = rowGroups;
    this.firstRows = firstRows;
    this.batchRows = batchRows;
    this.filtering = filtering;
    this.readers = plan.readers();
    this.leaves = new LeafBatch[plan.leaves.size()];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBatch();
    }
    ColumnVector[] vectors = new ColumnVector[readers.length];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = readers[i].vector;
    }
    if (filtering == null) {
      this.returned = vectors;
      this.test = null;
      this.batch = new RowBatch(plan.shape, vectors);
    } else {
      this.returned = Arrays.copyOf(vectors, filtering.shape().size());
      ColumnVector[] paths = new ColumnVector[filtering.slots().length];
      for (int i = 0; i < paths.length; i++) {
        paths[i] = vectors[filtering.slots()[i]];
      }
      this.test = new BatchFilter(filtering.evaluator(), paths);
      this.batch = new RowBatch(filtering.shape(), returned);
    }
    this.decoding = decoding;
    this.records = records;
    this.recordSlots = records == null ? null : records.slots();
    this.recordSettling = records == null ? null : Arrays.stream(recordSlots)
        .mapToObj(slot -> returned[slot]).filter(ColumnVector::settles)
        .toArray(ColumnVector[]::new);
    if (records != null) {
      batch.records = new Object[batchRows];
    }
    reader.setRequestedSchema(plan.requested);
  }

  /**
   * Decodes each batch's successor on another thread while this batch's rows or records are
   * built ({@link DecodeAhead}), in place of {@link LeafDecoding}'s threads; call before the
   * first batch.
   */
  public ColumnarRows decodeAhead() {
    if (ahead == null) {
      ahead = new DecodeAhead(leaves.length);
    }
    return this;
  }

  /** The next batch (the same object, refilled), or null after the last row. */
  public RowBatch next() {
    while (true) {
      if (pending != null) {
        DendriteReadException e = pending;
        pending = null;
        row = rangeEnd;
        ranges = RowRanges.EMPTY;
        rowGroupIndex = rowGroups.size();
        throw e;
      }
      while (row == rangeEnd) {
        if (!nextRange()) {
          return null;
        }
      }
      if (readBatch() > 0) {
        return batch;
      }
    }
  }

  /** Rows decoded so far (those of skipped row groups and pages are not). */
  public long rowsDecoded() {
    return rowsDecoded;
  }

  /** Reads the next rows of the current range; returns how many are in the batch. */
  private int readBatch() {
    int n = (int) Math.min(batchRows, rangeEnd - row);
    long start = row;
    long first = firstRows[rowGroup] + row;
    try {
      if (ahead != null && ahead.pending()) {
        leaves = ahead.take(leaves); // started for exactly these n rows
      } else {
        decoding.decode(chunks, leaves, plan.freshBuffers, n);
      }
    } catch (RuntimeException e) {
      throw DendriteReadException.of(file, rowGroup, first, e);
    }
    rowsDecoded += n;
    row += n;
    if (ahead != null && row < rangeEnd) {
      // Only within the range: moving to the next range or row group moves the chunks.
      ahead.start(chunks, plan.freshBuffers, (int) Math.min(batchRows, rangeEnd - row));
    }
    int valid = n;
    if (records != null && test == null) {
      if (records.assembleLeaves(leaves, n, batch.records)) {
        batch.filled(n, first);
        return n;
      }
      for (int slot : recordSlots) {
        valid = fill(readers[slot], n, valid, first);
      }
      valid = settle(valid, r -> first + r);
      records.assemble(leaves, returned, valid, batch.records);
      batch.filled(valid, first);
      return valid;
    }
    for (PathReader r : readers) {
      valid = fill(r, n, valid, first);
    }
    int size = valid;
    long firstRow = first;
    if (test != null && !filtering.plan().matches(rowGroup, start, start + valid - 1)) {
      size = test.test(valid);
      if (test.failure != null) {
        pending = DendriteReadException.of(file, rowGroup, first + test.failure.row,
            test.failure.getCause());
      }
      if (size > 0) {
        firstRow = first + test.keep[0];
      }
    }
    batch.filled(size, firstRow);
    for (ColumnVector v : returned) {
      if (size < valid) {
        v.compact(test.keep, size);
      }
      v.size = size;
    }
    if (records != null) {
      boolean compacted = size < valid;
      size = settle(size, r -> first + (compacted ? test.keep[r] : r));
      batch.filled(size, firstRow);
      records.assemble(null, returned, size, batch.records); // from the vectors alone
    }
    return size;
  }

  /**
   * Converts the values of the records' vectors that convert as rows are taken
   * ({@link ColumnVector#settles}), rows {@code 0 .. rows-1}, as {@link RowBatch#row} does for
   * rows: a value that fails (invalid data) ends the batch before its row, and the next call
   * raises the failure naming {@code fileRow} of it. Returns the rows before it.
   */
  private int settle(int rows, java.util.function.IntToLongFunction fileRow) {
    if (recordSettling.length == 0) {
      return rows;
    }
    for (int r = 0; r < rows; r++) {
      for (ColumnVector v : recordSettling) {
        try {
          v.settle(r);
        } catch (RuntimeException e) {
          pending = DendriteReadException.of(file, rowGroup, fileRow.applyAsLong(r), e);
          return r;
        }
      }
    }
    return rows;
  }

  /**
   * Fills one path reader's vector with {@code n} rows; returns the rows before the first
   * that failed (the failure is raised by the next call), at most {@code valid}.
   */
  private int fill(PathReader r, int n, int valid, long first) {
    try {
      r.fill(leaves, n);
    } catch (PathReader.RowFailure f) {
      if (f.row < valid) {
        pending = DendriteReadException.of(file, rowGroup, first + f.row, f.getCause());
        return f.row;
      }
    }
    return valid;
  }

  /** Moves to the next range to read, in this row group or a later one; false at the end. */
  private boolean nextRange() {
    if (chunks != null && range + 1 < ranges.rangeCount()) {
      range++;
      seek();
      return true;
    }
    chunks = null;
    while (++rowGroupIndex < rowGroups.size()) {
      openRowGroup(rowGroups.get(rowGroupIndex)); // a row group with no rows to read opens none
      if (ranges.rangeCount() > 0) {
        range = 0;
        seek();
        return true;
      }
    }
    rowGroupIndex = rowGroups.size();
    return false;
  }

  /** Every column to the start of the current range. */
  private void seek() {
    long from = ranges.from(range);
    try {
      for (ColumnChunkReader c : chunks) {
        c.skipRows(from - c.rowIndex());
      }
    } catch (RuntimeException e) {
      throw DendriteReadException.of(file, rowGroup, 0, e); // in rows not returned
    }
    row = from;
    rangeEnd = ranges.to(range) + 1;
  }

  private void openRowGroup(int g) {
    rowGroup = g;
    try {
      long rowCount = reader.getRowGroups().get(g).getRowCount();
      boolean some = filtering != null && !filtering.plan().readsAll(g);
      ranges = some ? filtering.plan().rowRanges(g) : RowRanges.all(rowCount);
      if (ranges.rangeCount() == 0) {
        return;
      }
      boolean filteredPages = some && filtering.filteredPages();
      PageReadStore pages;
      try {
        pages = RowGroupPages.read(reader, g, plan.leaves, (r, i) -> readPages(i, filteredPages));
      } catch (IOException e) {
        throw DendriteReadException.of(file, g, firstRows[g], e);
      }
      chunks = new ColumnChunkReader[leaves.length];
      decoding.balance(reader.getRowGroups().get(g), plan.leaves);
      for (int i = 0; i < chunks.length; i++) {
        // The row group's row count: a filtered page store counts only the rows selected.
        chunks[i] = new ColumnChunkReader(plan.leaves.get(i),
            pages.getPageReader(plan.leaves.get(i)), rowCount);
      }
    } catch (RuntimeException e) {
      throw DendriteReadException.of(file, g, firstRows[g], e);
    }
  }

  private PageReadStore readPages(int g, boolean filteredPages) throws IOException {
    return filteredPages ? FilteredPageReads.read(reader, g, ranges) : reader.readRowGroup(g);
  }

  @Override
  public void close() throws IOException {
    if (ahead != null) {
      ahead.close(); // before the reader: the batch under way reads its pages
    }
    decoding.close();
    reader.close();
  }
}
