package io.dendrite.parquet.schema;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * An ordinary (non-Variant) primitive column type. {@link Kind#DECIMAL} carries a precision
 * and scale; every other kind has precision and scale 0.
 *
 * <p>Parquet mapping (LogicalTypes.md): see {@link RecordSchema#toParquet}.
 *
 * @param kind which primitive
 * @param precision decimal precision (1..38), else 0
 * @param scale decimal scale (0..precision), else 0
 */
public record PrimitiveFieldType(Kind kind, int precision, int scale) implements FieldType {

  /** The largest decimal precision supported (that of Variant decimal16 and Spark). */
  public static final int MAX_DECIMAL_PRECISION = 38;

  /** The primitive kinds; {@link #textName()} is the keyword of the text form. */
  public enum Kind {
    BOOLEAN,
    INT32,
    INT64,
    FLOAT,
    DOUBLE,
    STRING,
    BINARY,
    DATE,
    /** Microseconds since the epoch, adjusted to UTC. */
    TIMESTAMP,
    /** Microseconds, local time (not adjusted to UTC). */
    TIMESTAMP_NTZ,
    /** Nanoseconds since the epoch, adjusted to UTC. */
    TIMESTAMP_NANOS,
    /** Nanoseconds, local time. */
    TIMESTAMP_NTZ_NANOS,
    /** Microseconds since midnight, local time. */
    TIME,
    UUID,
    DECIMAL;

    /** The lowercase keyword used in the text form. */
    public String textName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final Map<Kind, PrimitiveFieldType> SIMPLE = new EnumMap<>(Kind.class);

  static {
    for (Kind k : Kind.values()) {
      if (k != Kind.DECIMAL) {
        SIMPLE.put(k, new PrimitiveFieldType(k, 0, 0));
      }
    }
  }

  /** Validates precision and scale against the kind. */
  public PrimitiveFieldType {
    if (kind == null) {
      throw new IllegalArgumentException("primitive kind must not be null");
    }
    if (kind == Kind.DECIMAL) {
      checkDecimal(precision, scale);
    } else if (precision != 0 || scale != 0) {
      throw new IllegalArgumentException(
          "only decimals have a precision and scale, not " + kind.textName());
    }
  }

  /** The (shared) type of a non-decimal kind. */
  public static PrimitiveFieldType of(Kind kind) {
    if (kind == Kind.DECIMAL) {
      throw new IllegalArgumentException("a decimal needs a precision and scale: use decimal(p, s)");
    }
    return SIMPLE.get(kind);
  }

  /** {@code decimal(precision,scale)}. */
  public static PrimitiveFieldType decimal(int precision, int scale) {
    return new PrimitiveFieldType(Kind.DECIMAL, precision, scale);
  }

  static void checkDecimal(int precision, int scale) {
    if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException(
          "decimal precision must be between 1 and 38, got " + precision);
    }
    if (scale < 0 || scale > precision) {
      throw new IllegalArgumentException(
          "decimal scale must be between 0 and the precision " + precision + ", got " + scale);
    }
  }

  @Override
  public String toString() {
    return kind == Kind.DECIMAL ? "decimal(" + precision + "," + scale + ")" : kind.textName();
  }
}
