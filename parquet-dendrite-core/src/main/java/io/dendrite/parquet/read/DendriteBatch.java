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
  /** This filling's values detached for rows ({@link #row}); null until a row is taken. */
  private PathVector[] detached;
  /** Those of {@link #detached} whose values convert as each row is taken. */
  private PathVector[] settling;

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

  /** Marks the vectors refilled with {@code size} rows (rows taken before keep theirs). */
  void filled(int size, long firstRow) {
    this.size = size;
    this.firstRow = firstRow;
    detached = null;
  }

  /**
   * Row {@code r} of this batch as a {@link DendriteRow}, which stays valid: the first row taken
   * detaches this filling's values from the vectors, and the rows read them from there.
   */
  DendriteRow row(int r) {
    if (detached == null) {
      detached = new PathVector[vectors.length];
      for (int i = 0; i < vectors.length; i++) {
        detached[i] = vectors[i].detach();
      }
      settling = java.util.Arrays.stream(detached).filter(PathVector::settles)
          .toArray(PathVector[]::new);
    }
    if (r < 0 || r >= size) {
      throw new IndexOutOfBoundsException("row " + r + " of a batch of " + size);
    }
    for (PathVector v : settling) {
      v.settle(r);
    }
    return new DendriteRow(shape, detached, r);
  }
}
