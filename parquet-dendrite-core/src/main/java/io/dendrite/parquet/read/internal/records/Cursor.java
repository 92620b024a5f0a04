package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * A position in one decoded leaf column of a batch, as generated assemblers move it: the level
 * entry read next and the index of its value among the entries at the maximum definition
 * level. Public with public fields because generated classes (hidden classes of this package)
 * read them in their inner loops.
 */
public final class Cursor {
  /** The leaf's index among the read's requested columns. */
  public final int leaf;
  public final int maxDef;
  public LeafBatch batch;
  public int entry;
  public int value;

  Cursor(int leaf, int maxDef) {
    this.leaf = leaf;
    this.maxDef = maxDef;
  }

  void start(LeafBatch b) {
    batch = b;
    entry = 0;
    value = 0;
  }
}
