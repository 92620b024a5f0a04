package io.dendrite.parquet.read.internal.column;

/**
 * The dictionary ids of a PLAIN_DICTIONARY or RLE_DICTIONARY data page: one byte of bit width,
 * then the RLE/bit-packed hybrid. Every id is checked against the dictionary's size, so the
 * engine can index the dictionary without a check of its own.
 */
final class DictionaryIdsDecoder {
  private final RleHybridDecoder ids = new RleHybridDecoder();
  private int dictionarySize;

  void init(byte[] buf, int start, int end, int dictionarySize) {
    this.dictionarySize = dictionarySize;
    // A page of nulls only may have no ids at all; reading one then fails in the decoder.
    int bitWidth = start < end ? buf[start] & 0xFF : 0;
    ids.init(buf, Math.min(start + 1, end), end, bitWidth);
  }

  /** The next {@code n} ids into {@code out[off ..]}. */
  void read(int[] out, int off, int n) {
    ids.read(out, off, n);
    int min = 0;
    int max = 0;
    for (int i = off, e = off + n; i < e; i++) {
      int id = out[i];
      min = Math.min(min, id);
      max = Math.max(max, id);
    }
    if (min < 0 || max >= dictionarySize) {
      throw new InvalidPageException("dictionary id " + Integer.toUnsignedString(
          min < 0 ? min : max) + " is out of range: the dictionary has " + dictionarySize
          + " entries");
    }
  }

  void skip(int n) {
    ids.skip(n);
  }
}
