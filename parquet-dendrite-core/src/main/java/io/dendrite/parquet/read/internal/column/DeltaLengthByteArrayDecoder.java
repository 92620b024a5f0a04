package io.dendrite.parquet.read.internal.column;

/**
 * The spec's DELTA_LENGTH_BYTE_ARRAY encoding: the values' lengths DELTA_BINARY_PACKED, then
 * all their bytes back to back. Lengths are decoded a chunk at a time and the chunk's bytes
 * copied at once. Also the suffixes of {@link DeltaByteArrayDecoder}.
 */
final class DeltaLengthByteArrayDecoder extends ValuesDecoder {
  private static final int CHUNK = 1024;

  private final DeltaBinaryPackedDecoder lengths = new DeltaBinaryPackedDecoder(true);
  private byte[] buf;
  private int pos;
  private int end;
  private int[] lens = new int[CHUNK];

  void init(byte[] buf, int start, int end) {
    lengths.init(buf, start, end);
    this.buf = buf;
    this.pos = lengths.dataEnd();
    this.end = end;
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
    while (n > 0) {
      int k = Math.min(n, CHUNK);
      long total = nextLengths(lens, k);
      int[] offsets = out.offsets;
      int start = offsets[at];
      out.bytes = BatchArrays.bytes(out.bytes, start + total);
      System.arraycopy(buf, pos, out.bytes, start, (int) total);
      pos += (int) total;
      int o = start;
      for (int i = 0; i < k; i++) {
        o += lens[i];
        offsets[at + i + 1] = o;
      }
      at += k;
      n -= k;
    }
  }

  @Override
  void skip(int n) {
    while (n > 0) {
      int k = Math.min(n, CHUNK);
      pos += (int) nextLengths(lens, k);
      n -= k;
    }
  }

  /**
   * Decodes the next {@code k} lengths into {@code into} and checks that their bytes are in
   * the page; returns their total. The bytes start at {@link #position()}.
   */
  long nextLengths(int[] into, int k) {
    lengths.readInts(into, 0, k);
    long total = 0;
    for (int i = 0; i < k; i++) {
      int len = into[i];
      if (len < 0) {
        throw new InvalidPageException("DELTA_LENGTH_BYTE_ARRAY length " + len + " is negative");
      }
      total += len;
    }
    if (total > end - pos) {
      throw new InvalidPageException("DELTA_LENGTH_BYTE_ARRAY values of " + total
          + " bytes with " + (end - pos) + " bytes left in the page");
    }
    return total;
  }

  /** Where the bytes of the next value start. */
  int position() {
    return pos;
  }

  /** Consumes {@code len} bytes, counted by {@link #nextLengths}. */
  void advance(int len) {
    pos += len;
  }

  byte[] buffer() {
    return buf;
  }
}
