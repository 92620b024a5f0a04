package io.dendrite.parquet.read.internal.column;

/**
 * The decoded levels and values of consecutive rows of one leaf column, as filled by {@link
 * ColumnChunkReader#readRows}. Arrays are reused between reads and grown as needed: only the
 * first {@link #entries} levels and {@link #values} values are meaningful.
 *
 * <p>Fields are public and mutable on purpose: this is the engine's hot path, read by
 * per-shape assemblers in a tight loop (as Spark's and DuckDB's column vectors are).
 */
public final class LeafBatch {
  /** Rows in this batch. */
  public int rows;
  /** Level entries: equal to {@link #rows} unless the column is repeated. */
  public int entries;
  /** Definition level per entry; null when the column's maximum definition level is 0. */
  public int[] def;
  /** Repetition level per entry; null when the column's maximum repetition level is 0. */
  public int[] rep;
  /** Number of values: the entries whose definition level is the maximum, in entry order. */
  public int values;

  /**
   * When non-null, every value of this batch is dictionary-encoded: value {@code i} is entry
   * {@code ids[i]} of this dictionary and the typed arrays below are not filled. A batch never
   * mixes: where a chunk falls back from dictionary to plain pages mid-batch, the batch holds
   * plain values. Null in a batch without values. The dictionary is the same object for every
   * batch of a column chunk, and every id is checked to be in range.
   */
  public ColumnDictionary dictionary;
  public int[] ids;

  /** INT64 values. */
  public long[] longs;
  /** INT32 values. */
  public int[] ints;
  /** FLOAT values. */
  public float[] floats;
  /** DOUBLE values. */
  public double[] doubles;
  /** BOOLEAN values. */
  public boolean[] booleans;
  /**
   * BINARY, FIXED_LEN_BYTE_ARRAY and INT96 values: value {@code i} is
   * {@code bytes[offsets[i] .. offsets[i + 1])} ({@code offsets[0]} is 0; INT96 values are its
   * 12 bytes as stored, FIXED_LEN_BYTE_ARRAY values the type's length each).
   */
  public byte[] bytes;
  public int[] offsets;
}
