package io.dendrite.parquet.write.internal.column;

/**
 * DELTA_BINARY_PACKED (Encodings.md) with blocks of 128 values in 4 miniblocks of 32: a header
 * (block size, miniblocks per block, value count, zigzag first value), then per block the
 * zigzag minimum delta, one bit width per miniblock and the miniblocks bit-packed. INT32 deltas
 * wrap in 32 bits, so no bit width exceeds 32 for an INT32 column, as readers expect.
 */
final class DeltaBinaryPackedEncoder {
  static final int BLOCK_SIZE = 128;
  static final int MINIBLOCKS = 4;
  private static final int MINIBLOCK_SIZE = BLOCK_SIZE / MINIBLOCKS;

  private final long[] deltas = new long[BLOCK_SIZE];
  private final BitPacker packer = new BitPacker();

  void encodeInts(int[] values, int from, int to, ByteSink out) {
    encode(values, null, from, to, out);
  }

  void encodeLongs(long[] values, int from, int to, ByteSink out) {
    encode(null, values, from, to, out);
  }

  /** The bytes {@link #encodeInts} would write, without writing them. */
  long sizeOfInts(int[] values, int from, int to) {
    return size(values, null, from, to);
  }

  /** The bytes {@link #encodeLongs} would write, without writing them. */
  long sizeOfLongs(long[] values, int from, int to) {
    return size(null, values, from, to);
  }

  /** As {@link #encode}, counting: the same blocks, minimum deltas and bit widths. */
  private long size(int[] ints, long[] longs, int from, int to) {
    boolean int32 = ints != null;
    long first = to == from ? 0 : int32 ? ints[from] : longs[from];
    long bytes = varLongBytes(BLOCK_SIZE) + varLongBytes(MINIBLOCKS) + varLongBytes(to - from)
        + varLongBytes((first << 1) ^ (first >> 63));
    long mask = int32 ? 0xFFFF_FFFFL : -1L;
    int i = from + 1;
    while (i < to) {
      int n = Math.min(BLOCK_SIZE, to - i);
      long min = Long.MAX_VALUE;
      for (int k = 0; k < n; k++) {
        int j = i + k;
        deltas[k] = int32 ? ints[j] - ints[j - 1] : longs[j] - longs[j - 1];
        min = Math.min(min, deltas[k]);
      }
      bytes += varLongBytes((min << 1) ^ (min >> 63)) + MINIBLOCKS;
      for (int k = 0; k < n; k += MINIBLOCK_SIZE) {
        long or = 0;
        for (int m = k, end = Math.min(n, k + MINIBLOCK_SIZE); m < end; m++) {
          or |= (deltas[m] - min) & mask;
        }
        bytes += (64 - Long.numberOfLeadingZeros(or)) * (MINIBLOCK_SIZE / 8);
      }
      i += n;
    }
    return bytes;
  }

  private static int varLongBytes(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  /** The values of {@code ints} (INT32, deltas wrapping in 32 bits), else of {@code longs}. */
  private void encode(int[] ints, long[] longs, int from, int to, ByteSink out) {
    boolean int32 = ints != null;
    header(to - from, to == from ? 0 : int32 ? ints[from] : longs[from], out);
    int i = from + 1;
    while (i < to) {
      int n = Math.min(BLOCK_SIZE, to - i);
      for (int k = 0; k < n; k++) {
        int j = i + k;
        // An int difference wraps in 32 bits before it widens.
        deltas[k] = int32 ? ints[j] - ints[j - 1] : longs[j] - longs[j - 1];
      }
      block(n, int32, out);
      i += n;
    }
  }

  private static void header(int count, long first, ByteSink out) {
    out.writeUnsignedVarLong(BLOCK_SIZE);
    out.writeUnsignedVarLong(MINIBLOCKS);
    out.writeUnsignedVarLong(count);
    out.writeZigZagVarLong(first);
  }

  /** One block of {@code n} deltas (n < 128 only for the last block). */
  private void block(int n, boolean int32, ByteSink out) {
    long min = deltas[0];
    for (int k = 1; k < n; k++) {
      min = Math.min(min, deltas[k]);
    }
    out.writeZigZagVarLong(min);
    long mask = int32 ? 0xFFFF_FFFFL : -1L;
    for (int k = 0; k < n; k++) {
      deltas[k] = (deltas[k] - min) & mask; // unsigned from here on
    }
    int miniblocks = (n + MINIBLOCK_SIZE - 1) / MINIBLOCK_SIZE;
    int[] widths = new int[MINIBLOCKS];
    for (int m = 0; m < miniblocks; m++) {
      long or = 0;
      for (int k = m * MINIBLOCK_SIZE, end = Math.min(n, k + MINIBLOCK_SIZE); k < end; k++) {
        or |= deltas[k];
      }
      widths[m] = 64 - Long.numberOfLeadingZeros(or);
    }
    for (int m = 0; m < MINIBLOCKS; m++) {
      out.writeByte(widths[m]); // unused miniblocks of the last block: width 0, no body
    }
    for (int m = 0; m < miniblocks; m++) {
      packer.start(out);
      int start = m * MINIBLOCK_SIZE;
      for (int k = start; k < start + MINIBLOCK_SIZE; k++) {
        packer.append(k < n ? deltas[k] : 0, widths[m]);
      }
      packer.finish();
    }
  }
}
