package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * The spec's "Run Length Encoding / Bit-Packing Hybrid" (RLE = 3) for levels and dictionary
 * ids: a run of at least 8 equal values becomes a repeated run, everything else bit-packed runs
 * of groups of 8 (the last group zero-padded: readers stop at the page's value count).
 */
final class RleHybridEncoder {
  /** A repeated run pays off from this length (it costs a header and one value). */
  private static final int MIN_REPEAT = 8;

  private static final int[] NO_VALUES = new int[0];

  private final BitPacker packer = new BitPacker();

  /** Bits needed for values 0..{@code max}. */
  static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** Encodes {@code values[from, to)}, each in 0..2^bitWidth-1, without a length prefix. */
  void encode(int[] values, int from, int to, int bitWidth, ByteSink out) {
    if (bitWidth == 0) {
      if (to > from) {
        out.writeUnsignedVarLong((long) (to - from) << 1);
      }
      return;
    }
    int valueBytes = (bitWidth + 7) >>> 3;
    int i = from;
    while (i < to) {
      int run = runLength(values, i, to);
      if (run >= MIN_REPEAT) {
        out.writeUnsignedVarLong((long) run << 1);
        int v = values[i];
        for (int b = 0; b < valueBytes; b++) {
          out.writeByte(v >>> (8 * b));
        }
        i += run;
        continue;
      }
      // Bit-packed groups of 8 until a long repeated run starts at a group boundary.
      int start = i;
      do {
        i += 8;
      } while (i < to && runLength(values, i, to) < MIN_REPEAT);
      int groups = (i - start) >>> 3;
      out.writeUnsignedVarLong(((long) groups << 1) | 1);
      packer.start(out);
      int end = Math.min(i, to);
      for (int k = start; k < end; k++) {
        packer.append(values[k], bitWidth);
      }
      for (int k = end; k < i; k++) {
        packer.append(0, bitWidth);
      }
      packer.finish();
      i = end;
    }
  }

  /**
   * Encodes with the 4-byte little-endian length prefix that data page v1 puts before its
   * repetition and definition levels.
   */
  void encodeWithLength(int[] values, int from, int to, int bitWidth, ByteSink out) {
    int lengthAt = startLength(out);
    encode(values, from, to, bitWidth, out);
    endLength(lengthAt, out);
  }

  /**
   * Encodes the levels of entries {@code [from, to)}: {@code levels}' when the buffer stores
   * them, else (null) each entry at level {@code absent}, the bytes {@link #encode} makes of
   * such an array.
   */
  void encodeLevels(int[] levels, int absent, int from, int to, int bitWidth, ByteSink out) {
    int count = to - from;
    if (levels != null) {
      encode(levels, from, to, bitWidth, out);
    } else if (bitWidth == 0) {
      encode(NO_VALUES, 0, count, 0, out); // reads no value at width 0
    } else if (count >= MIN_REPEAT) {
      out.writeUnsignedVarLong((long) count << 1);
      for (int b = 0, valueBytes = (bitWidth + 7) >>> 3; b < valueBytes; b++) {
        out.writeByte(absent >>> (8 * b));
      }
    } else {
      int[] few = new int[count];
      Arrays.fill(few, absent);
      encode(few, 0, count, bitWidth, out);
    }
  }

  /** {@link #encodeLevels} with {@link #encodeWithLength}'s length prefix. */
  void encodeLevelsWithLength(int[] levels, int absent, int from, int to, int bitWidth,
      ByteSink out) {
    int lengthAt = startLength(out);
    encodeLevels(levels, absent, from, to, bitWidth, out);
    endLength(lengthAt, out);
  }

  /** Writes a placeholder length; returns where it is. */
  private static int startLength(ByteSink out) {
    out.ensure(4);
    int lengthAt = out.size();
    out.writeIntLe(0);
    return lengthAt;
  }

  /** Fills in the length at {@code lengthAt}: the bytes written after it. */
  private static void endLength(int lengthAt, ByteSink out) {
    out.putIntLe(lengthAt, out.size() - lengthAt - 4);
  }

  private static int runLength(int[] values, int i, int to) {
    int v = values[i];
    int j = i + 1;
    int limit = Math.min(to, i + MIN_REPEAT);
    while (j < limit && values[j] == v) {
      j++;
    }
    if (j < i + MIN_REPEAT) {
      return j - i;
    }
    while (j < to && values[j] == v) {
      j++;
    }
    return j - i;
  }
}
