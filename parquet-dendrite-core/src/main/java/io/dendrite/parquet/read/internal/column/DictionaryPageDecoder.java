package io.dendrite.parquet.read.internal.column;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes a dictionary page (PLAIN, or PLAIN_DICTIONARY as old writers call it) into a {@link
 * ColumnDictionary}, once per column chunk. The entry count in the page header is checked
 * against the page's size before anything is allocated.
 */
final class DictionaryPageDecoder {
  private DictionaryPageDecoder() {}

  /**
   * @param type the column's physical type
   * @param typeLength FIXED_LEN_BYTE_ARRAY's length
   * @param encoding the dictionary page's encoding
   * @param size entries, from the page header
   * @param buf the page's bytes, {@code [start, end)}
   */
  static ColumnDictionary decode(PrimitiveTypeName type, int typeLength, Encoding encoding,
      int size, byte[] buf, int start, int end) {
    if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
      throw new InvalidPageException("dictionary page encoding " + encoding
          + " is not supported (PLAIN expected)");
    }
    if (size < 0) {
      throw new InvalidPageException("dictionary page of " + size + " entries");
    }
    int length = end - start;
    if (type == PrimitiveTypeName.BOOLEAN) {
      throw new InvalidPageException("a BOOLEAN column cannot have a dictionary");
    }
    if (type == PrimitiveTypeName.BINARY) {
      return binaries(size, buf, start, end);
    }
    int width = PlainValuesDecoder.valueWidth(type, typeLength);
    if (width == 0 || (long) size * width > length) {
      throw new InvalidPageException("dictionary page of " + size + " " + type + " entries in "
          + length + " bytes");
    }
    ByteBuffer b = ByteBuffer.wrap(buf, start, size * width).order(ByteOrder.LITTLE_ENDIAN);
    switch (type) {
      case INT32: {
        int[] v = new int[size];
        b.asIntBuffer().get(v);
        return new ColumnDictionary(size, null, v, null, null, null, null);
      }
      case INT64: {
        long[] v = new long[size];
        b.asLongBuffer().get(v);
        return new ColumnDictionary(size, v, null, null, null, null, null);
      }
      case FLOAT: {
        float[] v = new float[size];
        b.asFloatBuffer().get(v);
        return new ColumnDictionary(size, null, null, v, null, null, null);
      }
      case DOUBLE: {
        double[] v = new double[size];
        b.asDoubleBuffer().get(v);
        return new ColumnDictionary(size, null, null, null, v, null, null);
      }
      default: { // FIXED_LEN_BYTE_ARRAY, INT96
        byte[] bytes = new byte[size * width];
        System.arraycopy(buf, start, bytes, 0, bytes.length);
        int[] offsets = new int[size + 1];
        for (int i = 1; i <= size; i++) {
          offsets[i] = i * width;
        }
        return new ColumnDictionary(size, null, null, null, null, bytes, offsets);
      }
    }
  }

  private static ColumnDictionary binaries(int size, byte[] buf, int start, int end) {
    if ((long) size * 4 > end - start) {
      throw new InvalidPageException("dictionary page of " + size + " BYTE_ARRAY entries in "
          + (end - start) + " bytes");
    }
    ByteCursor in = new ByteCursor();
    in.reset(buf, start, end);
    int[] offsets = new int[size + 1];
    for (int i = 0; i < size; i++) { // lengths first: the bytes array is then allocated once
      int len = in.readIntLittleEndian("length of a dictionary entry");
      if (len < 0 || len > in.remaining()) {
        throw new InvalidPageException("dictionary entry " + i + " of length " + len + " with "
            + in.remaining() + " bytes left in the page");
      }
      in.pos += len;
      offsets[i + 1] = offsets[i] + len;
    }
    byte[] bytes = new byte[offsets[size]];
    for (int i = 0, p = start; i < size; i++) {
      int len = offsets[i + 1] - offsets[i];
      System.arraycopy(buf, p + 4, bytes, offsets[i], len);
      p += 4 + len;
    }
    return new ColumnDictionary(size, null, null, null, null, bytes, offsets);
  }
}
