package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * Records made straight from a batch's decoded leaves, in place of path readers and rows: a
 * read of {@code select(Class)} rows whose layout a generated assembler covers
 * ({@code read.internal.records}). One per read: it holds cursors.
 */
public interface RecordAssembly {
  /**
   * Assembles the first {@code rows} rows of {@code leaves} into {@code out}; a row whose
   * record cannot be built (a null into a primitive component, a failed cast) holds a
   * {@link Failure} instead, and the rows after it are still assembled.
   */
  void assemble(LeafBatch[] leaves, int rows, Object[] out);

  /** A row whose record could not be built: {@code as(Class)} throws this. */
  record Failure(IllegalArgumentException error) {}
}
