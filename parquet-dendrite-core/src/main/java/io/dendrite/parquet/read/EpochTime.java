package io.dendrite.parquet.read;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Parquet's INT64 timestamps (micros or nanos since the epoch) as java.time values. */
final class EpochTime {
  static final long MICROS = 1_000_000L;
  static final long NANOS = 1_000_000_000L;

  private EpochTime() {}

  /** {@code value} in units of 1/{@code perSecond} s since 1970-01-01T00:00Z. */
  static Instant instant(long value, long perSecond) {
    long nanos = Math.floorMod(value, perSecond) * (NANOS / perSecond);
    return Instant.ofEpochSecond(Math.floorDiv(value, perSecond), nanos);
  }

  /** The same count read as a wall-clock time without time zone. */
  static LocalDateTime local(long value, long perSecond) {
    return LocalDateTime.ofInstant(instant(value, perSecond), ZoneOffset.UTC);
  }
}
