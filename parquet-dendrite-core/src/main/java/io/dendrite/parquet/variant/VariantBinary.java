package io.dendrite.parquet.variant;

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
 * wrong type. They do not check a value against an enclosing value's extent: call {@link
 * #validate(VariantMetadata, byte[], int, int)} once on untrusted input.
 */
public final class VariantBinary {
  /**
   * The one nesting limit of this library: how many arrays and objects may be nested inside each
   * other in one variant value, the outermost included (a scalar has depth 0, {@code {"a":[1]}}
   * depth 2). Every input the writer takes (maps and lists, Jackson nodes, JSON text, encoded
   * variants) is held to it, deeper records being rejected as invalid, and every decoder of this
   * package (validation, copying, rendering, equality) accepts exactly this depth and rejects
   * deeper values with a {@link VariantFormatException}, instead of risking a stack overflow; so
   * whatever the writer accepts reads back. The JSON parsers of this library allow this many
   * levels inside a variant plus the levels of the record around it. Equals Jackson's default
   * nesting limit.
   */
  public static final int MAX_NESTING_DEPTH = 1000;

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
   * Value of a decimal4, decimal8 or decimal16 (primitive type ids 8-10).
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
    if (h == H_DECIMAL4) {
      need(v, pos, 6);
      return Bytes.readInt(v, pos + 2);
    }
    if (h == H_DECIMAL8) {
      need(v, pos, 10);
      return Bytes.readLong(v, pos + 2);
    }
    throw wrongType("decimal4 or decimal8", v, pos);
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
    return h;
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
   * or time (type ids 12, 13, 18, 19, 17): micros or nanos as stored, see {@link #type}.
   *
   * @param v value bytes
   * @param pos start of the value
   * @return the stored value
   */
  public static long getTimestamp(byte[] v, int pos) {
    int h = header(v, pos);
    if (h == H_TIMESTAMP || h == H_TIMESTAMP_NTZ || h == H_TIMESTAMP_NANOS || h == H_TIMESTAMP_NTZ_NANOS || h == H_TIME) {
      need(v, pos, 9);
      return Bytes.readLong(v, pos + 1);
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
   * Dictionary id of the i-th field; fields are in unsigned UTF-8 order of their keys.
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
   * Absolute position of the i-th field's value (fields in sorted key order).
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
   * Finds a field by key with a binary search over the field ids, comparing key bytes in
   * unsigned order (the spec requires fields sorted that way, section "Object field ID order and
   * uniqueness").
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param key the key
   * @return absolute position of the field's value, or -1 if the object has no such field
   */
  public static int objectFindField(VariantMetadata m, byte[] v, int pos, String key) {
    return findField(m, v, pos, key, null, 0, 0);
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
    return findField(m, v, pos, null, keyUtf8, 0, keyUtf8.length);
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
    return findField(m, v, pos, null, key, keyOff, keyLen);
  }

  /**
   * Finds the field whose key has dictionary id {@code id}, by a binary search over the field
   * ids. Only valid when ids ascend with the keys' byte order, that is for metadata whose
   * dictionary really is sorted in unsigned UTF-8 order; callers that cannot rule out a
   * dictionary sorted some other way treat -1 as "not found this way" and fall back to
   * {@link #objectFindField(VariantMetadata, byte[], int, byte[])}.
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
    long ids = pos + 1L + countSize;
    need(v, ids, (long) n * idSize);
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int found = fieldId(v, (int) ids + mid * idSize, idSize, pos);
      if (found < id) {
        lo = mid + 1;
      } else if (found > id) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  private static int findField(VariantMetadata m, byte[] v, int pos, String s, byte[] k, int kOff, int kLen) {
    int h = objectHeader(v, pos);
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = count(v, pos, countSize);
    long ids = pos + 1L + countSize;
    long offsets = ids + (long) n * idSize;
    need(v, offsets, 0);
    byte[] mb = m.bytes();
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = fieldId(v, (int) ids + mid * idSize, idSize, pos);
      int ko = m.keyOffset(id);
      int kl = m.keyLength(id);
      // Sign: field key compared with the searched key.
      int c = s != null ? -Utf8.compare(s, mb, ko, kl) : Arrays.compareUnsigned(mb, ko, ko + kl, k, kOff, kOff + kLen);
      if (c == 0) {
        return childPos(v, pos, offsets, n, offSize, mid);
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    // Writers that sorted keys with Java's String.compareTo (UTF-16 order; parquet-java and Spark
    // before their GH-3735 / SPARK-58949 fixes) disagree with UTF-8 order only for keys with
    // characters at or above U+E000, so only such keys can be missed above: scan linearly.
    boolean mayDiffer = s != null ? Utf8.mayOrderDifferently(s) : Utf8.mayOrderDifferently(k, kOff, kLen);
    if (mayDiffer) {
      for (int i = 0; i < n; i++) {
        int id = fieldId(v, (int) ids + i * idSize, idSize, pos);
        int ko = m.keyOffset(id);
        int kl = m.keyLength(id);
        boolean same = s != null ? Utf8.compare(s, mb, ko, kl) == 0 : Arrays.equals(mb, ko, ko + kl, k, kOff, kOff + kLen);
        if (same) {
          return childPos(v, pos, offsets, n, offSize, i);
        }
      }
    }
    return -1;
  }

  // ---------------------------------------------------------------- arrays

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
   * Fully validates the value at {@code pos} against its metadata, requiring it to fit in the
   * array from {@code pos} on (trailing bytes after it are allowed, so sub-values can be checked).
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
    m.validate();
    new Validator(m, v).value(pos, v.length, 0);
  }

  /**
   * Fully validates a value that must occupy exactly {@code v[pos, pos+len)}: header and type ids,
   * every size and offset within bounds, field ids below the dictionary size, object keys
   * strictly increasing in unsigned UTF-8 order (so no duplicates; for compatibility, objects
   * strictly increasing in Java String order, as parquet-java and Spark wrote them before fixing
   * their ordering, are accepted too), strings and keys well-formed
   * UTF-8, decimal scales at most 38, nesting at most {@link #MAX_NESTING_DEPTH}. Readers call this
   * on untrusted input before using the other accessors.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param len exact encoded length of the value
   * @throws VariantFormatException describing the first problem found
   */
  public static void validate(VariantMetadata m, byte[] v, int pos, int len) {
    if (pos < 0 || len < 0 || pos > v.length - len) {
      throw new VariantFormatException("value range [" + pos + ", " + ((long) pos + len)
          + ") is outside the array (length " + v.length + ")");
    }
    if (len == 0) {
      throw new VariantFormatException("value is empty; expected at least a header byte");
    }
    m.validate();
    int size = new Validator(m, v).value(pos, pos + len, 0);
    if (size != len) {
      throw new VariantFormatException("value has " + (len - size) + " trailing bytes (expected length " + size
          + ", found " + len + ")");
    }
  }

  /** Recursive validator; one instance per validate call, holding the shared inputs. */
  private static final class Validator {
    private final VariantMetadata m;
    private final byte[] v;

    Validator(VariantMetadata m, byte[] v) {
      this.m = m;
      this.v = v;
    }

    /** Validates the value at pos, which must end by {@code limit}; returns its size. */
    int value(int pos, int limit, int depth) {
      if (pos >= limit) {
        throw new VariantFormatException("value at position " + pos + " is past the end of its enclosing value (ends at " + limit + ")");
      }
      int h = v[pos] & 0xFF;
      switch (h & 3) {
        case BASIC_PRIMITIVE:
          return primitive(h, pos, limit);
        case BASIC_SHORT_STRING: {
          int n = h >>> 2;
          fits(pos, 1L + n, limit, "short string");
          utf8(pos + 1, n, pos);
          return 1 + n;
        }
        case BASIC_OBJECT:
          return object(h, pos, limit, depth);
        default:
          return array(h, pos, limit, depth);
      }
    }

    private int primitive(int h, int pos, int limit) {
      VariantType t = primitiveType(h, pos);
      int fixed = PRIMITIVE_SIZE[h >>> 2];
      if (fixed > 0) {
        fits(pos, fixed, limit, t.specName());
        if (t.isDecimal()) {
          int scale = v[pos + 1] & 0xFF;
          if (scale > 38) {
            throw new VariantFormatException(t.specName() + " at position " + pos + " has scale " + scale
                + "; the scale must be in [0, 38]");
          }
        }
        return fixed;
      }
      fits(pos, 5, limit, t.specName());
      long n = Bytes.readInt(v, pos + 1) & 0xFFFFFFFFL;
      fits(pos, 5 + n, limit, t.specName() + " of length " + n);
      if (t == VariantType.STRING) {
        utf8(pos + 5, (int) n, pos);
      }
      return 5 + (int) n;
    }

    private int object(int h, int pos, int limit, int depth) {
      checkDepth(depth, pos);
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = ((h >> 4) & 3) + 1;
      int countSize = (h & 0x40) != 0 ? 4 : 1;
      fits(pos, 1L + countSize, limit, "object header");
      long n = Bytes.readUnsigned(v, pos + 1, countSize) & 0xFFFFFFFFL;
      long ids = pos + 1L + countSize;
      long offsets = ids + n * idSize;
      long data = offsets + (n + 1) * offSize;
      fits(pos, data - pos, limit, "object with " + n + " fields");
      int count = (int) n;
      long last = Bytes.readUnsigned(v, (int) (offsets + n * offSize), offSize) & 0xFFFFFFFFL;
      long end = data + last;
      if (end > limit) {
        throw new VariantFormatException("object at position " + pos + ": field data ends at byte " + end
            + ", past the end of its enclosing value (ends at " + limit + ")");
      }
      int dictSize = m.size();
      byte[] mb = m.bytes();
      int prevOff = 0;
      int prevLen = 0;
      boolean legacyOrder = false;
      for (int i = 0; i < count; i++) {
        int id = Bytes.readUnsigned(v, (int) ids + i * idSize, idSize);
        if (id < 0 || id >= dictSize) {
          throw new VariantFormatException("object at position " + pos + ": field " + i + " has field id "
              + (id & 0xFFFFFFFFL) + ", but the metadata dictionary has only " + dictSize + " keys");
        }
        int ko = m.keyOffset(id);
        int kl = m.keyLength(id);
        if (i > 0 && !legacyOrder) {
          int c = Arrays.compareUnsigned(mb, prevOff, prevOff + prevLen, mb, ko, ko + kl);
          if (c == 0) {
            throw new VariantFormatException("object at position " + pos + " has duplicate key '" + m.key(id) + "'");
          }
          if (c > 0 && isUtf16Sorted((int) ids, count, idSize, dictSize)) {
            // Accepted for compatibility: written in Java String order by parquet-java/Spark
            // before their UTF-8 ordering fixes. Strictly increasing, so no duplicates either.
            legacyOrder = true;
          } else if (c > 0) {
            throw new VariantFormatException("object at position " + pos + ": keys are not in sorted order ('"
                + new String(mb, prevOff, prevLen, StandardCharsets.UTF_8) + "' comes before '" + m.key(id) + "')");
          }
        }
        prevOff = ko;
        prevLen = kl;
        long off = Bytes.readUnsigned(v, (int) offsets + i * offSize, offSize) & 0xFFFFFFFFL;
        if (off >= last) {
          throw new VariantFormatException("object at position " + pos + ": field offset " + off + " of field '"
              + m.key(id) + "' is past the end of the field data (length " + last + ")");
        }
        value((int) (data + off), (int) end, depth + 1);
      }
      return (int) (end - pos);
    }

    /** Whether all field keys are strictly increasing in Java String (UTF-16) order. */
    private boolean isUtf16Sorted(int ids, int count, int idSize, int dictSize) {
      String prev = null;
      for (int i = 0; i < count; i++) {
        int id = Bytes.readUnsigned(v, ids + i * idSize, idSize);
        if (id < 0 || id >= dictSize) {
          return false; // reported by the main loop
        }
        String key = m.key(id);
        if (prev != null && prev.compareTo(key) >= 0) {
          return false;
        }
        prev = key;
      }
      return true;
    }

    private int array(int h, int pos, int limit, int depth) {
      checkDepth(depth, pos);
      int offSize = ((h >> 2) & 3) + 1;
      int countSize = (h & 0x10) != 0 ? 4 : 1;
      fits(pos, 1L + countSize, limit, "array header");
      long n = Bytes.readUnsigned(v, pos + 1, countSize) & 0xFFFFFFFFL;
      long offsets = pos + 1L + countSize;
      long data = offsets + (n + 1) * offSize;
      fits(pos, data - pos, limit, "array with " + n + " elements");
      int count = (int) n;
      long last = Bytes.readUnsigned(v, (int) (offsets + n * offSize), offSize) & 0xFFFFFFFFL;
      long end = data + last;
      if (end > limit) {
        throw new VariantFormatException("array at position " + pos + ": element data ends at byte " + end
            + ", past the end of its enclosing value (ends at " + limit + ")");
      }
      for (int i = 0; i < count; i++) {
        long off = Bytes.readUnsigned(v, (int) offsets + i * offSize, offSize) & 0xFFFFFFFFL;
        if (off >= last) {
          throw new VariantFormatException("array at position " + pos + ": offset " + off + " of element " + i
              + " is past the end of the element data (length " + last + ")");
        }
        value((int) (data + off), (int) end, depth + 1);
      }
      return (int) (end - pos);
    }

    private void fits(int pos, long size, int limit, String what) {
      if (pos + size > limit) {
        throw new VariantFormatException(what + " at position " + pos + " needs " + size + " bytes, but only "
            + (limit - pos) + " remain in its enclosing value");
      }
    }

    private void utf8(int off, int len, int pos) {
      int bad = Utf8.firstInvalid(v, off, len);
      if (bad >= 0) {
        throw new VariantFormatException("string at position " + pos + " is not valid UTF-8 (bad byte 0x"
            + Integer.toHexString(v[off + bad] & 0xFF) + " at offset " + bad + " of the string)");
      }
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
