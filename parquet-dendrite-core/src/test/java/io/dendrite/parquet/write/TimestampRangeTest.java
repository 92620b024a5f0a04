package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timestamp columns take every instant their 64-bit count can hold, including the last second
 * before the lowest count (where seconds times units alone overflows), and reject the first one
 * beyond with a clear error.
 */
class TimestampRangeTest {
  @TempDir
  Path dir;

  @Test
  void bothEndsOfTheRangeRoundTrip() throws Exception {
    long[] counts = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, Long.MAX_VALUE};
    Path file = dir.resolve("ends.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("us timestamp, ns timestamp_nanos, lus timestamp_ntz, lns timestamp_ntz_nanos")
        .build()) {
      for (long c : counts) {
        w.write(Map.of("us", micros(c), "ns", nanos(c),
            "lus", local(micros(c)), "lns", local(nanos(c))));
      }
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (long c : counts) {
        DendriteRow row = r.read();
        assertEquals(micros(c), row.get("us"), "micros " + c);
        assertEquals(nanos(c), row.get("ns"), "nanos " + c);
        assertEquals(local(micros(c)), row.get("lus"), "local micros " + c);
        assertEquals(local(nanos(c)), row.get("lns"), "local nanos " + c);
      }
    }
  }

  @Test
  void beyondTheRangeIsAClearError() throws Exception {
    Path file = dir.resolve("beyond.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("ns timestamp_nanos").build()) {
      InvalidRecordException e = assertThrows(InvalidRecordException.class,
          () -> w.write(Map.of("ns", nanos(Long.MIN_VALUE).minusNanos(1))));
      assertEquals(true, e.getMessage().contains(
          "timestamp is out of the nanosecond range (years 1677..2262)"), e.getMessage());
    }
  }

  private static Instant micros(long count) {
    return Instant.EPOCH.plus(count, ChronoUnit.MICROS);
  }

  private static Instant nanos(long count) {
    return Instant.EPOCH.plus(count, ChronoUnit.NANOS);
  }

  private static LocalDateTime local(Instant i) {
    return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
  }
}
