package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Casts a variant value to a Java type with the rules of Spark 4.1's
 * {@code try_variant_get(v, path, type)} in a session whose time zone is UTC, so a path read
 * through our typed getters returns what Spark returns for it (checked against a running Spark
 * by the parquet-dendrite-spark-tests module). A variant null casts to null for every type.
 * <ul>
 *   <li><b>string</b>: strings as they are; numbers as Spark prints them (decimals without
 *       trailing zeros, {@code 150.0}, {@code 1.0E20}); dates {@code 2024-02-29}; timestamps
 *       {@code 2024-02-29 10:11:12.5} (UTC, no zone suffix); binary decoded as UTF-8; objects
 *       and arrays as JSON in {@link JsonStyle#SPARK} style.</li>
 *   <li><b>long / int</b>: integers; decimals and floating point truncated toward zero;
 *       booleans as 1/0; timestamps as whole seconds since the epoch (rounded down); strings
 *       holding an integer ({@code " +12 "}). Out of range fails.</li>
 *   <li><b>double</b>: numbers; booleans as 1/0; timestamps as seconds since the epoch; strings
 *       holding a number, {@code NaN}, {@code Infinity} or {@code inf}.</li>
 *   <li><b>decimal</b>: exact numerics; finite floats and doubles (a float widened to double
 *       first, as Spark does); booleans as 1/0; timestamps as seconds with six fraction digits;
 *       strings holding a number. Exact: callers round to their own scale.</li>
 *   <li><b>boolean</b>: booleans; numbers as {@code != 0}; the strings t/true/y/yes/1 and
 *       f/false/n/no/0 (any case).</li>
 *   <li><b>instant</b>: timestamps; timestamps without time zone and dates read as UTC; numbers
 *       as seconds since the epoch (fractions truncated to microseconds); strings
 *       {@code yyyy[-m[-d]][( |T)h:m[:s[.f]]][zone]}, UTC when no zone is given.</li>
 *   <li><b>date</b>: dates; the UTC date of timestamps; strings {@code yyyy[-m[-d]]}, optionally
 *       followed by a space or {@code T} and a time.</li>
 * </ul>
 * Anything else throws {@link VariantCastException} naming the value's type and the target.
 * Each cast first validates the value ({@link VariantValue#validate()}, kept by the view), so
 * invalid bytes throw {@link VariantFormatException} instead of casting to a wrong answer.
 */
public final class VariantCasts {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal MICROS_PER_SECOND = BigDecimal.valueOf(Temporal.MICROS_PER_SECOND);

  private static final ApiAccess API = ApiAccess.get();

  private VariantCasts() {}

  public static String toText(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case STRING:
        return v.getString();
      case BINARY:
        return new String(v.getBinary(), StandardCharsets.UTF_8);
      case OBJECT:
      case ARRAY:
        return v.toJson(JsonStyle.SPARK);
      case DOUBLE:
        return Double.toString(v.getDouble());
      case FLOAT:
        return Float.toString(v.getFloat());
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().stripTrailingZeros().toPlainString();
      default: {
        String text = VariantToJson.sparkScalarText(v.type(), v.valueBytes(), v.pos(), false);
        return text != null ? text : v.toJson();
      }
    }
  }

  public static Long toLong(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return v.getLong();
      case BOOLEAN:
        return v.getBoolean() ? 1L : 0L;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return truncated(v.getDecimal(), v, "long");
      case FLOAT:
      case DOUBLE: {
        // The binary value truncated (1.8966666666666665E18 is ...496, not its shortest text).
        double d = finiteDouble(v, "long");
        if (d < -0x1p63 || d >= 0x1p63) {
          throw fail(v, "long");
        }
        return (long) d;
      }
      case TIMESTAMP:
        return Math.floorDiv(v.getTimestamp(), Temporal.MICROS_PER_SECOND);
      case TIMESTAMP_NANOS:
        return Math.floorDiv(v.getTimestamp(), Temporal.NANOS_PER_SECOND);
      case STRING: {
        Long l = CastStrings.toLong(v.getString());
        if (l == null) {
          throw fail(v, "long");
        }
        return l;
      }
      default:
        throw fail(v, "long");
    }
  }

  public static Integer toInt(VariantValue v) {
    Long l = toLong(v);
    if (l == null) {
      return null;
    }
    if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
      throw fail(v, "int");
    }
    return l.intValue();
  }

  public static Double toDouble(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return (double) v.getLong();
      case BOOLEAN:
        return v.getBoolean() ? 1.0 : 0.0;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().doubleValue();
      case FLOAT:
        return (double) v.getFloat();
      case DOUBLE:
        return v.getDouble();
      case TIMESTAMP:
        return v.getTimestamp() / (double) Temporal.MICROS_PER_SECOND;
      case TIMESTAMP_NANOS:
        return v.getTimestamp() / (double) Temporal.NANOS_PER_SECOND;
      case STRING: {
        Double d = CastStrings.toDouble(v.getString());
        if (d == null) {
          throw fail(v, "double");
        }
        return d;
      }
      default:
        throw fail(v, "double");
    }
  }

  public static BigDecimal toDecimal(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return BigDecimal.valueOf(v.getLong());
      case BOOLEAN:
        return v.getBoolean() ? BigDecimal.ONE : BigDecimal.ZERO;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal();
      case FLOAT:
      case DOUBLE:
        return BigDecimal.valueOf(finiteDouble(v, "decimal"));
      case TIMESTAMP:
        return BigDecimal.valueOf(v.getTimestamp(), 6);
      case TIMESTAMP_NANOS:
        return BigDecimal.valueOf(v.getTimestamp(), 9);
      case STRING: {
        BigDecimal d = CastStrings.toDecimal(v.getString());
        if (d == null) {
          throw fail(v, "decimal");
        }
        return d;
      }
      default:
        throw fail(v, "decimal");
    }
  }

  public static Boolean toBoolean(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case BOOLEAN:
        return v.getBoolean();
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return v.getLong() != 0;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().signum() != 0;
      case FLOAT:
        return v.getFloat() != 0; // NaN is not zero: true, as in SQL
      case DOUBLE:
        return v.getDouble() != 0;
      case STRING: {
        Boolean b = CastStrings.toBoolean(v.getString());
        if (b == null) {
          throw fail(v, "boolean");
        }
        return b;
      }
      default:
        throw fail(v, "boolean");
    }
  }

  public static Instant toInstant(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case TIMESTAMP:
      case TIMESTAMP_NANOS:
        return (Instant) v.toJava();
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS:
        return ((LocalDateTime) v.toJava()).toInstant(ZoneOffset.UTC);
      case DATE:
        return LocalDate.ofEpochDay(v.getDate()).atStartOfDay(ZoneOffset.UTC).toInstant();
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return epochSeconds(BigDecimal.valueOf(v.getLong()), v);
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return epochSeconds(v.getDecimal(), v);
      case FLOAT:
      case DOUBLE: {
        // In double arithmetic, as Spark does: 32.55 s is 32549999.999999996 us, so ...549999.
        double micros = finiteDouble(v, "instant") * Temporal.MICROS_PER_SECOND;
        if (micros < -0x1p63 || micros >= 0x1p63) {
          throw fail(v, "instant");
        }
        return instantOfMicros((long) micros);
      }
      case STRING: {
        Instant i = CastStrings.toInstant(v.getString());
        if (i == null) {
          throw fail(v, "instant");
        }
        return i;
      }
      default:
        throw fail(v, "instant");
    }
  }

  public static LocalDate toLocalDate(VariantValue v) {
    v.validate();
    switch (v.type()) {
      case NULL:
        return null;
      case DATE:
        return LocalDate.ofEpochDay(v.getDate());
      case TIMESTAMP:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS:
        return LocalDate.ofInstant(toInstant(v), ZoneOffset.UTC);
      case STRING: {
        LocalDate d = CastStrings.toDate(v.getString());
        if (d == null) {
          throw fail(v, "date");
        }
        return d;
      }
      default:
        throw fail(v, "date");
    }
  }

  /** A float (widened) or double; NaN and infinities fail. */
  private static double finiteDouble(VariantValue v, String target) {
    double d = v.type() == VariantType.FLOAT ? v.getFloat() : v.getDouble();
    if (!Double.isFinite(d)) {
      throw fail(v, target);
    }
    return d;
  }

  private static long truncated(BigDecimal d, VariantValue v, String target) {
    BigDecimal whole = d.setScale(0, RoundingMode.DOWN);
    if (whole.compareTo(LONG_MIN) < 0 || whole.compareTo(LONG_MAX) > 0) {
      throw fail(v, target);
    }
    return whole.longValueExact();
  }

  /** Seconds since the epoch, fractions beyond microseconds truncated; beyond int64 micros fails. */
  private static Instant epochSeconds(BigDecimal seconds, VariantValue v) {
    return instantOfMicros(truncated(seconds.multiply(MICROS_PER_SECOND), v, "instant"));
  }

  private static Instant instantOfMicros(long micros) {
    return Temporal.instant(micros, Temporal.MICROS_PER_SECOND);
  }

  private static VariantCastException fail(VariantValue v, String target) {
    return API.castFailure(v, target);
  }
}
