package io.dendrite.parquet.variant.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * {@link VariantCasts}' casts of a Java value of a common type (as a shredded {@code typed_value}
 * leaf or an ordinary column reads: Long, Integer, Short, Byte, BigDecimal, Double, Float,
 * Boolean, String, LocalDate, LocalDateTime, Instant) computed from the value itself, without
 * encoding the variant it stands for: a typed path's getter or filter would otherwise encode
 * and parse a variant per row. Each method returns what VariantCasts returns for the value's
 * variant, or null when it has no shortcut for the value, including every cast that fails: the
 * caller then casts the variant, so failures keep VariantCasts' own errors.
 */
public final class JavaCasts {
  private JavaCasts() {}

  public static String toText(Object v) {
    return v instanceof String s ? s : null;
  }

  public static Long toLong(Object v) {
    if (isWholeNumber(v)) {
      return ((Number) v).longValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1L : 0L;
    }
    return null;
  }

  public static Integer toInt(Object v) {
    if (v instanceof Integer i) {
      return i;
    }
    if (v instanceof Short || v instanceof Byte) {
      return ((Number) v).intValue();
    }
    if (v instanceof Long l) {
      return l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE ? (int) (long) l : null;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    return null;
  }

  public static Double toDouble(Object v) {
    if (isWholeNumber(v) || v instanceof Float || isVariantDecimal(v)) {
      return ((Number) v).doubleValue(); // a float widens exactly, as (double) getFloat()
    }
    if (v instanceof Double d) {
      return d;
    }
    if (v instanceof Boolean b) {
      return b ? 1.0 : 0.0;
    }
    return null;
  }

  public static BigDecimal toDecimal(Object v) {
    if (isWholeNumber(v)) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    if (isVariantDecimal(v)) {
      return (BigDecimal) v;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue(); // a float widens first, as Spark does
      return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
    }
    if (v instanceof Boolean b) {
      return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    return null;
  }

  public static Boolean toBoolean(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (isWholeNumber(v)) {
      return ((Number) v).longValue() != 0;
    }
    return null;
  }

  public static Instant toInstant(Object v) {
    if (v instanceof Instant i) {
      return i;
    }
    if (v instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }
    if (v instanceof LocalDate d) {
      return d.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    return null;
  }

  public static LocalDate toLocalDate(Object v) {
    return v instanceof LocalDate d ? d : null;
  }

  /**
   * A BigDecimal a variant decimal holds as it is (scale 0 to 38, at most 38 digits): the
   * variant of another one is rescaled or is no decimal, so it has no shortcut.
   */
  private static boolean isVariantDecimal(Object v) {
    return v instanceof BigDecimal d && d.scale() >= 0 && d.scale() <= 38 && d.precision() <= 38;
  }

  /** Long, Integer, Short or Byte: the Java values of the variant integer types. */
  public static boolean isWholeNumber(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
  }
}
