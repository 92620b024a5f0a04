package io.dendrite.parquet.read.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The spec's PLAIN encoding, every physical type: fixed-width numbers little-endian (copied in
 * bulk), booleans one bit each from the lowest bit, BYTE_ARRAY as a 4-byte length and the bytes,
 * FIXED_LEN_BYTE_ARRAY and INT96 (12 bytes) back to back.
 */
final class PlainValuesDecoder extends ValuesDecoder {
  private final PrimitiveTypeName type;
  /** Bytes per value for the fixed-width types, 0 for BYTE_ARRAY and BOOLEAN. */
  private final int width;
  private final ByteCursor in = new ByteCursor();
  /** BOOLEAN: the bit of the next value. */
  private long bit;

  PlainValuesDecoder(PrimitiveTypeName type, int typeLength) {
    this.type = type;
    this.width = valueWidth(type, typeLength);
  }

  /** Bytes per value of a fixed-width physical type (FIXED_LEN_BYTE_ARRAY: its length). */
  static int valueWidth(PrimitiveTypeName type, int typeLength) {
    switch (type) {
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      case INT96:
        return 12;
      case FIXED_LEN_BYTE_ARRAY:
        return typeLength;
      default:
        return 0;
    }
  }

  void init(byte[] buf, int start, int end) {
    in.reset(buf, start, end);
    bit = (long) start * 8;
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    switch (type) {
      case BOOLEAN:
        readBooleans(out, at, n);
        return;
      case BINARY:
        readBinaries(out, at, n);
        return;
      case FIXED_LEN_BYTE_ARRAY:
      case INT96:
        readFixed(out, at, n);
        return;
      default:
        break;
    }
    in.need((long) n * width, n + " PLAIN " + type + " values");
    ByteBuffer b = ByteBuffer.wrap(in.buf, in.pos, n * width).order(ByteOrder.LITTLE_ENDIAN);
    switch (type) {
      case INT32:
        out.ints = BatchArrays.ints(out.ints, (long) at + n);
        b.asIntBuffer().get(out.ints, at, n);
        break;
      case INT64:
        out.longs = BatchArrays.longs(out.longs, (long) at + n);
        b.asLongBuffer().get(out.longs, at, n);
        break;
      case FLOAT:
        out.floats = BatchArrays.floats(out.floats, (long) at + n);
        b.asFloatBuffer().get(out.floats, at, n);
        break;
      case DOUBLE:
        out.doubles = BatchArrays.doubles(out.doubles, (long) at + n);
        b.asDoubleBuffer().get(out.doubles, at, n);
        break;
      default:
        throw new AssertionError(type); // every type is handled above
    }
    in.pos += n * width;
  }

  private void readBooleans(LeafBatch out, int at, int n) {
    needBits(n);
    boolean[] values = BatchArrays.booleans(out.booleans, (long) at + n);
    out.booleans = values;
    byte[] b = in.buf;
    long p = bit;
    for (int i = 0; i < n; i++, p++) {
      values[at + i] = (b[(int) (p >>> 3)] & (1 << (p & 7))) != 0;
    }
    bit = p;
  }

  private void readBinaries(LeafBatch out, int at, int n) {
    out.offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
    for (int i = 0; i < n; i++) {
      int len = in.readIntLittleEndian("length of a PLAIN BYTE_ARRAY value");
      checkLength(len);
      appendBinary(out, at + i, in.buf, in.pos, len);
      in.pos += len;
    }
  }

  private void readFixed(LeafBatch out, int at, int n) {
    long total = (long) n * width;
    in.need(total, n + " PLAIN " + type + " values");
    int[] offsets = BatchArrays.ints(out.offsets, (long) at + n + 1);
    out.offsets = offsets;
    int start = offsets[at];
    out.bytes = BatchArrays.bytes(out.bytes, start + total);
    System.arraycopy(in.buf, in.pos, out.bytes, start, (int) total);
    for (int i = 1; i <= n; i++) {
      offsets[at + i] = start + i * width;
    }
    in.pos += (int) total;
  }

  @Override
  void skip(int n) {
    if (type == PrimitiveTypeName.BOOLEAN) {
      needBits(n);
      bit += n;
    } else if (type == PrimitiveTypeName.BINARY) {
      for (int i = 0; i < n; i++) {
        int len = in.readIntLittleEndian("length of a PLAIN BYTE_ARRAY value");
        checkLength(len);
        in.pos += len;
      }
    } else {
      in.need((long) n * width, n + " PLAIN " + type + " values");
      in.pos += n * width;
    }
  }

  private void checkLength(int len) {
    if (len < 0 || len > in.remaining()) {
      throw new InvalidPageException("PLAIN BYTE_ARRAY value of length " + len + " with "
          + in.remaining() + " bytes left in the page");
    }
  }

  private void needBits(int n) {
    if (bit + n > (long) in.end * 8) {
      throw new InvalidPageException(n + " PLAIN BOOLEAN values: " + n + " bits needed, "
          + ((long) in.end * 8 - bit) + " left in the page");
    }
  }
}
