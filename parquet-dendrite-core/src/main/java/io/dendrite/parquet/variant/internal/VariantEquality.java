package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import java.util.Arrays;

/**
 * Logical (not byte-wise) equality of Variant values, independent of how the metadata is laid
 * out, which dictionary ids keys got, which offset/id widths were chosen, the order of field
 * values in an object's data, and whether a string uses the short or long encoding (the spec
 * calls short strings "semantically identical" to strings, VariantEncoding.md "Value Data").
 *
 * <p>Two values are equal when they have the same {@link VariantType} (so int8 5 and int16 5
 * differ) and the same value: doubles and floats by bits with NaNs unified ({@code Double.compare}
 * semantics: NaN equals NaN, 0.0 differs from -0.0), decimals by unscaled value and scale (1.0 and
 * 1.00 differ), strings and binaries by bytes, objects by key set and the values per key, arrays
 * element by element.
 *
 * <p>Every public method first validates its values ({@link VariantValidator#validate(VariantMetadata,
 * byte[], int)}, or the exact form for complete variants), so invalid bytes fail with {@link
 * VariantFormatException} and the work stays linear in the input.
 */
public final class VariantEquality {
  /** Returned internally when a difference is found but no description was requested. */
  private static final String DIFFERENT = "";

  private VariantEquality() {}

  /**
   * Whether two values are logically equal (see the class description).
   *
   * @param m1 metadata of the first variant
   * @param v1 value bytes of the first variant
   * @param p1 start of the first value
   * @param m2 metadata of the second variant
   * @param v2 value bytes of the second variant
   * @param p2 start of the second value
   * @return true if equal
   * @throws VariantFormatException if either value is invalid
   */
  public static boolean equal(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2) {
    VariantValidator.validate(m1, v1, p1);
    VariantValidator.validate(m2, v2, p2);
    return equalValidated(m1, v1, p1, m2, v2, p2);
  }

  /** {@link #equal(VariantMetadata, byte[], int, VariantMetadata, byte[], int)} of valid values. */
  public static boolean equalValidated(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2) {
    return compare(m1, v1, p1, m2, v2, p2, null, 0) == null;
  }

  /**
   * Whether two complete variants are logically equal.
   *
   * @param a the first variant
   * @param b the second variant
   * @return true if equal
   */
  public static boolean equal(EncodedVariant a, EncodedVariant b) {
    return VariantValue.of(a).equals(VariantValue.of(b));
  }

  /**
   * Describes the first difference between an expected and an actual value as a path and both
   * sides, e.g. {@code $.a.b[3]: expected int32 5, found int64 5} or {@code $.a: missing key 'x'
   * (expected string "y")}.
   *
   * @param m1 metadata of the expected variant
   * @param v1 value bytes of the expected variant
   * @param p1 start of the expected value
   * @param m2 metadata of the actual variant
   * @param v2 value bytes of the actual variant
   * @param p2 start of the actual value
   * @return the description, or null if the values are equal
   * @throws VariantFormatException if either value is invalid
   */
  public static String describeDifference(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2) {
    VariantValidator.validate(m1, v1, p1);
    VariantValidator.validate(m2, v2, p2);
    return compare(m1, v1, p1, m2, v2, p2, new StringBuilder("$"), 0);
  }

  /**
   * {@link #describeDifference(VariantMetadata, byte[], int, VariantMetadata, byte[], int)} for
   * complete variants.
   *
   * @param expected the expected variant
   * @param actual the actual variant
   * @return the description, or null if equal
   */
  public static String describeDifference(EncodedVariant expected, EncodedVariant actual) {
    VariantValue e = VariantValue.of(expected).validate();
    VariantValue a = VariantValue.of(actual).validate();
    return compare(e.metadata(), e.valueBytes(), 0, a.metadata(), a.valueBytes(), 0, new StringBuilder("$"), 0);
  }

  /** Returns null when equal, else DIFFERENT (path == null) or a description. */
  private static String compare(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2,
      StringBuilder path, int depth) {
    VariantType t1 = VariantBinary.type(v1, p1);
    VariantType t2 = VariantBinary.type(v2, p2);
    if (t1 != t2) {
      return difference(path, m1, v1, p1, m2, v2, p2);
    }
    switch (t1) {
      case OBJECT:
        return compareObjects(m1, v1, p1, m2, v2, p2, path, depth);
      case ARRAY:
        return compareArrays(m1, v1, p1, m2, v2, p2, path, depth);
      default:
        return primitiveEqual(t1, v1, p1, v2, p2) ? null : difference(path, m1, v1, p1, m2, v2, p2);
    }
  }

  private static boolean primitiveEqual(VariantType t, byte[] v1, int p1, byte[] v2, int p2) {
    switch (t) {
      case NULL:
        return true;
      case BOOLEAN:
        return VariantBinary.getBoolean(v1, p1) == VariantBinary.getBoolean(v2, p2);
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return VariantBinary.getLong(v1, p1) == VariantBinary.getLong(v2, p2);
      case DOUBLE:
        return Double.compare(VariantBinary.getDouble(v1, p1), VariantBinary.getDouble(v2, p2)) == 0;
      case FLOAT:
        return Float.compare(VariantBinary.getFloat(v1, p1), VariantBinary.getFloat(v2, p2)) == 0;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16: // scale byte and unscaled bytes, compared together
        int n = VariantBinary.valueSize(v1, p1);
        VariantBinary.getDecimalScale(v1, p1); // bounds check of the fixed-size value
        VariantBinary.getDecimalScale(v2, p2);
        return Arrays.equals(v1, p1 + 1, p1 + n, v2, p2 + 1, p2 + n);
      case DATE:
        return VariantBinary.getDate(v1, p1) == VariantBinary.getDate(v2, p2);
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
      case TIME:
        return VariantBinary.getTimestamp(v1, p1) == VariantBinary.getTimestamp(v2, p2);
      case BINARY: {
        int o1 = VariantBinary.binaryOffset(v1, p1);
        int o2 = VariantBinary.binaryOffset(v2, p2);
        return Arrays.equals(v1, o1, o1 + VariantBinary.binaryLength(v1, p1), v2, o2, o2 + VariantBinary.binaryLength(v2, p2));
      }
      case STRING: {
        int o1 = VariantBinary.stringOffset(v1, p1);
        int o2 = VariantBinary.stringOffset(v2, p2);
        return Arrays.equals(v1, o1, o1 + VariantBinary.stringLength(v1, p1), v2, o2, o2 + VariantBinary.stringLength(v2, p2));
      }
      case UUID:
        return VariantBinary.getUuid(v1, p1).equals(VariantBinary.getUuid(v2, p2));
      default:
        throw new IllegalStateException("not a primitive: " + t);
    }
  }

  /**
   * Matches fields by key: a positional walk while both objects list the same keys (the case for
   * canonical, UTF-8 ordered objects), switching to a table of the other object's keys when they
   * diverge, so objects in another order (legacy Java String order, DuckDB's insertion order)
   * compare correctly too, in linear time.
   */
  private static String compareObjects(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2,
      StringBuilder path, int depth) {
    VariantBinary.checkDepth(depth, p1);
    int n1 = VariantObjects.size(v1, p1);
    int n2 = VariantObjects.size(v2, p2);
    if (path == null && n1 != n2) {
      return DIFFERENT;
    }
    byte[] b1 = m1.bytes();
    byte[] b2 = m2.bytes();
    FieldTable keys2 = null;
    for (int i = 0; i < n1; i++) {
      int id1 = VariantObjects.fieldId(v1, p1, i);
      int o1 = m1.keyOffset(id1);
      int l1 = m1.keyLength(id1);
      int j = -1;
      if (i < n2) {
        int id2 = VariantObjects.fieldId(v2, p2, i);
        int o2 = m2.keyOffset(id2);
        if (Arrays.equals(b1, o1, o1 + l1, b2, o2, o2 + m2.keyLength(id2))) {
          j = i;
        }
      }
      if (j < 0) {
        if (keys2 == null) {
          keys2 = FieldTable.of(m2, v2, p2);
        }
        j = keys2.indexOf(b1, o1, l1);
      }
      if (j < 0) {
        if (path == null) {
          return DIFFERENT;
        }
        return path + ": missing key " + quoteKey(m1.key(id1)) + " (expected "
            + describe(m1, v1, VariantObjects.fieldValuePos(v1, p1, i)) + ")";
      }
      int mark = path == null ? 0 : path.length();
      if (path != null) {
        appendKey(path, m1.key(id1));
      }
      String d = compare(m1, v1, VariantObjects.fieldValuePos(v1, p1, i), m2, v2,
          VariantObjects.fieldValuePos(v2, p2, j), path, depth + 1);
      if (d != null) {
        return d;
      }
      if (path != null) {
        path.setLength(mark);
      }
    }
    if (n2 > n1) { // every expected key was found, so the actual object has extra keys
      FieldTable keys1 = FieldTable.of(m1, v1, p1);
      for (int j = 0; j < n2; j++) {
        int id2 = VariantObjects.fieldId(v2, p2, j);
        if (keys1.indexOf(b2, m2.keyOffset(id2), m2.keyLength(id2)) < 0) {
          return path + ": unexpected key " + quoteKey(m2.key(id2)) + " (found "
              + describe(m2, v2, VariantObjects.fieldValuePos(v2, p2, j)) + ")";
        }
      }
    }
    return null;
  }

  private static String compareArrays(VariantMetadata m1, byte[] v1, int p1, VariantMetadata m2, byte[] v2, int p2,
      StringBuilder path, int depth) {
    VariantBinary.checkDepth(depth, p1);
    int n1 = VariantArrays.size(v1, p1);
    int n2 = VariantArrays.size(v2, p2);
    if (n1 != n2) {
      return path == null ? DIFFERENT : difference(path, m1, v1, p1, m2, v2, p2);
    }
    for (int i = 0; i < n1; i++) {
      int mark = path == null ? 0 : path.length();
      if (path != null) {
        path.append('[').append(i).append(']');
      }
      String d = compare(m1, v1, VariantArrays.elementPos(v1, p1, i),
          m2, v2, VariantArrays.elementPos(v2, p2, i), path, depth + 1);
      if (d != null) {
        return d;
      }
      if (path != null) {
        path.setLength(mark);
      }
    }
    return null;
  }

  private static String difference(StringBuilder path, VariantMetadata m1, byte[] v1, int p1,
      VariantMetadata m2, byte[] v2, int p2) {
    if (path == null) {
      return DIFFERENT;
    }
    return path + ": expected " + describe(m1, v1, p1) + ", found " + describe(m2, v2, p2);
  }

  /** "int32 5", "string \"abc\"", "object with 3 fields", "array with 2 elements". */
  private static String describe(VariantMetadata m, byte[] v, int pos) {
    VariantType t = VariantBinary.type(v, pos);
    if (t == VariantType.OBJECT) {
      int n = VariantObjects.size(v, pos);
      return "object with " + n + (n == 1 ? " field" : " fields");
    }
    if (t == VariantType.ARRAY) {
      int n = VariantArrays.size(v, pos);
      return "array with " + n + (n == 1 ? " element" : " elements");
    }
    String json = VariantToJson.toJsonValidated(m, v, pos, JsonStyle.EXACT);
    if (json.length() > 80) {
      json = json.substring(0, 77) + "...";
    }
    return t.specName() + " " + json;
  }

  private static void appendKey(StringBuilder path, String key) {
    boolean simple = !key.isEmpty() && (Character.isLetter(key.charAt(0)) || key.charAt(0) == '_');
    for (int i = 1; simple && i < key.length(); i++) {
      char c = key.charAt(i);
      simple = c < 0x80 && (Character.isLetterOrDigit(c) || c == '_');
    }
    if (simple && key.charAt(0) < 0x80) {
      path.append('.').append(key);
    } else {
      path.append('[');
      VariantToJson.appendString(key, path);
      path.append(']');
    }
  }

  private static String quoteKey(String key) {
    StringBuilder sb = new StringBuilder();
    VariantToJson.appendString(key, sb);
    return "'" + sb.substring(1, sb.length() - 1) + "'";
  }

  /**
   * A hash code consistent with {@link #equal}: equal values hash alike whatever their encoding.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @return the hash code
   * @throws VariantFormatException if the value is invalid
   */
  public static int hash(VariantMetadata m, byte[] v, int pos) {
    VariantValidator.validate(m, v, pos);
    return hash(m, v, pos, 0);
  }

  /** {@link #hash(VariantMetadata, byte[], int)} of a value known to be valid. */
  public static int hashValidated(VariantMetadata m, byte[] v, int pos) {
    return hash(m, v, pos, 0);
  }

  private static int hash(VariantMetadata m, byte[] v, int pos, int depth) {
    VariantType t = VariantBinary.type(v, pos);
    int h = t.ordinal() * 31;
    switch (t) {
      case OBJECT: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantObjects.size(v, pos);
        byte[] mb = m.bytes();
        // Summed per field, so independent of field order (canonical or not).
        for (int i = 0; i < n; i++) {
          int id = VariantObjects.fieldId(v, pos, i);
          h += 31 * bytesHash(mb, m.keyOffset(id), m.keyLength(id)) + hash(m, v, VariantObjects.fieldValuePos(v, pos, i), depth + 1);
        }
        return h;
      }
      case ARRAY: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantArrays.size(v, pos);
        for (int i = 0; i < n; i++) {
          h = 31 * h + hash(m, v, VariantArrays.elementPos(v, pos, i), depth + 1);
        }
        return h;
      }
      case STRING:
        return h + bytesHash(v, VariantBinary.stringOffset(v, pos), VariantBinary.stringLength(v, pos));
      case BINARY:
        return h + bytesHash(v, VariantBinary.binaryOffset(v, pos), VariantBinary.binaryLength(v, pos));
      case DOUBLE:
        return h + Double.hashCode(VariantBinary.getDouble(v, pos));
      case FLOAT:
        return h + Float.hashCode(VariantBinary.getFloat(v, pos));
      case BOOLEAN:
        return h + (VariantBinary.getBoolean(v, pos) ? 1 : 2);
      case NULL:
        return h;
      default: // fixed-size primitives: hash the bytes after the header
        return h + bytesHash(v, pos + 1, VariantBinary.valueSize(v, pos) - 1);
    }
  }

  private static int bytesHash(byte[] b, int off, int len) {
    int h = 1;
    for (int i = off, end = off + len; i < end; i++) {
      h = 31 * h + b[i];
    }
    return h;
  }
}
