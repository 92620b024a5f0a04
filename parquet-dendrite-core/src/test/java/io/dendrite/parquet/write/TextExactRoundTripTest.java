package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What you write is what you read: a shredded file reads back with the same JSON text as the
 * same variants written unshredded (the rule in {@code PrimitiveShredder}), with inferred and
 * with given shredding.
 */
class TextExactRoundTripTest {
  @TempDir
  Path dir;

  // ------------------------------------------------------------------ the two reproductions

  @Test
  void inferredIntegersNextToDecimalsReadBackAsIntegers() throws Exception {
    // Mostly decimals of scale 1, some integers: before, the field became decimal(9,1) and 5
    // read back as 5.0.
    List<String> numbers = List.of("1.5", "5", "2.5", "-0.5", "12", "100.0", "7.5");
    Path file = dir.resolve("inferred.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").build()) {
      for (String n : numbers) {
        w.writeJson("{\"v\": {\"n\": " + n + "}}");
      }
      w.close();
      report = w.report();
    }
    assertEquals("decimal(9,1)", report.path("v.n").shreddedAs());
    assertEquals(5, report.path("v.n").typed(), "the five decimals of scale 1");
    assertEquals(2, report.path("v.n").residual(), "5 and 12 keep their integer text");
    assertEquals(numbers, readTexts(file, "n"));
  }

  @Test
  void givenDecimalKeepsTheWrittenScale() throws Exception {
    // Before, decimal(18,4) turned 4506.31 into 4506.3100 and 3 into 3.0000.
    List<String> numbers = List.of("4506.31", "4506.3100", "3", "0.0001", "-12.5", "1e3");
    Path file = dir.resolve("given.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {n: decimal(18,4)}").build()) {
      for (String n : numbers) {
        w.writeJson("{\"v\": {\"n\": " + n + "}}");
      }
      w.close();
      report = w.report();
    }
    assertEquals(2, report.path("v.n").typed(), "4506.3100 and 0.0001 have scale 4");
    assertEquals(4, report.path("v.n").residual());
    // 1e3 is a double, printed with an exponent as every double is.
    assertEquals(List.of("4506.31", "4506.3100", "3", "0.0001", "-12.5", "1.0E3"),
        readTexts(file, "n"));
  }

  @Test
  void widenExactNumericsIsSparkStyleByValue() throws Exception {
    // The documented opt-in: integers and other scales go into the decimal by value.
    Path file = dir.resolve("widened.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {n: decimal(18,4)}").widenExactNumerics(true).build()) {
      for (String n : List.of("4506.31", "3", "0.00001", "1.5e0")) {
        w.writeJson("{\"v\": {\"n\": " + n + "}}");
      }
      w.close();
      report = w.report();
    }
    assertEquals(2, report.path("v.n").typed(), "4506.31 and 3 are exact at scale 4");
    assertEquals(2, report.path("v.n").residual(), "0.00001 needs scale 5; 1.5e0 is a double");
    assertEquals(List.of("4506.3100", "3.0000", "0.00001", "1.5E0"), readTexts(file, "n"));
  }

  @Test
  void widenExactNumericsInTheInferenceOptionsAlsoWidensTheWriter() throws Exception {
    Path file = dir.resolve("widened-inferred.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .inferShredding(InferenceOptions.DEFAULTS.withWidenExactNumerics(true)).build()) {
      for (String n : List.of("1.5", "5", "2.25")) {
        w.writeJson("{\"v\": {\"n\": " + n + "}}");
      }
      w.close();
      report = w.report();
    }
    assertEquals("decimal(9,2)", report.path("v.n").shreddedAs());
    assertEquals(3, report.path("v.n").typed());
    assertEquals(List.of("1.50", "5.00", "2.25"), readTexts(file, "n"));
  }

  private static List<String> readTexts(Path file, String field) throws IOException {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        out.add(row.getVariant("v").field(field).toJson());
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ property

  /** One generated number and what it is, so expectations follow from the rule alone. */
  private record Num(String kind, long integer, BigDecimal decimal, double floating) {
    /** The class of values one typed_value can hold with the same text: int, decN, double, float. */
    String family() {
      return kind.equals("dec") ? "dec" + decimal.scale() : kind;
    }

    boolean isInt(long min, long max) {
      return kind.equals("int") && integer >= min && integer <= max;
    }

    boolean isDecimal(int precision, int scale) {
      return kind.equals("dec") && decimal.scale() == scale && decimal.precision() <= precision;
    }

    void write(VariantEncoder e, boolean wideInt) {
      switch (kind) {
        case "int":
          if (wideInt) {
            e.writeInt64(integer); // an int64 encoding of a small value
          } else {
            e.writeLong(integer);
          }
          break;
        case "dec":
          e.writeDecimal(decimal);
          break;
        case "double":
          e.writeDouble(floating);
          break;
        default:
          e.writeFloat((float) floating);
      }
    }
  }

  /** Random numbers of the shapes JSON and Java give: ints of every width, decimals, floats. */
  private static final class Numbers {
    private final Random random;

    Numbers(long seed) {
      random = new Random(seed);
    }

    Num integer() {
      long x;
      switch (random.nextInt(4)) {
        case 0: x = (byte) random.nextInt(); break;
        case 1: x = (short) random.nextInt(); break;
        case 2: x = random.nextInt(); break;
        default: x = random.nextLong(); break;
      }
      return new Num("int", x, null, 0);
    }

    Num decimal(int scale, int maxDigits) {
      int digits = 1 + random.nextInt(maxDigits);
      BigInteger unscaled = new BigInteger(digits * 4, random).mod(BigInteger.TEN.pow(digits));
      if (random.nextBoolean()) {
        unscaled = unscaled.negate();
      }
      return new Num("dec", 0, new BigDecimal(unscaled, scale), 0);
    }

    Num floating(boolean isFloat) {
      double x;
      switch (random.nextInt(10)) {
        case 0: x = -0.0; break;
        case 1: x = Double.NaN; break;
        case 2: x = random.nextInt(1000); break; // integral doubles still print as doubles
        default: x = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
      }
      return new Num(isFloat ? "float" : "double", 0, null, isFloat ? (float) x : x);
    }

    boolean chance(int percent) {
      return random.nextInt(100) < percent;
    }

    int nextInt(int bound) {
      return random.nextInt(bound);
    }
  }

  /** Field name to its numbers, in row order; "a[]" collects array elements. */
  private final Map<String, List<Num>> generated = new LinkedHashMap<>();

  private EncodedVariant numericDocument(Numbers n, VariantEncoder e) {
    e.reset();
    if (n.chance(3)) {
      n.decimal(2, 6).write(e, false); // a bare number instead of an object
      return e.finish();
    }
    Map<String, Num> fields = new LinkedHashMap<>();
    // i: integers of every width (one in ten a double); d: decimals of mixed scales with scale 2
    // dominant; m: integers, scale-3 decimals and integers beyond int64 (scale-0 decimals);
    // x: doubles and floats; f: floats and some integers.
    fields.put("i", n.chance(90) ? n.integer() : n.floating(false));
    int r = n.nextInt(100);
    fields.put("d", r < 55 ? n.decimal(2, 20) : r < 80 ? n.decimal(1, 10)
        : r < 90 ? n.decimal(4, 12) : n.integer());
    r = n.nextInt(100);
    fields.put("m", r < 45 ? n.integer() : r < 80 ? n.decimal(3, 8) : n.decimal(0, 38));
    fields.put("x", n.chance(60) ? n.floating(false) : n.floating(true));
    fields.put("f", n.chance(80) ? n.floating(true) : n.integer());
    e.startObject();
    for (Map.Entry<String, Num> f : fields.entrySet()) {
      if (n.chance(5)) {
        continue; // missing
      }
      e.key(f.getKey());
      f.getValue().write(e, n.chance(20));
      generated.computeIfAbsent(f.getKey(), k -> new ArrayList<>()).add(f.getValue());
    }
    if (n.chance(70)) {
      e.key("a");
      e.startArray();
      for (int i = n.nextInt(5); i > 0; i--) {
        Num element = n.chance(70) ? n.decimal(2, 11) : n.chance(50) ? n.integer()
            : n.decimal(5, 6);
        element.write(e, false);
        generated.computeIfAbsent("a[]", k -> new ArrayList<>()).add(element);
      }
      e.endArray();
    }
    e.endObject();
    return e.finish();
  }

  @Test
  void randomNumericDocumentsReadBackWithTheTextOfTheUnshreddedFile() throws Exception {
    Numbers numbers = new Numbers(20261123L);
    VariantEncoder encoder = new VariantEncoder(true);
    List<EncodedVariant> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(numericDocument(numbers, encoder));
    }
    Path plain = write(rows, "unshredded", DendriteWriter.Builder::unshredded).file;
    List<String> expected = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(plain).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        String text = row.getVariant("v").toJson();
        assertEquals(VariantValue.of(rows.get(i)).toJson(), text, "unshredded row " + i);
        expected.add(text);
        i++;
      }
    }
    assertEquals(rows.size(), expected.size());

    // Given: each typed_value takes exactly the values of its own type, scale and range.
    String given = "v: {i: int32, d: decimal(18,2), m: decimal(38,0), x: double, f: float,"
        + " a: [decimal(9,2)]}";
    Map<String, Predicate<Num>> accepts = Map.of(
        "i", x -> x.isInt(Integer.MIN_VALUE, Integer.MAX_VALUE),
        "d", x -> x.isDecimal(18, 2),
        "m", x -> x.isDecimal(38, 0),
        "x", x -> x.kind().equals("double"),
        "f", x -> x.kind().equals("float"),
        "a[]", x -> x.isDecimal(9, 2));
    Written g = write(rows, "given", b -> b.shredding(given));
    assertSameTexts(g.file, expected, "given");
    for (Map.Entry<String, Predicate<Num>> e : accepts.entrySet()) {
      long typed = generated.get(e.getKey()).stream().filter(e.getValue()).count();
      assertTyped(g.report, e.getKey(), typed, "given");
    }

    // Inferred from the whole sample (3000 < 4096 rows): at each path the most frequent family
    // is typed, all of it (widths and precisions cover the sample), and nothing else.
    Written inferred = write(rows, "inferred", b -> b);
    assertSameTexts(inferred.file, expected, "inferred");
    ShreddedType schema = inferred.report.columns().get("v").schema();
    assertNotNull(schema);
    for (Map.Entry<String, List<Num>> e : generated.entrySet()) {
      Map<String, Long> byFamily = new HashMap<>();
      e.getValue().forEach(x -> byFamily.merge(x.family(), 1L, Long::sum));
      long dominant = byFamily.values().stream().mapToLong(Long::longValue).max().orElse(0);
      assertTyped(inferred.report, e.getKey(), dominant, "inferred " + schema);
    }
  }

  private record Written(Path file, ShreddingReport report) {}

  private Written write(List<EncodedVariant> rows, String name,
      UnaryOperator<DendriteWriter.Builder> layout) throws IOException {
    Path file = dir.resolve(name + ".parquet");
    DendriteWriter w = layout.apply(DendriteWriter.builder(file).schema("v variant")
        .rowGroupSize(128 * 1024)).build();
    try (w) {
      for (EncodedVariant v : rows) {
        w.write(Map.of("v", v));
      }
    }
    return new Written(file, w.report());
  }

  private static void assertSameTexts(Path file, List<String> expected, String mode)
      throws IOException {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        assertEquals(expected.get(i), row.getVariant("v").toJson(), mode + " row " + i);
        i++;
      }
      assertEquals(expected.size(), i, mode);
    }
  }

  /** Checks the typed count of {@code field} and reports its share of the values present. */
  private static void assertTyped(ShreddingReport report, String field, long typed,
      String mode) {
    ShreddingReport.PathCounts p = report.path("v." + field);
    assertNotNull(p, mode + ": v." + field + " is not shredded\n" + report);
    assertEquals(typed, p.typed(), mode + ": typed values of v." + field + "\n" + report);
    long present = p.typed() + p.residual();
    assertTrue(present > 0, field);
    System.out.printf(Locale.ROOT, "%-9s v.%-4s %-14s %5.1f%% typed (%d of %d)%n", mode
        .split(" ")[0], field, p.shreddedAs(), 100.0 * p.typed() / present, p.typed(), present);
  }
}
