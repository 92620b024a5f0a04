package io.dendrite.parquet.shred;

import java.util.Locale;

/**
 * The Variant primitive types a value can be shredded as (VariantShredding.md, "Shredded
 * Value Types"). The three decimal kinds differ only in their largest precision
 * (9, 18 and 38 digits).
 */
public enum VariantPrimitive {
  BOOLEAN,
  INT8,
  INT16,
  INT32,
  INT64,
  FLOAT,
  DOUBLE,
  DECIMAL4,
  DECIMAL8,
  DECIMAL16,
  DATE,
  /** Microseconds since midnight, without time zone. */
  TIME,
  /** {@code timestamptz(6)}: microseconds, adjusted to UTC. */
  TIMESTAMP,
  /** {@code timestampntz(6)}: microseconds, local. */
  TIMESTAMP_NTZ,
  /** {@code timestamptz(9)}: nanoseconds, adjusted to UTC. */
  TIMESTAMP_NANOS,
  /** {@code timestampntz(9)}: nanoseconds, local. */
  TIMESTAMP_NTZ_NANOS,
  BINARY,
  STRING,
  UUID;

  /** Whether this is one of the decimal kinds. */
  public boolean isDecimal() {
    return this == DECIMAL4 || this == DECIMAL8 || this == DECIMAL16;
  }

  /** The largest precision of a decimal kind (9, 18 or 38); 0 for other kinds. */
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

  /** The decimal kind of a precision: decimal4 up to 9 digits, decimal8 up to 18, else 16. */
  public static VariantPrimitive decimalFor(int precision) {
    if (precision < 1 || precision > 38) {
      throw new IllegalArgumentException(
          "decimal precision must be between 1 and 38, got " + precision);
    }
    return precision <= 9 ? DECIMAL4 : precision <= 18 ? DECIMAL8 : DECIMAL16;
  }

  /** The keyword of the text form; all decimal kinds are written {@code decimal(P,S)}. */
  public String textName() {
    return isDecimal() ? "decimal" : name().toLowerCase(Locale.ROOT);
  }
}
