package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;

/**
 * Batches built from rows, for reads the columnar engine does not serve yet (and parallel row
 * groups): every value is an object in its vector, with the same meaning as in the row.
 */
public final class RowBatches {
  /** Reads one row, or null at the end. */
  public interface RowSupplier {
    DendriteRow read() throws IOException;
  }

  private RowBatches() {}

  public static RowBatch next(RowShape shape, int rows, RowSupplier source) throws IOException {
    ColumnVector[] vectors = new ColumnVector[shape.size()];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = new ColumnVector(shape.name(i), shape.leafTypes[i], null,
          shape.strictCasts);
      vectors[i].reset(rows);
    }
    int n = 0;
    for (DendriteRow row = n < rows ? source.read() : null; row != null;
        row = n < rows ? source.read() : null) {
      for (int i = 0; i < vectors.length; i++) {
        vectors[i].setRaw(n, Rows.access().raw(row, i));
      }
      n++;
    }
    if (n == 0) {
      return null;
    }
    RowBatch batch = new RowBatch(shape, vectors);
    batch.filled(n, 0);
    for (ColumnVector v : vectors) {
      v.size = n;
    }
    return batch;
  }
}
