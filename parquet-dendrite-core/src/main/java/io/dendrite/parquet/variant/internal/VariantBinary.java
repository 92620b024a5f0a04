package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
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
 * read: readers call {@link #validate(VariantMetadata, byte[], int, int)} once on every untrusted
 * value, with the value's exact length, and use the accessors after. Once a value passed it,
 * every accessor stays inside {@code [pos, pos+len)}.
 *
 * <p>What a reader does with each deviation from the spec ("tolerated": read as if valid;
 * "rejected": {@link VariantFormatException} from {@code validate}, with positions relative to
 * the value's first byte; "accessors" says which checks the accessors make on their own):
 *
 * <table>
 *   <caption>Invalid or unusual input and what readers do with it</caption>
 *   <tr><th>Input</th><th>Reader</th></tr>
 *   <tr><td>object fields not in key order (DuckDB writes insertion order)</td>
 *       <td>tolerated; every field lookup also finds fields of unsorted objects (a binary search
 *       first, a linear scan when it misses)</td></tr>
 *   <tr><td>object fields or dictionary sorted in Java String (UTF-16) order, as parquet-java and
 *       Spark wrote them before their fixes</td><td>tolerated</td></tr>
 *   <tr><td>duplicate keys in an object, in any order, also under two ids of an unsorted
 *       dictionary that holds the same string twice</td><td>rejected</td></tr>
 *   <tr><td>children (fields, elements) that overlap, share bytes or lie outside their
 *       container's data</td><td>rejected (otherwise work could grow exponentially with the
 *       input)</td></tr>
 *   <tr><td>unused bytes between children inside a container's data</td><td>tolerated
 *       (ignored)</td></tr>
 *   <tr><td>bytes after the value within its given length</td><td>rejected by the exact {@code
 *       validate(m, v, pos, len)}; allowed by {@code validate(m, v, pos)}, which checks a
 *       prefix</td></tr>
 *   <tr><td>header, size, offset or length reaching past the value</td><td>rejected; accessors
 *       throw too (bounded by the array)</td></tr>
 *   <tr><td>unknown primitive type id (21-63)</td><td>rejected; accessors throw too</td></tr>
 *   <tr><td>field id not below the dictionary size</td><td>rejected; accessors throw too</td></tr>
 *   <tr><td>string or key that is not well-formed UTF-8</td><td>rejected (accessors such as
 *       {@link #getString} do not check and decode with replacement characters)</td></tr>
 *   <tr><td>decimal4/8/16 scale above the type's maximum precision (9, 18, 38), or an unscaled
 *       value with more digits than that</td><td>rejected; decimal accessors throw too</td></tr>
 *   <tr><td>time (type id 17) outside [0, 86,400,000,000) microseconds</td><td>rejected; {@link
 *       #getTimestamp} throws too</td></tr>
 *   <tr><td>is_large set, or offsets/ids wider than needed</td><td>tolerated (the spec allows
 *       it)</td></tr>
 *   <tr><td>nesting deeper than {@link #MAX_NESTING_DEPTH}</td><td>rejected</td></tr>
 *   <tr><td>metadata problems (version, offsets, sorted_strings, UTF-8)</td><td>see {@link
 *       VariantMetadata}</td></tr>
 * </table>
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
  private static final int[] PRIMITIVE_SIZE = {
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

  private static final ApiAccess API = ApiAccess.get();

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

  private static VariantType primitiveType(int h, int pos) {
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

  // ---------------------------------------------------------------- objects

  /**
   * Number of fields of an object ({@code num_elements}).
   *
   * @param v value bytes
   * @param pos start of the object
   * @return the number of fields
   */
  public static int objectSize(byte[] v, int pos) {
    int h = objectHeader(v, pos);
    return count(v, pos, (h & 0x40) != 0 ? 4 : 1);
  }

  /**
   * Dictionary id of the i-th field (in stored order: the spec's unsigned UTF-8 key order, or the
   * order another writer chose).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param i field index, {@code 0 <= i < objectSize}
   * @return the field's key id in the metadata dictionary
   */
  public static int objectFieldId(byte[] v, int pos, int i) {
    int h = objectHeader(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    checkIndex(i, n, "object field", pos);
    long p = pos + 1L + countSize + (long) i * idSize;
    need(v, p, idSize);
    return fieldId(v, (int) p, idSize, pos);
  }

  /**
   * Key of the i-th field, looked up in the metadata (decoded strings are cached there).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param i field index
   * @return the key
   */
  public static String objectFieldKey(VariantMetadata m, byte[] v, int pos, int i) {
    return m.key(objectFieldId(v, pos, i));
  }

  /**
   * Absolute position of the i-th field's value (fields in stored order).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param i field index
   * @return start of the field's value
   */
  public static int objectFieldValuePos(byte[] v, int pos, int i) {
    int h = objectHeader(v, pos);
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    checkIndex(i, n, "object field", pos);
    long offsets = pos + 1L + countSize + (long) n * idSize;
    return childPos(v, pos, offsets, n, offSize, i);
  }

  /**
   * Finds a field by key. The spec requires fields sorted by key in unsigned UTF-8 order
   * (section "Object field ID order and uniqueness"), so a binary search comes first; when it
   * misses, the object may still hold the key out of order (DuckDB writes fields in insertion
   * order, older writers sorted in UTF-16 order), so a linear scan decides: in objects of more
   * than 16 fields under a sorted dictionary, over the field ids for the key's id (a key absent
   * from such a dictionary is absent from every object, without a scan), otherwise over the key
   * bytes. A miss costs time linear in the number of fields.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param key the key
   * @return absolute position of the field's value, or -1 if the object has no such field
   */
  public static int objectFindField(VariantMetadata m, byte[] v, int pos, String key) {
    return fieldPos(v, pos, fieldIndex(m, v, pos, key, null, 0, 0));
  }

  /**
   * Same as {@link #objectFindField(VariantMetadata, byte[], int, String)} with a pre-encoded
   * UTF-8 key, for hot paths that look up the same key in many values.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param keyUtf8 the key's UTF-8 bytes
   * @return absolute position of the field's value, or -1 if absent
   */
  public static int objectFindField(VariantMetadata m, byte[] v, int pos, byte[] keyUtf8) {
    return fieldPos(v, pos, fieldIndex(m, v, pos, null, keyUtf8, 0, keyUtf8.length));
  }

  /**
   * Same as {@link #objectFindField(VariantMetadata, byte[], int, byte[])} for a key range.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param key array holding the key's UTF-8 bytes
   * @param keyOff start of the key
   * @param keyLen length of the key
   * @return absolute position of the field's value, or -1 if absent
   */
  public static int objectFindField(VariantMetadata m, byte[] v, int pos, byte[] key, int keyOff, int keyLen) {
    return fieldPos(v, pos, fieldIndex(m, v, pos, null, key, keyOff, keyLen));
  }

  /**
   * Index of the field with the given key, found as by {@link #objectFindField(VariantMetadata,
   * byte[], int, byte[])} (sorted or not), for callers that need the field's index rather than
   * its value's position.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param keyUtf8 the key's UTF-8 bytes
   * @return the field's index in the object, or -1 if absent
   */
  public static int objectFieldIndex(VariantMetadata m, byte[] v, int pos, byte[] keyUtf8) {
    return fieldIndex(m, v, pos, null, keyUtf8, 0, keyUtf8.length);
  }

  /**
   * Finds the field whose key has dictionary id {@code id}: a binary search over the field ids
   * (they ascend with the keys when the dictionary is sorted and the object is too), then a
   * linear scan when it misses, so fields of unsorted objects are found as well. A key that an
   * unsorted dictionary holds twice has two ids; callers with such a dictionary search by key
   * ({@link #objectFieldIndex}).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param id the key's dictionary id
   * @return the field's index in the object (not its position), or -1
   */
  public static int objectFieldIndexOfId(byte[] v, int pos, int id) {
    int h = objectHeader(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    int ids = pos + 1 + countSize;
    need(v, ids, (long) n * idSize);
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int found = fieldId(v, ids + mid * idSize, idSize, pos);
      if (found < id) {
        lo = mid + 1;
      } else if (found > id) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return scanIds(v, ids, n, idSize, id);
  }

  /**
   * Linear search for a field id, for objects whose fields are not in id order. This is what a
   * miss in a sorted object costs too, so 1- and 2-byte ids (the usual widths) are compared eight
   * bytes at a time.
   */
  private static int scanIds(byte[] v, int ids, int n, int idSize, int id) {
    int i = 0;
    if (idSize <= 2 && id >>> (8 * idSize) == 0) {
      // A lane of x is zero where the id is; the classic "has a zero lane" test flags it (and
      // can flag spurious lanes only above a real match, which the exact loop below rejects).
      long lanes = idSize == 1 ? 0x0101010101010101L : 0x0001000100010001L;
      long high = lanes << (8 * idSize - 1);
      long pattern = lanes * id;
      int perWord = 8 / idSize;
      for (; i + perWord <= n; i += perWord) {
        long x = Bytes.readLong(v, ids + i * idSize) ^ pattern;
        if (((x - lanes) & ~x & high) != 0) {
          break;
        }
      }
    }
    for (; i < n; i++) {
      if (Bytes.readUnsigned(v, ids + i * idSize, idSize) == id) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Index of the field whose key is {@code s}, or else {@code k[kOff, kOff+kLen)}; -1 if none.
   * See {@link #objectFindField(VariantMetadata, byte[], int, String)} for the search order.
   */
  private static int fieldIndex(VariantMetadata m, byte[] v, int pos, String s, byte[] k, int kOff, int kLen) {
    int h = objectHeader(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    int ids = pos + 1 + countSize;
    need(v, ids, (long) n * idSize);
    byte[] mb = m.bytes();
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = fieldId(v, ids + mid * idSize, idSize, pos);
      int ko = m.keyOffset(id);
      int kl = m.keyLength(id);
      // Sign: field key compared with the searched key.
      int c = s != null ? -Utf8.compare(s, mb, ko, kl) : Arrays.compareUnsigned(mb, ko, ko + kl, k, kOff, kOff + kLen);
      if (c == 0) {
        return mid;
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    // Missed: the key is absent, or the object is not sorted. A large object under a sorted
    // dictionary is scanned by the key's id (none if the key is not in the dictionary); others
    // by key bytes, their lengths compared first.
    if (n > 16) {
      int id = s != null ? API.sortedId(m, s) : API.sortedId(m, k, kOff, kLen);
      if (id >= 0) {
        return scanIds(v, ids, n, idSize, id);
      }
      if (id == -1) {
        return -1;
      }
    }
    int len = s != null ? Utf8.encodedLength(s) : kLen;
    for (int i = 0; i < n; i++) {
      int fid = fieldId(v, ids + i * idSize, idSize, pos);
      int ko = m.keyOffset(fid);
      if (m.keyLength(fid) == len
          && (s != null ? Utf8.compare(s, mb, ko, len) == 0 : Arrays.equals(mb, ko, ko + len, k, kOff, kOff + len))) {
        return i;
      }
    }
    return -1;
  }

  /** Position of the value of field {@code i} (-1 stays -1). */
  private static int fieldPos(byte[] v, int pos, int i) {
    return i < 0 ? -1 : objectFieldValuePos(v, pos, i);
  }

  // ---------------------------------------------------------------- arrays

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

  /**
   * Number of elements of an array.
   *
   * @param v value bytes
   * @param pos start of the array
   * @return the number of elements
   */
  public static int arraySize(byte[] v, int pos) {
    int h = arrayHeader(v, pos);
    return count(v, pos, (h & 0x10) != 0 ? 4 : 1);
  }

  /**
   * Absolute position of the i-th element.
   *
   * @param v value bytes
   * @param pos start of the array
   * @param i element index, {@code 0 <= i < arraySize}
   * @return start of the element
   */
  public static int arrayElementPos(byte[] v, int pos, int i) {
    int h = arrayHeader(v, pos);
    int offSize = ((h >> 2) & 3) + 1;
    int countSize = (h & 0x10) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    checkIndex(i, n, "array element", pos);
    return childPos(v, pos, pos + 1L + countSize, n, offSize, i);
  }

  // ---------------------------------------------------------------- validation

  /**
   * Fully validates the value at {@code pos} as {@link #validate(VariantMetadata, byte[], int,
   * int)} does, requiring it to fit in the array from {@code pos} on (trailing bytes after it are
   * allowed, so sub-values can be checked). Prefer the exact form: a value stored in a larger
   * array (a page) is only bounded by its own length.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @throws VariantFormatException describing the first problem found
   * @see #validate(VariantMetadata, byte[], int, int)
   */
  public static void validate(VariantMetadata m, byte[] v, int pos) {
    if (pos < 0 || pos >= v.length) {
      throw new VariantFormatException("value position " + pos + " is outside the value (length " + v.length + ")");
    }
    validate(m, v, pos, v.length, false);
  }

  /**
   * Fully validates a value that must occupy exactly {@code v[pos, pos+len)}, so that every
   * accessor used on it afterwards stays inside that range: the metadata ({@link
   * VariantMetadata#validate()}); header and type ids; every size and offset within the value;
   * children inside their container's data and not overlapping; field ids below the dictionary
   * size; no duplicate keys (field order itself is not checked: unsorted objects are tolerated);
   * strings well-formed UTF-8; decimals and times within their types' ranges; nesting at most
   * {@link #MAX_NESTING_DEPTH}. The class description lists each rule. Readers call this on every
   * untrusted value before using the other accessors. Work is linear in {@code len} (plus {@code
   * n log n} for a container whose children are stored out of order).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param len exact encoded length of the value
   * @throws VariantFormatException describing the first problem found, with positions relative
   *     to {@code pos}
   */
  public static void validate(VariantMetadata m, byte[] v, int pos, int len) {
    if (pos < 0 || len < 0 || pos > v.length - len) {
      throw new VariantFormatException("value range [" + pos + ", " + ((long) pos + len)
          + ") is outside the array (length " + v.length + ")");
    }
    if (len == 0) {
      throw new VariantFormatException("value is empty; expected at least a header byte");
    }
    validate(m, v, pos, pos + len, true);
  }

  /**
   * Validates the value at {@code pos}, which must end by {@code limit} (exactly at it when
   * {@code exact}); returns its size. Callers have checked {@code 0 <= pos < limit <= v.length}.
   */
  public static int validate(VariantMetadata m, byte[] v, int pos, int limit, boolean exact) {
    m.validate();
    int size = new Validator(m, v, pos).value(pos, limit, 0);
    if (exact && size != limit - pos) {
      throw new VariantFormatException("value has " + (limit - pos - size) + " trailing bytes (expected length " + size
          + ", found " + (limit - pos) + ")");
    }
    return size;
  }

  /**
   * One validation walk. Each value is first sized from its header alone ({@link #extent}); a
   * container checks that a child's extent lies in its data and overlaps no other child before
   * it visits the child, so every byte is visited a bounded number of times even when hostile
   * offsets point many children at the same bytes.
   */
  private static final class Validator {
    private final VariantMetadata m;
    private final byte[] v;
    /** Start of the top-level value: positions in messages are relative to it. */
    private final int base;
    /** Scratch: a container's children as {@code start << 32 | end}, relative to its data. */
    private long[] extents;
    /** Scratch: the field ids of an unsorted object, for the duplicate key check. */
    private int[] keys;

    Validator(VariantMetadata m, byte[] v, int base) {
      this.m = m;
      this.v = v;
      this.base = base;
    }

    /** Validates the value at p, which must end by {@code limit}; returns its size. */
    int value(int p, int limit, int depth) {
      int size = extent(p, limit);
      contents(p, size, depth);
      return size;
    }

    /** Size of the value at p from its header alone, checked to end by {@code limit}. */
    private int extent(int p, int limit) {
      if (p >= limit) {
        throw new VariantFormatException("value at position " + rel(p) + " is past the end of its enclosing value (ends at "
            + rel(limit) + ")");
      }
      int h = v[p] & 0xFF;
      switch (h & 3) {
        case BASIC_PRIMITIVE: {
          if (h >>> 2 >= PRIMITIVE_SIZE.length) {
            primitiveType(h, rel(p)); // throws, naming the id
          }
          int fixed = PRIMITIVE_SIZE[h >>> 2];
          if (fixed > 0) {
            fits(p, fixed, limit, h, -1);
            return fixed;
          }
          fits(p, 5, limit, h, -1);
          long n = Bytes.readInt(v, p + 1) & 0xFFFFFFFFL;
          fits(p, 5 + n, limit, h, n);
          return 5 + (int) n;
        }
        case BASIC_SHORT_STRING: {
          int n = h >>> 2;
          fits(p, 1L + n, limit, h, -1);
          return 1 + n;
        }
        case BASIC_OBJECT:
          return containerExtent(h, p, limit, true);
        default:
          return containerExtent(h, p, limit, false);
      }
    }

    private int containerExtent(int h, int p, int limit, boolean object) {
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = object ? ((h >> 4) & 3) + 1 : 0;
      int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
      fits(p, 1L + countSize, limit, h, -1);
      long n = Bytes.readUnsigned(v, p + 1, countSize) & 0xFFFFFFFFL;
      long offsets = p + 1L + countSize + n * idSize;
      long data = offsets + (n + 1) * offSize;
      fits(p, data - p, limit, h, n);
      long last = Bytes.readUnsigned(v, (int) (offsets + n * offSize), offSize) & 0xFFFFFFFFL;
      long end = data + last;
      if (end > limit) {
        throw new VariantFormatException((object ? "object" : "array") + " at position " + rel(p) + ": "
            + (object ? "field" : "element") + " data ends at byte " + (end - base)
            + ", past the end of its enclosing value (ends at " + rel(limit) + ")");
      }
      return (int) (end - p);
    }

    /** Checks what lies inside the value at p, whose {@link #extent} is {@code size}. */
    private void contents(int p, int size, int depth) {
      int h = v[p] & 0xFF;
      switch (h & 3) {
        case BASIC_PRIMITIVE:
          primitive(h, p, size);
          return;
        case BASIC_SHORT_STRING:
          utf8(p + 1, size - 1, p);
          return;
        case BASIC_OBJECT:
          object(h, p, p + size, depth);
          return;
        default:
          array(h, p, p + size, depth);
      }
    }

    private void primitive(int h, int p, int size) {
      switch (h) {
        case H_DECIMAL4:
        case H_DECIMAL8:
        case H_DECIMAL16: {
          String problem = decimalProblem(h, v, p);
          if (problem != null) {
            throw new VariantFormatException(primitiveType(h, p).specName() + " at position " + rel(p) + problem);
          }
          return;
        }
        case H_TIME: {
          long t = Bytes.readLong(v, p + 1);
          if (!Temporal.isTimeOfDay(t)) {
            throw new VariantFormatException("time at position " + rel(p) + Temporal.timeProblem(t));
          }
          return;
        }
        case H_STRING:
          utf8(p + 5, size - 5, p);
          return;
        default: // the other primitives: every bit pattern is a value
      }
    }

    private void object(int h, int p, int end, int depth) {
      checkDepth(depth, rel(p));
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = ((h >> 4) & 3) + 1;
      int countSize = (h & 0x40) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(v, p + 1, countSize); // extent() bounded it by the value's length
      int ids = p + 1 + countSize;
      int offsets = ids + n * idSize;
      int dictSize = m.size();
      // Keys compared as ids: equal ids are equal keys, and so are ids an unsorted dictionary
      // gives the same string (mapped to one id here).
      int[] canonical = API.canonicalIds(m);
      int prev = -1;
      boolean ascending = true;
      for (int i = 0; i < n; i++) {
        int id = Bytes.readUnsigned(v, ids + i * idSize, idSize);
        if (id < 0 || id >= dictSize) {
          throw new VariantFormatException("object at position " + rel(p) + ": field " + i + " has field id "
              + (id & 0xFFFFFFFFL) + ", but the metadata dictionary has only " + dictSize + " keys");
        }
        int key = canonical == null ? id : canonical[id];
        if (key == prev) {
          throw duplicateKey(p, id);
        }
        ascending &= key > prev;
        prev = key;
      }
      if (!ascending) {
        // Fields not in id order (tolerated): neighbours no longer prove the keys unique.
        checkUniqueKeys(p, ids, n, idSize, canonical);
      }
      children(p, offsets, n, offSize, offsets + (n + 1) * offSize, end, depth, ids, idSize);
    }

    /** Rejects two fields with the same key, comparing (canonical) ids after sorting them. */
    private void checkUniqueKeys(int p, int ids, int n, int idSize, int[] canonical) {
      if (keys == null || keys.length < n) {
        keys = new int[Math.max(16, Math.max(n, keys == null ? 0 : 2 * keys.length))];
      }
      for (int i = 0; i < n; i++) {
        int id = Bytes.readUnsigned(v, ids + i * idSize, idSize);
        keys[i] = canonical == null ? id : canonical[id];
      }
      Arrays.sort(keys, 0, n);
      for (int i = 1; i < n; i++) {
        if (keys[i] == keys[i - 1]) {
          throw duplicateKey(p, keys[i]);
        }
      }
    }

    private VariantFormatException duplicateKey(int p, int id) {
      return new VariantFormatException("object at position " + rel(p) + " has duplicate key '" + m.key(id)
          + "' (keys must be unique)");
    }

    private void array(int h, int p, int end, int depth) {
      checkDepth(depth, rel(p));
      int offSize = ((h >> 2) & 3) + 1;
      int countSize = (h & 0x10) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(v, p + 1, countSize);
      int offsets = p + 1 + countSize;
      children(p, offsets, n, offSize, offsets + (n + 1) * offSize, end, depth, -1, 0);
    }

    /**
     * Checks that every child of the container at p starts in its data {@code [data, end)},
     * ends there too, and shares no byte with another child (the spec lays children out one
     * after another; unused bytes between them are tolerated), and validates each child. Children
     * in ascending order are checked against their predecessor and visited one by one; at the
     * first one out of order, all are checked before any other is visited. Either way no byte is
     * visited twice. Objects pass their field id list ({@code ids}) for messages; arrays pass -1.
     */
    private void children(int p, int offsets, int n, int offSize, int data, int end, int depth, int ids, int idSize) {
      long prevEnd = 0;
      int i = 0;
      for (; i < n; i++) {
        int off = childOffset(p, offsets, i, offSize, end - data, ids, idSize);
        int size = extent(data + off, end);
        if (off < prevEnd) {
          break;
        }
        prevEnd = (long) off + size;
        contents(data + off, size, depth + 1);
      }
      if (i < n) {
        checkApart(p, offsets, n, offSize, data, end, ids, idSize);
        for (; i < n; i++) {
          int c = data + Bytes.readUnsigned(v, offsets + i * offSize, offSize);
          contents(c, extent(c, end), depth + 1);
        }
      }
    }

    /** Offset of child i, checked to start inside its container's data of {@code last} bytes. */
    private int childOffset(int p, int offsets, int i, int offSize, int last, int ids, int idSize) {
      long off = Bytes.readUnsigned(v, offsets + i * offSize, offSize) & 0xFFFFFFFFL;
      if (off >= last) {
        throw new VariantFormatException(ids < 0
            ? "array at position " + rel(p) + ": offset " + off + " of element " + i
                + " is past the end of the element data (length " + last + ")"
            : "object at position " + rel(p) + ": field offset " + off + " of field '"
                + m.key(Bytes.readUnsigned(v, ids + i * idSize, idSize)) + "' is past the end of the field data (length "
                + last + ")");
      }
      return (int) off;
    }

    /** Sorts the children's extents (values may be stored in any order) and rejects overlap. */
    private void checkApart(int p, int offsets, int n, int offSize, int data, int end, int ids, int idSize) {
      if (extents == null || extents.length < n) {
        extents = new long[Math.max(16, Math.max(n, extents == null ? 0 : 2 * extents.length))];
      }
      for (int i = 0; i < n; i++) {
        long off = childOffset(p, offsets, i, offSize, end - data, ids, idSize);
        extents[i] = off << 32 | (off + extent(data + (int) off, end));
      }
      Arrays.sort(extents, 0, n);
      for (int i = 1; i < n; i++) {
        long start = extents[i] >>> 32;
        long prevStop = extents[i - 1] & 0xFFFFFFFFL;
        if (start < prevStop) {
          throw new VariantFormatException((ids < 0 ? "array" : "object") + " at position " + rel(p) + ": the "
              + (ids < 0 ? "elements" : "field values") + " at positions " + (data + (extents[i - 1] >>> 32) - base)
              + " and " + (data + start - base) + " overlap (the first ends at " + (data + prevStop - base)
              + "); children must not share bytes");
        }
      }
    }

    /**
     * Checks that the {@code size} bytes of the value at p (header h) end by {@code limit};
     * {@code n} is the length of a long string or binary, or the entry count of a container once
     * known (-1 before).
     */
    private void fits(int p, long size, int limit, int h, long n) {
      if (p + size > limit) {
        String what;
        switch (h & 3) {
          case BASIC_PRIMITIVE:
            what = primitiveType(h, rel(p)).specName() + (n >= 0 ? " of length " + n : "");
            break;
          case BASIC_SHORT_STRING:
            what = "short string";
            break;
          default:
            String kind = (h & 3) == BASIC_OBJECT ? "object" : "array";
            what = n < 0 ? kind + " header" : kind + " with " + n + (kind.equals("object") ? " fields" : " elements");
        }
        throw new VariantFormatException(what + " at position " + rel(p) + " needs " + size + " bytes, but only "
            + (limit - p) + " remain in its enclosing value");
      }
    }

    private void utf8(int off, int len, int p) {
      int bad = Utf8.firstInvalid(v, off, len);
      if (bad >= 0) {
        throw new VariantFormatException("string at position " + rel(p) + " is not valid UTF-8 (bad byte 0x"
            + Integer.toHexString(v[off + bad] & 0xFF) + " at offset " + bad + " of the string)");
      }
    }

    private int rel(int p) {
      return p - base;
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

  private static int objectHeader(byte[] v, int pos) {
    int h = header(v, pos);
    if ((h & 3) != BASIC_OBJECT) {
      throw wrongType("object", v, pos);
    }
    return h;
  }

  private static int arrayHeader(byte[] v, int pos) {
    int h = header(v, pos);
    if ((h & 3) != BASIC_ARRAY) {
      throw wrongType("array", v, pos);
    }
    return h;
  }

  private static int count(byte[] v, int pos, int countSize) {
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

  private static void checkIndex(int i, int n, String what, int pos) {
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
