package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.DendriteBatch;
import org.apache.spark.sql.types.DataType;

/**
 * Fills one of Spark's column vectors from a batch of the core's reader
 * ({@link io.dendrite.parquet.read.DendriteBatch}): an ordinary column from its
 * {@code PathVector} ({@link PathVectorFill}), or a column of served variant extractions, a
 * struct of Spark's casts ({@link ExtractedFill}). The vector was reset for the batch and
 * holds at least its rows.
 */
interface ColumnFill {
  /** Fills the batch's rows, {@code 0} to {@code batch.size() - 1}, of this column's vector. */
  void fill(DendriteBatch batch);

  /**
   * Whether a column of this type, or an extraction cast to it, is filled here: primitives,
   * strings, binaries, decimals, dates, timestamps and variants (not structs, arrays, maps).
   */
  static boolean fills(DataType type) {
    return VectorPut.exists(type);
  }
}
