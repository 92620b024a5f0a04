package io.dendrite.parquet.read;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.parquet.io.api.Binary;

/** Parquet's INT64 timestamps (micros or nanos since the epoch) as java.time values. */
final class EpochTime {
  static final long MICROS = 1_000_000L;
  static final long NANOS = 1_000_000_000L;
  /** Julian day number of 1970-01-01. */
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private EpochTime() {}

  /** {@code value} in units of 1/{@code perSecond} s since 1970-01-01T00:00Z. */
  static Instant instant(long value, long perSecond) {
    long nanos = Math.floorMod(value, perSecond) * (NANOS / perSecond);
    return Instant.ofEpochSecond(Math.floorDiv(value, perSecond), nanos);
  }

  /**
   * A legacy INT96 timestamp: 8 bytes of nanoseconds within the day, then 4 bytes of Julian day
   * number, both little-endian (the layout Spark and Hive write).
   */
  static Instant fromInt96(Binary value) {
    ByteBuffer b = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = b.getLong(b.position());
    int julianDay = b.getInt(b.position() + 8);
    long epochDay = julianDay - JULIAN_DAY_OF_EPOCH;
    return Instant.ofEpochSecond(Math.multiplyExact(epochDay, 86_400L), nanosOfDay);
  }

  /** The same count read as a wall-clock time without time zone. */
  static LocalDateTime local(long value, long perSecond) {
    return LocalDateTime.ofInstant(instant(value, perSecond), ZoneOffset.UTC);
  }
}
