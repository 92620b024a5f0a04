package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.LeafCursor;
import io.dendrite.parquet.read.internal.engine.RecordAssembly;

/**
 * The base of generated assemblers ({@link AssemblerGenerator}): cursors set to each batch's
 * start, and recovery after a row that fails. The generated subclass holds each cursor, value
 * converter and conversion in a field of its own and builds rows in {@link #rows}.
 */
public abstract class RecordAssembler implements RecordAssembly {
  private final LeafCursor[] cursors;
  private final int[] slots;
  /** The element index of each list (and entry index of each map) being read, by depth. */
  protected final int[] ix;
  private final String recordName;
  /** The batch's vectors ({@link #slots} filled) and the row being built. */
  protected ColumnVector[] vectors;
  protected int row;
  /** Whether a failing row abandons the batch ({@link #tryAssemble}) instead of failing alone. */
  private boolean abandon;

  /** Thrown out of {@link #rows} to abandon a batch; no stack trace, one instance. */
  private static final RuntimeException ABANDONED = new RuntimeException("abandoned", null,
      false, false) {};

  protected RecordAssembler(LeafCursor[] cursors, int[] slots, int depth, String recordName) {
    this.cursors = cursors;
    this.slots = slots;
    this.ix = new int[depth];
    this.recordName = recordName;
  }

  @Override
  public final int[] slots() {
    return slots.clone();
  }

  @Override
  public final void assemble(LeafBatch[] leaves, ColumnVector[] vectors, int rows,
      Object[] out) {
    for (LeafCursor c : cursors) {
      c.start(leaves[c.leaf]);
    }
    this.vectors = vectors;
    rows(rows, out);
  }

  /**
   * Assembles the batch as {@link #assemble} does, unless a row fails: then nothing is
   * promised of {@code out} and false is returned, so that the caller reads the batch another
   * way (which fails or converts the row as it must).
   */
  final boolean tryAssemble(LeafBatch[] leaves, int rows, Object[] out) {
    abandon = true;
    try {
      assemble(leaves, null, rows, out);
      return true;
    } catch (RuntimeException e) {
      if (e != ABANDONED) {
        throw e;
      }
      return false;
    } finally {
      abandon = false;
    }
  }

  /**
   * Builds rows {@code 0 .. rows-1}, each with {@link #row} set to it; a failing row gets
   * {@link #failed}'s value.
   */
  protected abstract void rows(int rows, Object[] out);

  /**
   * What a row that failed holds; moves every cursor to the start of the next row (the cursors
   * stopped anywhere inside the failed one): back to the batch's start, then past
   * {@code row + 1} rows.
   */
  protected final Object failed(int row, RuntimeException e) {
    if (abandon) {
      throw ABANDONED;
    }
    for (LeafCursor c : cursors) {
      c.entry = 0;
      c.value = 0;
      for (int r = 0; r <= row; r++) {
        c.skip(0);
      }
    }
    return new Failure(e instanceof IllegalArgumentException iae ? iae
        : new IllegalArgumentException("cannot build " + recordName + ": " + e, e));
  }
}
