package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Logical equality, hashing and difference descriptions. */
class VariantEqualityTest {

  private static EncodedVariant json(String s) throws JsonProcessingException {
    return VariantJson.parse(s);
  }

  @Test
  void integerWidthsAreDifferentTypes() {
    EncodedVariant i8 = encode(e -> e.writeInt8((byte) 5));
    EncodedVariant i16 = encode(e -> e.writeInt16((short) 5));
    assertFalse(VariantEquality.equal(i8, i16));
    assertEquals("$: expected int8 5, found int16 5", VariantEquality.describeDifference(i8, i16));
    assertTrue(VariantEquality.equal(i8, encode(e -> e.writeLong(5))));
  }

  @Test
  void shortAndLongStringsAreTheSameString() {
    EncodedVariant shortString = encode(e -> e.writeString("abc"));
    byte[] longForm = {0x40, 3, 0, 0, 0, 'a', 'b', 'c'};
    EncodedVariant longString = EncodedVariant.of(VariantMetadata.EMPTY.toByteArray(), longForm).validate();
    assertNull(VariantEquality.describeDifference(shortString, longString));
    assertEquals(VariantValue.of(shortString), VariantValue.of(longString));
    assertEquals(VariantValue.of(shortString).hashCode(), VariantValue.of(longString).hashCode());
  }

  @Test
  void equalityIgnoresDictionaryLayoutIdsAndWidths() {
    // Same object, one with a sorted dictionary, one with insertion order and an unused key.
    EncodedVariant sorted = encode(e -> {
      e.startObject();
      e.key("x");
      e.writeString("1");
      e.key("a");
      e.writeNull();
      e.endObject();
    });
    VariantEncoder unsortedEnc = new VariantEncoder(false);
    unsortedEnc.startObject();
    unsortedEnc.key("x");
    unsortedEnc.writeString("1");
    unsortedEnc.key("a");
    unsortedEnc.writeNull();
    unsortedEnc.endObject();
    EncodedVariant unsorted = unsortedEnc.finish();
    assertNotEquals(sorted, unsorted, "bytes differ");
    assertTrue(VariantEquality.equal(sorted, unsorted));
    // 2-byte offsets where 1 byte suffices: 03 (array, 2-byte offsets = 0x07), 1 element.
    EncodedVariant wide = EncodedVariant.of(VariantMetadata.EMPTY.toByteArray(), TestSupport.bytes(0x07, 1, 0, 0, 2, 0, 0x0c, 1));
    EncodedVariant narrow = encode(e -> {
      e.startArray();
      e.writeInt8((byte) 1);
      e.endArray();
    });
    assertNull(VariantEquality.describeDifference(wide.validate(), narrow));
    assertEquals(VariantEquality.hash(wide.parsedMetadata(), wide.value(), 0),
        VariantEquality.hash(narrow.parsedMetadata(), narrow.value(), 0));
  }

  @Test
  void floatingPointAndDecimalRules() {
    assertTrue(VariantEquality.equal(encode(e -> e.writeDouble(Double.NaN)), encode(e -> e.writeDouble(0.0 / 0.0))));
    assertFalse(VariantEquality.equal(encode(e -> e.writeDouble(0.0)), encode(e -> e.writeDouble(-0.0))));
    assertTrue(VariantEquality.equal(encode(e -> e.writeFloat(Float.NaN)), encode(e -> e.writeFloat(Float.NaN))));
    EncodedVariant d10 = encode(e -> e.writeDecimal(new BigDecimal("1.0")));
    EncodedVariant d100 = encode(e -> e.writeDecimal(new BigDecimal("1.00")));
    assertEquals("$: expected decimal4 1.0, found decimal4 1.00", VariantEquality.describeDifference(d10, d100));
    assertTrue(VariantEquality.equal(d10, encode(e -> e.writeDecimal4(10, 1))));
    assertFalse(VariantEquality.equal(d10, encode(e -> e.writeDecimal8(10, 1))), "decimal4 and decimal8 differ");
  }

  @Test
  void differencesAreDescribedWithPaths() throws JsonProcessingException {
    assertEquals("$.a.b[3]: expected int8 5, found string \"5\"",
        VariantEquality.describeDifference(json("{\"a\":{\"b\":[0,1,2,5]}}"), json("{\"a\":{\"b\":[0,1,2,\"5\"]}}")));
    assertEquals("$.a: missing key 'y' (expected int8 2)",
        VariantEquality.describeDifference(json("{\"a\":{\"x\":1,\"y\":2}}"), json("{\"a\":{\"x\":1}}")));
    assertEquals("$: unexpected key 'z' (found array with 0 elements)",
        VariantEquality.describeDifference(json("{\"a\":1}"), json("{\"a\":1,\"z\":[]}")));
    assertEquals("$[\"odd key\"]: expected object with 1 field, found array with 1 element",
        VariantEquality.describeDifference(json("{\"odd key\":{\"k\":1}}"), json("{\"odd key\":[1]}")));
    assertEquals("$: expected array with 2 elements, found array with 3 elements",
        VariantEquality.describeDifference(json("[1,2]"), json("[1,2,3]")));
    assertNull(VariantEquality.describeDifference(json("{\"a\":[1,{\"b\":null}]}"), json("{\"a\":[1,{\"b\":null}]}")));
    String longText = "x".repeat(200);
    String d = VariantEquality.describeDifference(json("\"" + longText + "\""), json("\"y\""));
    assertTrue(d.length() < 200 && d.contains("..."), d);
  }

  @Test
  void keysAreComparedByUtf8Bytes() {
    EncodedVariant a = encode(e -> {
      e.startObject();
      e.key("\uFB00");
      e.writeNull();
      e.key("\uD83D\uDE00");
      e.writeNull();
      e.endObject();
    });
    // The same object built from UTF-8 key bytes in the other order.
    EncodedVariant b = encode(e -> {
      e.startObject();
      byte[] k2 = "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8);
      e.key(k2, 0, k2.length);
      e.writeNull();
      byte[] k1 = "\uFB00".getBytes(StandardCharsets.UTF_8);
      e.key(k1, 0, k1.length);
      e.writeNull();
      e.endObject();
    });
    // Same sorted dictionary; the field values sit in write order, so only the offsets differ.
    org.junit.jupiter.api.Assertions.assertArrayEquals(a.metadata(), b.metadata());
    assertNotEquals(a, b);
    assertTrue(VariantEquality.equal(a, b));
  }
}
