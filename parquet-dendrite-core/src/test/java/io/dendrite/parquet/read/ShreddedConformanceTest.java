package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEquality;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Reads every file of the public shredded-variant conformance corpus
 * ({@code ../shared/conformance/shredded_variant}, from apache/parquet-testing) and compares each
 * reassembled variant with the expected one, value by value (metadata layout may differ).
 *
 * <p>Files the corpus marks invalid, and how this reader treats them:
 * <table>
 *   <caption>Invalid cases</caption>
 *   <tr><th>case</th><th>problem</th><th>our behaviour</th></tr>
 *   <tr><td>40</td><td>array element has both value and typed_value</td>
 *       <td>error: conflicting value and typed_value</td></tr>
 *   <tr><td>42</td><td>value and typed_value both set for a primitive</td>
 *       <td>error: conflicting value and typed_value</td></tr>
 *   <tr><td>43-INVALID</td><td>a shredded field (missing in typed_value) is also in the
 *       residual object</td><td>error: shredded field also present in the residual (the spec
 *       says engines should fail; reading typed_value only is the other permitted choice)</td></tr>
 *   <tr><td>84-INVALID</td><td>shredded object fields are optional groups</td>
 *       <td>error at open: field groups must be required</td></tr>
 *   <tr><td>87</td><td>non-object value with shredded fields</td>
 *       <td>error: typed_value is an object but value is not</td></tr>
 *   <tr><td>125-INVALID</td><td>a shredded field present in both typed_value and the
 *       residual</td><td>error: shredded field also present in the residual</td></tr>
 *   <tr><td>127</td><td>typed_value is an unsigned INT(32,false)</td>
 *       <td>error at open: unsupported shredded type</td></tr>
 *   <tr><td>128</td><td>empty residual object with a non-object value conflict</td>
 *       <td>error: typed_value is an object but value is not</td></tr>
 *   <tr><td>137</td><td>typed_value is an unannotated FIXED_LEN_BYTE_ARRAY(4)</td>
 *       <td>error at open: unsupported shredded type</td></tr>
 * </table>
 * The test asserts each of these raises an error, so a change in behaviour shows up here.
 */
class ShreddedConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Path corpus() {
    String dir = System.getProperty("dendrite.conformance.dir");
    Path base = dir != null ? Path.of(dir) : Path.of("..", "..", "shared", "conformance");
    Path shredded = base.resolve("shredded_variant");
    if (!Files.isRegularFile(shredded.resolve("cases.json"))) {
      fail("conformance corpus not found at " + shredded.toAbsolutePath()
          + " (expected ../shared/conformance beside the repository)");
    }
    return shredded;
  }

  @Test
  void everyCaseReadsAsExpected() throws Exception {
    Path dir = corpus();
    JsonNode cases = JSON.readTree(dir.resolve("cases.json").toFile());
    int valid = 0;
    int rowsCompared = 0;
    int rejected = 0;
    List<String> failures = new ArrayList<>();
    Map<Integer, String> invalidOutcomes = new TreeMap<>();
    for (JsonNode c : cases) {
      if (!c.has("parquet_file")) {
        continue;
      }
      int number = c.get("case_number").asInt();
      Path file = dir.resolve(c.get("parquet_file").asText());
      boolean invalid = c.has("error_message") || file.getFileName().toString().contains("INVALID");
      List<VariantValue> actual;
      try {
        actual = readAll(file);
      } catch (DendriteReadException e) {
        if (invalid) {
          rejected++;
          invalidOutcomes.put(number, "rejected: " + e.getMessage());
        } else {
          failures.add("case " + number + " (" + c.get("test").asText() + "): " + e.getMessage());
        }
        continue;
      }
      if (invalid) {
        invalidOutcomes.put(number, "read without error");
        continue;
      }
      List<String> expectedFiles = new ArrayList<>();
      if (c.has("variant_files")) {
        for (JsonNode f : c.get("variant_files")) {
          expectedFiles.add(f.isNull() ? null : f.asText());
        }
      } else {
        expectedFiles.add(c.get("variant_file").asText());
      }
      valid++;
      if (actual.size() != expectedFiles.size()) {
        failures.add("case " + number + ": expected " + expectedFiles.size() + " rows, read "
            + actual.size());
        continue;
      }
      for (int r = 0; r < actual.size(); r++) {
        rowsCompared++;
        String expectedFile = expectedFiles.get(r);
        VariantValue got = actual.get(r);
        if (expectedFile == null) {
          if (got != null) {
            failures.add("case " + number + " row " + r + ": expected a null variant, got " + got);
          }
          continue;
        }
        EncodedVariant expected = split(Files.readAllBytes(dir.resolve(expectedFile)));
        if (got == null) {
          failures.add("case " + number + " row " + r + ": expected " + VariantValue.of(expected)
              + ", got a null variant");
          continue;
        }
        // The value's own bytes: a value read from a page is followed by the page's other bytes.
        int end = got.pos() + VariantBinary.valueSize(got.valueBytes(), got.pos());
        EncodedVariant gotEncoded = new EncodedVariant(got.metadata().toByteArray(),
            Arrays.copyOfRange(got.valueBytes(), got.pos(), end));
        if (!VariantEquality.equal(expected, gotEncoded)) {
          failures.add("case " + number + " (" + c.get("test").asText() + ") row " + r + ": "
              + VariantEquality.describeDifference(expected, gotEncoded));
        }
      }
    }
    System.out.printf("shredded conformance: %d valid cases (%d rows) compared, %d invalid cases"
        + " rejected, %d failures%n", valid, rowsCompared, rejected, failures.size());
    invalidOutcomes.forEach((k, v) -> System.out.println("  invalid case " + k + ": " + v));
    assertTrue(valid >= 120, "expected the whole corpus, checked only " + valid + " valid cases");
    assertEquals(List.of(), failures);
    assertEquals(List.of(40, 42, 43, 84, 87, 125, 127, 128, 137),
        new ArrayList<>(invalidOutcomes.keySet()));
    invalidOutcomes.forEach((k, v) -> assertTrue(v.startsWith("rejected"),
        "invalid case " + k + " was " + v));
  }

  private static List<VariantValue> readAll(Path file) throws Exception {
    List<VariantValue> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        out.add(row.getVariant("var"));
      }
    }
    return out;
  }

  /** A {@code .variant.bin} holds the metadata immediately followed by the value. */
  static EncodedVariant split(byte[] bytes) {
    VariantMetadata m = VariantMetadata.parsePrefix(bytes, 0, bytes.length);
    return new EncodedVariant(m.toByteArray(), Arrays.copyOfRange(bytes, m.length(), bytes.length));
  }
}
