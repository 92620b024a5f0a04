package io.dendrite.parquet.read;

import java.util.List;

/**
 * Consecutive rows of a read, column-wise: one {@link PathVector} per selected path, in
 * selection order. From {@link DendriteReader#batches(int)}; valid until the next batch.
 */
public final class DendriteBatch {
  private final RowShape shape;
  private final PathVector[] vectors;
  int size;
  /** The 1-based file row number of this batch's first row. */
  long firstRow;

  DendriteBatch(RowShape shape, PathVector[] vectors) {
    this.shape = shape;
    this.vectors = vectors;
  }

  /** Rows in this batch. */
  public int size() {
    return size;
  }

  /** The 1-based row number, in the file, of this batch's first row. */
  public long firstRow() {
    return firstRow;
  }

  /** Selected paths (or column names) in order. */
  public List<String> paths() {
    return shape.names;
  }

  /** The values of the {@code i}-th selected path. */
  public PathVector vector(int i) {
    return vectors[i];
  }

  /** The values of a selected path. */
  public PathVector vector(String path) {
    return vectors[shape.indexOf(path)];
  }

  /** Row {@code r} of this batch as a {@link DendriteRow} (which stays valid). */
  DendriteRow row(int r) {
    Object[] values = new Object[vectors.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = vectors[i].raw(r);
    }
    return new DendriteRow(shape, values);
  }
}
