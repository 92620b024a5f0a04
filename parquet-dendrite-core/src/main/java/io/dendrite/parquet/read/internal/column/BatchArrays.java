package io.dendrite.parquet.read.internal.column;

import java.util.Arrays;

/**
 * Grows {@link LeafBatch}'s reusable arrays, keeping their contents: to at least the size
 * asked, doubling so appends stay amortized O(1). A batch past the largest Java array fails
 * cleanly instead of overflowing.
 */
public final class BatchArrays {
  private static final int MAX = Integer.MAX_VALUE - 16;

  private BatchArrays() {}

  public static int[] ints(int[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new int[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  public static long[] longs(long[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new long[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  public static float[] floats(float[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new float[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  public static double[] doubles(double[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new double[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  public static boolean[] booleans(boolean[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new boolean[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  public static byte[] bytes(byte[] a, long size) {
    return a != null && a.length >= size ? a
        : Arrays.copyOf(a == null ? new byte[0] : a, capacity(a == null ? 0 : a.length, size));
  }

  private static int capacity(int current, long size) {
    if (size > MAX) {
      throw new InvalidPageException("a batch would need an array of " + size
          + " elements, more than Java allows");
    }
    return (int) Math.max(size, Math.min(MAX, Math.max(16, 2L * current)));
  }
}
