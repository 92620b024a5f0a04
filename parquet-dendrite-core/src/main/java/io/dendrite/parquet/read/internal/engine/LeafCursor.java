package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * A position in one decoded leaf column of a batch: the level entry an assembler reads next
 * ({@link #entry}) and the index of its value among the entries at the maximum definition level
 * ({@link #value}). Each path reader has its own cursors, set to the batch's start by
 * {@link #start}; assemblers move them entry by entry (Dremel record assembly): the readers
 * of this package, and the generated record assemblers ({@code read.internal.records}), whose
 * hidden classes read the public fields.
 */
public final class LeafCursor {
  /** The leaf's index among the plan's requested columns. */
  public final int leaf;
  public final int maxDef;
  public LeafBatch batch;
  public int entry;
  public int value;

  public LeafCursor(int leaf, int maxDef) {
    this.leaf = leaf;
    this.maxDef = maxDef;
  }

  public void start(LeafBatch b) {
    batch = b;
    entry = 0;
    value = 0;
  }

  /** The definition level of the current entry. */
  public int def() {
    int[] d = batch.def;
    return d == null ? maxDef : d[entry];
  }

  /** Whether the current entry holds a value (it is defined down to the leaf). */
  public boolean hasValue() {
    int[] d = batch.def;
    return d == null || d[entry] == maxDef;
  }

  /**
   * The repetition level of the current entry; 0 past the batch's last entry, which ends
   * every list (a batch holds whole rows).
   */
  public int rep() {
    int[] r = batch.rep;
    return r == null || entry >= batch.entries ? 0 : r[entry];
  }

  /** Moves to the next entry. */
  public void next() {
    if (hasValue()) {
      value++;
    }
    entry++;
  }

  /**
   * Moves past one instance of a node at repetition level {@code rep}: its first entry and
   * the entries of lists nested in it, which repeat at a deeper level.
   */
  public void skip(int rep) {
    next();
    int[] r = batch.rep;
    if (r != null) {
      int end = batch.entries;
      while (entry < end && r[entry] > rep) {
        next();
      }
    }
  }
}
