package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * DELTA_BYTE_ARRAY (Encodings.md), the data page v2 fallback for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY, and one of {@code AutoEncodings}' choices: the length of the prefix
 * each value shares with the one before, DELTA_BINARY_PACKED, then the rest of each value as DELTA_LENGTH_BYTE_ARRAY (the suffix
 * lengths DELTA_BINARY_PACKED, then the suffixes' bytes).
 */
final class DeltaByteArrayEncoder {
  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();
  private final DeltaLengthByteArrayEncoder tails = new DeltaLengthByteArrayEncoder();
  private int[] prefixes = new int[64];
  private int[] suffixes = new int[64];

  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    int n = to - from;
    if (prefixes.length < n) {
      prefixes = new int[Math.max(n, prefixes.length * 2)];
      suffixes = new int[prefixes.length];
    }
    byte[] b = leaf.bytes;
    int prevStart = 0;
    int prevEnd = 0;
    for (int k = 0; k < n; k++) {
      int start = leaf.valueStart(from + k);
      int end = leaf.valueEnds[from + k];
      int max = Math.min(end - start, prevEnd - prevStart);
      int p = Arrays.mismatch(b, start, start + max, b, prevStart, prevStart + max);
      prefixes[k] = p < 0 ? max : p;
      suffixes[k] = end - start - prefixes[k];
      prevStart = start;
      prevEnd = end;
    }
    delta.encodeInts(prefixes, 0, n, out);
    tails.encodeTails(b, leaf.valueEnds, from, suffixes, n, out);
  }
}
