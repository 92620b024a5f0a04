package io.dendrite.parquet.spark;

import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * Files written by our DendriteWriter for the source's tests: typed columns of every kind the
 * source maps, nulls at every level, a nested struct, lists, a map and a VARIANT column whose
 * documents vary in shape (objects with a typed field that is sometimes of another type,
 * arrays, scalars, JSON null).
 */
final class TestFiles {
  static final String SCHEMA = "id int64 not null, i int32, l int64, f float, d double,"
      + " b boolean, s string, bin binary, day date, ts timestamp, ntz timestamp_ntz,"
      + " price decimal(9,2), big decimal(30,5),"
      + " addr struct<city string, zip int32, geo struct<lat double, lon double>>,"
      + " tags list<string>, nums list<int64 not null>, attrs map<string, int64>, doc variant";
  /** How the shredded file shreds doc: a is mostly an int, sometimes not (residual). */
  static final String SHREDDING = "doc: {a: int32, b: string, n: {c: [int64], x: boolean}}";

  private TestFiles() {}

  /** Rows with ids {@code firstId, firstId + 1, ...}: files of one table have distinct ids. */
  static void write(Path file, int firstId, int rows, long seed,
      UnaryOperator<DendriteWriter.Builder> options) throws IOException {
    DendriteWriter.Builder b = DendriteWriter.builder(file).schema(SCHEMA)
        .rowGroupRows(Math.max(1, rows / 3)); // several row groups
    try (DendriteWriter w = options.apply(b).build()) {
      for (String line : lines(firstId, rows, seed)) {
        w.writeJson(line);
      }
    }
  }

  static List<String> lines(int firstId, int rows, long seed) {
    Random r = new Random(seed);
    List<String> out = new ArrayList<>();
    for (int id = firstId; id < firstId + rows; id++) {
      StringBuilder sb = new StringBuilder("{\"id\": ").append(id);
      field(sb, r, "i", () -> Integer.toString(r.nextInt()));
      field(sb, r, "l", () -> Long.toString(r.nextLong()));
      field(sb, r, "f", () -> Float.toString(r.nextFloat() * 1000 - 500));
      field(sb, r, "d", () -> Double.toString(r.nextGaussian() * 1e6));
      field(sb, r, "b", () -> Boolean.toString(r.nextBoolean()));
      field(sb, r, "s", () -> quote(word(r)));
      field(sb, r, "bin", () -> quote(java.util.Base64.getEncoder().encodeToString(
          word(r).getBytes(java.nio.charset.StandardCharsets.UTF_8))));
      field(sb, r, "day", () -> quote(java.time.LocalDate.ofEpochDay(r.nextInt(40000) - 10000)
          .toString()));
      // Microsecond precision, before and after the epoch.
      long micros = (r.nextLong() % 4_000_000_000_000_000L);
      field(sb, r, "ts", () -> quote(java.time.Instant.EPOCH.plus(micros,
          java.time.temporal.ChronoUnit.MICROS).toString()));
      field(sb, r, "ntz", () -> quote(java.time.LocalDateTime.ofEpochSecond(
          Math.floorDiv(micros, 1_000_000), (int) Math.floorMod(micros, 1_000_000) * 1000,
          java.time.ZoneOffset.UTC).toString()));
      field(sb, r, "price", () -> new java.math.BigDecimal(r.nextInt(2_000_000_000) - 1_000_000_000)
          .movePointLeft(2).toString());
      field(sb, r, "big", () -> new java.math.BigDecimal(new java.math.BigInteger(90, r)).negate()
          .movePointLeft(5).toString());
      field(sb, r, "addr", () -> "{\"city\": " + (r.nextInt(4) == 0 ? "null" : quote(word(r)))
          + ", \"zip\": " + (r.nextInt(4) == 0 ? "null" : r.nextInt(100000))
          + ", \"geo\": " + (r.nextInt(3) == 0 ? "null"
              : "{\"lat\": " + r.nextDouble() + ", \"lon\": " + (r.nextInt(4) == 0 ? "null"
                  : r.nextDouble()) + "}") + "}");
      field(sb, r, "tags", () -> list(r, () -> r.nextInt(5) == 0 ? "null" : quote(word(r))));
      field(sb, r, "nums", () -> list(r, () -> Long.toString(r.nextLong())));
      field(sb, r, "attrs", () -> {
        StringBuilder m = new StringBuilder("{");
        int n = r.nextInt(4);
        for (int k = 0; k < n; k++) {
          m.append(k == 0 ? "" : ", ").append(quote("k" + k + word(r))).append(": ")
              .append(r.nextInt(5) == 0 ? "null" : Long.toString(r.nextLong()));
        }
        return m.append('}').toString();
      });
      field(sb, r, "doc", () -> doc(r));
      out.add(sb.append('}').toString());
    }
    return out;
  }

  /** Mostly objects of the shredded shape; some with a of another type, arrays, scalars. */
  private static String doc(Random r) {
    switch (r.nextInt(10)) {
      case 0:
        return "[1, \"two\", {\"a\": 3}]";
      case 1:
        return quote(word(r));
      case 2:
        return "{\"a\": " + quote(word(r)) + ", \"extra\": [true, null]}"; // a not an int
      default:
        return "{\"a\": " + (r.nextInt(1000) - 500) + ", \"b\": " + quote(word(r))
            + (r.nextBoolean() ? "" : ", \"n\": {\"c\": " + list(r, () -> Long.toString(
                r.nextInt())) + ", \"x\": " + r.nextBoolean() + "}")
            + (r.nextInt(4) == 0 ? ", \"other\": " + r.nextDouble() : "") + "}";
    }
  }

  /** The field, or (one time in six) null, or (one in twelve) absent. */
  private static void field(StringBuilder sb, Random r, String name,
      java.util.function.Supplier<String> value) {
    int k = r.nextInt(12);
    if (k == 0) {
      return;
    }
    sb.append(", ").append(quote(name)).append(": ").append(k == 1 ? "null" : value.get());
  }

  private static String list(Random r, java.util.function.Supplier<String> element) {
    StringBuilder sb = new StringBuilder("[");
    int n = r.nextInt(4);
    for (int k = 0; k < n; k++) {
      sb.append(k == 0 ? "" : ", ").append(element.get());
    }
    return sb.append(']').toString();
  }

  private static String word(Random r) {
    String[] words = {"alpha", "beta", "ключ", "", "a\"quote", "tab\there", "emoji 🙂", "zeta"};
    return words[r.nextInt(words.length)] + r.nextInt(100);
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t") + "\"";
  }
}
