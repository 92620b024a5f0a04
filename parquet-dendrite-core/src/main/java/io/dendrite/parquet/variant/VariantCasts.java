package io.dendrite.parquet.variant;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Locale;

/**
 * Casts a variant value to a Java type, the way {@code variant_get(path, type)} does in SQL
 * engines. A variant null casts to null for every type. Rules:
 * <ul>
 *   <li><b>string</b>: strings as they are; numbers, booleans, dates, times, timestamps and
 *       UUIDs as the text JSON rendering uses (without quotes); binary as base64; objects and
 *       arrays as JSON text.</li>
 *   <li><b>long / int</b>: integers; decimals and floating-point values only when they hold a
 *       whole number in range (no rounding); strings holding an integer.</li>
 *   <li><b>double</b>: any number (decimals may round); strings holding a number.</li>
 *   <li><b>decimal</b>: exact numerics; finite floats and doubles (their shortest decimal
 *       form); strings holding a number.</li>
 *   <li><b>boolean</b>: booleans; the strings {@code true}/{@code false} (any case).</li>
 *   <li><b>instant</b>: timestamps; timestamps without time zone and dates read as UTC; ISO-8601
 *       strings with an offset.</li>
 *   <li><b>date</b>: dates; the UTC date of timestamps; {@code YYYY-MM-DD} strings.</li>
 * </ul>
 * Anything else throws {@link VariantCastException} naming the value's type and the target.
 */
public final class VariantCasts {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private VariantCasts() {}

  public static String toText(VariantValue v) {
    switch (v.type()) {
      case NULL:
        return null;
      case STRING:
        return v.getString();
      case BINARY:
        return Base64.getEncoder().encodeToString(v.getBinary());
      case OBJECT:
      case ARRAY:
        return v.toJson();
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().toPlainString();
      default: {
        String json = v.toJson();
        // Dates, times, timestamps and UUIDs render as JSON strings: drop the quotes.
        return json.length() >= 2 && json.charAt(0) == '"'
            ? json.substring(1, json.length() - 1) : json;
      }
    }
  }

  public static Long toLong(VariantValue v) {
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return v.getLong();
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return wholeLong(v.getDecimal(), v);
      case FLOAT:
      case DOUBLE: {
        double d = v.type() == VariantType.FLOAT ? v.getFloat() : v.getDouble();
        if (!Double.isFinite(d)) {
          throw fail(v, "long");
        }
        return wholeLong(new BigDecimal(d), v);
      }
      case STRING:
        try {
          return Long.parseLong(v.getString().trim());
        } catch (NumberFormatException e) {
          throw fail(v, "long");
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
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return (double) v.getLong();
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().doubleValue();
      case FLOAT:
        return (double) v.getFloat();
      case DOUBLE:
        return v.getDouble();
      case STRING:
        try {
          return Double.parseDouble(v.getString().trim());
        } catch (NumberFormatException e) {
          throw fail(v, "double");
        }
      default:
        throw fail(v, "double");
    }
  }

  public static BigDecimal toDecimal(VariantValue v) {
    switch (v.type()) {
      case NULL:
        return null;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return BigDecimal.valueOf(v.getLong());
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal();
      case FLOAT:
      case DOUBLE: {
        double d = v.type() == VariantType.FLOAT ? v.getFloat() : v.getDouble();
        if (!Double.isFinite(d)) {
          throw fail(v, "decimal");
        }
        return v.type() == VariantType.FLOAT ? new BigDecimal(Float.toString(v.getFloat()))
            : BigDecimal.valueOf(d);
      }
      case STRING:
        try {
          return new BigDecimal(v.getString().trim());
        } catch (NumberFormatException e) {
          throw fail(v, "decimal");
        }
      default:
        throw fail(v, "decimal");
    }
  }

  public static Boolean toBoolean(VariantValue v) {
    switch (v.type()) {
      case NULL:
        return null;
      case BOOLEAN:
        return v.getBoolean();
      case STRING: {
        String s = v.getString().trim().toLowerCase(Locale.ROOT);
        if (s.equals("true")) {
          return Boolean.TRUE;
        }
        if (s.equals("false")) {
          return Boolean.FALSE;
        }
        throw fail(v, "boolean");
      }
      default:
        throw fail(v, "boolean");
    }
  }

  public static Instant toInstant(VariantValue v) {
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
      case STRING:
        try {
          return OffsetDateTime.parse(v.getString().trim()).toInstant();
        } catch (DateTimeParseException e) {
          throw fail(v, "instant");
        }
      default:
        throw fail(v, "instant");
    }
  }

  public static LocalDate toLocalDate(VariantValue v) {
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
      case STRING:
        try {
          return LocalDate.parse(v.getString().trim());
        } catch (DateTimeParseException e) {
          throw fail(v, "date");
        }
      default:
        throw fail(v, "date");
    }
  }

  private static long wholeLong(BigDecimal d, VariantValue v) {
    BigDecimal stripped = d.stripTrailingZeros();
    if (stripped.scale() > 0 || d.compareTo(LONG_MIN) < 0 || d.compareTo(LONG_MAX) > 0) {
      throw fail(v, "long");
    }
    BigInteger i = stripped.toBigIntegerExact();
    return i.longValue();
  }

  private static VariantCastException fail(VariantValue v, String target) {
    String shown = v.toJson();
    if (shown.length() > 60) {
      shown = shown.substring(0, 57) + "...";
    }
    return new VariantCastException(
        "cannot cast " + v.type().name().toLowerCase(Locale.ROOT) + " " + shown + " to " + target);
  }
}
