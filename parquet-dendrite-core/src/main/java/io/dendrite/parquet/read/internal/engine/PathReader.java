package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * Assembles one selected path of a batch from the decoded leaf columns it reads: one small
 * reader per shape, chosen once per file and plan ({@link ColumnarPlan}).
 */
public abstract class PathReader {
  public final ColumnVector vector;

  PathReader(ColumnVector vector) {
    this.vector = vector;
  }

  /**
   * Fills {@link #vector} with {@code rows} rows from {@code leaves} (indexed like the plan's
   * requested columns).
   *
   * @throws RowFailure when row {@code r} of the batch holds an invalid value: rows before it
   *     are filled
   */
  public abstract void fill(LeafBatch[] leaves, int rows);

  /** An invalid value at a row of the batch being filled. */
  public static final class RowFailure extends RuntimeException {
    final int row;

    RowFailure(int row, RuntimeException cause) {
      super(cause.getMessage(), cause);
      this.row = row;
    }
  }
}
