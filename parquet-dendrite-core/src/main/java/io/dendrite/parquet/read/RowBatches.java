package io.dendrite.parquet.read;

import java.io.IOException;

/**
 * Batches built from rows, for reads the columnar engine does not serve yet (and parallel row
 * groups): every value is an object in its vector, with the same meaning as in the row.
 */
final class RowBatches {
  /** Reads one row, or null at the end. */
  interface RowSupplier {
    DendriteRow read() throws IOException;
  }

  private RowBatches() {}

  static DendriteBatch next(RowShape shape, int rows, RowSupplier source) throws IOException {
    PathVector[] vectors = new PathVector[shape.size()];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = new PathVector(shape.name(i), shape.leafTypes[i], null,
          shape.strictCasts);
      vectors[i].reset(rows);
    }
    int n = 0;
    for (DendriteRow row = n < rows ? source.read() : null; row != null;
        row = n < rows ? source.read() : null) {
      for (int i = 0; i < vectors.length; i++) {
        vectors[i].setRaw(n, row.raw(i));
      }
      n++;
    }
    if (n == 0) {
      return null;
    }
    DendriteBatch batch = new DendriteBatch(shape, vectors);
    batch.filled(n, 0);
    for (PathVector v : vectors) {
      v.size = n;
    }
    return batch;
  }
}
