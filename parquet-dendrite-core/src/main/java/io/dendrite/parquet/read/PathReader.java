package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.LeafBatch;

/**
 * Assembles one selected path of a batch from the decoded leaf columns it reads: one small
 * reader per shape, chosen once per file and plan ({@link ColumnarPlan}).
 */
abstract class PathReader {
  final PathVector vector;

  PathReader(PathVector vector) {
    this.vector = vector;
  }

  /**
   * Fills {@link #vector} with {@code rows} rows from {@code leaves} (indexed like the plan's
   * requested columns).
   *
   * @throws RowFailure when row {@code r} of the batch holds an invalid value: rows before it
   *     are filled
   */
  abstract void fill(LeafBatch[] leaves, int rows);

  /** An invalid value at a row of the batch being filled. */
  static final class RowFailure extends RuntimeException {
    final int row;

    RowFailure(int row, RuntimeException cause) {
      super(cause.getMessage(), cause);
      this.row = row;
    }
  }
}
