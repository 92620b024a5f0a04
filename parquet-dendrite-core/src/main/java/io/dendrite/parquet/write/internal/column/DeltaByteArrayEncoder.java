package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * DELTA_BYTE_ARRAY (Encodings.md), the data page v2 fallback for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY, and one of {@code AutoEncodings}' choices: the length of the prefix
 * each value shares with the one before, DELTA_BINARY_PACKED, then the rest of each value as
 * DELTA_LENGTH_BYTE_ARRAY (the suffix lengths DELTA_BINARY_PACKED, then the suffixes' bytes).
 */
final class DeltaByteArrayEncoder {
  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();
  private final DeltaLengthByteArrayEncoder tails = new DeltaLengthByteArrayEncoder();
  private final IntSegments prefixes = new IntSegments();
  private final IntSegments suffixes = new IntSegments();

  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    prefixLengths(leaf.binary, from, to, prefixes, suffixes);
    delta.encodeInts(prefixes, 0, to - from, out);
    tails.encodeTails(leaf.binary, from, suffixes, to - from, out);
  }

  /**
   * Replaces {@code prefixes} and {@code suffixes} with, for each value of {@code [from, to)},
   * the length of the prefix it shares with the one before (none for the first) and the length
   * of the rest.
   */
  static void prefixLengths(BinaryValues values, int from, int to, IntSegments prefixes,
      IntSegments suffixes) {
    prefixes.clear();
    suffixes.clear();
    byte[] prev = null;
    int prevStart = 0;
    int prevLength = 0;
    for (int i = from; i < to; ) {
      int[] starts = values.starts.segment(i >>> Segments.SHIFT);
      int[] lengths = values.lengths.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        byte[] b = values.array(starts[k]);
        int start = BinaryValues.offset(starts[k]);
        int length = lengths[k];
        int max = Math.min(length, prevLength);
        int p = max == 0 ? 0 : Arrays.mismatch(b, start, start + max, prev, prevStart,
            prevStart + max);
        int prefix = p < 0 ? max : p;
        prefixes.add(prefix);
        suffixes.add(length - prefix);
        prev = b;
        prevStart = start;
        prevLength = length;
      }
      i = end;
    }
  }
}
