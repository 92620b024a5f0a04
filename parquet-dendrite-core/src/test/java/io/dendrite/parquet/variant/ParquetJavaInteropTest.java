package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;
import org.junit.jupiter.api.Test;

/**
 * Cross-checks our bytes with parquet-java's independent Variant implementation (test scope
 * only): what we write it reads back identically, including binary-search field lookups that
 * depend on our unsigned UTF-8 field order, and what it writes we validate and read.
 */
class ParquetJavaInteropTest {

  @Test
  void parquetJavaReadsWhatWeWrite() throws Exception {
    String json = "{\"\uFB00\": 1, \"\uD83D\uDE00\": [true, null, \"s\", 1.25, 1e3, 300, 70000, 5000000000],"
        + " \"a\": {\"nested\": {\"deep\": \"" + "x".repeat(100) + "\"}}, \"e\": {}, \"f\": []}";
    assertSame(VariantJson.parse(json));
    VariantEncoder e = new VariantEncoder();
    e.startArray();
    e.writeFloat(1.5f);
    e.writeDecimal16(new java.math.BigInteger("12345678901234567890123"), 3);
    e.writeDecimal8(-1234567890123L, 2);
    e.writeDate(-20);
    e.writeTimestamp(1);
    e.writeTimestampNtz(2);
    e.writeTimestampNanos(3);
    e.writeTimestampNtzNanos(4);
    e.writeTime(5);
    e.writeBinary(new byte[] {1, 2, 3});
    e.writeUuid(0x0123456789abcdefL, 0xfedcba9876543210L);
    e.writeInt16((short) 1);
    e.endArray();
    assertSame(e.finish());
    // Wide object (2-byte ids, is_large) and random keys.
    e.reset();
    e.startObject();
    for (int i = 0; i < 700; i++) {
      e.key("key-" + Integer.toString(i * 7919 % 700, 36) + "-\u00e9" + (char) ('a' + i % 26));
      e.writeLong(i * 1000L);
    }
    e.endObject();
    assertSame(e.finish());
  }

  @Test
  void parquetJavaReadsRandomDocuments() {
    RandomDocumentsTest.Generator g = new RandomDocumentsTest.Generator(99L, false);
    for (int i = 0; i < 150; i++) {
      assertSame(TestSupport.fromJava(g.document()));
    }
  }

  /**
   * parquet-java 1.18.1 orders and binary-searches object keys with String.compareTo (UTF-16),
   * apache/parquet-java#3735, fixed upstream after 1.18.1. For objects at or above its binary
   * search threshold it therefore misses keys of spec-conformant (UTF-8 ordered) objects whose
   * keys mix characters in U+E000..U+FFFF with characters above U+FFFF. Our bytes follow the spec;
   * if this test starts failing, the bug is fixed in the parquet-java in use: delete this test
   * and the guard in {@link #compare}.
   */
  @Test
  void parquetJava1181SearchesInUtf16Order() {
    VariantEncoder e = new VariantEncoder();
    e.startObject();
    for (int i = 0; i < 40; i++) {
      e.key("k" + (char) ('A' + i));
      e.writeInt8((byte) i);
    }
    e.key("\uFB00");
    e.writeInt8((byte) 100);
    e.key("\uD83D\uDE00");
    e.writeInt8((byte) 101);
    e.endObject();
    EncodedVariant v = e.finish().validate();
    Variant pv = new Variant(v.value(), v.metadata());
    boolean missed = pv.getFieldByKey("\uFB00") == null || pv.getFieldByKey("\uD83D\uDE00") == null;
    assertTrue(missed, "parquet-java now finds keys in UTF-8 order: remove this test and the guard in compare()");
    assertEquals(100, VariantValue.of(v).field("\uFB00").getLong());
    assertEquals(101, VariantValue.of(v).field("\uD83D\uDE00").getLong());
  }

  /** Objects parquet-java 1.18.1 writes in legacy UTF-16 key order are accepted and searchable. */
  @Test
  void weReadParquetJavaObjectsInLegacyKeyOrder() {
    VariantBuilder b = new VariantBuilder();
    VariantObjectBuilder o = b.startObject();
    Map<String, Integer> expected = new java.util.LinkedHashMap<>();
    for (int i = 0; i < 40; i++) {
      expected.put("k" + (char) ('A' + i), i);
    }
    expected.put("\uFB00", 100);
    expected.put("\uD83D\uDE00", 101);
    expected.put("\uFFFF", 102);
    expected.put("\uDBFF\uDFFF", 103);
    for (Map.Entry<String, Integer> en : expected.entrySet()) {
      o.appendKey(en.getKey());
      o.appendInt(en.getValue());
    }
    b.endObject();
    Variant pv = b.build();
    EncodedVariant theirs = EncodedVariant.of(toArray(pv.getMetadataBuffer()), toArray(pv.getValueBuffer()));
    theirs.validate(); // legacy order accepted
    VariantValue v = VariantValue.of(theirs);
    // parquet-java 1.18.1 writes Java String order here; a fixed version would write UTF-8 order.
    assertTrue(!isUtf8Sorted(v.keys()), "parquet-java now writes UTF-8 order; this test no longer covers legacy input");
    for (Map.Entry<String, Integer> en : expected.entrySet()) {
      assertEquals(en.getValue().longValue(), v.field(en.getKey()).getLong(), en.getKey());
      int id = theirs.parsedMetadata().id(en.getKey());
      assertEquals(en.getKey(), theirs.parsedMetadata().key(id));
    }
    EncodedVariant canonical = TestSupport.fromJava(expected);
    assertTrue(isUtf8Sorted(VariantValue.of(canonical).keys()));
    assertNull(VariantEquality.describeDifference(canonical, theirs));
    assertEquals(VariantValue.of(canonical), v);
    assertEquals(VariantValue.of(canonical).hashCode(), v.hashCode());
    // Copying re-sorts into canonical order.
    VariantEncoder copier = new VariantEncoder();
    copier.writeVariant(theirs);
    assertEquals(VariantValue.of(canonical).keys(), VariantValue.of(copier.finish().validate()).keys());
  }

  private static boolean isUtf8Sorted(java.util.List<String> keys) {
    for (int i = 1; i < keys.size(); i++) {
      if (java.util.Arrays.compareUnsigned(keys.get(i - 1).getBytes(java.nio.charset.StandardCharsets.UTF_8),
          keys.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8)) >= 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether sorting these keys by UTF-16 code units gives a different order than by UTF-8. */
  private static boolean utf8AndUtf16OrdersDiffer(java.util.List<String> keys) {
    java.util.List<String> utf16 = new java.util.ArrayList<>(keys);
    java.util.Collections.sort(utf16);
    java.util.List<String> utf8 = new java.util.ArrayList<>(keys);
    utf8.sort((x, y) -> java.util.Arrays.compareUnsigned(x.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        y.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    return !utf16.equals(utf8);
  }

  @Test
  void weReadWhatParquetJavaWrites() {
    VariantBuilder b = new VariantBuilder();
    VariantObjectBuilder o = b.startObject();
    o.appendKey("zeta");
    o.appendLong(5);
    o.appendKey("alpha");
    o.appendString("text");
    o.appendKey("mid");
    o.appendDecimal(new BigDecimal("12.345"));
    b.endObject();
    Variant pv = b.build();
    EncodedVariant ours = EncodedVariant.of(toArray(pv.getMetadataBuffer()), toArray(pv.getValueBuffer())).validate();
    VariantValue v = VariantValue.of(ours);
    assertEquals(5, v.field("zeta").getLong());
    assertEquals("text", v.field("alpha").getString());
    assertEquals(new BigDecimal("12.345"), v.field("mid").getDecimal());
    assertSame(ours);
  }

  private static byte[] toArray(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  /** parquet-java decodes {@code v} to exactly what our accessors decode. */
  private static void assertSame(EncodedVariant v) {
    v.validate();
    Variant pv = new Variant(v.value(), v.metadata());
    compare("$", VariantValue.of(v), pv);
  }

  private static void compare(String path, VariantValue ours, Variant theirs) {
    VariantType t = ours.type();
    assertEquals(expectedType(t), theirs.getType(), path);
    switch (t) {
      case OBJECT: {
        assertEquals(ours.objectSize(), theirs.numObjectElements(), path);
        int i = 0;
        for (String key : ours.keys()) {
          Variant.ObjectField f = theirs.getFieldAtIndex(i++);
          assertEquals(key, f.key, path);
          compare(path + "." + key, ours.field(key), f.value);
          if (!utf8AndUtf16OrdersDiffer(ours.keys())) { // see parquetJava1181SearchesInUtf16Order
            Variant byKey = theirs.getFieldByKey(key); // binary search over our field order
            assertNotNull(byKey, path + ": parquet-java cannot find key " + key);
            assertEquals(f.value.getValueBuffer(), byKey.getValueBuffer(), path + "." + key); // same bytes as by index
          }
        }
        assertNull(theirs.getFieldByKey("\uFFFF-absent"));
        return;
      }
      case ARRAY:
        assertEquals(ours.arraySize(), theirs.numArrayElements(), path);
        for (int i = 0; i < ours.arraySize(); i++) {
          compare(path + "[" + i + "]", ours.element(i), theirs.getElementAtIndex(i));
        }
        return;
      case NULL:
        return;
      case BOOLEAN:
        assertEquals(ours.getBoolean(), theirs.getBoolean(), path);
        return;
      case INT8:
        assertEquals(ours.getLong(), theirs.getByte(), path);
        return;
      case INT16:
        assertEquals(ours.getLong(), theirs.getShort(), path);
        return;
      case INT32:
      case DATE:
        assertEquals(t == VariantType.DATE ? ours.getDate() : ours.getLong(), theirs.getInt(), path);
        return;
      case INT64:
        assertEquals(ours.getLong(), theirs.getLong(), path);
        return;
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
      case TIME:
        assertEquals(ours.getTimestamp(), theirs.getLong(), path);
        return;
      case DOUBLE:
        assertEquals(Double.doubleToRawLongBits(ours.getDouble()), Double.doubleToRawLongBits(theirs.getDouble()), path);
        return;
      case FLOAT:
        assertEquals(Float.floatToRawIntBits(ours.getFloat()), Float.floatToRawIntBits(theirs.getFloat()), path);
        return;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        assertEquals(ours.getDecimal(), theirs.getDecimal(), path);
        return;
      case STRING:
        assertEquals(ours.getString(), theirs.getString(), path);
        return;
      case BINARY:
        assertArrayEquals(ours.getBinary(), toArray(theirs.getBinary()), path);
        return;
      case UUID:
        assertEquals(ours.getUuid(), theirs.getUUID(), path);
        return;
      default:
        throw new AssertionError("unhandled " + t);
    }
  }

  private static final Map<VariantType, Variant.Type> TYPES = Map.ofEntries(
      Map.entry(VariantType.OBJECT, Variant.Type.OBJECT),
      Map.entry(VariantType.ARRAY, Variant.Type.ARRAY),
      Map.entry(VariantType.NULL, Variant.Type.NULL),
      Map.entry(VariantType.BOOLEAN, Variant.Type.BOOLEAN),
      Map.entry(VariantType.INT8, Variant.Type.BYTE),
      Map.entry(VariantType.INT16, Variant.Type.SHORT),
      Map.entry(VariantType.INT32, Variant.Type.INT),
      Map.entry(VariantType.INT64, Variant.Type.LONG),
      Map.entry(VariantType.STRING, Variant.Type.STRING),
      Map.entry(VariantType.DOUBLE, Variant.Type.DOUBLE),
      Map.entry(VariantType.DECIMAL4, Variant.Type.DECIMAL4),
      Map.entry(VariantType.DECIMAL8, Variant.Type.DECIMAL8),
      Map.entry(VariantType.DECIMAL16, Variant.Type.DECIMAL16),
      Map.entry(VariantType.DATE, Variant.Type.DATE),
      Map.entry(VariantType.TIMESTAMP, Variant.Type.TIMESTAMP_TZ),
      Map.entry(VariantType.TIMESTAMP_NTZ, Variant.Type.TIMESTAMP_NTZ),
      Map.entry(VariantType.FLOAT, Variant.Type.FLOAT),
      Map.entry(VariantType.BINARY, Variant.Type.BINARY),
      Map.entry(VariantType.TIME, Variant.Type.TIME),
      Map.entry(VariantType.TIMESTAMP_NANOS, Variant.Type.TIMESTAMP_NANOS_TZ),
      Map.entry(VariantType.TIMESTAMP_NTZ_NANOS, Variant.Type.TIMESTAMP_NANOS_NTZ),
      Map.entry(VariantType.UUID, Variant.Type.UUID));

  private static Variant.Type expectedType(VariantType t) {
    return TYPES.get(t);
  }
}
