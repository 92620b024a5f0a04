package io.dendrite.parquet.read.internal.column;

/**
 * BOOLEAN values in the spec's RLE encoding (data page v2): a 4-byte little-endian length,
 * then the RLE/bit-packed hybrid with bit width 1.
 */
final class RleBooleanDecoder extends ValuesDecoder {
  private static final int CHUNK = 1024;

  private final RleHybridDecoder bits = new RleHybridDecoder();
  private final int[] chunk = new int[CHUNK];

  void init(byte[] buf, int start, int end) {
    ByteCursor in = new ByteCursor();
    in.reset(buf, start, end);
    int length = in.readIntLittleEndian("length of the RLE BOOLEAN values");
    if (length < 0) {
      throw new InvalidPageException("RLE BOOLEAN values of negative length " + length);
    }
    in.need(length, "RLE BOOLEAN values");
    bits.init(buf, in.pos, in.pos + length, 1);
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    boolean[] values = out.booleans = BatchArrays.booleans(out.booleans, (long) at + n);
    while (n > 0) {
      int k = Math.min(n, CHUNK);
      bits.read(chunk, 0, k);
      for (int i = 0; i < k; i++) {
        values[at + i] = chunk[i] != 0;
      }
      at += k;
      n -= k;
    }
  }

  @Override
  void skip(int n) {
    bits.skip(n);
  }
}
