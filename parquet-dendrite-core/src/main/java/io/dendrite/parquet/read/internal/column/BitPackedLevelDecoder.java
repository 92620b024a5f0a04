package io.dendrite.parquet.read.internal.column;

/**
 * The spec's deprecated "Bit-packed" level encoding (BIT_PACKED = 4): levels packed from the
 * most significant bit of each byte, no header. Old writers only; not a hot path.
 */
final class BitPackedLevelDecoder implements LevelDecoder {
  private byte[] buf;
  private long bit;
  private long endBit;
  private int bitWidth;

  /** Decodes {@code buf[start, end)}, values of {@code bitWidth} bits. */
  void init(byte[] buf, int start, int end, int bitWidth) {
    this.buf = buf;
    this.bit = (long) start * 8;
    this.endBit = (long) end * 8;
    this.bitWidth = bitWidth;
  }

  @Override
  public void read(int[] out, int off, int n) {
    need(n);
    for (int i = 0; i < n; i++) {
      int v = 0;
      for (int k = 0; k < bitWidth; k++, bit++) {
        v = (v << 1) | (buf[(int) (bit >>> 3)] >>> (7 - (int) (bit & 7))) & 1;
      }
      out[off + i] = v;
    }
  }

  @Override
  public void skip(int n) {
    need(n);
    bit += (long) n * bitWidth;
  }

  private void need(int n) {
    if (bit + (long) n * bitWidth > endBit) {
      throw new InvalidPageException("BIT_PACKED levels end before all levels were read");
    }
  }
}
