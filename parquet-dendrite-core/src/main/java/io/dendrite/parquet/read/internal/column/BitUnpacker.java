package io.dendrite.parquet.read.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Unpacks runs of values bit-packed least significant bit first (the spec's RLE/bit-packed
 * hybrid and DELTA_BINARY_PACKED miniblocks). Each value is one little-endian 8-byte load,
 * shift and mask, whatever its width and alignment; only the last values of an array, whose
 * load would run past it, are assembled byte by byte.
 */
final class BitUnpacker {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private BitUnpacker() {}

  /**
   * Unpacks {@code count} values of {@code width} (0..32) bits, the first at bit {@code bit}
   * of {@code b} (bit 0 being the lowest bit of {@code b[0]}), into {@code out[o ..]}. Bits past
   * the end of {@code b} read as 0; callers check that the values they use lie in their data.
   */
  static void unpackInts(byte[] b, long bit, int width, int[] out, int o, int count) {
    if (width == 0) {
      Arrays.fill(out, o, o + count, 0);
      return;
    }
    long mask = (1L << width) - 1;
    int fast = fastValues(b.length - 8, bit, width, count);
    int i = 0;
    for (; i < fast; i++, bit += width) {
      long v = (long) LONG_LE.get(b, (int) (bit >>> 3));
      out[o + i] = (int) ((v >>> (bit & 7)) & mask);
    }
    for (; i < count; i++, bit += width) {
      out[o + i] = (int) bitsAt(b, bit, width);
    }
  }

  /** As {@link #unpackInts} for {@code width} 0..64 into longs. */
  static void unpackLongs(byte[] b, long bit, int width, long[] out, int o, int count) {
    if (width == 0) {
      Arrays.fill(out, o, o + count, 0L);
      return;
    }
    long mask = width == 64 ? -1L : (1L << width) - 1;
    int i = 0;
    if (width <= 57) { // shift (at most 7) + width fit one 8-byte load
      int fast = fastValues(b.length - 8, bit, width, count);
      for (; i < fast; i++, bit += width) {
        long v = (long) LONG_LE.get(b, (int) (bit >>> 3));
        out[o + i] = (v >>> (bit & 7)) & mask;
      }
    } else {
      int fast = fastValues(b.length - 9, bit, width, count);
      for (; i < fast; i++, bit += width) {
        int at = (int) (bit >>> 3);
        int shift = (int) (bit & 7);
        long v = (long) LONG_LE.get(b, at) >>> shift;
        if (shift != 0) {
          v |= (long) (b[at + 8] & 0xFF) << (64 - shift);
        }
        out[o + i] = v & mask;
      }
    }
    for (; i < count; i++, bit += width) {
      out[o + i] = bitsAt(b, bit, width);
    }
  }

  /** How many of the values, from the first, start in a byte at most {@code lastByte}. */
  private static int fastValues(long lastByte, long bit, int width, int count) {
    if (lastByte < 0 || (bit >>> 3) > lastByte) {
      return 0;
    }
    long n = ((lastByte << 3) + 7 - bit) / width + 1;
    return (int) Math.min(n, count);
  }

  /** {@code width} bits at {@code bit}, byte by byte; bytes past the array read as 0. */
  static long bitsAt(byte[] b, long bit, int width) {
    long v = 0;
    for (int k = 0; k < width; ) {
      long p = bit + k;
      long at = p >>> 3;
      int off = (int) (p & 7);
      int take = Math.min(8 - off, width - k);
      long x = at < b.length ? b[(int) at] & 0xFF : 0;
      v |= ((x >>> off) & ((1L << take) - 1)) << k;
      k += take;
    }
    return v;
  }
}
