package io.dendrite.parquet.write;

import io.dendrite.parquet.variant.internal.Temporal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.UUID;

/**
 * Coercions for ordinary (non-variant) primitive columns. Normalized forms: Boolean, Integer
 * (int32, date as epoch days), Long (int64, timestamps in micros or nanos, time in micros),
 * Float, Double, String, byte[] (binary, uuid as 16 big-endian bytes), BigDecimal at the
 * column's exact scale. Temporal columns also accept ISO-8601 text, so JSON input works.
 */
final class PrimitiveCoercers {
  private PrimitiveCoercers() {}

  static final Coercer BOOLEAN = (v, p) -> {
    if (v instanceof Boolean) {
      return v;
    }
    throw Coercer.mismatch("boolean", v);
  };

  // A value already of the normalized class is returned as it is: unboxing and boxing it again
  // allocated a Long per row (JSON integers arrive as Long).
  static final Coercer INT32 = (v, p) -> {
    if (v instanceof Integer) {
      return v;
    }
    long x = integral(v, "int32");
    if (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("value " + x + " is out of range for int32");
    }
    return (int) x;
  };

  static final Coercer INT64 = (v, p) -> v instanceof Long ? v : integral(v, "int64");

  static final Coercer FLOAT = (v, p) -> {
    if (v instanceof Number) {
      float x = ((Number) v).floatValue();
      checkMagnitude(v, x, "float");
      return x;
    }
    throw Coercer.mismatch("float", v);
  };

  static final Coercer DOUBLE = (v, p) -> {
    if (v instanceof Number) {
      double x = ((Number) v).doubleValue();
      checkMagnitude(v, x, "double");
      return x;
    }
    throw Coercer.mismatch("double", v);
  };

  /**
   * An exact number (JSON text arrives as BigDecimal/BigInteger) must not turn into infinity, or
   * into zero when it is not zero, silently: 1e400 in a double column is an error.
   */
  private static void checkMagnitude(Object v, double x, String expected) {
    boolean exact = v instanceof BigDecimal || v instanceof BigInteger;
    if (exact && (Double.isInfinite(x) || (x == 0 && signum(v) != 0))) {
      String text = v instanceof BigDecimal ? ((BigDecimal) v).toString() : v.toString();
      if (text.length() > 40) {
        text = text.substring(0, 37) + "...";
      }
      throw new IllegalArgumentException(
          "value " + text + " is beyond the range of " + expected);
    }
  }

  private static int signum(Object exact) {
    return exact instanceof BigDecimal ? ((BigDecimal) exact).signum()
        : ((BigInteger) exact).signum();
  }

  static final Coercer STRING = (v, p) -> {
    if (v instanceof CharSequence || v instanceof Character) {
      return v.toString();
    }
    throw Coercer.mismatch("string", v);
  };

  static final Coercer BINARY = (v, p) -> {
    if (v instanceof byte[]) {
      return v;
    }
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    }
    if (v instanceof CharSequence) {
      try {
        return Base64.getDecoder().decode(v.toString());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("expected base64 text for a binary column: "
            + e.getMessage());
      }
    }
    throw Coercer.mismatch("binary (byte[], ByteBuffer or base64 text)", v);
  };

  static final Coercer DATE = (v, p) -> {
    if (v instanceof LocalDate) {
      return Math.toIntExact(((LocalDate) v).toEpochDay());
    }
    if (v instanceof CharSequence) {
      return Math.toIntExact(parse(v, "date (YYYY-MM-DD)", () -> LocalDate.parse(v.toString()))
          .toEpochDay());
    }
    throw Coercer.mismatch("date (LocalDate or YYYY-MM-DD)", v);
  };

  static final Coercer TIME = (v, p) -> {
    LocalTime t;
    if (v instanceof LocalTime) {
      t = (LocalTime) v;
    } else if (v instanceof CharSequence) {
      t = parse(v, "time (HH:MM:SS[.ffffff])", () -> LocalTime.parse(v.toString()));
    } else {
      throw Coercer.mismatch("time (LocalTime)", v);
    }
    if (t.getNano() % 1000 != 0) {
      throw new IllegalArgumentException("time " + t + " has sub-microsecond precision");
    }
    return t.toNanoOfDay() / 1000;
  };

  static final Coercer UUID_BYTES = (v, p) -> {
    UUID u;
    if (v instanceof UUID) {
      u = (UUID) v;
    } else if (v instanceof CharSequence) {
      u = parse(v, "uuid", () -> UUID.fromString(v.toString()));
    } else {
      throw Coercer.mismatch("uuid", v);
    }
    return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
        .putLong(u.getLeastSignificantBits()).array();
  };

  /** UTC-adjusted timestamps: Instant, OffsetDateTime, ZonedDateTime or ISO text with offset. */
  static Coercer timestamp(boolean nanos) {
    return (v, p) -> {
      Instant i;
      if (v instanceof Instant) {
        i = (Instant) v;
      } else if (v instanceof OffsetDateTime) {
        i = ((OffsetDateTime) v).toInstant();
      } else if (v instanceof ZonedDateTime) {
        i = ((ZonedDateTime) v).toInstant();
      } else if (v instanceof java.util.Date) {
        i = ((java.util.Date) v).toInstant();
      } else if (v instanceof CharSequence) {
        i = parse(v, "timestamp with offset (e.g. 2024-01-02T03:04:05Z)",
            () -> OffsetDateTime.parse(v.toString()).toInstant());
      } else {
        throw Coercer.mismatch("timestamp (Instant)", v);
      }
      return nanos ? epochNanos(i.getEpochSecond(), i.getNano())
          : epochMicros(i.getEpochSecond(), i.getNano());
    };
  }

  /** Timestamps without time zone: LocalDateTime or ISO text without offset. */
  static Coercer timestampNtz(boolean nanos) {
    return (v, p) -> {
      LocalDateTime t;
      if (v instanceof LocalDateTime) {
        t = (LocalDateTime) v;
      } else if (v instanceof CharSequence) {
        t = parse(v, "timestamp without time zone (e.g. 2024-01-02T03:04:05)",
            () -> LocalDateTime.parse(v.toString()));
      } else {
        throw Coercer.mismatch("timestamp without time zone (LocalDateTime)", v);
      }
      long seconds = t.toEpochSecond(ZoneOffset.UTC);
      return nanos ? epochNanos(seconds, t.getNano()) : epochMicros(seconds, t.getNano());
    };
  }

  static Coercer decimal(int precision, int scale) {
    BigInteger limit = BigInteger.TEN.pow(precision);
    String expected = "decimal(" + precision + "," + scale + ")";
    return (v, p) -> {
      BigDecimal d;
      if (v instanceof BigDecimal) {
        d = (BigDecimal) v;
      } else if (v instanceof BigInteger) {
        d = new BigDecimal((BigInteger) v);
      } else if (v instanceof Long || v instanceof Integer || v instanceof Short
          || v instanceof Byte) {
        d = BigDecimal.valueOf(((Number) v).longValue());
      } else if (v instanceof Double || v instanceof Float) {
        double x = ((Number) v).doubleValue();
        if (!Double.isFinite(x)) {
          throw new IllegalArgumentException("expected " + expected + ", got " + x);
        }
        d = BigDecimal.valueOf(x);
      } else if (v instanceof CharSequence) {
        d = parse(v, expected, () -> new BigDecimal(v.toString()));
      } else {
        throw Coercer.mismatch(expected, v);
      }
      BigDecimal scaled;
      try {
        scaled = d.setScale(scale, RoundingMode.UNNECESSARY);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("value " + d.toPlainString() + " has more than "
            + scale + " decimal places for " + expected);
      }
      if (scaled.unscaledValue().abs().compareTo(limit) >= 0) {
        throw new IllegalArgumentException(
            "value " + d.toPlainString() + " does not fit " + expected);
      }
      return scaled;
    };
  }

  private static long integral(Object v, String expected) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof BigInteger) {
      BigInteger b = (BigInteger) v;
      if (b.bitLength() < 64) {
        return b.longValue();
      }
      throw new IllegalArgumentException("value " + b + " is out of range for " + expected);
    }
    if (v instanceof BigDecimal) {
      try {
        return ((BigDecimal) v).longValueExact();
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException(
            "value " + ((BigDecimal) v).toPlainString() + " is not an exact " + expected);
      }
    }
    throw Coercer.mismatch(expected, v);
  }

  private static long epochMicros(long seconds, int nanos) {
    if (nanos % 1000 != 0) {
      throw new IllegalArgumentException(
          "timestamp has sub-microsecond precision; use a nanosecond timestamp column");
    }
    try {
      return Temporal.toMicros(seconds, nanos);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("timestamp is out of the microsecond range"
          + " (about 290,000 years either side of 1970)");
    }
  }

  private static long epochNanos(long seconds, int nanos) {
    try {
      return Temporal.toNanos(seconds, nanos);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          "timestamp is out of the nanosecond range (years 1677..2262)");
    }
  }

  private interface Parse<T> {
    T get();
  }

  private static <T> T parse(Object text, String expected, Parse<T> parse) {
    try {
      return parse.get();
    } catch (DateTimeParseException | IllegalArgumentException e) {
      throw new IllegalArgumentException("expected " + expected + ", got \"" + text + '"');
    }
  }
}
