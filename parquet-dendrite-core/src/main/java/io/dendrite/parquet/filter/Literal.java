package io.dendrite.parquet.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A constant a path is compared with. Its kind says how the row's value is cast before the
 * comparison, with the rules of the typed getters ({@link io.dendrite.parquet.variant.internal.VariantCasts}):
 * a number compares as a decimal ({@code getDecimal}), text as a string ({@code getString}), a
 * boolean as {@code getBoolean}, a date as {@code getLocalDate}, a timestamp as
 * {@code getInstant}.
 *
 * @param kind how the value compares
 * @param value BigDecimal, String, Boolean, LocalDate or Instant, as the kind says
 */
public record Literal(Kind kind, Object value) {
  /** The cast a row's value goes through before it is compared with the literal. */
  public enum Kind { NUMBER, TEXT, BOOLEAN, DATE, TIMESTAMP }

  /** Checks that the value is of the kind's Java type. */
  public Literal {
    Class<?> expected = switch (kind) {
      case NUMBER -> BigDecimal.class;
      case TEXT -> String.class;
      case BOOLEAN -> Boolean.class;
      case DATE -> LocalDate.class;
      case TIMESTAMP -> Instant.class;
    };
    if (!expected.isInstance(value)) {
      throw new IllegalArgumentException("a " + kind + " literal holds a "
          + expected.getSimpleName() + ", not " + value);
    }
  }

  /**
   * The literal of a Java value: any {@link Number} (finite), String, Boolean, LocalDate or
   * Instant.
   *
   * @throws IllegalArgumentException for null (use {@code isNull()}), NaN, infinities and other
   *     types
   */
  public static Literal of(Object value) {
    if (value instanceof BigDecimal d) {
      return new Literal(Kind.NUMBER, d);
    }
    if (value instanceof BigInteger i) {
      return new Literal(Kind.NUMBER, new BigDecimal(i));
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException("cannot compare with " + value
            + ": NaN and infinities do not cast to a number");
      }
      return new Literal(Kind.NUMBER, new BigDecimal(value.toString()));
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte) {
      return new Literal(Kind.NUMBER, BigDecimal.valueOf(((Number) value).longValue()));
    }
    if (value instanceof String s) {
      return new Literal(Kind.TEXT, s);
    }
    if (value instanceof Boolean b) {
      return new Literal(Kind.BOOLEAN, b);
    }
    if (value instanceof LocalDate d) {
      return new Literal(Kind.DATE, d);
    }
    if (value instanceof Instant i) {
      return new Literal(Kind.TIMESTAMP, i);
    }
    throw new IllegalArgumentException(value == null
        ? "compare with null using isNull() / isNotNull()"
        : "cannot compare with a " + value.getClass().getSimpleName()
            + "; use a number, String, Boolean, LocalDate or Instant");
  }

  /** The literal as the expression language writes it. */
  @Override
  public String toString() {
    return switch (kind) {
      case NUMBER -> ((BigDecimal) value).toString();
      case TEXT -> quote((String) value);
      case BOOLEAN -> value.toString();
      case DATE -> "date " + quote(value.toString());
      case TIMESTAMP -> "timestamp " + quote(value.toString());
    };
  }

  private static String quote(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
  }
}
