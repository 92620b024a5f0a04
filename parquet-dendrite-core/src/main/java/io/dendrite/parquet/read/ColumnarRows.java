package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.ColumnChunkReader;
import io.dendrite.parquet.read.column.LeafBatch;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * The columnar engine's loop over some row groups of one file: per batch, each requested leaf
 * column decodes the same rows ({@link ColumnChunkReader}), then each selection's
 * {@link PathReader} assembles its {@link PathVector}. A row holding an invalid value ends the
 * batch before it; the failure is raised by the next call, so no row before it is lost.
 */
final class ColumnarRows implements Closeable {
  private final String file;
  private final ParquetFileReader reader;
  private final ColumnarPlan plan;
  private final List<Integer> rowGroups;
  private final long[] firstRows;
  private final int batchRows;
  private final PathReader[] readers;
  private final LeafBatch[] leaves;
  private final DendriteBatch batch;
  private ColumnChunkReader[] chunks;
  private int rowGroupIndex = -1;
  private long rowsLeft;
  private long nextRow;
  private DendriteReadException pending;

  /**
   * @param rowGroups the row groups to read, in order
   * @param firstRows the 1-based file row number of each row group's first row (all groups)
   */
  ColumnarRows(String file, ParquetFileReader reader, ColumnarPlan plan, List<Integer> rowGroups,
      long[] firstRows, int batchRows) {
    this.file = file;
    this.reader = reader;
    this.plan = plan;
    this.rowGroups = rowGroups;
    this.firstRows = firstRows;
    this.batchRows = batchRows;
    this.readers = plan.readers();
    this.leaves = new LeafBatch[plan.leaves.size()];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBatch();
    }
    PathVector[] vectors = new PathVector[readers.length];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = readers[i].vector;
    }
    this.batch = new DendriteBatch(plan.shape, vectors);
    reader.setRequestedSchema(plan.requested);
  }

  /** The next batch (the same object, refilled), or null after the last row. */
  DendriteBatch next() {
    if (pending != null) {
      DendriteReadException e = pending;
      pending = null;
      rowsLeft = 0;
      rowGroupIndex = rowGroups.size();
      throw e;
    }
    while (rowsLeft == 0) {
      if (rowGroupIndex + 1 >= rowGroups.size()) {
        return null;
      }
      openRowGroup(rowGroups.get(++rowGroupIndex));
    }
    int rowGroup = rowGroups.get(rowGroupIndex);
    int n = (int) Math.min(batchRows, rowsLeft);
    try {
      for (int i = 0; i < leaves.length; i++) {
        if (plan.freshBuffers[i]) {
          leaves[i].bytes = null; // the previous batch's variant views keep theirs
        }
        chunks[i].readRows(n, leaves[i]);
      }
    } catch (RuntimeException e) {
      throw DendriteReadException.of(file, rowGroup, nextRow, e);
    }
    int valid = n;
    for (PathReader r : readers) {
      try {
        r.fill(leaves, n);
      } catch (PathReader.RowFailure f) {
        if (f.row < valid) {
          valid = f.row;
          pending = DendriteReadException.of(file, rowGroup, nextRow + f.row, f.getCause());
        }
      }
    }
    batch.size = valid;
    batch.firstRow = nextRow;
    for (PathReader r : readers) {
      r.vector.size = valid;
    }
    nextRow += n;
    rowsLeft -= n;
    if (valid == 0) {
      return next(); // raises the pending failure
    }
    return batch;
  }

  private void openRowGroup(int rowGroup) {
    try {
      PageReadStore pages = reader.readRowGroup(rowGroup);
      rowsLeft = pages.getRowCount();
      nextRow = firstRows[rowGroup];
      chunks = new ColumnChunkReader[leaves.length];
      for (int i = 0; i < chunks.length; i++) {
        chunks[i] = new ColumnChunkReader(plan.leaves.get(i),
            pages.getPageReader(plan.leaves.get(i)), rowsLeft);
      }
    } catch (IOException | RuntimeException e) {
      throw DendriteReadException.of(file, rowGroup, firstRows[rowGroup], e);
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
