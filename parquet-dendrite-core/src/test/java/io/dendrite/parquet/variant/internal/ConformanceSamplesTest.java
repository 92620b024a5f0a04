package io.dendrite.parquet.variant.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.TestSupport;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Decodes every sample of the public conformance corpus ({@code variant/NAME.metadata} +
 * {@code NAME.value}) and checks it against {@code data_dictionary.json}, then re-encodes it.
 *
 * <p>Facts about the corpus that these tests rely on and document (see the report in the
 * assertions below rather than hiding them):
 *
 * <ul>
 *   <li>{@code data_dictionary.json} has a trailing comma, so it is read with Jackson's
 *       ALLOW_TRAILING_COMMA.
 *   <li>{@code long_string} has no dictionary entry; it is checked structurally only.
 *   <li>The dictionary renders {@code primitive_decimal16} (19 significant digits) through a
 *       double, so values with more digits than a double holds are compared as doubles.
 *   <li>Samples with object keys were written with unsorted metadata in JSON insertion order and
 *       field values in insertion order; our encoder writes sorted metadata and values in key
 *       order, so those samples are logically but not byte-for-byte equal after re-encoding.
 * </ul>
 */
class ConformanceSamplesTest {
  private static final ObjectMapper LENIENT = JsonMapper.builder()
      .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .build();

  /** Samples not byte-identical after re-encoding, with the reason (asserted to hold). */
  private static final Set<String> UNSORTED_METADATA_SAMPLES = Set.of("object_primitive", "object_nested", "array_nested");

  private static Path dir() {
    return TestSupport.variantConformanceDir();
  }

  private static JsonNode dictionary() throws IOException {
    Path p = dir().resolve("data_dictionary.json");
    assertTrue(Files.isRegularFile(p), "missing " + p);
    return LENIENT.readTree(p.toFile());
  }

  private static List<String> sampleNames() throws IOException {
    try (Stream<Path> s = Files.list(dir())) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".value"))
          .map(n -> n.substring(0, n.length() - ".value".length()))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static EncodedVariant sample(String name) throws IOException {
    return new EncodedVariant(Files.readAllBytes(dir().resolve(name + ".metadata")), Files.readAllBytes(dir().resolve(name + ".value")));
  }

  @Test
  void corpusIsCompleteAndMatchesTheDictionary() throws IOException {
    List<String> names = sampleNames();
    assertEquals(29, names.size(), "expected the 29 samples of the corpus, found " + names);
    Set<String> dictKeys = new TreeSet<>();
    dictionary().fieldNames().forEachRemaining(dictKeys::add);
    Set<String> withoutEntry = new TreeSet<>(names);
    withoutEntry.removeAll(dictKeys);
    assertEquals(Set.of("long_string"), withoutEntry, "samples without a data_dictionary.json entry");
    Set<String> withoutSample = new TreeSet<>(dictKeys);
    withoutSample.removeAll(names);
    assertEquals(Set.of(), withoutSample, "dictionary entries without a sample");
  }

  @TestFactory
  Stream<DynamicTest> everySampleDecodesValidatesAndMatchesTheDictionary() throws IOException {
    JsonNode dict = dictionary();
    return sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      EncodedVariant s = sample(name);
      VariantMetadata m = s.parsedMetadata();
      VariantValidator.validate(m, s.value(), 0, s.value().length);
      assertEquals(s.value().length, VariantBinary.valueSize(s.value(), 0), "valueSize");
      VariantType expectedType = expectedType(name);
      assertEquals(expectedType, VariantBinary.type(s.value(), 0), "type of " + name);
      if (name.equals("long_string")) {
        // No dictionary entry: check what the name promises.
        assertEquals(VariantBinary.H_STRING, s.value()[0] & 0xFF, "long string encoding (primitive id 16)");
        assertTrue(VariantBinary.stringLength(s.value(), 0) > 63);
        return;
      }
      if (name.equals("short_string")) {
        assertEquals(VariantBinary.BASIC_SHORT_STRING, VariantBinary.basicType(s.value(), 0));
      }
      if (name.equals("primitive_string")) {
        assertEquals(VariantBinary.H_STRING, s.value()[0] & 0xFF);
      }
      JsonNode expected = dict.get(name);
      assertNotNull(expected, "dictionary entry for " + name);
      assertMatches("$", expected, m, s.value(), 0);
      // The JSON rendering must be valid JSON.
      assertNotNull(LENIENT.readTree(VariantJson.toJson(m, s.value(), 0)));
    }));
  }

  private static VariantType expectedType(String name) {
    if (name.startsWith("object_")) {
      return VariantType.OBJECT;
    }
    if (name.startsWith("array_")) {
      return VariantType.ARRAY;
    }
    if (name.endsWith("_string")) {
      return VariantType.STRING;
    }
    switch (name) {
      case "primitive_boolean_true":
      case "primitive_boolean_false":
        return VariantType.BOOLEAN;
      case "primitive_timestampntz":
        return VariantType.TIMESTAMP_NTZ;
      case "primitive_timestampntz_nanos":
        return VariantType.TIMESTAMP_NTZ_NANOS;
      default:
        return VariantType.valueOf(name.substring("primitive_".length()).toUpperCase());
    }
  }

  /** Compares a decoded value with its dictionary description, by type. */
  private static void assertMatches(String path, JsonNode expected, VariantMetadata m, byte[] v, int pos) {
    VariantType t = VariantBinary.type(v, pos);
    Object actual = VariantJava.toJava(m, v, pos);
    String where = path + " (" + t.specName() + " " + VariantJson.toJson(m, v, pos) + " vs dictionary " + expected + ")";
    switch (t) {
      case NULL:
        assertTrue(expected.isNull(), where);
        return;
      case BOOLEAN:
        assertTrue(expected.isBoolean(), where);
        assertEquals(expected.booleanValue(), actual, where);
        return;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        assertTrue(expected.isIntegralNumber(), where);
        assertEquals(expected.bigIntegerValue().longValueExact(), VariantBinary.getLong(v, pos), where);
        return;
      case DOUBLE:
        assertTrue(expected.isNumber(), where);
        assertEquals(expected.doubleValue(), VariantBinary.getDouble(v, pos), where);
        return;
      case FLOAT:
        assertTrue(expected.isNumber(), where);
        assertEquals((float) expected.doubleValue(), VariantBinary.getFloat(v, pos), where);
        return;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16: {
        assertTrue(expected.isNumber(), where);
        BigDecimal d = VariantBinary.getDecimal(v, pos);
        if (d.precision() > 15) {
          // More digits than a JSON double keeps: the dictionary holds the nearest double.
          assertEquals(expected.doubleValue(), d.doubleValue(), where);
        } else {
          assertEquals(0, expected.decimalValue().compareTo(d), where);
        }
        return;
      }
      case STRING:
        assertTrue(expected.isTextual(), where);
        assertEquals(expected.textValue(), actual, where);
        return;
      case DATE:
        assertEquals(LocalDate.parse(expected.textValue()), actual, where);
        return;
      case TIMESTAMP:
      case TIMESTAMP_NANOS:
        assertEquals(OffsetDateTime.parse(expected.textValue().replace(' ', 'T')).toInstant(), (Instant) actual, where);
        return;
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS:
        assertEquals(LocalDateTime.parse(expected.textValue().replace(' ', 'T')), actual, where);
        return;
      case TIME: {
        // The dictionary writes "12:33:54:123456": a colon before the fraction.
        String text = expected.textValue().replaceFirst("^(\\d\\d:\\d\\d:\\d\\d):(\\d+)$", "$1.$2");
        assertEquals(LocalTime.parse(text), actual, where);
        return;
      }
      case BINARY:
        assertArrayEquals(Base64.getDecoder().decode(expected.textValue()), (byte[]) actual, where);
        return;
      case UUID:
        assertEquals(UUID.fromString(expected.textValue()), actual, where);
        return;
      case OBJECT: {
        assertTrue(expected.isObject(), where);
        int n = VariantObjects.size(v, pos);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < n; i++) {
          keys.add(VariantObjects.fieldKey(m, v, pos, i));
        }
        Set<String> expectedKeys = new HashSet<>();
        expected.fieldNames().forEachRemaining(expectedKeys::add);
        assertEquals(expectedKeys, keys, where);
        for (Map.Entry<String, JsonNode> e : expected.properties()) {
          int fp = VariantObjects.findField(m, v, pos, e.getKey());
          assertTrue(fp >= 0, "field " + e.getKey() + " found by binary search at " + path);
          assertMatches(path + "." + e.getKey(), e.getValue(), m, v, fp);
        }
        return;
      }
      case ARRAY: {
        assertTrue(expected.isArray(), where);
        int n = VariantArrays.size(v, pos);
        assertEquals(expected.size(), n, where);
        for (int i = 0; i < n; i++) {
          assertMatches(path + "[" + i + "]", expected.get(i), m, v, VariantArrays.elementPos(v, pos, i));
        }
        return;
      }
      default:
        fail("unhandled type " + t);
    }
  }

  @TestFactory
  Stream<DynamicTest> reEncodingIsLogicallyEqualAndByteIdenticalWhereCanonical() throws IOException {
    return sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      EncodedVariant s = sample(name);
      VariantMetadata m = s.parsedMetadata();
      VariantEncoder enc = new VariantEncoder();
      enc.writeVariant(m, s.value(), 0);
      EncodedVariant copy = enc.finish().validate();
      assertNull(VariantEquality.describeDifference(s, copy), "re-encoded " + name);
      assertTrue(VariantEquality.equal(s, copy));
      assertEquals(VariantEquality.hash(m, s.value(), 0), VariantEquality.hash(copy.parsedMetadata(), copy.value(), 0));
      boolean identical = s.equals(copy);
      if (UNSORTED_METADATA_SAMPLES.contains(name)) {
        // Legitimate difference: the sample's dictionary is in insertion order (sorted_strings=0)
        // while ours is sorted; keys and values are the same.
        assertFalse(m.isSorted(), name + " was expected to have unsorted metadata");
        assertFalse(identical, name + " is now byte-identical: remove it from UNSORTED_METADATA_SAMPLES");
        assertTrue(copy.parsedMetadata().isSorted());
        assertEquals(m.size(), copy.parsedMetadata().size(), "same dictionary size");
        // With the sample's own metadata as seed the value is reproduced exactly.
        VariantEncoder seeded = VariantEncoder.seeded(m);
        seeded.writeVariant(m, s.value(), 0);
        assertEquals(s, seeded.finish());
      } else {
        assertEquals(TestSupport.hex(s.metadata()), TestSupport.hex(copy.metadata()), name + " metadata");
        assertEquals(TestSupport.hex(s.value()), TestSupport.hex(copy.value()), name + " value");
      }
    }));
  }

  /**
   * Encodes each sample's Java value with the encoder's own primitive and container paths (no
   * verbatim copy) and compares bytes: every sample without object keys is reproduced exactly
   * (narrowest integer/decimal types, short vs long strings, array offset widths).
   */
  @TestFactory
  Stream<DynamicTest> encodingFromJavaValuesReproducesTheSamples() throws IOException {
    return sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      EncodedVariant s = sample(name);
      Object java = VariantJava.toJava(s.parsedMetadata(), s.value(), 0);
      EncodedVariant mine = TestSupport.fromJava(java).validate();
      if (UNSORTED_METADATA_SAMPLES.contains(name)) {
        assertNull(VariantEquality.describeDifference(s, mine));
        return;
      }
      assertEquals(TestSupport.hex(s.value()), TestSupport.hex(mine.value()), name + " value");
      assertEquals(TestSupport.hex(s.metadata()), TestSupport.hex(mine.metadata()), name + " metadata");
    }));
  }

  @Test
  void arrayOfIntegersFromJsonIsByteIdenticalToTheSample() throws IOException {
    EncodedVariant s = sample("array_primitive");
    EncodedVariant parsed = VariantJson.parse("[2, 1, 5, 9]");
    assertEquals(TestSupport.hex(s.value()), TestSupport.hex(parsed.value()));
    assertArrayEquals(s.metadata(), parsed.metadata());
  }

  @Test
  void nestedSamplesRenderToTheDictionaryStructure() throws IOException {
    JsonNode dict = dictionary();
    List<String> checked = new ArrayList<>();
    for (String name : List.of("object_nested", "array_nested", "object_empty", "array_empty", "array_primitive")) {
      EncodedVariant s = sample(name);
      JsonNode rendered = LENIENT.readTree(VariantJson.toJson(s.parsedMetadata(), s.value(), 0));
      assertEquals(dict.get(name), rendered, name);
      checked.add(name);
    }
    assertEquals(5, checked.size());
  }
}
