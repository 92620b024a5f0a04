package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inference rules of {@link ShreddingInference} (its class documentation and DESIGN.md §3.4),
 * one rule per test, each from a sample built as JSON (or Java values where JSON has no such type,
 * e.g. float).
 */
class ShreddingInferenceTest {

  @TempDir Path dir;

  // ------------------------------------------------------------------ helpers

  private static EncodedVariant json(String text) {
    try {
      return VariantJson.parse(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static EncodedVariant java(Object value) {
    VariantEncoder enc = new VariantEncoder();
    VariantJava.write(value, enc);
    return enc.finish();
  }

  private static List<EncodedVariant> jsons(List<String> texts) {
    List<EncodedVariant> out = new ArrayList<>();
    for (String t : texts) {
      out.add(json(t));
    }
    return out;
  }

  /** {@code n} copies of one JSON text. */
  private static List<String> times(int n, String text) {
    return Collections.nCopies(n, text);
  }

  @SafeVarargs
  private static List<String> concat(List<String>... parts) {
    List<String> out = new ArrayList<>();
    for (List<String> p : parts) {
      out.addAll(p);
    }
    return out;
  }

  private static ShreddedType infer(List<String> texts) {
    return ShreddingInference.infer(jsons(texts), InferenceOptions.DEFAULTS);
  }

  private static ShreddedType infer(List<String> texts, InferenceOptions options) {
    return ShreddingInference.infer(jsons(texts), options);
  }

  private static void assertSchema(String expected, ShreddedType actual) {
    assertNotNull(actual, "expected " + expected + " but nothing was shredded");
    assertEquals(ShreddedType.parse(expected), actual, "inferred " + actual);
    assertEquals(expected, actual.toString());
  }

  // ------------------------------------------------------------------ dominant shape

  @Test
  void mostlyObjectsWithSomeScalarsIsShreddedAsObject() {
    // 8 objects, 1 string, 1 int at the top level. Spark leaves such a column unshredded; the
    // rule here is that the dominant family (object, 8 of 10) is shredded.
    List<String> sample = concat(
        times(8, "{\"user\": \"ada\", \"score\": 7}"),
        List.of("\"not an object\"", "42"));
    assertSchema("{score: int8, user: string}", infer(sample));
  }

  @Test
  void mostlyObjectsScalarsLandInTopLevelValueWhenWritten() throws Exception {
    List<String> sample = concat(
        times(8, "{\"user\": \"ada\", \"score\": 7}"),
        List.of("\"not an object\"", "42"));
    Path file = dir.resolve("objects.parquet");
    List<EncodedVariant> inputs = jsons(sample);
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").build()) {
      for (EncodedVariant v : inputs) {
        w.write(Map.of("v", v));
      }
      w.close();
      ShreddingReport.PathCounts top = w.report().path("v");
      assertNotNull(top, w.report().toString());
      assertEquals(8, top.typed(), "object rows go to typed_value");
      assertEquals(2, top.residual(), "the string and the int go to value");
      assertEquals(8, w.report().path("v.user").typed());
      assertEquals(8, w.report().path("v.score").typed());
    }
    assertReadsBack(file, inputs);
  }

  @Test
  void fieldThatIsMostlyIntIsShreddedAsIntAndMinorityGoesToValue() throws Exception {
    // 9 of 10 values of "n" are integers, one is a string.
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      sample.add("{\"n\": " + (i * 10) + "}");
    }
    sample.add("{\"n\": \"n/a\"}");
    assertSchema("{n: int8}", infer(sample));

    // Written with the inferred schema, the string stays in n's value; the ints are typed.
    Path file = dir.resolve("int.parquet");
    List<EncodedVariant> inputs = jsons(sample);
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").build()) {
      for (EncodedVariant v : inputs) {
        w.write(Map.of("v", v));
      }
      w.close();
      ShreddingReport.PathCounts n = w.report().path("v.n");
      assertNotNull(n, w.report().toString());
      assertEquals("int8", n.shreddedAs());
      assertEquals(9, n.typed());
      assertEquals(1, n.residual());
      assertEquals(0, n.missing());
    }
    assertReadsBack(file, inputs);
  }

  @Test
  void dominantFamilyWinsEvenWhenTheMinorityComesFirst() {
    List<String> sample = concat(times(3, "{\"n\": \"text\"}"), times(7, "{\"n\": 5}"));
    assertSchema("{n: int8}", infer(sample));
    List<String> reversed = concat(times(3, "{\"n\": 5}"), times(7, "{\"n\": \"text\"}"));
    assertSchema("{n: string}", infer(reversed));
  }

  // ------------------------------------------------------------------ numeric families

  @Test
  void integersWidenToTheSmallestCoveringWidth() {
    // JSON integers are encoded in the smallest width: 5 is int8, 300 int16, 70000 int32,
    // 5000000000 int64.
    assertSchema("{n: int8}", infer(List.of("{\"n\": 5}", "{\"n\": -128}", "{\"n\": 127}")));
    assertSchema("{n: int16}", infer(List.of("{\"n\": 5}", "{\"n\": 300}", "{\"n\": -7}")));
    assertSchema("{n: int32}", infer(List.of("{\"n\": 5}", "{\"n\": 300}", "{\"n\": 70000}")));
    assertSchema("{n: int64}", infer(List.of("{\"n\": 5}", "{\"n\": 5000000000}")));
    assertSchema("int16", infer(List.of("1", "2", "-32768")));
  }

  @Test
  void integersAndDecimalsAreSeparateFamiliesAndTheLargerWins() {
    // A decimal typed_value would turn 5 into 5.00, an integer one cannot hold 1.25: each family
    // is counted on its own. 2 integers vs 1 decimal: int16 (12345 needs two bytes).
    assertSchema("{p: int16}", infer(List.of("{\"p\": 12345}", "{\"p\": 1.25}", "{\"p\": 3}")));
    // 1 integer vs 2 decimals of scale 2: decimal of scale 2, 3 digits rounded up to 9.
    assertSchema("decimal(9,2)", infer(List.of("1234567890", "0.25", "7.50")));
    // Equal counts: INTEGER comes first in the family order.
    assertSchema("int8", infer(List.of("1", "0.5")));
  }

  @Test
  void decimalsTakeTheirMostFrequentScaleWithPrecisionForThatScale() {
    // Scale 1 three times (widest 4 digits: 1000.5), scale 3 twice, scale 2 once: decimal(9,1).
    assertSchema("decimal(9,1)",
        infer(List.of("0.5", "1000.5", "-2.0", "0.125", "7.250", "3.25")));
    // The precision covers the dominant scale's values only: 12345678901.5 has 12 digits.
    assertSchema("decimal(18,1)", infer(List.of("12345678901.5", "0.5", "1.25")));
    // A decimal's precision is at least its scale: 0.05 needs decimal(2,2), rounded to 9.
    assertSchema("decimal(9,2)", infer(List.of("0.05", "0.01")));
    // Equally frequent scales: the smaller scale.
    assertSchema("decimal(9,1)", infer(List.of("1.25", "1.5")));
    // Integers beyond int64 are decimals of scale 0 (up to 38 digits: decimal16); they outnumber
    // the one int64-range integer.
    assertSchema("decimal(38,0)", infer(List.of("123456789012345678901234567890", "5",
        "99999999999999999999999999999999999999")));
  }

  @Test
  void numericInferenceKeepsEveryTypedValueTextExactWhenWritten() throws Exception {
    // Prices as JSON writes them: scale 2 dominates; integers and other scales stay in value
    // with their own text.
    List<String> texts = List.of("12.50", "3", "0.99", "100.10", "4506.31", "7.5", "1.000");
    List<String> sample = new ArrayList<>();
    for (String t : texts) {
      sample.add("{\"p\": " + t + "}");
    }
    Path file = dir.resolve("prices.parquet");
    List<EncodedVariant> inputs = jsons(sample);
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").build()) {
      for (EncodedVariant v : inputs) {
        w.write(Map.of("v", v));
      }
      w.close();
      ShreddingReport.PathCounts p = w.report().path("v.p");
      assertEquals("decimal(9,2)", p.shreddedAs());
      assertEquals(4, p.typed(), "the four numbers of scale 2");
      assertEquals(3, p.residual(), "3, 7.5 and 1.000");
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        assertEquals(texts.get(i), row.getVariant("v").field("p").toJson(), "row " + i);
        i++;
      }
      assertEquals(texts.size(), i);
    }
  }

  @Test
  void widenExactNumericsUnifiesIntegersAndDecimalsAsSparkDoes() {
    InferenceOptions spark = InferenceOptions.DEFAULTS.withWidenExactNumerics(true);
    // 12345 has 5 integer digits, 1.25 has scale 2: decimal(P,2) with P >= 7, rounded to 9.
    ShreddedType t = infer(List.of("{\"p\": 12345}", "{\"p\": 1.25}", "{\"p\": 3}"), spark);
    ShreddedPrimitive p = assertInstanceOf(ShreddedPrimitive.class,
        assertInstanceOf(ShreddedObject.class, t).field("p"));
    assertEquals(2, p.scale());
    assertEquals(VariantType.DECIMAL4, p.kind());
    assertEquals(9, p.precision(), "5 + 2 digits rounded up to 9");
    // 1234567890 needs 10 integer digits; with scale 2 that is 12 digits: decimal8.
    assertSchema("decimal(18,2)", infer(List.of("1234567890", "0.25", "7.5"), spark));
    // Decimals alone: the largest scale (3 from 0.125), integer part 4 digits from 1000.5.
    assertSchema("decimal(9,3)", infer(List.of("0.125", "1000.5", "2.5"), spark));
    // Integers alone are still integers.
    assertSchema("int16", infer(List.of("1", "300"), spark));
    assertTrue(spark.widenExactNumerics());
  }

  @Test
  void widenedSampleIsTypedByValueWhenWritten() throws Exception {
    List<String> sample = List.of("{\"p\": 12345}", "{\"p\": 1.25}", "{\"p\": 3}", "{\"p\": -0.5}");
    Path file = dir.resolve("dec.parquet");
    List<EncodedVariant> inputs = jsons(sample);
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .inferShredding(InferenceOptions.DEFAULTS.withWidenExactNumerics(true)).build()) {
      for (EncodedVariant v : inputs) {
        w.write(Map.of("v", v));
      }
      w.close();
      ShreddingReport.PathCounts p = w.report().path("v.p");
      assertEquals("decimal(9,2)", p.shreddedAs());
      assertEquals(4, p.typed(), "every sampled number fits the inferred decimal");
      assertEquals(0, p.residual());
    }
    // Values come back numerically equal, at the column's scale: the documented price of the
    // option.
    List<String> expected = List.of("12345.00", "1.25", "3.00", "-0.50");
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        assertEquals(expected.get(i), row.getVariant("v").field("p").toJson(), "row " + i);
        i++;
      }
      assertEquals(4, i);
    }
  }

  @Test
  void floatAndDoubleAreKeptApartAndTheDominantWins() {
    List<EncodedVariant> mostlyDouble = new ArrayList<>();
    List<EncodedVariant> mostlyFloat = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      mostlyDouble.add(java(Map.of("x", 1.5 + i)));
      mostlyFloat.add(java(Map.of("x", 1.5f + i)));
    }
    for (int i = 0; i < 4; i++) {
      mostlyDouble.add(java(Map.of("x", 0.25f + i)));
      mostlyFloat.add(java(Map.of("x", 0.25 + i)));
    }
    assertSchema("{x: double}",
        ShreddingInference.infer(mostlyDouble, InferenceOptions.DEFAULTS));
    assertSchema("{x: float}",
        ShreddingInference.infer(mostlyFloat, InferenceOptions.DEFAULTS));
  }

  @Test
  void doublesDoNotJoinTheExactNumericFamily() {
    // 3 doubles (exponent notation) vs 2 integers: double is the dominant family on its own.
    assertSchema("double", infer(List.of("1e3", "2.5e0", "3E1", "4", "5")));
    // 2 doubles vs 3 integers: the integers win and stay an integer type.
    assertSchema("int8", infer(List.of("1e3", "2.5e0", "3", "4", "5")));
  }

  // ------------------------------------------------------------------ arrays

  @Test
  void uniformArraysAreShreddedElementWise() {
    assertSchema("{tags: [string]}", infer(List.of(
        "{\"tags\": [\"a\", \"b\"]}", "{\"tags\": []}", "{\"tags\": [\"c\"]}")));
    assertSchema("[int16]", infer(List.of("[1, 2, 3]", "[400]")));
  }

  @Test
  void arrayOfObjectsIsShreddedAsArrayOfObject() {
    assertSchema("{items: [{k: string, v: int8}]}", infer(List.of(
        "{\"items\": [{\"k\": \"a\", \"v\": 1}, {\"k\": \"b\", \"v\": 2}]}",
        "{\"items\": [{\"v\": 3, \"k\": \"c\"}]}")));
  }

  @Test
  void arraysAreNotShreddedWhenSwitchedOff() {
    assertSchema("{n: int8}", infer(List.of("{\"n\": 1, \"a\": [1, 2]}", "{\"n\": 2, \"a\": [3]}"),
        InferenceOptions.DEFAULTS.withShredArrays(false)));
    assertNull(infer(List.of("[1, 2]"), InferenceOptions.DEFAULTS.withShredArrays(false)));
  }

  // ------------------------------------------------------------------ frequency, width, depth

  @Test
  void fieldFrequencyThresholdIsInclusive() {
    // 20 objects with threshold 0.25: "kept" is in 5 (exactly 25%), "dropped" in 4 (20%).
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      StringBuilder sb = new StringBuilder("{\"id\": ").append(i);
      if (i < 5) {
        sb.append(", \"kept\": \"k\"");
      }
      if (i >= 10 && i < 14) {
        sb.append(", \"dropped\": \"d\"");
      }
      sample.add(sb.append('}').toString());
    }
    InferenceOptions opts = InferenceOptions.DEFAULTS.withMinFieldFrequency(0.25);
    assertSchema("{id: int8, kept: string}", infer(sample, opts));
    // One more occurrence puts "dropped" exactly at the threshold.
    sample.set(19, "{\"id\": 19, \"dropped\": \"d\"}");
    assertSchema("{dropped: string, id: int8, kept: string}", infer(sample, opts));
  }

  @Test
  void defaultThresholdIsTenPercent() {
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      sample.add(i == 0 ? "{\"a\": 1, \"rare\": true}" : "{\"a\": 1}");
    }
    assertSchema("{a: int8, rare: boolean}", infer(sample)); // 1 of 10 = 10%
    sample.add("{\"a\": 1}");
    assertSchema("{a: int8}", infer(sample)); // 1 of 11 < 10%
  }

  @Test
  void topLevelFieldFrequencyCountsOnlyRowsThatAreObjects() {
    // 10 objects and 8 strings: "f" is in 3 of the 10 objects (30%), 3 of 18 rows (17%).
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      sample.add(i < 3 ? "{\"a\": 1, \"f\": 2}" : "{\"a\": 1}");
    }
    sample.addAll(times(8, "\"s\""));
    assertSchema("{a: int8, f: int8}",
        infer(sample, InferenceOptions.DEFAULTS.withMinFieldFrequency(0.25)));
  }

  @Test
  void maxLeavesKeepsTheMostFrequentLeaves() {
    // Frequencies: a 100%, b 70%, n.x 50%, n.y 20%, c 30%.
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      StringBuilder sb = new StringBuilder("{\"a\": 1");
      if (i < 7) {
        sb.append(", \"b\": \"x\"");
      }
      if (i < 3) {
        sb.append(", \"c\": true");
      }
      if (i < 5) {
        sb.append(", \"n\": {\"x\": 1").append(i < 2 ? ", \"y\": 2" : "").append('}');
      }
      sample.add(sb.append('}').toString());
    }
    assertSchema("{a: int8, b: string, c: boolean, n: {x: int8, y: int8}}", infer(sample));
    assertSchema("{a: int8, b: string, n: {x: int8}}",
        infer(sample, InferenceOptions.DEFAULTS.withMaxLeaves(3)));
    assertSchema("{a: int8}", infer(sample, InferenceOptions.DEFAULTS.withMaxLeaves(1)));
    assertSchema("{a: int8, b: string, c: boolean, n: {x: int8}}",
        infer(sample, InferenceOptions.DEFAULTS.withMaxLeaves(4)));
  }

  @Test
  void maxDepthStopsNesting() {
    // Depths (the column's value is depth 0): top 1, a 1, a.x 2, a.b 2, a.b.y 3, a.b.c 3,
    // a.b.c.z 4.
    List<String> sample = times(4,
        "{\"top\": 1, \"a\": {\"x\": 1, \"b\": {\"y\": 1, \"c\": {\"z\": 1}}}}");
    Function<Integer, ShreddedType> at =
        d -> infer(sample, InferenceOptions.DEFAULTS.withMaxDepth(d));
    assertSchema("{top: int8}", at.apply(1));
    assertSchema("{a: {x: int8}, top: int8}", at.apply(2));
    assertSchema("{a: {b: {y: int8}, x: int8}, top: int8}", at.apply(3));
    assertSchema("{a: {b: {c: {z: int8}, y: int8}, x: int8}, top: int8}", at.apply(4));
    assertSchema("{a: {b: {c: {z: int8}, y: int8}, x: int8}, top: int8}", infer(sample));
  }

  @Test
  void maxDepthAppliesToArrayElements() {
    // tags is at depth 1, its elements at depth 2.
    List<String> sample = times(3, "{\"id\": 1, \"tags\": [\"a\", \"b\"]}");
    assertSchema("{id: int8}", infer(sample, InferenceOptions.DEFAULTS.withMaxDepth(1)));
    assertSchema("{id: int8, tags: [string]}",
        infer(sample, InferenceOptions.DEFAULTS.withMaxDepth(2)));
  }

  // ------------------------------------------------------------------ nothing to shred

  @Test
  void allNullColumnIsNotShredded() {
    assertNull(infer(times(5, "null")));
    // A field that is always null is left out; the others are kept.
    assertSchema("{b: int8}", infer(times(5, "{\"a\": null, \"b\": 1}")));
    // An object whose only field is always null has nothing worth shredding.
    assertNull(infer(times(5, "{\"a\": null}")));
  }

  @Test
  void emptySampleIsNotShredded() {
    assertNull(ShreddingInference.infer(List.of(), InferenceOptions.DEFAULTS));
    ShreddingInference incremental = new ShreddingInference(InferenceOptions.DEFAULTS);
    assertEquals(0, incremental.rows());
    assertNull(incremental.infer());
  }

  @Test
  void emptyObjectsAndArraysAreNotShredded() {
    assertNull(infer(times(3, "{}")));
    assertNull(infer(times(3, "[]")));
  }

  // ------------------------------------------------------------------ order independence

  @Test
  void resultDoesNotDependOnRowOrder() {
    List<String> sample = new ArrayList<>();
    Random random = new Random(42);
    for (int i = 0; i < 200; i++) {
      Map<String, String> fields = new LinkedHashMap<>();
      if (random.nextInt(10) < 9) {
        fields.put("\"z_last\"", String.valueOf(random.nextInt(1000)));
      }
      if (random.nextInt(10) < 6) {
        fields.put("\"a_first\"", random.nextBoolean() ? "\"s\"" : "1.5");
      }
      if (random.nextInt(10) < 3) {
        fields.put("\"m\"", "{\"q\": " + random.nextInt(5) + ", \"r\": [1, 2]}");
      }
      if (random.nextInt(20) == 0) {
        fields.put("\"rare\"", "true");
      }
      StringBuilder sb = new StringBuilder("{");
      fields.forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "").append(k).append(": ")
          .append(v));
      sample.add(random.nextInt(10) == 0 ? "\"scalar\"" : sb.append('}').toString());
    }
    ShreddedType reference = infer(sample);
    assertNotNull(reference);
    for (long seed = 1; seed <= 10; seed++) {
      List<String> shuffled = new ArrayList<>(sample);
      Collections.shuffle(shuffled, new Random(seed));
      ShreddedType t = infer(shuffled);
      assertEquals(reference, t, "seed " + seed);
      assertEquals(reference.toString(), t.toString(), "seed " + seed);
    }
    List<String> reversed = new ArrayList<>(sample);
    Collections.reverse(reversed);
    assertEquals(reference.toString(), infer(reversed).toString());
  }

  @Test
  void fieldOrderIsByNameNotByFirstAppearance() {
    ShreddedType t = infer(List.of("{\"zeta\": 1}", "{\"alpha\": 2, \"zeta\": 3}",
        "{\"mid\": 4, \"alpha\": 5}"));
    assertSchema("{alpha: int8, mid: int8, zeta: int8}", t);
  }

  // ------------------------------------------------------------------ options

  @Test
  void defaultsAreAsDocumented() {
    InferenceOptions d = InferenceOptions.DEFAULTS;
    assertEquals(4096, d.sampleRows());
    assertEquals(64L << 20, d.sampleBytes());
    assertEquals(0.10, d.minFieldFrequency());
    assertEquals(300, d.maxLeaves());
    assertEquals(50, d.maxDepth());
    assertTrue(d.shredArrays());
    assertFalse(d.widenExactNumerics());
  }

  @Test
  void optionValidationMessagesNameTheKnobAndTheValue() {
    InferenceOptions d = InferenceOptions.DEFAULTS;
    assertMessage("sampleRows must be at least 1, got 0", () -> d.withSampleRows(0));
    assertMessage("sampleBytes must be at least 1, got -5", () -> d.withSampleBytes(-5));
    assertMessage("minFieldFrequency must be within [0, 1], got 1.5",
        () -> d.withMinFieldFrequency(1.5));
    assertMessage("minFieldFrequency must be within [0, 1], got -0.1",
        () -> d.withMinFieldFrequency(-0.1));
    assertMessage("minFieldFrequency must be within [0, 1], got NaN",
        () -> d.withMinFieldFrequency(Double.NaN));
    assertMessage("maxLeaves must be at least 1, got 0", () -> d.withMaxLeaves(0));
    assertMessage("maxDepth must be at least 1, got -1", () -> d.withMaxDepth(-1));
    // Boundaries are accepted.
    assertEquals(0.0, d.withMinFieldFrequency(0).minFieldFrequency());
    assertEquals(1.0, d.withMinFieldFrequency(1).minFieldFrequency());
    assertEquals(1, d.withMaxLeaves(1).withMaxDepth(1).withSampleRows(1).sampleRows());
  }

  @Test
  void frequencyOfOneKeepsOnlyFieldsPresentEverywhere() {
    List<String> sample = List.of("{\"a\": 1, \"b\": 1}", "{\"a\": 2}", "{\"a\": 3, \"b\": 2}");
    assertSchema("{a: int8}", infer(sample, InferenceOptions.DEFAULTS.withMinFieldFrequency(1)));
    assertSchema("{a: int8, b: int8}",
        infer(sample, InferenceOptions.DEFAULTS.withMinFieldFrequency(0)));
  }

  private static void assertMessage(String expected, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertEquals(expected, e.getMessage());
  }

  private static void assertReadsBack(Path file, List<EncodedVariant> expected) throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        assertTrue(i < expected.size(), "more rows than written");
        assertEquals(VariantValue.of(expected.get(i)), row.getVariant("v"), "row " + i);
        i++;
      }
      assertEquals(expected.size(), i);
    }
  }
}
