package io.dendrite.parquet.read.column;

/**
 * A column chunk's dictionary page, decoded once: entry {@code i} is at index {@code i} of the
 * typed array for the column's physical type (for binaries, {@code bytes[offsets[i] ..
 * offsets[i + 1])}). Assemblers convert entries once per dictionary, not once per value.
 */
public final class ColumnDictionary {
  public final int size;
  public final long[] longs;
  public final int[] ints;
  public final float[] floats;
  public final double[] doubles;
  public final byte[] bytes;
  public final int[] offsets;

  public ColumnDictionary(int size, long[] longs, int[] ints, float[] floats, double[] doubles,
      byte[] bytes, int[] offsets) {
    this.size = size;
    this.longs = longs;
    this.ints = ints;
    this.floats = floats;
    this.doubles = doubles;
    this.bytes = bytes;
    this.offsets = offsets;
  }
}
