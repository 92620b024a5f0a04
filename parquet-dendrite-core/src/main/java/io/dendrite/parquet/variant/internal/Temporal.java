package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Conversions between the spec's integer encodings of dates and times (days, micros and nanos
 * since the epoch or midnight; VariantEncoding.md primitive type ids 11-13 and 17-19) and
 * {@code java.time} values or ISO-8601 text. Public for the conversions between epoch counts
 * and {@code java.time} that the writer, the reader and filters share with variants.
 */
public final class Temporal {
  public static final long MILLIS_PER_SECOND = 1_000L;
  public static final long MICROS_PER_SECOND = 1_000_000L;
  public static final long NANOS_PER_SECOND = 1_000_000_000L;
  static final long MICROS_PER_DAY = 86_400_000_000L;

  private Temporal() {}

  /** Appends {@code yyyy-mm-ddThh:mm:ss.ffffff[fff]} (plus {@code Z} when utc) for an epoch value. */
  static void appendTimestamp(long value, boolean nanos, boolean utc, StringBuilder out) {
    long unit = nanos ? NANOS_PER_SECOND : MICROS_PER_SECOND;
    long seconds = Math.floorDiv(value, unit);
    long fraction = Math.floorMod(value, unit);
    long days = Math.floorDiv(seconds, 86_400L);
    long secondOfDay = Math.floorMod(seconds, 86_400L);
    out.append(LocalDate.ofEpochDay(days)).append('T');
    appendClock(secondOfDay, fraction, nanos ? 9 : 6, out);
    if (utc) {
      out.append('Z');
    }
  }

  /**
   * Appends {@code yyyy-mm-dd hh:mm:ss[.f]} for an epoch value, the fraction without trailing
   * zeros and left out when zero: the form SQL engines (Spark) print.
   */
  static void appendSqlTimestamp(long value, boolean nanos, StringBuilder out) {
    long unit = nanos ? NANOS_PER_SECOND : MICROS_PER_SECOND;
    long seconds = Math.floorDiv(value, unit);
    long fraction = Math.floorMod(value, unit);
    long secondOfDay = Math.floorMod(seconds, 86_400L);
    out.append(LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400L))).append(' ');
    appendClock(secondOfDay, fraction, nanos ? 9 : 6, out);
    int end = out.length();
    while (out.charAt(end - 1) == '0') {
      end--;
    }
    out.setLength(out.charAt(end - 1) == '.' ? end - 1 : end);
  }

  /** Appends {@code hh:mm:ss.ffffff} for microseconds since midnight. */
  static void appendTime(long micros, StringBuilder out) {
    checkTime(micros);
    appendClock(micros / MICROS_PER_SECOND, micros % MICROS_PER_SECOND, 6, out);
  }

  private static void appendClock(long secondOfDay, long fraction, int digits, StringBuilder out) {
    pad(secondOfDay / 3600, 2, out);
    out.append(':');
    pad(secondOfDay / 60 % 60, 2, out);
    out.append(':');
    pad(secondOfDay % 60, 2, out);
    out.append('.');
    pad(fraction, digits, out);
  }

  private static void pad(long v, int digits, StringBuilder out) {
    String s = Long.toString(v);
    for (int i = s.length(); i < digits; i++) {
      out.append('0');
    }
    out.append(s);
  }

  static void checkTime(long micros) {
    if (!isTimeOfDay(micros)) {
      throw new VariantFormatException("time" + timeProblem(micros));
    }
  }

  /** Whether {@code micros} is a valid time (type id 17): within one day. */
  static boolean isTimeOfDay(long micros) {
    return micros >= 0 && micros < MICROS_PER_DAY;
  }

  /** Why {@code micros} is not a valid time, as text to follow "time [at position P]". */
  static String timeProblem(long micros) {
    return " value " + micros + " is outside one day (expected microseconds in [0, 86400000000))";
  }

  /** {@code count} units of 1/{@code perSecond} s (millis, micros or nanos) since 1970-01-01T00:00Z. */
  public static Instant instant(long count, long perSecond) {
    return Instant.ofEpochSecond(Math.floorDiv(count, perSecond),
        Math.floorMod(count, perSecond) * (NANOS_PER_SECOND / perSecond));
  }

  /** The same count read as a wall-clock time without time zone. */
  public static LocalDateTime localDateTime(long count, long perSecond) {
    return LocalDateTime.ofEpochSecond(Math.floorDiv(count, perSecond),
        (int) (Math.floorMod(count, perSecond) * (NANOS_PER_SECOND / perSecond)), ZoneOffset.UTC);
  }

  static LocalTime localTime(long micros) {
    checkTime(micros);
    return LocalTime.ofNanoOfDay(micros * 1000);
  }

  /**
   * Epoch micros of (seconds, nano of second), truncating sub-micros.
   *
   * @throws ArithmeticException outside the int64 range
   */
  public static long toMicros(long epochSecond, int nano) {
    return epochUnits(epochSecond, nano / 1000, MICROS_PER_SECOND);
  }

  /**
   * Epoch nanos of (seconds, nano of second).
   *
   * @throws ArithmeticException outside the int64 range
   */
  public static long toNanos(long epochSecond, int nano) {
    return epochUnits(epochSecond, nano, NANOS_PER_SECOND);
  }

  /**
   * {@code seconds * perSecond + units}, failing only where the sum leaves the int64 range:
   * before 1970 a second is borrowed (one fewer second, units minus a second), so the last
   * second of the range, whose product alone would overflow, still fits.
   */
  private static long epochUnits(long seconds, long units, long perSecond) {
    return seconds < 0 && units > 0
        ? Math.addExact(Math.multiplyExact(seconds + 1, perSecond), units - perSecond)
        : Math.addExact(Math.multiplyExact(seconds, perSecond), units);
  }
}
