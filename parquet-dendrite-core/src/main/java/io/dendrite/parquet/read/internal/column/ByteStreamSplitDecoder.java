package io.dendrite.parquet.read.internal.column;

import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The spec's BYTE_STREAM_SPLIT encoding: for values of K bytes, K streams of N bytes each,
 * stream {@code j} holding byte {@code j} (little-endian) of every value. FLOAT, DOUBLE, INT32,
 * INT64 and FIXED_LEN_BYTE_ARRAY. N is the section's size over K.
 */
final class ByteStreamSplitDecoder extends ValuesDecoder {
  private final PrimitiveTypeName type;
  private final int width;
  private byte[] buf;
  private int start;
  /** Values in the page (N), and the index of the next one. */
  private int count;
  private int index;

  ByteStreamSplitDecoder(PrimitiveTypeName type, int typeLength) {
    this.type = type;
    this.width = PlainValuesDecoder.valueWidth(type, typeLength);
  }

  void init(byte[] buf, int start, int end) {
    int size = end - start;
    if (width == 0 || size % width != 0) {
      throw new InvalidPageException("BYTE_STREAM_SPLIT section of " + size
          + " bytes is not a whole number of " + width + "-byte values");
    }
    this.buf = buf;
    this.start = start;
    this.count = size / width;
    this.index = 0;
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    need(n);
    byte[] b = buf;
    int s = start + index;
    int stride = count;
    switch (type) {
      case INT32: {
        int[] values = out.ints = BatchArrays.ints(out.ints, (long) at + n);
        for (int i = 0; i < n; i++) {
          values[at + i] = int32(b, s + i, stride);
        }
        break;
      }
      case FLOAT: {
        float[] values = out.floats = BatchArrays.floats(out.floats, (long) at + n);
        for (int i = 0; i < n; i++) {
          values[at + i] = Float.intBitsToFloat(int32(b, s + i, stride));
        }
        break;
      }
      case INT64: {
        long[] values = out.longs = BatchArrays.longs(out.longs, (long) at + n);
        for (int i = 0; i < n; i++) {
          values[at + i] = int64(b, s + i, stride);
        }
        break;
      }
      case DOUBLE: {
        double[] values = out.doubles = BatchArrays.doubles(out.doubles, (long) at + n);
        for (int i = 0; i < n; i++) {
          values[at + i] = Double.longBitsToDouble(int64(b, s + i, stride));
        }
        break;
      }
      default: { // FIXED_LEN_BYTE_ARRAY
        int[] offsets = out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
        int base = offsets[at];
        byte[] bytes = out.bytes = BatchArrays.bytes(out.bytes, base + (long) n * width);
        for (int j = 0; j < width; j++) {
          int from = s + j * stride;
          for (int i = 0; i < n; i++) {
            bytes[base + i * width + j] = b[from + i];
          }
        }
        for (int i = 1; i <= n; i++) {
          offsets[at + i] = base + i * width;
        }
        break;
      }
    }
    index += n;
  }

  /** The 4-byte value whose first byte is {@code b[p]}, its others {@code stride} apart. */
  private static int int32(byte[] b, int p, int stride) {
    return (b[p] & 0xFF) | (b[p + stride] & 0xFF) << 8 | (b[p + 2 * stride] & 0xFF) << 16
        | b[p + 3 * stride] << 24;
  }

  /** The 8-byte value whose first byte is {@code b[p]}, its others {@code stride} apart. */
  private static long int64(byte[] b, int p, int stride) {
    long v = 0;
    for (int j = 7, q = p + 7 * stride; j >= 0; j--, q -= stride) {
      v = (v << 8) | (b[q] & 0xFF);
    }
    return v;
  }

  @Override
  void skip(int n) {
    need(n);
    index += n;
  }

  private void need(int n) {
    if (n > count - index) {
      throw new InvalidPageException("BYTE_STREAM_SPLIT section holds " + (count - index)
          + " more values, " + n + " are needed");
    }
  }
}
