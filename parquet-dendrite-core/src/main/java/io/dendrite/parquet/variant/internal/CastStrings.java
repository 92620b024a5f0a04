package io.dendrite.parquet.variant.internal;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text forms SQL engines accept when a variant string is cast to a number, boolean,
 * date or timestamp (Spark 4.1's {@code try_variant_get} rules, time zone UTC). Every method
 * returns null when the text is not such a value, so the caller can name the failure.
 */
final class CastStrings {
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  /** yyyy, yyyy-m, yyyy-m-d, optionally followed by ' ' or 'T' and anything (a time). */
  private static final Pattern DATE =
      Pattern.compile("(\\d{4})(?:-(\\d{1,2})(?:-(\\d{1,2})(?:[ T].*)?)?)?");
  /** A date as above, then optionally [h]h:[m]m[:[s]s[.fraction]], then optionally a zone. */
  private static final Pattern TIMESTAMP = Pattern.compile(
      "(\\d{4})(?:-(\\d{1,2})(?:-(\\d{1,2}))?)?"
          + "(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{0,9}))?)?)?"
          + "\\s*(Z|[+-]\\d{1,2}(?::?\\d{2})?|[A-Za-z][A-Za-z0-9_/+-]*)?");

  private CastStrings() {}

  static Long toLong(String s) {
    String t = s.trim();
    if (!INTEGER.matcher(t).matches()) {
      return null;
    }
    try {
      return Long.parseLong(t);
    } catch (NumberFormatException overflow) {
      return null;
    }
  }

  static Double toDouble(String s) {
    String t = s.trim();
    switch (t.toLowerCase(Locale.ROOT)) {
      case "nan":
        return Double.NaN;
      case "inf":
      case "+inf":
      case "infinity":
      case "+infinity":
        return Double.POSITIVE_INFINITY;
      case "-inf":
      case "-infinity":
        return Double.NEGATIVE_INFINITY;
      default:
        break;
    }
    if (t.indexOf('x') >= 0 || t.indexOf('X') >= 0) {
      return null; // Java reads hexadecimal floating point; SQL does not
    }
    try {
      return Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static BigDecimal toDecimal(String s) {
    try {
      return new BigDecimal(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Boolean toBoolean(String s) {
    switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "t":
      case "true":
      case "y":
      case "yes":
      case "1":
        return Boolean.TRUE;
      case "f":
      case "false":
      case "n":
      case "no":
      case "0":
        return Boolean.FALSE;
      default:
        return null;
    }
  }

  static LocalDate toDate(String s) {
    Matcher m = DATE.matcher(s.trim());
    if (!m.matches()) {
      return null;
    }
    try {
      return LocalDate.of(Integer.parseInt(m.group(1)), part(m.group(2), 1), part(m.group(3), 1));
    } catch (DateTimeException e) {
      return null;
    }
  }

  static Instant toInstant(String s) {
    Matcher m = TIMESTAMP.matcher(s.trim());
    if (!m.matches()) {
      return null;
    }
    try {
      String fraction = m.group(7) == null ? "" : m.group(7);
      int nanos = fraction.isEmpty() ? 0
          : Integer.parseInt((fraction + "000000000").substring(0, 9)) / 1000 * 1000;
      LocalDateTime local = LocalDateTime.of(Integer.parseInt(m.group(1)), part(m.group(2), 1),
          part(m.group(3), 1), part(m.group(4), 0), part(m.group(5), 0), part(m.group(6), 0),
          nanos);
      return local.atZone(zone(m.group(8))).toInstant();
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static ZoneId zone(String text) {
    if (text == null || text.equals("Z")) {
      return ZoneOffset.UTC;
    }
    char c = text.charAt(0);
    return c == '+' || c == '-' ? ZoneOffset.of(text) : ZoneId.of(text);
  }

  private static int part(String digits, int absent) {
    return digits == null ? absent : Integer.parseInt(digits);
  }
}
