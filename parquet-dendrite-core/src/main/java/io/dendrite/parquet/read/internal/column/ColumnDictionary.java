package io.dendrite.parquet.read.internal.column;

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

  /**
   * Copies the entries {@code ids[from .. from + n)} into {@code out}'s typed array as values
   * {@code at ..} (for a batch that cannot stay dictionary-encoded). Ids are already checked.
   */
  public void copyTo(int[] ids, int from, int n, LeafBatch out, int at) {
    if (longs != null) {
      long[] v = out.longs = BatchArrays.longs(out.longs, (long) at + n);
      for (int i = 0; i < n; i++) {
        v[at + i] = longs[ids[from + i]];
      }
    } else if (ints != null) {
      int[] v = out.ints = BatchArrays.ints(out.ints, (long) at + n);
      for (int i = 0; i < n; i++) {
        v[at + i] = ints[ids[from + i]];
      }
    } else if (floats != null) {
      float[] v = out.floats = BatchArrays.floats(out.floats, (long) at + n);
      for (int i = 0; i < n; i++) {
        v[at + i] = floats[ids[from + i]];
      }
    } else if (doubles != null) {
      double[] v = out.doubles = BatchArrays.doubles(out.doubles, (long) at + n);
      for (int i = 0; i < n; i++) {
        v[at + i] = doubles[ids[from + i]];
      }
    } else {
      out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
      for (int i = 0; i < n; i++) {
        int id = ids[from + i];
        ValuesDecoder.appendBinary(out, at + i, bytes, offsets[id], offsets[id + 1] - offsets[id]);
      }
    }
  }
}
