package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;

/**
 * Zero-allocation accessors over encoded Variant values, addressed as {@code (byte[] value, int
 * pos)} where {@code pos} is the first byte ({@code value_metadata}) of a value. Implements the
 * reading side of VariantEncoding.md, section "Value encoding" and the "Encoding types" tables.
 *
 * <p>Accessors read only the bytes they need and check that those bytes lie inside the array; they
 * throw {@link VariantFormatException} naming the expected and the actual type when called on the
 * wrong type. They do not check a value against an enclosing value's extent, nor bytes they do not
 * read: readers call {@link VariantValidator#validate(VariantMetadata, byte[], int, int)} once on
 * every untrusted value, with the value's exact length, and use the accessors after. Once a value
 * passed it, every accessor stays inside {@code [pos, pos+len)}.
 *
 * <p>Objects and arrays are navigated with {@link VariantObjects} and {@link VariantArrays};
 * {@link VariantValidator} checks a whole value, and its javadoc lists what readers tolerate and
 * reject.
 *
 * <p>The recursive decoders ({@link VariantJson}, {@link VariantJava}, {@link VariantEquality},
 * {@link VariantEncoder#writeVariant}, {@link VariantValue}) validate their input first, so they
 * accept exactly what {@code validate} accepts, and their work and output stay linear in the
 * input's bytes.
 */
public final class VariantBinary {
  /** The nesting limit, {@link VariantValue#MAX_NESTING_DEPTH}, where the decoders use it. */
  public static final int MAX_NESTING_DEPTH = VariantValue.MAX_NESTING_DEPTH;

  /** Basic type 0: a primitive, see the primitive types table. */
  public static final int BASIC_PRIMITIVE = 0;
  /** Basic type 1: a string of at most 63 bytes with its length in the header. */
  public static final int BASIC_SHORT_STRING = 1;
  /** Basic type 2: an object. */
  public static final int BASIC_OBJECT = 2;
  /** Basic type 3: an array. */
  public static final int BASIC_ARRAY = 3;

  /** Total encoded size by primitive type id; -1 = 4-byte length prefixed (binary, string). */
  static final int[] PRIMITIVE_SIZE = {
    1, 1, 1, 2, 3, 5, 9, 9, 6, 10, 18, 5, 9, 9, 5, -1, -1, 9, 9, 9, 17
  };

  // Complete value_metadata bytes of the primitives, for single-compare type checks.
  static final int H_NULL = 0;
  static final int H_TRUE = 1 << 2;
  static final int H_FALSE = 2 << 2;
  static final int H_INT8 = 3 << 2;
  static final int H_INT16 = 4 << 2;
  static final int H_INT32 = 5 << 2;
  static final int H_INT64 = 6 << 2;
  static final int H_DOUBLE = 7 << 2;
  static final int H_DECIMAL4 = 8 << 2;
  static final int H_DECIMAL8 = 9 << 2;
  static final int H_DECIMAL16 = 10 << 2;
  static final int H_DATE = 11 << 2;
  static final int H_TIMESTAMP = 12 << 2;
  static final int H_TIMESTAMP_NTZ = 13 << 2;
  static final int H_FLOAT = 14 << 2;
  static final int H_BINARY = 15 << 2;
  static final int H_STRING = 16 << 2;
  static final int H_TIME = 17 << 2;
  static final int H_TIMESTAMP_NANOS = 18 << 2;
  static final int H_TIMESTAMP_NTZ_NANOS = 19 << 2;
  static final int H_UUID = 20 << 2;

  /** Largest unscaled magnitude of a decimal4 (9 digits). */
  static final int MAX_DECIMAL4_UNSCALED = 999_999_999;
  /** Largest unscaled magnitude of a decimal8 (18 digits). */
  static final long MAX_DECIMAL8_UNSCALED = 999_999_999_999_999_999L;
  /** 10^38, the exclusive bound of a decimal16 unscaled magnitude, as two 64-bit halves. */
  private static final long TEN_POW_38_HI = 0x4B3B4CA85A86C47AL;
  private static final long TEN_POW_38_LO = 0x098A224000000000L;

  private VariantBinary() {}

  // ---------------------------------------------------------------- type and size

  /**
   * The 2-bit {@code basic_type} of the value at {@code pos} (spec "Basic Type").
   *
   * @param v value bytes
   * @param pos start of the value
   * @return one of {@link #BASIC_PRIMITIVE}, {@link #BASIC_SHORT_STRING}, {@link #BASIC_OBJECT},
   *     {@link #BASIC_ARRAY}
   */
  public static int basicType(byte[] v, int pos) {
    return header(v, pos) & 3;
  }

  /**
   * The logical type of the value at {@code pos}.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the type
   * @throws VariantFormatException if the primitive type id is unknown
   */
  public static VariantType type(byte[] v, int pos) {
    int h = header(v, pos);
    switch (h & 3) {
      case BASIC_PRIMITIVE:
        return primitiveType(h, pos);
      case BASIC_SHORT_STRING:
        return VariantType.STRING;
      case BASIC_OBJECT:
        return VariantType.OBJECT;
      default:
        return VariantType.ARRAY;
    }
  }

  static VariantType primitiveType(int h, int pos) {
    int id = h >>> 2;
    if (id >= PRIMITIVE_SIZE.length) {
      throw new VariantFormatException("unknown variant primitive type id " + id + " at position " + pos
          + " (known ids are 0.." + (PRIMITIVE_SIZE.length - 1) + ")");
    }
    return VariantType.ofPrimitiveId(id);
  }

  /**
   * Total number of encoded bytes of the value starting at {@code pos}, for any type. For objects
   * and arrays this is computed from the header and the last field offset, without visiting
   * children; the result is not checked against the array's length.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the value's size in bytes
   * @throws VariantFormatException if the header is truncated or has an unknown type id
   */
  public static int valueSize(byte[] v, int pos) {
    int h = header(v, pos);
    switch (h & 3) {
      case BASIC_PRIMITIVE: {
        int id = h >>> 2;
        if (id >= PRIMITIVE_SIZE.length) {
          primitiveType(h, pos);
        }
        int fixed = PRIMITIVE_SIZE[id];
        if (fixed > 0) {
          return fixed;
        }
        need(v, pos, 5);
        int n = Bytes.readInt(v, pos + 1);
        if (n < 0 || n > Integer.MAX_VALUE - 5) {
          throw new VariantFormatException("length " + (n & 0xFFFFFFFFL) + " of the " + primitiveType(h, pos).specName()
              + " at position " + pos + " is too large");
        }
        return 5 + n;
      }
      case BASIC_SHORT_STRING:
        return 1 + (h >>> 2);
      case BASIC_OBJECT: {
        int offSize = ((h >> 2) & 3) + 1;
        int idSize = ((h >> 4) & 3) + 1;
        int countSize = (h & 0x40) != 0 ? 4 : 1;
        int n = count(v, pos, countSize);
        long offsets = pos + 1L + countSize + (long) n * idSize;
        return containerSize(v, pos, offsets, n, offSize);
      }
      default: {
        int offSize = ((h >> 2) & 3) + 1;
        int countSize = (h & 0x10) != 0 ? 4 : 1;
        int n = count(v, pos, countSize);
        long offsets = pos + 1L + countSize;
        return containerSize(v, pos, offsets, n, offSize);
      }
    }
  }

  private static int containerSize(byte[] v, int pos, long offsets, int n, int offSize) {
    long lastPos = offsets + (long) n * offSize;
    need(v, lastPos, offSize);
    long last = Bytes.readUnsigned(v, (int) lastPos, offSize) & 0xFFFFFFFFL;
    long total = lastPos + offSize + last - pos;
    if (total > Integer.MAX_VALUE) {
      throw new VariantFormatException("value at position " + pos + " claims " + total + " bytes, more than a Java array holds");
    }
    return (int) total;
  }

  // ---------------------------------------------------------------- primitives

  /**
   * Value of a boolean (primitive type ids 1 and 2).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the boolean
   */
  public static boolean getBoolean(byte[] v, int pos) {
    int h = header(v, pos);
    if (h == H_TRUE) {
      return true;
    }
    if (h == H_FALSE) {
      return false;
    }
    throw wrongType("boolean", v, pos);
  }

  /**
   * Value of an int8, int16, int32 or int64 (primitive type ids 3-6), sign-extended.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the integer
   */
  public static long getLong(byte[] v, int pos) {
    int h = header(v, pos);
    switch (h) {
      case H_INT8:
        need(v, pos, 2);
        return v[pos + 1];
      case H_INT16:
        need(v, pos, 3);
        return Bytes.readShort(v, pos + 1);
      case H_INT32:
        need(v, pos, 5);
        return Bytes.readInt(v, pos + 1);
      case H_INT64:
        need(v, pos, 9);
        return Bytes.readLong(v, pos + 1);
      default:
        throw wrongType("int8, int16, int32 or int64", v, pos);
    }
  }

  /**
   * Value of a double (primitive type id 7).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the double
   */
  public static double getDouble(byte[] v, int pos) {
    expect(v, pos, H_DOUBLE, 9, "double");
    return Double.longBitsToDouble(Bytes.readLong(v, pos + 1));
  }

  /**
   * Value of a float (primitive type id 14).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the float
   */
  public static float getFloat(byte[] v, int pos) {
    expect(v, pos, H_FLOAT, 5, "float");
    return Float.intBitsToFloat(Bytes.readInt(v, pos + 1));
  }

  /**
   * Value of a decimal4, decimal8 or decimal16 (primitive type ids 8-10). Like every decimal
   * accessor it rejects a scale above the type's maximum precision (9, 18, 38) and an unscaled
   * value with more digits than that (spec "Decimal table").
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the decimal, with the stored scale
   */
  public static BigDecimal getDecimal(byte[] v, int pos) {
    int h = decimalHeader(v, pos);
    int scale = v[pos + 1] & 0xFF;
    if (h == H_DECIMAL4) {
      return BigDecimal.valueOf(Bytes.readInt(v, pos + 2), scale);
    }
    if (h == H_DECIMAL8) {
      return BigDecimal.valueOf(Bytes.readLong(v, pos + 2), scale);
    }
    return new BigDecimal(decimal16Unscaled(v, pos), scale);
  }

  /**
   * Scale of a decimal4, decimal8 or decimal16.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the scale byte
   */
  public static int getDecimalScale(byte[] v, int pos) {
    decimalHeader(v, pos);
    return v[pos + 1] & 0xFF;
  }

  /**
   * Unscaled value of a decimal4 or decimal8, without allocating.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the unscaled value
   */
  public static long getDecimalUnscaledLong(byte[] v, int pos) {
    int h = header(v, pos);
    if (h != H_DECIMAL4 && h != H_DECIMAL8) {
      throw wrongType("decimal4 or decimal8", v, pos);
    }
    decimalHeader(v, pos);
    return h == H_DECIMAL4 ? Bytes.readInt(v, pos + 2) : Bytes.readLong(v, pos + 2);
  }

  /**
   * Unscaled value of any decimal as a BigInteger.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the unscaled value
   */
  public static BigInteger getDecimalUnscaled(byte[] v, int pos) {
    int h = decimalHeader(v, pos);
    if (h == H_DECIMAL16) {
      return decimal16Unscaled(v, pos);
    }
    return BigInteger.valueOf(h == H_DECIMAL4 ? Bytes.readInt(v, pos + 2) : Bytes.readLong(v, pos + 2));
  }

  /** The header of the decimal at pos, after checking its bytes are there and it is valid. */
  private static int decimalHeader(byte[] v, int pos) {
    int h = header(v, pos);
    if (h == H_DECIMAL4) {
      need(v, pos, 6);
    } else if (h == H_DECIMAL8) {
      need(v, pos, 10);
    } else if (h == H_DECIMAL16) {
      need(v, pos, 18);
    } else {
      throw wrongType("decimal4, decimal8 or decimal16", v, pos);
    }
    String problem = decimalProblem(h, v, pos);
    if (problem != null) {
      throw new VariantFormatException(primitiveType(h, pos).specName() + " at position " + pos + problem);
    }
    return h;
  }

  /**
   * What makes the decimal at pos (header h, all its bytes present) invalid, as text to follow
   * "decimalN at position P", or null if it is valid: a scale above the type's maximum precision
   * (the spec's scale range is [0, 38], and a DECIMAL(precision, scale) needs scale &lt;=
   * precision), or an unscaled value with more digits than that precision (spec "Decimal table").
   */
  static String decimalProblem(int h, byte[] v, int pos) {
    int max = h == H_DECIMAL4 ? 9 : h == H_DECIMAL8 ? 18 : 38;
    int scale = v[pos + 1] & 0xFF;
    if (scale > max) {
      return " has scale " + scale + ", above the type's maximum precision " + max
          + " (its scale must be in [0, " + max + "])";
    }
    boolean fits;
    if (h == H_DECIMAL4) {
      int u = Bytes.readInt(v, pos + 2);
      fits = u >= -MAX_DECIMAL4_UNSCALED && u <= MAX_DECIMAL4_UNSCALED;
    } else if (h == H_DECIMAL8) {
      long u = Bytes.readLong(v, pos + 2);
      fits = u >= -MAX_DECIMAL8_UNSCALED && u <= MAX_DECIMAL8_UNSCALED;
    } else {
      fits = fitsDecimal16(Bytes.readLong(v, pos + 10), Bytes.readLong(v, pos + 2));
    }
    if (!fits) {
      BigInteger u = h == H_DECIMAL16 ? decimal16Unscaled(v, pos)
          : BigInteger.valueOf(h == H_DECIMAL4 ? Bytes.readInt(v, pos + 2) : Bytes.readLong(v, pos + 2));
      return " has unscaled value " + u + " with " + u.abs().toString().length() + " digits; at most " + max
          + " fit its type";
    }
    return null;
  }

  /** Whether the 128-bit two's complement value {@code hi:lo} has at most 38 decimal digits. */
  static boolean fitsDecimal16(long hi, long lo) {
    long mHi = hi;
    long mLo = lo;
    if (hi < 0) { // magnitude of a negative 128-bit value: two's complement negate
      mLo = -lo;
      mHi = ~hi + (lo == 0 ? 1 : 0);
    }
    int c = Long.compareUnsigned(mHi, TEN_POW_38_HI);
    return c < 0 || (c == 0 && Long.compareUnsigned(mLo, TEN_POW_38_LO) < 0);
  }

  private static BigInteger decimal16Unscaled(byte[] v, int pos) {
    long lo = Bytes.readLong(v, pos + 2);
    long hi = Bytes.readLong(v, pos + 10);
    if (hi == (lo >> 63)) {
      return BigInteger.valueOf(lo);
    }
    BigInteger loPart = BigInteger.valueOf(lo & Long.MAX_VALUE);
    if (lo < 0) {
      loPart = loPart.setBit(63);
    }
    return BigInteger.valueOf(hi).shiftLeft(64).or(loPart);
  }

  /**
   * Value of a date (primitive type id 11): days since 1970-01-01.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return days since the epoch
   */
  public static int getDate(byte[] v, int pos) {
    expect(v, pos, H_DATE, 5, "date");
    return Bytes.readInt(v, pos + 1);
  }

  /**
   * The stored 8-byte value of a timestamp, timestamp_ntz, timestamp_nanos, timestamp_ntz_nanos
   * or time (type ids 12, 13, 18, 19, 17): micros or nanos as stored, see {@link #type}. A time
   * outside [0, 86,400,000,000) microseconds is rejected.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the stored value
   */
  public static long getTimestamp(byte[] v, int pos) {
    int h = header(v, pos);
    if (h == H_TIMESTAMP || h == H_TIMESTAMP_NTZ || h == H_TIMESTAMP_NANOS || h == H_TIMESTAMP_NTZ_NANOS || h == H_TIME) {
      need(v, pos, 9);
      long value = Bytes.readLong(v, pos + 1);
      if (h == H_TIME && !Temporal.isTimeOfDay(value)) {
        throw new VariantFormatException("time at position " + pos + Temporal.timeProblem(value));
      }
      return value;
    }
    throw wrongType("timestamp, timestamp_ntz, timestamp_nanos, timestamp_ntz_nanos or time", v, pos);
  }

  /**
   * Value of a short (basic type 1) or long (primitive type id 16) string.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the decoded string
   */
  public static String getString(byte[] v, int pos) {
    int off = stringOffset(v, pos);
    return new String(v, off, stringLength(v, pos), StandardCharsets.UTF_8);
  }

  /**
   * Absolute position of a string's UTF-8 bytes (zero-copy access).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return position of the first byte of the string
   */
  public static int stringOffset(byte[] v, int pos) {
    int h = header(v, pos);
    if ((h & 3) == BASIC_SHORT_STRING) {
      return pos + 1;
    }
    if (h == H_STRING) {
      return pos + 5;
    }
    throw wrongType("string", v, pos);
  }

  /**
   * Length in bytes of a string's UTF-8 encoding.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the byte length
   */
  public static int stringLength(byte[] v, int pos) {
    int h = header(v, pos);
    int n;
    if ((h & 3) == BASIC_SHORT_STRING) {
      n = h >>> 2;
      need(v, pos, 1L + n);
    } else if (h == H_STRING) {
      n = lengthPrefixed(v, pos);
    } else {
      throw wrongType("string", v, pos);
    }
    return n;
  }

  /**
   * Copy of a binary value's bytes (primitive type id 15).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return a new array
   */
  public static byte[] getBinary(byte[] v, int pos) {
    int n = binaryLength(v, pos);
    return Arrays.copyOfRange(v, pos + 5, pos + 5 + n);
  }

  /**
   * Absolute position of a binary value's bytes (zero-copy access).
   *
   * @param v value bytes
   * @param pos start of the value
   * @return position of the first byte
   */
  public static int binaryOffset(byte[] v, int pos) {
    expect(v, pos, H_BINARY, 5, "binary");
    return pos + 5;
  }

  /**
   * Length of a binary value.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the byte length
   */
  public static int binaryLength(byte[] v, int pos) {
    expect(v, pos, H_BINARY, 5, "binary");
    return lengthPrefixed(v, pos);
  }

  private static int lengthPrefixed(byte[] v, int pos) {
    need(v, pos, 5);
    int n = Bytes.readInt(v, pos + 1);
    if (n < 0) {
      throw new VariantFormatException("length " + (n & 0xFFFFFFFFL) + " at position " + pos + " is too large");
    }
    need(v, pos, 5L + n);
    return n;
  }

  /**
   * Value of a UUID (primitive type id 20), stored as 16 big-endian bytes.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the UUID
   */
  public static UUID getUuid(byte[] v, int pos) {
    expect(v, pos, H_UUID, 17, "uuid");
    return new UUID(Bytes.readLongBigEndian(v, pos + 1), Bytes.readLongBigEndian(v, pos + 9));
  }

  // ---------------------------------------------------------------- strings from elsewhere

  /**
   * Checks that {@code b[off, off+len)} is well-formed UTF-8, as a variant string must be: for
   * string bytes that arrive from elsewhere (a shredded {@code typed_value} string column) before
   * they become a variant string.
   *
   * @param b the bytes
   * @param off first byte
   * @param len number of bytes
   * @throws VariantFormatException naming the first bad byte
   */
  public static void checkUtf8(byte[] b, int off, int len) {
    int bad = Utf8.firstInvalid(b, off, len);
    if (bad >= 0) {
      throw new VariantFormatException("string is not valid UTF-8 (bad byte 0x"
          + Integer.toHexString(b[off + bad] & 0xFF) + " at offset " + bad + " of the string)");
    }
  }

  // ---------------------------------------------------------------- helpers

  static void checkDepth(int depth, int pos) {
    if (depth >= MAX_NESTING_DEPTH) {
      throw new VariantFormatException("value at position " + pos + " is nested deeper than " + MAX_NESTING_DEPTH + " levels");
    }
  }

  /** The value_metadata byte at pos, unsigned. */
  static int header(byte[] v, int pos) {
    if (pos < 0 || pos >= v.length) {
      throw new VariantFormatException("value position " + pos + " is past the end of the value (length " + v.length + ")");
    }
    return v[pos] & 0xFF;
  }

  static void need(byte[] v, long pos, long n) {
    if (pos + n > v.length) {
      throw new VariantFormatException("value is truncated: needs bytes up to " + (pos + n)
          + " but the value has length " + v.length);
    }
  }

  private static void expect(byte[] v, int pos, int h, int size, String typeName) {
    if (header(v, pos) != h) {
      throw wrongType(typeName, v, pos);
    }
    need(v, pos, size);
  }

  static int count(byte[] v, int pos, int countSize) {
    need(v, pos + 1L, countSize);
    int n = Bytes.readUnsigned(v, pos + 1, countSize);
    if (n < 0 || n > v.length) {
      throw new VariantFormatException("container at position " + pos + " claims " + (n & 0xFFFFFFFFL)
          + " elements, more than the value's " + v.length + " bytes can hold");
    }
    return n;
  }

  static int fieldId(byte[] v, int p, int idSize, int pos) {
    int id = Bytes.readUnsigned(v, p, idSize);
    if (id < 0) {
      throw new VariantFormatException("object at position " + pos + " has field id " + (id & 0xFFFFFFFFL)
          + ", larger than any metadata dictionary");
    }
    return id;
  }

  static int childPos(byte[] v, int pos, long offsets, int n, int offSize, int i) {
    long data = offsets + (long) (n + 1) * offSize;
    need(v, offsets + (long) i * offSize, offSize);
    long off = Bytes.readUnsigned(v, (int) (offsets + (long) i * offSize), offSize) & 0xFFFFFFFFL;
    long p = data + off;
    if (p >= v.length) {
      throw new VariantFormatException("offset " + off + " of child " + i + " of the container at position " + pos
          + " is past the end of the value (length " + v.length + ")");
    }
    return (int) p;
  }

  static void checkIndex(int i, int n, String what, int pos) {
    if (i < 0 || i >= n) {
      throw new IndexOutOfBoundsException(what + " index " + i + " is out of range for the container at position "
          + pos + " with " + n + " entries");
    }
  }

  static VariantFormatException wrongType(String expected, byte[] v, int pos) {
    String actual;
    try {
      actual = type(v, pos).specName();
    } catch (VariantFormatException e) {
      actual = "unknown type (header byte 0x" + Integer.toHexString(v[pos] & 0xFF) + ")";
    }
    return new VariantFormatException("expected " + expected + " but found " + actual + " at position " + pos);
  }
}
