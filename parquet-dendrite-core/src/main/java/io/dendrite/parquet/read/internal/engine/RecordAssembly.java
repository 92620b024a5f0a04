package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * Records made straight from a batch's decoded leaves (and the vectors of paths read by path
 * readers), in place of rows: the rows of a {@code select(Class)} read, built by a generated
 * assembler ({@code read.internal.records}). One per read: it holds cursors.
 */
public interface RecordAssembly {
  /**
   * The selections whose vectors the records read, ascending: paths the assembler does not
   * read from the leaves itself (paths into variants, say). Their path readers fill them
   * first.
   */
  int[] slots();

  /**
   * Assembles the first {@code rows} rows of {@code leaves} and of the {@link #slots} of
   * {@code vectors} into {@code out}; a row whose record cannot be built (a null into a
   * primitive component, a failed cast) holds a {@link Failure} instead, and the rows after
   * it are still assembled. An assembler reading only vectors takes null leaves.
   */
  void assemble(LeafBatch[] leaves, ColumnVector[] vectors, int rows, Object[] out);

  /**
   * Assembles the first {@code rows} rows from {@code leaves} alone, without the vectors of
   * {@link #slots}, where this assembler can for this batch; false where it cannot (then
   * {@link #assemble} is called with the vectors filled). True means every row holds its
   * record: a batch with a row that fails is left to {@link #assemble}.
   */
  default boolean assembleLeaves(LeafBatch[] leaves, int rows, Object[] out) {
    return false;
  }

  /** A row whose record could not be built: {@code as(Class)} throws this. */
  record Failure(IllegalArgumentException error) {}
}
