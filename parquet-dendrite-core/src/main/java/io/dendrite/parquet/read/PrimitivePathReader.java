package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.LeafBatch;
import java.util.Arrays;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * An ordinary primitive column, or a primitive field reached through non-repeated structs: a
 * row has a value where the leaf's definition level is the maximum, and is null otherwise (the
 * leaf or a struct above it is null).
 */
final class PrimitivePathReader extends PathReader {
  private final int leaf;
  private final int maxDef;
  private final PrimitiveTypeName physical;

  PrimitivePathReader(PathVector vector, int leaf, int maxDef, PrimitiveTypeName physical) {
    super(vector);
    this.leaf = leaf;
    this.maxDef = maxDef;
    this.physical = physical;
  }

  @Override
  void fill(LeafBatch[] leaves, int rows) {
    LeafBatch b = leaves[leaf];
    PathVector v = vector;
    v.reset(rows);
    TypedStorage.prepare(b, physical, v, rows);
    int[] def = b.def;
    if (def == null || b.values == rows) {
      if (v.storage == PathVector.Storage.LONG) {
        System.arraycopy(b.longs, 0, v.longs, 0, rows); // the common dense case: one copy
        Arrays.fill(v.status, 0, rows, PathVector.TYPED);
        return;
      }
      for (int r = 0; r < rows; r++) {
        TypedStorage.copy(b, r, v, r);
      }
      return;
    }
    int vi = 0;
    for (int r = 0; r < rows; r++) {
      if (def[r] == maxDef) {
        TypedStorage.copy(b, vi++, v, r);
      } else {
        v.status[r] = PathVector.NULL;
      }
    }
  }
}
