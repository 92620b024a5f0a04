package io.dendrite.parquet.read.internal.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import org.apache.parquet.io.api.Binary;

/**
 * Parquet's legacy INT96 timestamps as instants; counts of millis, micros or nanos since the
 * epoch convert with {@link io.dendrite.parquet.variant.internal.Temporal}.
 */
final class EpochTime {
  /** Julian day number of 1970-01-01. */
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private EpochTime() {}

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
}
