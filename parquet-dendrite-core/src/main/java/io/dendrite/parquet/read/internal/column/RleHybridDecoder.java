package io.dendrite.parquet.read.internal.column;

import java.util.Arrays;

/**
 * The spec's "Run Length Encoding / Bit-Packing Hybrid" (RLE = 3), without a length prefix:
 * repetition and definition levels, dictionary ids, RLE booleans. A repeated run becomes one
 * {@code Arrays.fill}, a bit-packed run one {@link BitUnpacker} call, whatever the number of
 * values asked for; nothing is allocated.
 */
final class RleHybridDecoder implements LevelDecoder {
  private final ByteCursor in = new ByteCursor();
  private int bitWidth;
  private int valueBytes;
  /** Values left in the current repeated run, and its value. */
  private int repeatLeft;
  private int repeatValue;
  /** Values left in the current bit-packed run, and the bit where the next one starts. */
  private int packedLeft;
  private long packedBit;

  /** Decodes {@code buf[start, end)}, values of {@code bitWidth} bits (0..32). */
  void init(byte[] buf, int start, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new InvalidPageException("RLE/bit-packed hybrid bit width " + bitWidth
          + " is not in 0..32");
    }
    in.reset(buf, start, end);
    this.bitWidth = bitWidth;
    this.valueBytes = (bitWidth + 7) >>> 3;
    this.repeatLeft = 0;
    this.packedLeft = 0;
  }

  @Override
  public void read(int[] out, int off, int n) {
    while (n > 0) {
      if (repeatLeft > 0) {
        int k = Math.min(n, repeatLeft);
        Arrays.fill(out, off, off + k, repeatValue);
        repeatLeft -= k;
        off += k;
        n -= k;
      } else if (packedLeft > 0) {
        int k = Math.min(n, packedLeft);
        BitUnpacker.unpackInts(in.buf, packedBit, bitWidth, out, off, k);
        packedBit += (long) k * bitWidth;
        packedLeft -= k;
        off += k;
        n -= k;
      } else {
        nextRun();
      }
    }
  }

  @Override
  public void skip(int n) {
    while (n > 0) {
      if (repeatLeft > 0) {
        int k = Math.min(n, repeatLeft);
        repeatLeft -= k;
        n -= k;
      } else if (packedLeft > 0) {
        int k = Math.min(n, packedLeft);
        packedBit += (long) k * bitWidth;
        packedLeft -= k;
        n -= k;
      } else {
        nextRun();
      }
    }
  }

  private void nextRun() {
    if (in.pos >= in.end) {
      throw new InvalidPageException(
          "RLE/bit-packed hybrid data ends before all its values were read");
    }
    long header = in.readUnsignedVarLong("RLE/bit-packed run header", 0xFFFFFFFFL);
    long count = header >>> 1;
    if ((header & 1) == 0) {
      in.need(valueBytes, "repeated run value");
      int v = 0;
      for (int k = 0; k < valueBytes; k++) {
        v |= (in.buf[in.pos++] & 0xFF) << (8 * k);
      }
      if (bitWidth < 32 && v >>> bitWidth != 0) {
        throw new InvalidPageException("repeated run value " + Integer.toUnsignedString(v)
            + " does not fit in the bit width " + bitWidth);
      }
      repeatValue = v;
      repeatLeft = (int) count;
    } else {
      long values = count * 8;
      long bytes = count * bitWidth;
      long available = in.remaining();
      if (bytes > available) {
        // A last run cut short (some writers leave out its padding): its whole values count.
        values = available * 8 / bitWidth;
        bytes = available;
      }
      packedBit = (long) in.pos * 8;
      packedLeft = (int) Math.min(values, Integer.MAX_VALUE);
      in.pos += (int) bytes;
    }
  }
}
