package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;
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

  PrimitivePathReader(ColumnVector vector, int leaf, int maxDef, PrimitiveTypeName physical) {
    super(vector);
    this.leaf = leaf;
    this.maxDef = maxDef;
    this.physical = physical;
  }

  @Override
  public void fill(LeafBatch[] leaves, int rows) {
    vector.reset(rows);
    TypedStorage.fill(leaves[leaf], physical, maxDef, vector, rows, ColumnVector.NULL);
  }
}
