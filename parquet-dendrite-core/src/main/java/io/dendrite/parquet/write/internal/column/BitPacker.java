package io.dendrite.parquet.write.internal.column;

/**
 * Packs values of a fixed bit width into a {@link ByteSink}, least significant bit first, as the
 * spec's bit-packed runs and DELTA_BINARY_PACKED miniblocks lay them out (Encodings.md).
 */
final class BitPacker {
  private ByteSink out;
  private long acc;
  private int bits;

  void start(ByteSink sink) {
    this.out = sink;
    this.acc = 0;
    this.bits = 0;
  }

  /** Appends the low {@code width} bits (0..64) of {@code value}. */
  void append(long value, int width) {
    if (width > 32) {
      // The accumulator holds at most 7 pending bits plus 32 new ones.
      appendAtMost32(value & 0xFFFF_FFFFL, 32);
      appendAtMost32(value >>> 32, width - 32);
    } else {
      appendAtMost32(value, width);
    }
  }

  private void appendAtMost32(long value, int width) {
    if (width == 0) {
      return;
    }
    long masked = width == 64 ? value : value & ((1L << width) - 1);
    acc |= masked << bits;
    bits += width;
    while (bits >= 8) {
      out.writeByte((int) acc);
      acc >>>= 8;
      bits -= 8;
    }
  }

  /** Writes the pending bits, zero-padded to a whole byte. */
  void finish() {
    if (bits > 0) {
      out.writeByte((int) acc);
    }
    acc = 0;
    bits = 0;
  }
}
