package io.dendrite.parquet.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Hand-encodes Variant binaries byte by byte (VariantEncoding.md), so tests can build values no
 * encoder would write: unsorted or duplicate field ids, children sharing bytes, truncated
 * primitives. Sizes, offsets and ids are 1 byte unless a method takes a width; nothing is
 * checked, the bytes are exactly what the arguments say.
 */
public final class VariantBytes {
  /** Primitive type ids (VariantEncoding.md, "Encoding types"). */
  public static final int NULL = 0;
  public static final int INT8 = 3;
  public static final int INT16 = 4;
  public static final int INT32 = 5;
  public static final int INT64 = 6;
  public static final int DOUBLE = 7;
  public static final int DECIMAL4 = 8;
  public static final int DECIMAL8 = 9;
  public static final int DATE = 11;
  public static final int TIMESTAMP = 12;
  public static final int STRING = 16;
  public static final int TIME = 17;
  public static final int UUID = 20;

  private VariantBytes() {}

  /**
   * Metadata version 1 with 1-byte offsets.
   *
   * @param sorted the sorted_strings bit
   * @param keys the dictionary, in this order
   */
  public static byte[] metadata(boolean sorted, String... keys) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x01 | (sorted ? 0x10 : 0));
    out.write(keys.length);
    int offset = 0;
    out.write(offset);
    for (String k : keys) {
      offset += utf8(k).length;
      out.write(offset);
    }
    for (String k : keys) {
      out.writeBytes(utf8(k));
    }
    return out.toByteArray();
  }

  /** Header byte of a primitive with the given type id. */
  public static byte primitiveHeader(int typeId) {
    return (byte) (typeId << 2);
  }

  /** A primitive: its header followed by {@code payload} as given (little-endian by the caller). */
  public static byte[] primitive(int typeId, byte... payload) {
    return concat(new byte[] {primitiveHeader(typeId)}, payload);
  }

  /** An int8 value. */
  public static byte[] int8(int v) {
    return primitive(INT8, (byte) v);
  }

  /** A time (microseconds since midnight, type 17) with any 8-byte payload. */
  public static byte[] time(long micros) {
    return primitive(TIME, le(micros, 8));
  }

  /** A decimal4 with the given scale and 4-byte unscaled value. */
  public static byte[] decimal4(int scale, int unscaled) {
    return primitive(DECIMAL4, concat(new byte[] {(byte) scale}, le(unscaled, 4)));
  }

  /** A short string (basic type 1), at most 63 UTF-8 bytes. */
  public static byte[] shortString(String s) {
    byte[] b = utf8(s);
    return concat(new byte[] {(byte) (b.length << 2 | 1)}, b);
  }

  /** A long string (primitive 16) whose length field says {@code claimedLength}. */
  public static byte[] longString(int claimedLength, byte[] bytes) {
    return primitive(STRING, concat(le(claimedLength, 4), bytes));
  }

  /**
   * An object with 1-byte field ids; field {@code i} has id {@code ids[i]} and its value is
   * {@code values[i]}, laid out one after another in that order. Offsets take 1 byte, or 2 when
   * the values exceed 255 bytes.
   */
  public static byte[] object(int[] ids, byte[]... values) {
    int[] offsets = new int[ids.length + 1];
    for (int i = 0; i < values.length; i++) {
      offsets[i + 1] = offsets[i] + values[i].length;
    }
    return objectWithOffsets(offsets[ids.length] > 255 ? 2 : 1, ids, offsets, concat(values));
  }

  /**
   * An object with 1-byte field ids and explicit offsets of {@code offsetSize} (1-4) bytes, so
   * fields may share bytes; {@code offsets} has one entry per field plus the end of the data.
   */
  public static byte[] objectWithOffsets(int offsetSize, int[] ids, int[] offsets, byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write((offsetSize - 1) << 2 | 2); // basic type object; 1-byte ids; not large
    out.write(ids.length);
    for (int id : ids) {
      out.write(id);
    }
    for (int o : offsets) {
      out.writeBytes(le(o, offsetSize));
    }
    out.writeBytes(data);
    return out.toByteArray();
  }

  /** An array with 1-byte offsets whose elements are laid out one after another. */
  public static byte[] array(byte[]... elements) {
    int[] offsets = new int[elements.length + 1];
    for (int i = 0; i < elements.length; i++) {
      offsets[i + 1] = offsets[i] + elements[i].length;
    }
    return arrayWithOffsets(1, offsets, concat(elements));
  }

  /**
   * An array with explicit offsets of {@code offsetSize} (1-4) bytes; {@code offsets} has one
   * entry per element plus the end of the data, so elements may share bytes.
   */
  public static byte[] arrayWithOffsets(int offsetSize, int[] offsets, byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write((offsetSize - 1) << 2 | 3); // basic type array, not large
    out.write(offsets.length - 1);
    for (int o : offsets) {
      out.writeBytes(le(o, offsetSize));
    }
    out.writeBytes(data);
    return out.toByteArray();
  }

  /** The low {@code width} bytes of {@code v}, little-endian. */
  public static byte[] le(long v, int width) {
    byte[] b = new byte[width];
    for (int i = 0; i < width; i++) {
      b[i] = (byte) (v >>> (8 * i));
    }
    return b;
  }

  /** UTF-8 bytes of a string. */
  public static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The arrays one after another. */
  public static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
