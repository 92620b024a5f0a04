package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantToJson;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** JSON parsing (Spark parse_json number rules) and rendering. */
class VariantJsonTest {
  private static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private static VariantValue parse(String json) throws JsonProcessingException {
    return VariantValue.of(VariantJson.parse(json).validate());
  }

  private static void assertNumber(String json, VariantType type, String rendered) throws JsonProcessingException {
    VariantValue v = parse(json);
    assertEquals(type, v.type(), json);
    assertEquals(rendered, v.toJson(), json);
  }

  @Test
  void numbersFollowTheParseJsonMapping() throws JsonProcessingException {
    assertNumber("0", VariantType.INT8, "0");
    assertNumber("-128", VariantType.INT8, "-128");
    assertNumber("300", VariantType.INT16, "300");
    assertNumber("70000", VariantType.INT32, "70000");
    assertNumber("5000000000", VariantType.INT64, "5000000000");
    assertNumber("-9223372036854775808", VariantType.INT64, "-9223372036854775808");
    assertNumber("9223372036854775808", VariantType.DECIMAL16, "9223372036854775808");
    assertNumber("99999999999999999999999999999999999999", VariantType.DECIMAL16, "99999999999999999999999999999999999999");
    assertNumber("100000000000000000000000000000000000000", VariantType.DOUBLE, "1.0E38");
    assertNumber("1.5", VariantType.DECIMAL4, "1.5");
    assertNumber("1.50", VariantType.DECIMAL4, "1.50");
    assertNumber("0.001", VariantType.DECIMAL4, "0.001");
    assertNumber("-0.0", VariantType.DECIMAL4, "0.0");
    assertNumber("12345678901.5", VariantType.DECIMAL8, "12345678901.5");
    assertNumber("1234567890123456789.01", VariantType.DECIMAL16, "1234567890123456789.01");
    assertNumber("0." + "0".repeat(37) + "1", VariantType.DECIMAL16, "0." + "0".repeat(37) + "1");
    assertNumber("0." + "0".repeat(38) + "1", VariantType.DOUBLE, "1.0E-39"); // scale 39
    assertNumber("1" + "0".repeat(38) + ".5", VariantType.DOUBLE, "1.0E38");
    assertNumber("1e3", VariantType.DOUBLE, "1.0E3");
    assertNumber("1E-2", VariantType.DOUBLE, "1.0E-2");
    assertNumber("2.5e+0", VariantType.DOUBLE, "2.5E0");
  }

  @Test
  void scalarsAndContainersParse() throws JsonProcessingException {
    VariantValue v = parse("{\"b\": [true, false, null, \"s\", {}, []], \"a\": \"\\u00e9\\n\"}");
    assertEquals(List.of("a", "b"), v.keys());
    assertEquals("\u00e9\n", v.field("a").getString());
    VariantValue arr = v.field("b");
    assertEquals(6, arr.arraySize());
    assertEquals(VariantType.BOOLEAN, arr.element(0).type());
    assertTrue(arr.element(2).isNull());
    assertEquals(0, arr.element(4).objectSize());
    assertEquals(0, arr.element(5).arraySize());
    assertEquals("{\"a\":\"\u00e9\\n\",\"b\":[true,false,null,\"s\",{},[]]}", v.toJson());
  }

  @Test
  void duplicateKeysAndMalformedJsonAreErrors() {
    VariantFormatException dup = assertThrows(VariantFormatException.class, () -> VariantJson.parse("{\"x\": {\"k\": 1, \"k\": 2}}"));
    assertEquals("duplicate object key 'k'", dup.getMessage());
    assertThrows(JsonProcessingException.class, () -> VariantJson.parse("{\"a\": }"));
    assertThrows(JsonProcessingException.class, () -> VariantJson.parse("[1, 2"));
    assertThrows(JsonProcessingException.class, () -> VariantJson.parse(""));
    JsonProcessingException trailing = assertThrows(JsonProcessingException.class, () -> VariantJson.parse("1 2"));
    assertTrue(trailing.getMessage().contains("unexpected content after the JSON value"), trailing.getMessage());
  }

  /** The public streaming parse: one value per call, a new variant each, as the javadoc shows. */
  @Test
  void publicStreamingParseReturnsOneVariantPerValue() throws IOException {
    try (JsonParser p = new JsonFactory().createParser("{\"id\": 7, \"payload\": {\"b\": [1], \"a\": 1.50}}")) {
      p.nextToken(); // START_OBJECT of the record
      p.nextToken(); // FIELD_NAME "id"
      p.nextToken(); // 7
      p.nextToken(); // FIELD_NAME "payload"
      EncodedVariant payload = VariantJson.parse(p);
      assertEquals(JsonToken.END_OBJECT, p.currentToken());
      assertEquals(VariantJson.parse("{\"b\": [1], \"a\": 1.50}"), payload); // same bytes
      assertEquals("{\"a\":1.50,\"b\":[1]}", payload.toJson());
      assertEquals(JsonToken.END_OBJECT, p.nextToken()); // the record's
      assertNull(p.nextToken());
      assertThrows(JsonProcessingException.class, () -> VariantJson.parse(p));
    }
    try (JsonParser p = new JsonFactory().createParser("{\"k\": 1, \"k\": 2}")) {
      assertThrows(VariantFormatException.class, () -> VariantJson.parse(p));
    }
  }

  @Test
  void streamingParseConsumesExactlyOneValue() throws IOException {
    JsonFactory f = new JsonFactory();
    try (JsonParser p = f.createParser("{\"a\": [1, {\"b\": 2}]} [3] \"four\" {\"k\": {\"n\": null}}")) {
      VariantEncoder enc = new VariantEncoder();
      String[] expected = {"{\"a\":[1,{\"b\":2}]}", "[3]", "\"four\""};
      for (String e : expected) {
        enc.reset();
        p.nextToken(); // like ObjectMapper.readValue: the caller advances between values
        JsonToVariant.parse(p, enc);
        assertEquals(e, enc.finish().toJson());
      }
      // Positioned on a field name inside an object: the field's value is consumed.
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      assertEquals(JsonToken.FIELD_NAME, p.nextToken());
      enc.reset();
      JsonToVariant.parse(p, enc);
      assertEquals("{\"n\":null}", enc.finish().toJson());
      assertEquals(JsonToken.END_OBJECT, p.nextToken());
      assertNull(p.nextToken());
      enc.reset();
      assertThrows(JsonProcessingException.class, () -> JsonToVariant.parse(p, enc));
    }
  }

  @Test
  void renderingOfEveryType() {
    assertEquals("null", render(VariantEncoder::writeNull));
    assertEquals("true", render(e -> e.writeBoolean(true)));
    assertEquals("-5", render(e -> e.writeInt16((short) -5)));
    assertEquals("1.5E3", render(e -> e.writeDouble(1500)));
    assertEquals("1.25E0", render(e -> e.writeDouble(1.25)));
    assertEquals("-1.0E-3", render(e -> e.writeDouble(-0.001)));
    assertEquals("0.0E0", render(e -> e.writeDouble(0.0)));
    assertEquals("-0.0E0", render(e -> e.writeDouble(-0.0)));
    assertEquals("1.0E10", render(e -> e.writeDouble(1e10)));
    assertEquals("1.2345678901234567E8", render(e -> e.writeDouble(123456789.01234567)));
    assertEquals("\"NaN\"", render(e -> e.writeDouble(Double.NaN)));
    assertEquals("\"Infinity\"", render(e -> e.writeDouble(Double.POSITIVE_INFINITY)));
    assertEquals("\"-Infinity\"", render(e -> e.writeFloat(Float.NEGATIVE_INFINITY)));
    assertEquals("1.1E0", render(e -> e.writeFloat(1.1f)));
    assertEquals("0.00100", render(e -> e.writeDecimal(new BigDecimal("0.00100"))));
    assertEquals("-12345678901234567890.123", render(e -> e.writeDecimal(new BigDecimal("-12345678901234567890.123"))));
    assertEquals("\"2024-01-02\"", render(e -> e.writeDate(19724)));
    assertEquals("\"1969-12-31\"", render(e -> e.writeDate(-1)));
    assertEquals("\"2024-01-02T03:04:05.123456Z\"", render(e -> e.writeTimestamp(1704164645123456L)));
    assertEquals("\"2024-01-02T03:04:05.123456\"", render(e -> e.writeTimestampNtz(1704164645123456L)));
    assertEquals("\"1970-01-01T00:00:00.000000Z\"", render(e -> e.writeTimestamp(0)));
    assertEquals("\"1969-12-31T23:59:59.999999Z\"", render(e -> e.writeTimestamp(-1)));
    assertEquals("\"2024-01-02T03:04:05.123456789Z\"", render(e -> e.writeTimestampNanos(1704164645123456789L)));
    assertEquals("\"2024-01-02T03:04:05.000000001\"", render(e -> e.writeTimestampNtzNanos(1704164645000000001L)));
    assertEquals("\"03:04:05.000006\"", render(e -> e.writeTime(((3 * 60 + 4) * 60 + 5) * 1_000_000L + 6)));
    assertEquals("\"AQID/w==\"", render(e -> e.writeBinary(TestSupport.bytes(1, 2, 3, 255))));
    assertEquals("\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\"",
        render(e -> e.writeUuid(UUID.fromString("F24F9B64-81FA-49D1-B74E-8C09A6E31C56"))));
    assertEquals("\"q\\\"b\\\\n\\n\\t\\r\\b\\f\\u0001\\u001F\u00e9\uD83D\uDE00\"",
        render(e -> e.writeString("q\"b\\n\n\t\r\b\f\u0001\u001f\u00e9\uD83D\uDE00")));
  }

  @Test
  void unpairedSurrogatesAreEscaped() {
    StringBuilder sb = new StringBuilder();
    VariantToJson.appendString("a\uD800b\uDC00c\uD83D\uDE00", sb);
    assertEquals("\"a\\uD800b\\uDC00c\uD83D\uDE00\"", sb.toString());
  }

  private static String render(java.util.function.Consumer<VariantEncoder> body) {
    EncodedVariant v = encode(body);
    String text = v.toJson();
    assertEquals(text, viaGenerator(v), "StringBuilder and JsonGenerator renderings agree");
    return text;
  }

  private static String viaGenerator(EncodedVariant v) {
    try {
      StringWriter w = new StringWriter();
      try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
        VariantJson.toJson(v.parsedMetadata(), v.value(), 0, g);
      }
      return w.toString();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A corpus of documents: parse, render, compare with Jackson's own reading, re-parse. */
  @Test
  void jsonCorpusRoundTrips() throws IOException {
    List<String> corpus = List.of(
        "{}",
        "[]",
        "null",
        "\"just a string\"",
        "{\"name\":\"Ada\",\"age\":36,\"langs\":[\"en\",\"fr\"],\"ratio\":0.75,\"big\":12345678901234567890,\"tiny\":1e-300}",
        "[1,-2,3.25,-4.5e10,true,false,null,\"x\",{\"k\":[{}]}]",
        "{\"nested\":{\"deeper\":{\"deepest\":[1,[2,[3,[4]]]]}}}",
        "{\"unicode\":\"\u65e5\u672c\u8a9e \uD83C\uDF63 caf\u00e9\",\"\u00e9\":1,\"\uFB00\":2,\"\uD83D\uDE00\":3}",
        "{\"escapes\":\"tab\\there \\\"quoted\\\" back\\\\slash \\u0000 \\u001f\"}",
        "[0.1,0.2,0.30000000000000004,123456789012345678901234567890.123456789]",
        "{\"" + "k".repeat(300) + "\":\"" + "v".repeat(1000) + "\"}");
    for (String json : corpus) {
      EncodedVariant first = VariantJson.parse(json).validate();
      String rendered = first.toJson();
      assertTrue(jsonEquals(EXACT.readTree(json), EXACT.readTree(rendered)), json + " -> " + rendered);
      assertEquals(rendered, viaGenerator(first));
      EncodedVariant second = VariantJson.parse(rendered);
      assertNull(VariantEquality.describeDifference(first, second), json);
      assertEquals(rendered, second.toJson());
    }
  }

  /**
   * Tree equality with numbers compared by value (1.50 equals 1.5E0). Numbers that became doubles
   * (exponent, or more than 38 digits) only keep double precision, so double equality is accepted.
   */
  static boolean jsonEquals(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0 || a.doubleValue() == b.doubleValue();
    }
    if (a.getNodeType() != b.getNodeType() || a.size() != b.size()) {
      return false;
    }
    if (a.isObject()) {
      for (Map.Entry<String, JsonNode> e : a.properties()) {
        if (!b.has(e.getKey()) || !jsonEquals(e.getValue(), b.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray()) {
      for (int i = 0; i < a.size(); i++) {
        if (!jsonEquals(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
