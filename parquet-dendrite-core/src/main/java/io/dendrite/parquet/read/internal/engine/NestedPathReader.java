package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * A selection in an ordinary column assembled by a {@link ValueReader} tree: structs, lists,
 * maps and variants at any depth, or a path through them ({@code devices[0].os},
 * {@code attrs.k1}, {@code events[2].payload.user}), reading only the leaves below what the
 * path ends on. A path ending on a primitive fills the vector's typed arrays; other rows'
 * values are objects of the vector.
 */
final class NestedPathReader extends PathReader {
  private final ValueReader root;
  private final LeafCursor[] cursors;
  /** The primitive the path ends on, read in place; null when the path ends elsewhere. */
  private final ShapeReaders.Primitive end;

  NestedPathReader(ColumnVector vector, ValueReader root, ShapeReaders.Primitive end) {
    super(vector);
    this.root = root;
    this.cursors = root.cursors;
    this.end = end;
  }

  @Override
  public void fill(LeafBatch[] leaves, int rows) {
    ColumnVector v = vector;
    v.reset(rows);
    for (LeafCursor c : cursors) {
      c.start(leaves[c.leaf]);
    }
    LeafBatch typed = null;
    if (end != null) {
      typed = leaves[end.leaf.leaf];
      TypedStorage.prepare(typed, end.physical, v, rows);
    }
    ValueReader r = root;
    for (int row = 0; row < rows; row++) {
      Object value;
      try {
        value = r.read();
      } catch (RuntimeException e) {
        throw new RowFailure(row, e);
      }
      if (value == ShapeReaders.Primitive.IN_PLACE) {
        TypedStorage.copy(typed, end.at, v, row);
      } else {
        v.setRaw(row, value);
      }
    }
  }
}
