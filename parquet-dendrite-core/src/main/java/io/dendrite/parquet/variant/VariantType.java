package io.dendrite.parquet.variant;

/**
 * The logical type of one encoded Variant value: the primitive types of the spec's
 * "Variant primitive types" table plus {@link #OBJECT} and {@link #ARRAY}
 * (parquet-format {@code VariantEncoding.md}, section "Encoding types").
 *
 * <p>Both boolean encodings (type ids 1 and 2) are {@link #BOOLEAN}; short strings (basic type 1)
 * and long strings (primitive type id 16) are both {@link #STRING}, because the spec declares them
 * semantically identical.
 */
public enum VariantType {
  /** Primitive type id 0. */
  NULL(0, "null"),
  /** Primitive type ids 1 (true) and 2 (false). */
  BOOLEAN(-1, "boolean"),
  /** Primitive type id 3: 1-byte signed integer. */
  INT8(3, "int8"),
  /** Primitive type id 4: 2-byte little-endian signed integer. */
  INT16(4, "int16"),
  /** Primitive type id 5: 4-byte little-endian signed integer. */
  INT32(5, "int32"),
  /** Primitive type id 6: 8-byte little-endian signed integer. */
  INT64(6, "int64"),
  /** Primitive type id 7: IEEE 754 binary64, little-endian. */
  DOUBLE(7, "double"),
  /** Primitive type id 8: scale byte plus 4-byte unscaled value (precision 1..9). */
  DECIMAL4(8, "decimal4"),
  /** Primitive type id 9: scale byte plus 8-byte unscaled value (precision 10..18). */
  DECIMAL8(9, "decimal8"),
  /** Primitive type id 10: scale byte plus 16-byte unscaled value (precision 19..38). */
  DECIMAL16(10, "decimal16"),
  /** Primitive type id 11: days since 1970-01-01. */
  DATE(11, "date"),
  /** Primitive type id 12: microseconds since the epoch, adjusted to UTC. */
  TIMESTAMP(12, "timestamp"),
  /** Primitive type id 13: microseconds since the epoch, without time zone. */
  TIMESTAMP_NTZ(13, "timestamp_ntz"),
  /** Primitive type id 14: IEEE 754 binary32, little-endian. */
  FLOAT(14, "float"),
  /** Primitive type id 15: 4-byte length plus bytes. */
  BINARY(15, "binary"),
  /** Primitive type id 16 (long string) and basic type 1 (short string): UTF-8 text. */
  STRING(16, "string"),
  /** Primitive type id 17: microseconds since midnight, without time zone. */
  TIME(17, "time"),
  /** Primitive type id 18: nanoseconds since the epoch, adjusted to UTC. */
  TIMESTAMP_NANOS(18, "timestamp_nanos"),
  /** Primitive type id 19: nanoseconds since the epoch, without time zone. */
  TIMESTAMP_NTZ_NANOS(19, "timestamp_ntz_nanos"),
  /** Primitive type id 20: 16-byte big-endian UUID. */
  UUID(20, "uuid"),
  /** Basic type 2. */
  OBJECT(-1, "object"),
  /** Basic type 3. */
  ARRAY(-1, "array");

  /** Indexed by primitive type id; ids 1 and 2 both map to BOOLEAN. */
  private static final VariantType[] BY_PRIMITIVE_ID = {
    NULL, BOOLEAN, BOOLEAN, INT8, INT16, INT32, INT64, DOUBLE, DECIMAL4, DECIMAL8, DECIMAL16,
    DATE, TIMESTAMP, TIMESTAMP_NTZ, FLOAT, BINARY, STRING, TIME, TIMESTAMP_NANOS,
    TIMESTAMP_NTZ_NANOS, UUID
  };

  private final int primitiveId;
  private final String specName;

  VariantType(int primitiveId, String specName) {
    this.primitiveId = primitiveId;
    this.specName = specName;
  }

  /**
   * Maps a primitive type id (the 6-bit {@code primitive_header} of basic type 0) to its type.
   *
   * @param id primitive type id from the spec's primitive types table
   * @return the type; ids 1 and 2 both return {@link #BOOLEAN}
   * @throws VariantFormatException if the id is not in the table (0..20)
   */
  public static VariantType ofPrimitiveId(int id) {
    if (id < 0 || id >= BY_PRIMITIVE_ID.length) {
      throw new VariantFormatException(
          "unknown variant primitive type id " + id + " (known ids are 0.." + (BY_PRIMITIVE_ID.length - 1) + ")");
    }
    return BY_PRIMITIVE_ID[id];
  }

  /**
   * The spec's primitive type id for this type.
   *
   * @return the id, or -1 where no single id exists: {@link #BOOLEAN} (ids 1 and 2),
   *     {@link #OBJECT} and {@link #ARRAY}. {@link #STRING} returns 16, the long-string id.
   */
  public int primitiveId() {
    return primitiveId;
  }

  /**
   * The lower-case name the spec uses for this type ({@code "int32"}, {@code "decimal16"}, ...);
   * used in error messages and difference reports.
   *
   * @return the spec name
   */
  public String specName() {
    return specName;
  }

  /**
   * Whether this is a primitive (basic type 0 or short string) rather than an object or array.
   *
   * @return true for every type except {@link #OBJECT} and {@link #ARRAY}
   */
  public boolean isPrimitive() {
    return this != OBJECT && this != ARRAY;
  }

  /**
   * Whether this is one of the integer types int8, int16, int32 or int64.
   *
   * @return true for the four integer types
   */
  public boolean isInteger() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }

  /**
   * Whether this is one of decimal4, decimal8 or decimal16.
   *
   * @return true for the three decimal types
   */
  public boolean isDecimal() {
    return this == DECIMAL4 || this == DECIMAL8 || this == DECIMAL16;
  }

  /**
   * The largest precision of a decimal type: 9 (decimal4), 18 (decimal8) or 38 (decimal16).
   *
   * @return the precision, or 0 for types other than decimals
   */
  public int maxPrecision() {
    switch (this) {
      case DECIMAL4:
        return 9;
      case DECIMAL8:
        return 18;
      case DECIMAL16:
        return 38;
      default:
        return 0;
    }
  }

  /**
   * The smallest decimal type that holds a precision: decimal4 up to 9 digits, decimal8 up to
   * 18, else decimal16.
   *
   * @throws IllegalArgumentException unless 1 &lt;= precision &lt;= 38
   */
  public static VariantType decimalFor(int precision) {
    if (precision < 1 || precision > 38) {
      throw new IllegalArgumentException(
          "decimal precision must be between 1 and 38, got " + precision);
    }
    return precision <= 9 ? DECIMAL4 : precision <= 18 ? DECIMAL8 : DECIMAL16;
  }
}
