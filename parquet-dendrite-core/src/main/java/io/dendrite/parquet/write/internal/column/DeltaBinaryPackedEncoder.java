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
