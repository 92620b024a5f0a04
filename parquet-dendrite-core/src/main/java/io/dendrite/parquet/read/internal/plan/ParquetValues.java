package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.variant.internal.Temporal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Parquet's physical values (statistics and column index bounds) seen as the filter sees
 * values: as keys ordered like the cast values when the cast is monotone, and as the exact
 * physical values equal to a literal. Dictionary entries are not read here: they become the
 * reader's own Java values ({@link io.dendrite.parquet.read.internal.plan.DictionaryValues}).
 */
final class ParquetValues {
  private ParquetValues() {}

  /** UTF-8 bytes in unsigned byte order: code point order, as strings compare. */
  record Utf8(byte[] bytes) implements Comparable<Utf8> {
    @Override
    public int compareTo(Utf8 o) {
      return Arrays.compareUnsigned(bytes, o.bytes);
    }
  }

  /** The literal's value as a key comparable with {@link #keys} results. */
  static Comparable<?> literalKey(Literal literal) {
    return literal.kind() == Literal.Kind.TEXT
        ? new Utf8(((String) literal.value()).getBytes(StandardCharsets.UTF_8))
        : (Comparable<?>) literal.value();
  }

  /**
   * How a column's values map to keys that order exactly as their casts to {@code kind} do
   * (the cast is monotone on the column's order), or null when they don't: then bounds say
   * nothing about the cast values. A key of null means "unbounded" (NaN, infinities).
   */
  static Function<Object, Comparable<?>> keys(PrimitiveType type, Literal.Kind kind) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    switch (kind) {
      case NUMBER:
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          int scale = d.getScale();
          return v -> decimal(v, scale);
        }
        if (isSignedInteger(type)) {
          return v -> BigDecimal.valueOf(((Number) v).longValue());
        }
        if (a == null && (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FLOAT
            || type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.DOUBLE)) {
          return v -> {
            double x = ((Number) v).doubleValue();
            return Double.isFinite(x) ? BigDecimal.valueOf(x) : null;
          };
        }
        return null;
      case TEXT:
        return isString(type) ? v -> new Utf8(((Binary) v).getBytes()) : null;
      case BOOLEAN:
        return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BOOLEAN
            ? v -> (Boolean) v : null;
      case DATE:
        if (a instanceof DateLogicalTypeAnnotation) {
          return v -> LocalDate.ofEpochDay((Integer) v);
        }
        if (a instanceof TimestampLogicalTypeAnnotation t) {
          return v -> LocalDate.ofInstant(instant((Long) v, t.getUnit()), ZoneOffset.UTC);
        }
        return null;
      default:
        if (a instanceof TimestampLogicalTypeAnnotation t) {
          return v -> instant((Long) v, t.getUnit());
        }
        if (a instanceof DateLogicalTypeAnnotation) {
          return v -> LocalDate.ofEpochDay((Integer) v).atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        return null;
    }
  }

  /**
   * The physical values whose cast equals {@code literal}, when exactly those are (the cast is
   * one-to-one on the column's type): an empty list when no value of the type can equal it.
   * Null when that is not known (then nothing is skipped on equality alone).
   */
  static List<Object> equalValues(PrimitiveType type, Literal literal) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    PrimitiveType.PrimitiveTypeName physical = type.getPrimitiveTypeName();
    Object value = literal.value();
    switch (literal.kind()) {
      case NUMBER: {
        BigDecimal d = (BigDecimal) value;
        if (a instanceof DecimalLogicalTypeAnnotation dec) {
          if (physical != PrimitiveType.PrimitiveTypeName.INT32
              && physical != PrimitiveType.PrimitiveTypeName.INT64) {
            return null;
          }
          BigDecimal scaled;
          try {
            scaled = d.setScale(dec.getScale());
          } catch (ArithmeticException e) {
            return List.of(); // more fraction digits than the column's scale
          }
          return integral(scaled.unscaledValue(), physical);
        }
        if (isSignedInteger(type)) {
          BigDecimal whole = d.stripTrailingZeros();
          return whole.scale() > 0 ? List.of() : integral(whole.toBigIntegerExact(), physical);
        }
        if (a == null && (physical == PrimitiveType.PrimitiveTypeName.DOUBLE
            || physical == PrimitiveType.PrimitiveTypeName.FLOAT)) {
          double x = Double.parseDouble(d.toString());
          if (!Double.isFinite(x) || BigDecimal.valueOf(x).compareTo(d) != 0) {
            return List.of();
          }
          if (physical == PrimitiveType.PrimitiveTypeName.FLOAT) {
            float f = (float) x;
            return (double) f != x ? List.of() : f == 0 ? List.of(0f, -0f) : List.of(f);
          }
          return x == 0 ? List.of(0d, -0d) : List.of(x);
        }
        return null;
      }
      case TEXT:
        return isString(type) ? List.of(Binary.fromString((String) value)) : null;
      case DATE:
        return a instanceof DateLogicalTypeAnnotation
            ? List.of((int) ((LocalDate) value).toEpochDay()) : null;
      case TIMESTAMP: {
        if (!(a instanceof TimestampLogicalTypeAnnotation t)) {
          return null;
        }
        Instant i = (Instant) value;
        BigInteger units = BigInteger.valueOf(i.getEpochSecond()).multiply(perSecond(t.getUnit()))
            .add(BigInteger.valueOf(i.getNano()).multiply(perSecond(t.getUnit()))
                .divide(BigInteger.valueOf(1_000_000_000L)));
        boolean exact = BigInteger.valueOf(i.getNano()).multiply(perSecond(t.getUnit()))
            .mod(BigInteger.valueOf(1_000_000_000L)).signum() == 0;
        return exact ? integral(units, physical) : List.of();
      }
      default:
        return null;
    }
  }

  private static List<Object> integral(BigInteger v, PrimitiveType.PrimitiveTypeName physical) {
    if (physical == PrimitiveType.PrimitiveTypeName.INT32) {
      return v.bitLength() < 32 ? List.of(v.intValue()) : List.of();
    }
    return v.bitLength() < 64 ? List.of(v.longValue()) : List.of();
  }

  private static BigInteger perSecond(LogicalTypeAnnotation.TimeUnit unit) {
    return BigInteger.valueOf(switch (unit) {
      case MILLIS -> 1_000L;
      case MICROS -> 1_000_000L;
      case NANOS -> 1_000_000_000L;
    });
  }

  private static boolean isSignedInteger(PrimitiveType type) {
    PrimitiveType.PrimitiveTypeName p = type.getPrimitiveTypeName();
    if (p != PrimitiveType.PrimitiveTypeName.INT32 && p != PrimitiveType.PrimitiveTypeName.INT64) {
      return false;
    }
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    return a == null || (a instanceof IntLogicalTypeAnnotation i && i.isSigned());
  }

  /**
   * Whether every value of the column is a whole number read as it is stored: int32 or int64,
   * plain or annotated as a signed integer of that very width (narrower annotations are
   * narrowed when read, so a stored value out of their range would not be the value read).
   */
  static boolean isWholeNumber(PrimitiveType type) {
    if (!isSignedInteger(type)) {
      return false;
    }
    int width = type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32 ? 32 : 64;
    return type.getLogicalTypeAnnotation() == null
        || ((IntLogicalTypeAnnotation) type.getLogicalTypeAnnotation()).getBitWidth() == width;
  }

  private static boolean isString(PrimitiveType type) {
    return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY
        && type.getLogicalTypeAnnotation() instanceof StringLogicalTypeAnnotation;
  }

  private static BigDecimal decimal(Object v, int scale) {
    if (v instanceof Binary b) {
      return new BigDecimal(new BigInteger(b.getBytes()), scale);
    }
    return BigDecimal.valueOf(((Number) v).longValue(), scale);
  }

  private static Instant instant(long v, LogicalTypeAnnotation.TimeUnit unit) {
    return Temporal.instant(v, switch (unit) {
      case MILLIS -> Temporal.MILLIS_PER_SECOND;
      case MICROS -> Temporal.MICROS_PER_SECOND;
      case NANOS -> Temporal.NANOS_PER_SECOND;
    });
  }
}
