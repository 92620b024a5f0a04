package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import java.util.Arrays;
import java.util.List;

/**
 * Consecutive rows of a read, column-wise, as the engine fills them: one {@link ColumnVector}
 * per selected path, in selection order. The API's {@code RowBatch} shows it to users;
 * its rows are the API's {@link DendriteRow}s, made through {@link Rows}.
 */
public final class RowBatch {
  private final RowShape shape;
  private final ColumnVector[] vectors;
  public int size;
  /** The 1-based file row number of this batch's first row. */
  public long firstRow;
  /**
   * The rows as records, where the engine builds them ({@link RecordAssembly}; the vectors are
   * then not filled), else null.
   */
  public Object[] records;
  /** This filling's values detached for rows ({@link #row}); null until a row is taken. */
  private ColumnVector[] detached;
  /** Those of {@link #detached} whose values convert as each row is taken. */
  private ColumnVector[] settling;

  public RowBatch(RowShape shape, ColumnVector[] vectors) {
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

  /** The position of a selected path (see {@code DendriteRow.indexOf}). */
  public int indexOf(String path) {
    return shape.indexOf(path);
  }

  /** The values of the {@code i}-th selected path. */
  public ColumnVector vector(int i) {
    return vectors[i];
  }

  /** The values of a selected path. */
  public ColumnVector vector(String path) {
    return vectors[shape.indexOf(path)];
  }

  /** Marks the vectors refilled with {@code size} rows (rows taken before keep theirs). */
  public void filled(int size, long firstRow) {
    this.size = size;
    this.firstRow = firstRow;
    detached = null;
  }

  /**
   * Row {@code r} of this batch as a {@link DendriteRow}, which stays valid: the first row taken
   * detaches this filling's values from the vectors, and the rows read them from there.
   */
  public DendriteRow row(int r) {
    if (records != null) {
      if (r < 0 || r >= size) {
        throw new IndexOutOfBoundsException("row " + r + " of a batch of " + size);
      }
      return Rows.access().recordRow(shape, records[r]);
    }
    if (detached == null) {
      detached = new ColumnVector[vectors.length];
      for (int i = 0; i < vectors.length; i++) {
        detached[i] = vectors[i].detach();
      }
      settling = Arrays.stream(detached).filter(ColumnVector::settles)
          .toArray(ColumnVector[]::new);
    }
    if (r < 0 || r >= size) {
      throw new IndexOutOfBoundsException("row " + r + " of a batch of " + size);
    }
    for (ColumnVector v : settling) {
      v.settle(r);
    }
    return Rows.access().row(shape, detached, r);
  }
}
