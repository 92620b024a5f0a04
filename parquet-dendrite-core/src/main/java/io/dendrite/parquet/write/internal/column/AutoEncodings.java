package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;
import java.util.Locale;
import org.apache.parquet.column.Encoding;

/**
 * The values encoding of one chunk under {@code encodings(auto)}: only encodings that Spark
 * 4.1's vectorized reader, DuckDB, pyarrow and parquet-java read, chosen from estimates of each
 * candidate's encoded size before compression: exact for PLAIN and the dictionary (built on
 * the whole chunk already), and for the DELTA encodings counted on the chunk's first
 * {@link #SAMPLE} values and scaled to the chunk. Depends on the chunk's values alone, so a
 * file is the same bytes whichever thread encodes it. One instance per {@link ChunkEncoder}.
 */
final class AutoEncodings {
  /** Values whose DELTA sizes are counted: a page or so, enough to see sorted or clustered. */
  static final int SAMPLE = 1 << 15;

  /**
   * What a chunk is encoded with.
   *
   * @param dictionary whether the values go to a dictionary page (ids RLE, as ever)
   * @param encoding the values encoding without a dictionary
   * @param reason a short account of the estimates, for the write report
   * @param bitsPerValue the estimated encoded bits of a fixed-width value, for page cuts
   * @param byteArrayScale encoded bytes per PLAIN byte of a BYTE_ARRAY value, for page cuts
   */
  record Choice(boolean dictionary, Encoding encoding, String reason, int bitsPerValue,
      double byteArrayScale) {}

  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();
  private int[] lengths = new int[64];
  private int[] prefixes = new int[64];
  private int[] suffixes = new int[64];

  /**
   * The choice for {@code leaf}'s chunk; {@code dictionaryBytes} is the dictionary page plus
   * the bit-packed ids, or -1 when no dictionary may or can be used (not allowed, or grew past
   * the page size). Null for types chosen as by default (booleans, floating point,
   * fixed-length byte arrays).
   */
  Choice choose(LeafBuffer leaf, long dictionaryBytes) {
    long plain = leaf.plainBytes();
    boolean dictionaryPays = dictionaryBytes >= 0 && dictionaryBytes < plain;
    switch (leaf.type) {
      case INT32:
      case INT64:
        return integers(leaf, plain, dictionaryBytes);
      case FLOAT:
      case DOUBLE:
        // Not BYTE_STREAM_SPLIT: Spark 4.1's vectorized reader fails on it ("Unsupported
        // encoding: BYTE_STREAM_SPLIT"); byteStreamSplit(paths) asks for it explicitly.
        return null;
      case BINARY:
        if (dictionaryPays) {
          return dictionary("dictionary " + bytes(dictionaryBytes) + " < PLAIN " + bytes(plain));
        }
        return byteArrays(leaf, plain);
      default:
        return null;
    }
  }

  private static Choice dictionary(String reason) {
    return new Choice(true, null, reason, 0, 0);
  }

  private Choice integers(LeafBuffer leaf, long plain, long dictionaryBytes) {
    int n = Math.min(leaf.values, SAMPLE);
    long sampled = leaf.type == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32
        ? delta.sizeOfInts(leaf.ints, 0, n) : delta.sizeOfLongs(leaf.longs, 0, n);
    long deltas = scale(sampled, n, leaf.values);
    String sizes = "DELTA_BINARY_PACKED ~" + bytes(deltas) + ", PLAIN " + bytes(plain)
        + ", dictionary " + (dictionaryBytes < 0 ? "none" : bytes(dictionaryBytes));
    if (deltas < plain && (dictionaryBytes < 0 || deltas < dictionaryBytes)) {
      int bits = (int) Math.max(1, Math.min(64, (8 * sampled + n - 1) / Math.max(1, n)));
      return new Choice(false, Encoding.DELTA_BINARY_PACKED, sizes, bits, 1);
    }
    if (dictionaryBytes >= 0 && dictionaryBytes < plain) {
      return dictionary(sizes);
    }
    return new Choice(false, Encoding.PLAIN, sizes, 8 * leaf.plainWidth, 1);
  }

  /** The smallest of PLAIN, DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY on the sample. */
  private Choice byteArrays(LeafBuffer leaf, long plainChunk) {
    int n = Math.min(leaf.values, SAMPLE);
    if (lengths.length < n) {
      lengths = new int[Math.max(n, lengths.length * 2)];
      prefixes = new int[lengths.length];
      suffixes = new int[lengths.length];
    }
    byte[] b = leaf.bytes;
    long valueBytes = 0;
    long suffixBytes = 0;
    int prevStart = 0;
    int prevEnd = 0;
    for (int k = 0; k < n; k++) {
      int start = leaf.valueStart(k);
      int end = leaf.valueEnds[k];
      int max = Math.min(end - start, prevEnd - prevStart);
      int p = Arrays.mismatch(b, start, start + max, b, prevStart, prevStart + max);
      lengths[k] = end - start;
      prefixes[k] = p < 0 ? max : p;
      suffixes[k] = lengths[k] - prefixes[k];
      valueBytes += lengths[k];
      suffixBytes += suffixes[k];
      prevStart = start;
      prevEnd = end;
    }
    long plain = valueBytes + 4L * n;
    long deltaLength = delta.sizeOfInts(lengths, 0, n) + valueBytes;
    long deltaBytes = delta.sizeOfInts(prefixes, 0, n) + delta.sizeOfInts(suffixes, 0, n)
        + suffixBytes;
    String sizes = String.format(Locale.ROOT,
        "on %,d values: DELTA_BYTE_ARRAY %s, DELTA_LENGTH_BYTE_ARRAY %s, PLAIN %s; "
            + "no dictionary pays", n, bytes(deltaBytes), bytes(deltaLength), bytes(plain));
    Encoding best = Encoding.PLAIN;
    long size = plain;
    if (deltaLength < size) {
      best = Encoding.DELTA_LENGTH_BYTE_ARRAY;
      size = deltaLength;
    }
    if (deltaBytes < size) {
      best = Encoding.DELTA_BYTE_ARRAY;
      size = deltaBytes;
    }
    return new Choice(false, best, sizes, 0, plain == 0 ? 1 : (double) size / plain);
  }

  private static long scale(long sampled, int n, int values) {
    return n == 0 ? 0 : n == values ? sampled : (long) ((double) sampled * values / n);
  }

  private static String bytes(long n) {
    return String.format(Locale.ROOT, "%,d B", n);
  }
}
