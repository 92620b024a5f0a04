package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * JSON text rendering through the UTF-8 byte writer: escaping of strings and keys copied as
 * bytes, ill-formed UTF-8, buffer growth and reuse, and the numbers, dates and UUIDs formatted
 * without intermediate strings. Expectations are hand-written from RFC 8259 and the Variant spec,
 * or come from Jackson's parse of the output and from the JDK's own formatting of the same value.
 */
class VariantJsonTextTest {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private static String render(Consumer<VariantEncoder> body) {
    return encode(body).toJson();
  }

  private static String renderSpark(Consumer<VariantEncoder> body) {
    EncodedVariant v = encode(body);
    return VariantJson.toJson(v.parsedMetadata(), v.value(), 0, JsonStyle.SPARK);
  }

  private static String renderUtf8(byte[] utf8) {
    return render(e -> e.writeString(utf8, 0, utf8.length));
  }

  private static JsonNode parseJson(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new AssertionError("not valid JSON: " + json, e);
    }
  }

  // ---------------------------------------------------------------- string escaping

  /** RFC 8259 section 7: the two-character escapes, else backslash-u with 4 hex digits. */
  private static String specEscape(char c) {
    switch (c) {
      case '"': return "\\\"";
      case '\\': return "\\\\";
      case '\b': return "\\b";
      case '\f': return "\\f";
      case '\n': return "\\n";
      case '\r': return "\\r";
      case '\t': return "\\t";
      default: return String.format("\\u%04X", (int) c);
    }
  }

  @Test
  void everyAsciiCharacterInShortAndLongStrings() {
    for (int c = 0; c < 0x80; c++) {
      char ch = (char) c;
      boolean escaped = c < 0x20 || c == '"' || c == '\\';
      String expected = escaped ? specEscape(ch) : String.valueOf(ch);
      assertEquals("\"a" + expected + "b\"", render(e -> e.writeString("a" + ch + "b")), "char " + c);
      // 70 bytes: a long string (primitive type id 16) rather than a short string.
      String pad = "x".repeat(34);
      assertEquals("\"" + pad + expected + pad + "\"",
          render(e -> e.writeString(pad + ch + pad)), "char " + c + " in a long string");
    }
  }

  @Test
  void oneSpecialCharacterAtEveryPositionOfStringsUpTo40Bytes() {
    // Strings are scanned eight bytes at a time with a final overlapping word: a special
    // character must be found in any lane of any word, including the overlapped tail.
    String[][] specials = {{"\"", "\\\""}, {"\\", "\\\\"}, {"\u001f", "\\u001F"},
        {"\n", "\\n"}, {"\u00e9", "\u00e9"}, {"\u0080", "\u0080"}, {"\u07ff", "\u07ff"}};
    for (int n = 1; n <= 40; n++) {
      for (int at = 0; at < n; at++) {
        for (String[] sp : specials) {
          String raw = "a".repeat(at) + sp[0] + "b".repeat(n - at - 1);
          String expected = "\"" + "a".repeat(at) + sp[1] + "b".repeat(n - at - 1) + "\"";
          assertEquals(expected, render(e -> e.writeString(raw)), raw);
        }
      }
      String plain = "x".repeat(n);
      assertEquals("\"" + plain + "\"", render(e -> e.writeString(plain)));
    }
  }

  @Test
  void bytesAfterAStringDoNotLeakIntoIt() {
    // The copy may read a word past the end of a string inside the value; what follows (here
    // quotes, control characters and non-ASCII, in the next element) must neither stop the
    // string early nor be copied into it.
    String[] followers = {"\"\"\"\"\"\"\"\"\"", "\n\n\n\n\n\n\n\n\n", "\u00e9\u00e9\u00e9\u00e9\u00e9", "zzzzzzzzzz"};
    for (int n = 0; n <= 17; n++) {
      String str = "s".repeat(n);
      for (String follower : followers) {
        String json = render(e -> {
          e.startArray();
          e.writeString(str);
          e.writeString(follower);
          e.endArray();
        });
        JsonNode node = parseJson(json);
        assertEquals(str, node.get(0).textValue(), json);
        assertEquals(follower, node.get(1).textValue(), json);
      }
    }
  }

  @Test
  void escapesAtTheEdgesAndBackToBack() {
    assertEquals("\"\\\"\"", render(e -> e.writeString("\"")));
    assertEquals("\"\\n\\\\\"", render(e -> e.writeString("\n\\")));
    assertEquals("\"\\u0000\\u0000x\\u001F\"", render(e -> e.writeString("\0\0x\u001f")));
    assertEquals("\"\"", render(e -> e.writeString("")));
    assertEquals("\"/\u007f\"", render(e -> e.writeString("/\u007f")), "slash and DEL stay raw");
  }

  @Test
  void nonAsciiIsCopiedAndLaterEscapesStillApply() {
    // 2-, 3- and 4-byte sequences, then escapes after the first non-ASCII byte was validated.
    String s = "\u00e9\"\u20ac\n\uD83D\uDE00\\\u0001z";
    assertEquals("\"\u00e9\\\"\u20ac\\n\uD83D\uDE00\\\\\\u0001z\"", render(e -> e.writeString(s)));
    assertEquals(s, parseJson(render(e -> e.writeString(s))).textValue());
  }

  @Test
  void illFormedUtf8IsRejectedNotReplaced() {
    // Rendering validates first: an ill-formed string is an error, not replacement characters.
    byte[][] cases = {
        TestSupport.bytes('a', 0xFF, '"', 0xC3), // 0xFF never occurs in UTF-8
        TestSupport.bytes(0xC3, 0xA9, '\n', 0x80), // valid non-ASCII first, a stray byte later
        TestSupport.bytes(0xED, 0xA0, 0x80, 'x'), // an encoded surrogate
        TestSupport.bytes(0xC0, 0xAF), // overlong '/'
        TestSupport.bytes(0xF4, 0x90, 0x80, 0x80), // above U+10FFFF
        TestSupport.bytes('q', '\t', 0xE2, 0x82), // truncated 3-byte sequence at the end
    };
    for (byte[] b : cases) {
      VariantFormatException e = assertThrows(VariantFormatException.class, () -> renderUtf8(b));
      assertTrue(e.getMessage().contains("is not valid UTF-8"), e.getMessage());
    }
  }

  @Test
  void longStringsGrowTheBuffer() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 50_000; i++) {
      sb.append(i % 1000 == 0 ? "\"\u00e9\n" : "abc");
    }
    String s = sb.toString();
    String json = render(e -> {
      e.startArray();
      e.writeString(s);
      e.writeString("tail");
      e.endArray();
    });
    JsonNode node = parseJson(json);
    assertEquals(s, node.get(0).textValue());
    assertEquals("tail", node.get(1).textValue());
  }

  // ---------------------------------------------------------------- keys

  @Test
  void keysAreEscapedLikeStrings() {
    String json = render(e -> {
      e.startObject();
      e.key("a\"b");
      e.writeInt8((byte) 1);
      e.key("line\nbreak");
      e.writeInt8((byte) 2);
      e.key("\u00e9t\u00e9");
      e.writeInt8((byte) 3);
      e.key("\uD83D\uDE00");
      e.writeInt8((byte) 4);
      e.key("");
      e.writeInt8((byte) 5);
      e.key("\u0000\\");
      e.writeInt8((byte) 6);
      e.endObject();
    });
    // Keys in unsigned UTF-8 byte order (spec: object field ids sorted by key).
    assertEquals("{\"\":5,\"\\u0000\\\\\":6,\"a\\\"b\":1,\"line\\nbreak\":2,"
        + "\"\u00e9t\u00e9\":3,\"\uD83D\uDE00\":4}", json);
  }

  @Test
  void sameIdsInDifferentMetadataRenderTheirOwnKeys() {
    // Both dictionaries hold one key at id 0; rendering them in turn must not reuse state.
    EncodedVariant plain = encode(e -> {
      e.startObject();
      e.key("k");
      e.writeString("v");
      e.endObject();
    });
    EncodedVariant escaped = encode(e -> {
      e.startObject();
      e.key("k\"\u00e9");
      e.writeString("v");
      e.endObject();
    });
    for (int i = 0; i < 3; i++) {
      assertEquals("{\"k\":\"v\"}", plain.toJson());
      assertEquals("{\"k\\\"\u00e9\":\"v\"}", escaped.toJson());
    }
  }

  @Test
  void repeatedKeysAcrossNestedObjects() {
    String json = render(e -> {
      e.startObject();
      for (int i = 0; i < 3; i++) {
        e.key("f\t" + i);
        e.startObject();
        e.key("f\t0");
        e.writeInt8((byte) i);
        e.endObject();
      }
      e.endObject();
    });
    ObjectNode expected = JsonNodeFactory.instance.objectNode();
    for (int i = 0; i < 3; i++) {
      expected.putObject("f\t" + i).put("f\t0", i);
    }
    assertEquals(expected, parseJson(json));
  }

  // ---------------------------------------------------------------- buffer reuse

  @Test
  void aFailedRenderingLeavesLaterOnesIntact() {
    EncodedVariant big = encode(e -> {
      e.startArray();
      for (int i = 0; i < 5000; i++) {
        e.writeString("element " + i);
      }
      e.endArray();
    });
    byte[] truncated = Arrays.copyOf(big.value(), big.value().length / 2);
    VariantMetadata m = big.parsedMetadata();
    assertThrows(RuntimeException.class, () -> VariantJson.toJson(m, truncated, 0));
    assertEquals("[1,\"x\"]", render(e -> {
      e.startArray();
      e.writeInt8((byte) 1);
      e.writeString("x");
      e.endArray();
    }));
    assertEquals(5000, parseJson(big.toJson()).size());
    assertEquals("\"short\"", render(e -> e.writeString("short")), "no leftovers after a big one");
  }

  @Test
  void appendingToAStringBuilderKeepsItsContent() {
    EncodedVariant v = encode(e -> e.writeString("\u00e9"));
    StringBuilder sb = new StringBuilder("prefix ");
    VariantJson.toJson(v.parsedMetadata(), v.value(), 0, sb);
    assertEquals("prefix \"\u00e9\"", sb.toString());
  }

  // ---------------------------------------------------------------- numbers

  @Test
  void integersAtTheirLimits() {
    long[] values = {0, 1, -1, 9, 10, -10, 99, 100, 999_999_999L, 1_000_000_000L,
        999_999_999_999_999_999L, 1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE,
        Long.MIN_VALUE + 1, Integer.MIN_VALUE, Byte.MIN_VALUE, Short.MAX_VALUE};
    for (long x : values) {
      assertEquals(Long.toString(x), render(e -> e.writeLong(x)));
    }
  }

  @Test
  void integersAroundEveryPowerOfTen() {
    long p = 1;
    for (int k = 0; k <= 18; k++, p *= 10) {
      for (long x : new long[] {p - 1, p, p + 1, -p, -(p - 1), 2 * p - 1}) {
        assertEquals(Long.toString(x), render(e -> e.writeLong(x)));
      }
    }
  }

  @Test
  void decimalsAsPlainText() {
    assertEquals("0.05", render(e -> e.writeDecimal4(5, 2)));
    assertEquals("-0.05", render(e -> e.writeDecimal4(-5, 2)));
    assertEquals("0.00", render(e -> e.writeDecimal4(0, 2)));
    assertEquals("12.30", render(e -> e.writeDecimal4(1230, 2)));
    assertEquals("-999999999", render(e -> e.writeDecimal4(-999_999_999, 0)));
    assertEquals("0.999999999", render(e -> e.writeDecimal4(999_999_999, 9)));
    assertEquals("0.00000000000000000000000000000000000001", render(e -> e.writeDecimal16(0, 1, 38)));
    assertEquals("-999999999.999999999", render(e -> e.writeDecimal8(-999_999_999_999_999_999L, 9)));
    assertEquals("1234567890.12", render(e -> e.writeDecimal8(123_456_789_012L, 2)));
  }

  @Test
  void sparkDecimalsLoseTrailingZerosOfTheFractionOnly() {
    assertEquals("12.3", renderSpark(e -> e.writeDecimal4(1230, 2)));
    assertEquals("0", renderSpark(e -> e.writeDecimal4(0, 3)));
    assertEquals("100", renderSpark(e -> e.writeDecimal4(100, 0)));
    assertEquals("1", renderSpark(e -> e.writeDecimal8(100, 2)));
    assertEquals("-0.5", renderSpark(e -> e.writeDecimal8(-500, 3)));
    assertEquals("0.001", renderSpark(e -> e.writeDecimal8(1, 3)));
  }

  @Test
  void decimalsMatchBigDecimalForManyValues() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(7);
    for (int i = 0; i < 2000; i++) {
      long unscaled = r.nextLong(-999_999_999_999_999_999L, 999_999_999_999_999_999L)
          / (long) Math.pow(10, r.nextInt(18));
      int scale = r.nextInt(19); // a decimal8's scale is at most its maximum precision, 18
      BigDecimal d = BigDecimal.valueOf(unscaled, scale);
      assertEquals(d.toPlainString(), render(e -> e.writeDecimal8(unscaled, scale)));
      assertEquals(d.stripTrailingZeros().toPlainString(),
          renderSpark(e -> e.writeDecimal8(unscaled, scale)));
    }
  }

  @Test
  void doublesAlwaysCarryAnExponent() {
    assertEquals("1.0E7", render(e -> e.writeDouble(1e7)));
    assertEquals("9.999999E6", render(e -> e.writeDouble(9_999_999.0)));
    assertEquals("1.0E-3", render(e -> e.writeDouble(0.001)));
    assertEquals("1.23456789E5", render(e -> e.writeDouble(123_456.789)));
    assertEquals("-1.0E2", render(e -> e.writeDouble(-100.0)));
    assertEquals("-1.05E-2", render(e -> e.writeDouble(-0.0105)));
    assertEquals("1.0E-4", render(e -> e.writeDouble(1e-4)));
    assertEquals("1.5E0", render(e -> e.writeFloat(1.5f)));
    assertEquals("1500.0", renderSpark(e -> e.writeDouble(1500)));
    assertEquals("\"NaN\"", renderSpark(e -> e.writeFloat(Float.NaN)));
  }

  // ---------------------------------------------------------------- dates, times, uuids

  @Test
  void datesOfAnyYearLikeIso8601() {
    assertEquals("\"0001-01-01\"", render(e -> e.writeDate(dayOf(1, 1, 1))));
    assertEquals("\"0999-12-31\"", render(e -> e.writeDate(dayOf(999, 12, 31))));
    assertEquals("\"0000-06-15\"", render(e -> e.writeDate(dayOf(0, 6, 15))));
    assertEquals("\"-0001-03-04\"", render(e -> e.writeDate(dayOf(-1, 3, 4))));
    assertEquals("\"-1234-10-10\"", render(e -> e.writeDate(dayOf(-1234, 10, 10))));
    assertEquals("\"9999-12-31\"", render(e -> e.writeDate(dayOf(9999, 12, 31))));
    assertEquals("\"+10000-01-01\"", render(e -> e.writeDate(dayOf(10000, 1, 1))));
    for (int day : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, -719_529, 2_932_897}) {
      assertEquals("\"" + LocalDate.ofEpochDay(day) + "\"", render(e -> e.writeDate(day)));
    }
  }

  private static int dayOf(int y, int m, int d) {
    return (int) LocalDate.of(y, m, d).toEpochDay();
  }

  private static long micros(int y, int mo, int d, int h, int mi, int s, int micro) {
    return LocalDateTime.of(y, mo, d, h, mi, s).toEpochSecond(ZoneOffset.UTC) * 1_000_000L + micro;
  }

  @Test
  void timestampsInBothStyles() {
    long t = micros(2024, 1, 2, 3, 4, 5, 500_000);
    assertEquals("\"2024-01-02T03:04:05.500000Z\"", render(e -> e.writeTimestamp(t)));
    assertEquals("\"2024-01-02 03:04:05.5+00:00\"", renderSpark(e -> e.writeTimestamp(t)));
    assertEquals("\"2024-01-02 03:04:05.5\"", renderSpark(e -> e.writeTimestampNtz(t)));
    long whole = micros(2024, 1, 2, 23, 59, 59, 0);
    assertEquals("\"2024-01-02 23:59:59+00:00\"", renderSpark(e -> e.writeTimestamp(whole)));
    long early = micros(1960, 2, 29, 0, 0, 0, 10);
    assertEquals("\"1960-02-29T00:00:00.000010\"", render(e -> e.writeTimestampNtz(early)));
    assertEquals("\"1960-02-29 00:00:00.00001\"", renderSpark(e -> e.writeTimestampNtz(early)));
    long far = micros(10000, 1, 1, 0, 0, 1, 0);
    assertEquals("\"+10000-01-01T00:00:01.000000Z\"", render(e -> e.writeTimestamp(far)));
    long bc = micros(-5, 12, 31, 12, 0, 0, 999_999);
    assertEquals("\"-0005-12-31T12:00:00.999999\"", render(e -> e.writeTimestampNtz(bc)));
    long nanos = micros(2024, 1, 2, 3, 4, 5, 0) * 1000 + 1;
    assertEquals("\"2024-01-02T03:04:05.000000001Z\"", render(e -> e.writeTimestampNanos(nanos)));
    assertEquals("\"2024-01-02 03:04:05.000000001+00:00\"",
        renderSpark(e -> e.writeTimestampNanos(nanos)));
    assertEquals("\"2024-01-02 03:04:05.000000001\"",
        renderSpark(e -> e.writeTimestampNtzNanos(nanos)));
  }

  @Test
  void uuidsAsCanonicalLowerCase() {
    assertEquals("\"00000000-0000-0000-0000-000000000000\"", render(e -> e.writeUuid(0, 0)));
    assertEquals("\"ffffffff-ffff-ffff-ffff-ffffffffffff\"", render(e -> e.writeUuid(-1, -1)));
    assertEquals("\"01234567-89ab-cdef-fedc-ba9876543210\"",
        render(e -> e.writeUuid(0x0123456789ABCDEFL, 0xFEDCBA9876543210L)));
    java.util.SplittableRandom r = new java.util.SplittableRandom(11);
    for (int i = 0; i < 100; i++) {
      UUID u = new UUID(r.nextLong(), r.nextLong());
      assertEquals("\"" + u + "\"", render(e -> e.writeUuid(u)));
    }
  }
}
