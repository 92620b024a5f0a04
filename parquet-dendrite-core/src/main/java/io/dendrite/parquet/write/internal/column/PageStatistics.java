package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntervalLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Min, max and null count of a page, one loop per physical type, in the sort order the spec
 * gives the column's logical type (README.md "Sort order"): unsigned for unsigned integers and
 * for byte arrays (compared as unsigned bytes), signed two's complement for DECIMAL byte
 * arrays, none for INTERVAL. Floating point follows the spec's rules: -0.0 as min and +0.0 as
 * max for zeros; a page with a NaN gets no statistics (which leaves the chunk without
 * statistics and column index), since a min and max that skip NaN would let readers drop it.
 */
final class PageStatistics {
  private enum Order { SIGNED, UNSIGNED, SIGNED_BYTES, UNSIGNED_BYTES, NONE }

  private final PrimitiveType type;
  private final Order order;

  PageStatistics(PrimitiveType type) {
    this.type = type;
    this.order = orderOf(type);
  }

  private static Order orderOf(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case INT32:
      case INT64:
        return logical instanceof IntLogicalTypeAnnotation
            && !((IntLogicalTypeAnnotation) logical).isSigned() ? Order.UNSIGNED : Order.SIGNED;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        if (logical instanceof DecimalLogicalTypeAnnotation) {
          return Order.SIGNED_BYTES;
        }
        return logical instanceof IntervalLogicalTypeAnnotation ? Order.NONE
            : Order.UNSIGNED_BYTES;
      case INT96:
        return Order.NONE;
      default:
        return Order.SIGNED;
    }
  }

  /** The statistics of values {@code [from, to)} of {@code leaf} and {@code nulls} nulls. */
  Statistics<?> of(LeafBuffer leaf, int from, int to, long nulls) {
    Statistics.Builder b = Statistics.getBuilderForReading(type);
    if (order == Order.NONE) {
      return b.build(); // empty: parquet-java then writes no statistics for the chunk
    }
    b.withNumNulls(nulls);
    if (from == to) {
      return b.build();
    }
    // One method per physical type, each compiled on its own: a chunk of another type does
    // not send one compiled loop over every type back to the interpreter and the JIT.
    switch (leaf.type) {
      case BOOLEAN:
        return booleans(leaf, from, to, b);
      case INT32:
        return int32s(leaf, from, to, b);
      case INT64:
        return int64s(leaf, from, to, b);
      case FLOAT:
        return floats(leaf, from, to, b);
      case DOUBLE:
        return doubles(leaf, from, to, b);
      default:
        return byteArrays(leaf, from, to, b);
    }
  }

  // Each loop goes over one segment of values at a time (Segments).

  private Statistics<?> booleans(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    boolean anyFalse = false;
    boolean anyTrue = false;
    for (int i = from; i < to; ) {
      boolean[] v = leaf.booleans.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        if (v[k]) {
          anyTrue = true;
        } else {
          anyFalse = true;
        }
      }
      i = end;
    }
    b.withMin(new byte[] {(byte) (anyFalse ? 0 : 1)});
    b.withMax(new byte[] {(byte) (anyTrue ? 1 : 0)});
    return b.build();
  }

  private Statistics<?> int32s(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    // Unsigned order: flip the sign bit and compare signed.
    int flip = order == Order.UNSIGNED ? Integer.MIN_VALUE : 0;
    int min = leaf.ints.get(from) ^ flip;
    int max = min;
    for (int i = from + 1; i < to; ) {
      int[] v = leaf.ints.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        int x = v[k] ^ flip;
        if (x < min) {
          min = x;
        } else if (x > max) {
          max = x;
        }
      }
      i = end;
    }
    b.withMin(intBytes(min ^ flip));
    b.withMax(intBytes(max ^ flip));
    return b.build();
  }

  private Statistics<?> int64s(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    long flip = order == Order.UNSIGNED ? Long.MIN_VALUE : 0;
    long min = leaf.longs.get(from) ^ flip;
    long max = min;
    for (int i = from + 1; i < to; ) {
      long[] v = leaf.longs.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        long x = v[k] ^ flip;
        if (x < min) {
          min = x;
        } else if (x > max) {
          max = x;
        }
      }
      i = end;
    }
    b.withMin(longBytes(min ^ flip));
    b.withMax(longBytes(max ^ flip));
    return b.build();
  }

  private Statistics<?> floats(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    for (int i = from; i < to; ) {
      float[] v = leaf.floats.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        float x = v[k];
        if (x != x) {
          return Statistics.getBuilderForReading(type).build();
        }
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
      i = end;
    }
    min = min == 0f ? -0f : min;
    max = max == 0f ? 0f : max;
    b.withMin(intBytes(Float.floatToIntBits(min)));
    b.withMax(intBytes(Float.floatToIntBits(max)));
    return b.build();
  }

  private Statistics<?> doubles(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = from; i < to; ) {
      double[] v = leaf.doubles.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        double x = v[k];
        if (x != x) {
          return Statistics.getBuilderForReading(type).build();
        }
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
      i = end;
    }
    min = min == 0d ? -0d : min;
    max = max == 0d ? 0d : max;
    b.withMin(longBytes(Double.doubleToLongBits(min)));
    b.withMax(longBytes(Double.doubleToLongBits(max)));
    return b.build();
  }

  private Statistics<?> byteArrays(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    BinaryValues values = leaf.binary;
    boolean signed = order == Order.SIGNED_BYTES;
    // The min and max so far kept in locals (their array, start and end), not looked up per
    // comparison: that took a fifth of this loop.
    int first = values.start(from);
    byte[] minArray = values.array(first);
    int minStart = BinaryValues.offset(first);
    int minEnd = minStart + values.length(from);
    byte[] maxArray = minArray;
    int maxStart = minStart;
    int maxEnd = minEnd;
    for (int i = from + 1; i < to; ) {
      int[] starts = values.starts.segment(i >>> Segments.SHIFT);
      int[] lengths = values.lengths.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        byte[] d = values.array(starts[k]);
        int start = BinaryValues.offset(starts[k]);
        int valueEnd = start + lengths[k];
        if (compare(signed, d, start, valueEnd, minArray, minStart, minEnd) < 0) {
          minArray = d;
          minStart = start;
          minEnd = valueEnd;
        } else if (compare(signed, d, start, valueEnd, maxArray, maxStart, maxEnd) > 0) {
          maxArray = d;
          maxStart = start;
          maxEnd = valueEnd;
        }
      }
      i = end;
    }
    b.withMin(Arrays.copyOfRange(minArray, minStart, minEnd));
    b.withMax(Arrays.copyOfRange(maxArray, maxStart, maxEnd));
    return b.build();
  }

  private static int compare(boolean signed, byte[] a, int as, int ae, byte[] b, int bs,
      int be) {
    return signed ? compareSigned(a, as, ae - as, b, bs, be - bs)
        : Arrays.compareUnsigned(a, as, ae, b, bs, be);
  }

  /** Big-endian two's complement integers of any lengths, as DECIMAL byte arrays hold them. */
  static int compareSigned(byte[] a, int ao, int al, byte[] b, int bo, int bl) {
    boolean negA = al > 0 && a[ao] < 0;
    boolean negB = bl > 0 && b[bo] < 0;
    if (negA != negB) {
      return negA ? -1 : 1;
    }
    int pad = negA ? 0xFF : 0;
    int len = Math.max(al, bl);
    for (int k = 0; k < len; k++) {
      int x = k < len - al ? pad : a[ao + k - (len - al)] & 0xFF;
      int y = k < len - bl ? pad : b[bo + k - (len - bl)] & 0xFF;
      if (x != y) {
        return x < y ? -1 : 1;
      }
    }
    return 0;
  }

  private static byte[] intBytes(int v) {
    return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
  }

  private static byte[] longBytes(long v) {
    byte[] out = new byte[8];
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) (v >>> (8 * i));
    }
    return out;
  }
}
