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

  /**
   * The statistics of a dictionary-encoded page of byte arrays: {@code first[0..count)} are
   * the buffer indexes of the distinct values the page holds, so each distinct value is compared
   * once instead of every value (a page of a low-cardinality string column compared each of its
   * values twice). Min and max are values, not positions: the same statistics as {@link #of}.
   */
  Statistics<?> ofDistinct(LeafBuffer leaf, int[] first, int count, long nulls) {
    Statistics.Builder b = Statistics.getBuilderForReading(type);
    if (order == Order.NONE) {
      return b.build();
    }
    b.withNumNulls(nulls);
    if (count == 0) {
      return b.build();
    }
    byte[] d = leaf.bytes;
    int[] ends = leaf.valueEnds;
    boolean signed = order == Order.SIGNED_BYTES;
    int minStart = leaf.valueStart(first[0]);
    int minEnd = ends[first[0]];
    int maxStart = minStart;
    int maxEnd = minEnd;
    for (int k = 1; k < count; k++) {
      int i = first[k];
      int start = leaf.valueStart(i);
      int end = ends[i];
      if (compare(signed, d, start, end, d, minStart, minEnd) < 0) {
        minStart = start;
        minEnd = end;
      } else if (compare(signed, d, start, end, d, maxStart, maxEnd) > 0) {
        maxStart = start;
        maxEnd = end;
      }
    }
    b.withMin(Arrays.copyOfRange(d, minStart, minEnd));
    b.withMax(Arrays.copyOfRange(d, maxStart, maxEnd));
    return b.build();
  }

  private Statistics<?> booleans(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    boolean anyFalse = false;
    boolean anyTrue = false;
    for (int i = from; i < to; i++) {
      if (leaf.booleans[i]) {
        anyTrue = true;
      } else {
        anyFalse = true;
      }
    }
    b.withMin(new byte[] {(byte) (anyFalse ? 0 : 1)});
    b.withMax(new byte[] {(byte) (anyTrue ? 1 : 0)});
    return b.build();
  }

  private Statistics<?> int32s(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    int[] v = leaf.ints;
    // Unsigned order: flip the sign bit and compare signed.
    int flip = order == Order.UNSIGNED ? Integer.MIN_VALUE : 0;
    int min = v[from] ^ flip;
    int max = min;
    for (int i = from + 1; i < to; i++) {
      int x = v[i] ^ flip;
      if (x < min) {
        min = x;
      } else if (x > max) {
        max = x;
      }
    }
    b.withMin(intBytes(min ^ flip));
    b.withMax(intBytes(max ^ flip));
    return b.build();
  }

  private Statistics<?> int64s(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    long[] v = leaf.longs;
    long flip = order == Order.UNSIGNED ? Long.MIN_VALUE : 0;
    long min = v[from] ^ flip;
    long max = min;
    for (int i = from + 1; i < to; i++) {
      long x = v[i] ^ flip;
      if (x < min) {
        min = x;
      } else if (x > max) {
        max = x;
      }
    }
    b.withMin(longBytes(min ^ flip));
    b.withMax(longBytes(max ^ flip));
    return b.build();
  }

  private Statistics<?> floats(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    float[] v = leaf.floats;
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    for (int i = from; i < to; i++) {
      float x = v[i];
      if (x != x) {
        return Statistics.getBuilderForReading(type).build();
      }
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    min = min == 0f ? -0f : min;
    max = max == 0f ? 0f : max;
    b.withMin(intBytes(Float.floatToIntBits(min)));
    b.withMax(intBytes(Float.floatToIntBits(max)));
    return b.build();
  }

  private Statistics<?> doubles(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    double[] v = leaf.doubles;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = from; i < to; i++) {
      double x = v[i];
      if (x != x) {
        return Statistics.getBuilderForReading(type).build();
      }
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    min = min == 0d ? -0d : min;
    max = max == 0d ? 0d : max;
    b.withMin(longBytes(Double.doubleToLongBits(min)));
    b.withMax(longBytes(Double.doubleToLongBits(max)));
    return b.build();
  }

  private Statistics<?> byteArrays(LeafBuffer leaf, int from, int to, Statistics.Builder b) {
    byte[] d = leaf.bytes;
    int[] ends = leaf.valueEnds;
    boolean signed = order == Order.SIGNED_BYTES;
    // The bounds of the min and max so far, and of each value, kept in locals: looking
    // them up per comparison (a branch each in valueStart) took a fifth of this loop.
    int minStart = leaf.valueStart(from);
    int minEnd = ends[from];
    int maxStart = minStart;
    int maxEnd = minEnd;
    int start = minEnd;
    for (int i = from + 1; i < to; i++) {
      int end = ends[i];
      if (compare(signed, d, start, end, d, minStart, minEnd) < 0) {
        minStart = start;
        minEnd = end;
      } else if (compare(signed, d, start, end, d, maxStart, maxEnd) > 0) {
        maxStart = start;
        maxEnd = end;
      }
      start = end;
    }
    b.withMin(Arrays.copyOfRange(d, minStart, minEnd));
    b.withMax(Arrays.copyOfRange(d, maxStart, maxEnd));
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
