package io.dendrite.parquet.write.internal.column;

/**
 * DELTA_LENGTH_BYTE_ARRAY (Encodings.md) for BYTE_ARRAY: the lengths of all values
 * DELTA_BINARY_PACKED, then their bytes one after another. Also the second half of
 * DELTA_BYTE_ARRAY, whose suffixes it encodes.
 */
final class DeltaLengthByteArrayEncoder {
  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();
  private int[] lengths = new int[64];

  /** Values {@code [from, to)} of {@code leaf}. */
  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    int n = to - from;
    if (lengths.length < n) {
      lengths = new int[Math.max(n, lengths.length * 2)];
    }
    for (int k = 0; k < n; k++) {
      lengths[k] = leaf.valueEnds[from + k] - leaf.valueStart(from + k);
    }
    delta.encodeInts(lengths, 0, n, out);
    int start = leaf.valueStart(from);
    out.writeBytes(leaf.bytes, start, leaf.valueStart(to) - start);
  }

  /**
   * {@code n} values that end at {@code ends[k]} and are {@code lengths[k]} long in
   * {@code bytes}: each value's last {@code lengths[k]} bytes (DELTA_BYTE_ARRAY's suffixes).
   */
  void encodeTails(byte[] bytes, int[] ends, int endsFrom, int[] lengths, int n,
      ByteSink out) {
    delta.encodeInts(lengths, 0, n, out);
    for (int k = 0; k < n; k++) {
      out.writeBytes(bytes, ends[endsFrom + k] - lengths[k], lengths[k]);
    }
  }
}
