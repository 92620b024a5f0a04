package io.dendrite.parquet.read;

import io.dendrite.parquet.read.internal.engine.RowBatch;
import java.util.List;

/**
 * Consecutive rows of a read, column-wise: one {@link PathVector} per selected path, in
 * selection order. From {@link DendriteReader#batches(int)}; valid until the next batch.
 */
public final class DendriteBatch {
  private final RowBatch batch;
  private final PathVector[] vectors;

  /** The view of the engine's batch, made once per read (the engine refills it in place). */
  DendriteBatch(RowBatch batch) {
    this.batch = batch;
    this.vectors = new PathVector[batch.paths().size()];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = new PathVector(batch.vector(i));
    }
  }

  /** The engine's batch behind this view. */
  RowBatch engine() {
    return batch;
  }

  /** Rows in this batch. */
  public int size() {
    return batch.size();
  }

  /** The 1-based row number, in the file, of this batch's first row. */
  public long firstRow() {
    return batch.firstRow();
  }

  /** The selected paths (or columns), in order. */
  public List<String> paths() {
    return batch.paths();
  }

  /** The values of the {@code i}-th selected path. */
  public PathVector vector(int i) {
    return vectors[i];
  }

  /**
   * The values of a selected path.
   *
   * @throws IllegalArgumentException when the path was not selected
   */
  public PathVector vector(String path) {
    return vectors[batch.indexOf(path)];
  }
}
