package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The convenience view. */
class VariantValueTest {

  @Test
  void fieldOfIdFindsWhatFieldFindsByName() throws Exception {
    EncodedVariant v = VariantJson.parse(
        "{\"user\": {\"name\": \"Ada\", \"age\": 36, \"tags\": [1]}, \"id\": 7}");
    VariantValue root = VariantValue.of(v.metadata(), v.value()).validate();
    VariantMetadata m = root.metadata();
    assertTrue(m.isSorted());
    VariantValue user = root.field("user");
    for (String key : List.of("name", "age", "tags", "user", "id")) {
      assertEquals(user.field(key), user.fieldOfId(m.id(key)), key);
      assertEquals(root.field(key), root.fieldOfId(m.id(key)), key);
    }
    assertNull(user.fieldOfId(-1));
    assertNull(user.fieldOfId(m.id("absent")));
    // An object of the same metadata written by another encoder.
    VariantEncoder e = VariantEncoder.seeded(m);
    e.startObject();
    e.key("name");
    e.writeString("Bo");
    e.key("age");
    e.writeInt8((byte) 5);
    e.endObject();
    VariantValue built = VariantValue.of(e.finish()).validate();
    assertEquals("Bo", built.fieldOfId(m.id("name")).getString());
    assertEquals(5, built.fieldOfId(m.id("age")).getLong());
    assertNull(built.fieldOfId(m.id("tags")));
  }

  @Test
  void navigationAndAccessors() throws Exception {
    EncodedVariant v = VariantJson.parse("{\"user\": {\"name\": \"Ada\", \"age\": 36, \"score\": 9.5, \"tags\": [\"a\", null]}}");
    VariantValue root = VariantValue.of(v.metadata(), v.value()).validate();
    VariantValue user = root.field("user");
    assertEquals(VariantType.OBJECT, user.type());
    assertEquals(4, user.objectSize());
    assertEquals(List.of("age", "name", "score", "tags"), user.keys());
    assertEquals("Ada", user.field("name").getString());
    assertEquals(36, user.field("age").getLong());
    assertEquals(new BigDecimal("9.5"), user.field("score").getDecimal());
    VariantValue tags = user.field("tags");
    assertEquals(2, tags.arraySize());
    assertEquals("a", tags.element(0).getString());
    assertTrue(tags.element(1).isNull());
    assertFalse(tags.element(0).isNull());
    assertThrows(IndexOutOfBoundsException.class, () -> tags.element(2));
    assertNull(user.field("missing"));
    assertEquals("{\"age\":36,\"name\":\"Ada\",\"score\":9.5,\"tags\":[\"a\",null]}", user.toString());
    assertEquals(Map.of("age", (byte) 36, "name", "Ada", "score", new BigDecimal("9.5"), "tags", java.util.Arrays.asList("a", null)),
        user.toJava());
    assertSame(v.value(), user.valueBytes());
    assertTrue(user.pos() > 0);
  }

  /** Fields by index: the same views as by key, in the order of keys(); bad uses throw. */
  @Test
  void fieldAtWalksTheFieldsInStoredOrder() throws Exception {
    VariantValue user = VariantJson.parse("{\"name\": \"Ada\", \"age\": 36, \"tags\": [\"a\"]}").toValue().validate();
    List<String> keys = user.keys();
    assertEquals(List.of("age", "name", "tags"), keys);
    for (int i = 0; i < keys.size(); i++) {
      VariantValue byIndex = user.fieldAt(i);
      VariantValue byKey = user.field(keys.get(i));
      assertEquals(byKey.pos(), byIndex.pos(), keys.get(i));
      assertEquals(byKey, byIndex);
    }
    assertEquals(36, user.fieldAt(0).getLong());
    assertEquals("a", user.fieldAt(2).element(0).getString());
    assertThrows(IndexOutOfBoundsException.class, () -> user.fieldAt(3));
    assertThrows(IndexOutOfBoundsException.class, () -> user.fieldAt(-1));
    assertThrows(VariantFormatException.class, () -> user.fieldAt(2).fieldAt(0)); // an array
  }

  /** Java values encode as the writer encodes them (the same bytes as its converter). */
  @Test
  void fromJavaEncodesJavaValues() {
    EncodedVariant v = EncodedVariant.fromJava(Map.of("id", 7L, "tags", List.of("a", "b")));
    assertEquals("{\"id\":7,\"tags\":[\"a\",\"b\"]}", v.toJson());
    Map<String, Object> doc = new java.util.LinkedHashMap<>();
    doc.put("z", (byte) 1);
    doc.put("a", List.of(new BigDecimal("1.50"), 2.5, java.util.UUID.fromString("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")));
    doc.put("m", null);
    VariantEncoder enc = new VariantEncoder();
    io.dendrite.parquet.variant.internal.VariantJava.write(doc, enc);
    assertEquals(enc.finish(), EncodedVariant.fromJava(doc));
    assertEquals(doc, EncodedVariant.fromJava(doc).toValue().toJava());
    assertEquals("null", EncodedVariant.fromJava(null).toJson());
    assertThrows(IllegalArgumentException.class, () -> EncodedVariant.fromJava(new Object()));
  }

  @Test
  void toEncodedCopiesOutASubValueWithMinimalMetadata() throws Exception {
    EncodedVariant v = VariantJson.parse("{\"z\": 1, \"inner\": {\"b\": [true], \"a\": 2}, \"y\": 3}");
    VariantValue inner = VariantValue.of(v).field("inner");
    EncodedVariant standalone = inner.toEncoded().validate();
    VariantMetadata m = standalone.parsedMetadata();
    assertEquals(2, m.size(), "only the keys the sub-value uses");
    assertTrue(m.isSorted());
    assertEquals("{\"a\":2,\"b\":[true]}", standalone.toJson());
    assertEquals(inner, VariantValue.of(standalone));
    assertEquals(inner.hashCode(), VariantValue.of(standalone).hashCode());
    assertNotEquals(inner, VariantValue.of(v));
    EncodedVariant whole = VariantValue.of(v).toEncoded();
    assertEquals(v, whole, "a top-level value is returned as is");
  }

  @Test
  void primitiveAccessorsDelegate() {
    VariantEncoder e = new VariantEncoder();
    e.startArray();
    e.writeDouble(2.5);
    e.writeFloat(1.5f);
    e.writeDate(3);
    e.writeTimestamp(4);
    e.writeBinary(new byte[] {5});
    e.writeUuid(6, 7);
    e.writeBoolean(true);
    e.endArray();
    VariantValue a = VariantValue.of(e.finish());
    assertEquals(2.5, a.element(0).getDouble());
    assertEquals(1.5f, a.element(1).getFloat());
    assertEquals(3, a.element(2).getDate());
    assertEquals(4, a.element(3).getTimestamp());
    assertEquals(5, a.element(4).getBinary()[0]);
    assertEquals(7, a.element(5).getUuid().getLeastSignificantBits());
    assertTrue(a.element(6).getBoolean());
    assertEquals(7, a.arraySize());
    assertSame(a.metadata(), a.element(0).metadata());
  }
}
