package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.RecordAssembly;

/**
 * Records of a layout with VARIANT columns: each batch from the leaves alone
 * ({@link AssemblyPlan#ofLeaves}) where no shredded object or array read holds a residual value
 * and no row fails, else as {@code fallback} builds them, from the vectors its path readers fill
 * (reassembling variants where needed, with every check and conversion of the interpreted
 * path). The leaves' assembly checks at least what the fallback checks, so a batch it
 * completes is one the fallback would have built alike.
 */
final class LeavesFirst implements RecordAssembly {
  private final RecordAssembler leaves;
  private final RecordAssembly fallback;
  private final int[] residualLeaves;
  private final RecordAssemblers.Factory counts;

  LeavesFirst(RecordAssembler leaves, int[] residualLeaves, RecordAssembly fallback,
      RecordAssemblers.Factory counts) {
    this.leaves = leaves;
    this.residualLeaves = residualLeaves;
    this.fallback = fallback;
    this.counts = counts;
  }

  @Override
  public int[] slots() {
    return fallback.slots();
  }

  @Override
  public boolean assembleLeaves(LeafBatch[] batch, int rows, Object[] out) {
    for (int leaf : residualLeaves) {
      if (batch[leaf].values > 0) {
        counts.fromVectors.increment();
        return false;
      }
    }
    boolean done = leaves.tryAssemble(batch, rows, out);
    (done ? counts.fromLeaves : counts.fromVectors).increment();
    return done;
  }

  @Override
  public void assemble(LeafBatch[] batch, ColumnVector[] vectors, int rows, Object[] out) {
    fallback.assemble(batch, vectors, rows, out);
  }
}
