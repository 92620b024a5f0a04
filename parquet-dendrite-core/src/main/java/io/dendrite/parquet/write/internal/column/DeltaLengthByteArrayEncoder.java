package io.dendrite.parquet.write.internal.column;

/**
 * DELTA_LENGTH_BYTE_ARRAY (Encodings.md) for BYTE_ARRAY: the lengths of all values
 * DELTA_BINARY_PACKED, then their bytes one after another. Also the second half of
 * DELTA_BYTE_ARRAY, whose suffixes it encodes.
 */
final class DeltaLengthByteArrayEncoder {
  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();

  /** Values {@code [from, to)} of {@code leaf}. */
  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    delta.encodeInts(leaf.binary.lengths, from, to, out);
    PlainEncoder.writeBytes(leaf.binary, from, to, out);
  }

  /**
   * Values {@code [from, from + n)} of {@code values}, of which the last {@code lengths[k]}
   * bytes each (DELTA_BYTE_ARRAY's suffixes).
   */
  void encodeTails(BinaryValues values, int from, IntSegments lengths, int n, ByteSink out) {
    delta.encodeInts(lengths, 0, n, out);
    for (int k = 0; k < n; ) {
      int[] tails = lengths.segment(k >>> Segments.SHIFT);
      int end = Segments.segmentEnd(k, n);
      for (int j = k & Segments.MASK, e = j + end - k; j < e; j++, k++) {
        int start = values.start(from + k);
        int valueEnd = BinaryValues.offset(start) + values.length(from + k);
        out.writeBytes(values.array(start), valueEnd - tails[j], tails[j]);
      }
    }
  }
}
