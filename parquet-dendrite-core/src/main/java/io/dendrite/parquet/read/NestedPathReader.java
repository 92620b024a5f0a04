package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.LeafBatch;

/**
 * A selection in an ordinary column assembled by a {@link ValueReader} tree: structs, lists,
 * maps and variants at any depth, or a path through them ({@code devices[0].os},
 * {@code attrs.k1}, {@code events[2].payload.user}), reading only the leaves below what the
 * path ends on. Every row's value is an object of its vector.
 */
final class NestedPathReader extends PathReader {
  private final ValueReader root;
  private final LeafCursor[] cursors;

  NestedPathReader(PathVector vector, ValueReader root) {
    super(vector);
    this.root = root;
    this.cursors = root.cursors;
  }

  @Override
  void fill(LeafBatch[] leaves, int rows) {
    PathVector v = vector;
    v.reset(rows);
    for (LeafCursor c : cursors) {
      c.start(leaves[c.leaf]);
    }
    ValueReader r = root;
    byte[] status = v.status;
    Object[] objects = v.objects;
    for (int row = 0; row < rows; row++) {
      Object value;
      try {
        value = r.read();
      } catch (RuntimeException e) {
        throw new RowFailure(row, e);
      }
      if (value == null) {
        status[row] = PathVector.NULL;
      } else if (value == VariantRoot.MISSING) {
        status[row] = PathVector.MISSING;
      } else {
        status[row] = PathVector.OBJECT;
        objects[row] = value;
      }
    }
  }
}
