package io.dendrite.parquet.spark;

import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * Files for the filter tests: rows sorted by {@code id} (clustered: row group {@code g} of a
 * file holds ids {@code first + g * ROW_GROUP_ROWS} onwards), every other column random with
 * nulls and, in the VARIANT {@code v}, shredded leaves that are sometimes of another type
 * (residual), missing or JSON null. Values come from small domains so that literals drawn
 * from them ({@link #word}, {@link #timestamp}, ...) hit rows.
 */
final class ClusteredFiles {
  static final String SCHEMA = "id int64 not null, i int32, l int64, s string, day date,"
      + " ts timestamp, ntz timestamp_ntz, price decimal(9,2), d double, b boolean,"
      + " addr struct<city string, zip int32>, v variant";
  static final String SHREDDING = "v: {a: int64, b: string, c: {d: int32}}";
  static final int ROW_GROUP_ROWS = 100;
  private static final String[] WORDS = {"alpha", "beta", "gamma", "", "Zeta", "ключ", "a'b",
      "emoji 🙂"};
  private static final long TS_BASE = 1_700_000_000_000_000L;

  private ClusteredFiles() {}

  /** Rows with ids {@code first .. first + rows - 1}, in that order. */
  static void write(Path file, int first, int rows, long seed,
      UnaryOperator<DendriteWriter.Builder> layout) throws IOException {
    Random r = new Random(seed);
    try (DendriteWriter w = layout.apply(DendriteWriter.builder(file).schema(SCHEMA)
        .rowGroupRows(ROW_GROUP_ROWS).pageRows(ROW_GROUP_ROWS / 4)).build()) {
      for (int id = first; id < first + rows; id++) {
        StringBuilder sb = new StringBuilder("{\"id\": ").append(id);
        field(sb, r, "i", Integer.toString(r.nextInt(101) - 50));
        field(sb, r, "l", Long.toString((r.nextLong() % 1000) * 1_000_000_007L));
        field(sb, r, "s", json(word(r)));
        field(sb, r, "day", json(date(r).toString()));
        long micros = timestampMicros(r);
        field(sb, r, "ts", json(instant(micros).toString()));
        field(sb, r, "ntz", json(LocalDateTime.ofInstant(instant(micros), ZoneOffset.UTC)
            .toString()));
        field(sb, r, "price", decimal(r).toString());
        field(sb, r, "d", Double.toString(r.nextGaussian()));
        field(sb, r, "b", Boolean.toString(r.nextBoolean()));
        field(sb, r, "addr", "{\"city\": " + (r.nextInt(4) == 0 ? "null" : json(word(r)))
            + ", \"zip\": " + (r.nextInt(4) == 0 ? "null" : r.nextInt(100)) + "}");
        field(sb, r, "v", variant(r));
        w.writeJson(sb.append('}').toString());
      }
    }
  }

  /** An object whose leaves are typed, of another type (residual), missing or JSON null. */
  private static String variant(Random r) {
    if (r.nextInt(10) == 0) {
      return json(word(r)); // not an object at all
    }
    StringBuilder sb = new StringBuilder("{");
    String sep = "";
    switch (r.nextInt(5)) {
      case 0 -> { } // a missing
      case 1 -> { sb.append("\"a\": null"); sep = ", "; }
      case 2 -> { sb.append("\"a\": ").append(json(word(r))); sep = ", "; }
      default -> { sb.append("\"a\": ").append(r.nextInt(201) - 100); sep = ", "; }
    }
    if (r.nextInt(4) > 0) {
      sb.append(sep).append("\"b\": ").append(r.nextInt(5) == 0 ? "7" : json(word(r)));
      sep = ", ";
    }
    if (r.nextBoolean()) {
      sb.append(sep).append("\"c\": ").append(r.nextInt(5) == 0 ? "[1]"
          : "{\"d\": " + (r.nextInt(5) == 0 ? "null" : Integer.toString(r.nextInt(50))) + "}");
    }
    return sb.append('}').toString();
  }

  static String word(Random r) {
    return WORDS[r.nextInt(WORDS.length)];
  }

  static LocalDate date(Random r) {
    return LocalDate.of(2024, 1, 1).plusDays(r.nextInt(60));
  }

  /** Microseconds near 2023-11-14, few enough distinct values that literals hit rows. */
  static long timestampMicros(Random r) {
    return TS_BASE + r.nextInt(200) * 1_000_003L;
  }

  static Instant instant(long micros) {
    return Instant.EPOCH.plusNanos(micros * 1000);
  }

  static BigDecimal decimal(Random r) {
    return BigDecimal.valueOf(r.nextInt(2001) - 1000, 1).setScale(2);
  }

  /** The field, or (one time in eight) null, or (one in eight) absent. */
  private static void field(StringBuilder sb, Random r, String name, String value) {
    int k = r.nextInt(8);
    if (k == 0) {
      return;
    }
    sb.append(", ").append(json(name)).append(": ").append(k == 1 ? "null" : value);
  }

  private static String json(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
