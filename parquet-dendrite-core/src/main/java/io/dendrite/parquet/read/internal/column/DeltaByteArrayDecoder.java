package io.dendrite.parquet.read.internal.column;

/**
 * The spec's DELTA_BYTE_ARRAY encoding (incremental encoding, front compression): prefix
 * lengths DELTA_BINARY_PACKED, then the suffixes DELTA_LENGTH_BYTE_ARRAY; value {@code i} is
 * the first {@code prefix[i]} bytes of value {@code i - 1} followed by suffix {@code i}. For
 * BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY (every value must then have the type's length). The
 * previous value is read from the batch itself; only the last one of each call is kept.
 */
final class DeltaByteArrayDecoder extends ValuesDecoder {
  private static final int CHUNK = 1024;

  /** The fixed length of every value, or -1 for BYTE_ARRAY. */
  private final int fixedLength;
  private final DeltaBinaryPackedDecoder prefixes = new DeltaBinaryPackedDecoder(true);
  private final DeltaLengthByteArrayDecoder suffixes = new DeltaLengthByteArrayDecoder();
  private final int[] prefixLens = new int[CHUNK];
  private final int[] suffixLens = new int[CHUNK];
  /** The previous value (a copy, between calls). */
  private byte[] previous = new byte[16];
  private int previousLength;

  DeltaByteArrayDecoder(int fixedLength) {
    this.fixedLength = fixedLength;
  }

  void init(byte[] buf, int start, int end) {
    prefixes.init(buf, start, end);
    suffixes.init(buf, prefixes.dataEnd(), end);
    previousLength = 0;
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
    byte[] src = suffixes.buffer();
    // Where the previous value is: in `previous` for the first value of this call, then in the
    // batch's bytes.
    byte[] prevBytes = previous;
    int prevStart = 0;
    int prevLen = previousLength;
    while (n > 0) {
      int k = nextChunk(Math.min(n, CHUNK));
      int[] offsets = out.offsets;
      for (int i = 0; i < k; i++) {
        int prefix = prefixLens[i];
        int suffix = suffixLens[i];
        int len = checkValue(prefix, suffix, prevLen);
        int start = offsets[at];
        byte[] bytes = BatchArrays.bytes(out.bytes, (long) start + len);
        out.bytes = bytes;
        System.arraycopy(prevBytes, prevStart, bytes, start, prefix);
        System.arraycopy(src, suffixes.position(), bytes, start + prefix, suffix);
        suffixes.advance(suffix);
        offsets[++at] = start + len;
        prevBytes = bytes;
        prevStart = start;
        prevLen = len;
      }
      n -= k;
    }
    if (prevBytes != previous) {
      previous = BatchArrays.bytes(previous, prevLen);
      System.arraycopy(prevBytes, prevStart, previous, 0, prevLen);
      previousLength = prevLen;
    }
  }

  @Override
  void skip(int n) {
    byte[] src = suffixes.buffer();
    while (n > 0) {
      int k = nextChunk(Math.min(n, CHUNK));
      for (int i = 0; i < k; i++) {
        int prefix = prefixLens[i];
        int suffix = suffixLens[i];
        int len = checkValue(prefix, suffix, previousLength);
        previous = BatchArrays.bytes(previous, len);
        System.arraycopy(src, suffixes.position(), previous, prefix, suffix);
        suffixes.advance(suffix);
        previousLength = len;
      }
      n -= k;
    }
  }

  private int nextChunk(int k) {
    prefixes.readInts(prefixLens, 0, k);
    suffixes.nextLengths(suffixLens, k);
    return k;
  }

  private int checkValue(int prefix, int suffix, int prevLen) {
    if (prefix < 0 || prefix > prevLen) {
      throw new InvalidPageException("DELTA_BYTE_ARRAY prefix length " + prefix
          + " with a previous value of " + prevLen + " bytes");
    }
    int len = prefix + suffix; // suffix <= the page's size: no overflow
    if (fixedLength >= 0 && len != fixedLength) {
      throw new InvalidPageException("DELTA_BYTE_ARRAY value of " + len
          + " bytes in a FIXED_LEN_BYTE_ARRAY(" + fixedLength + ") column");
    }
    return len;
  }
}
