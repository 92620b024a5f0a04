package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.fromJava;
import static io.dendrite.parquet.variant.TestSupport.toJava;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dendrite.parquet.variant.internal.VariantBinary;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Java object conversion in both directions. */
class VariantJavaTest {

  private static VariantType typeOf(Object javaValue) {
    EncodedVariant v = fromJava(javaValue).validate();
    return VariantBinary.type(v.value(), 0);
  }

  private static void assertRoundTrip(Object value, VariantType type) {
    EncodedVariant v = fromJava(value);
    assertEquals(type, VariantBinary.type(v.value(), 0), String.valueOf(value));
    Object back = toJava(v);
    if (value instanceof byte[]) {
      assertArrayEquals((byte[]) value, (byte[]) back);
    } else {
      assertEquals(value, back);
    }
  }

  @Test
  void everySupportedTypeRoundTrips() {
    assertRoundTrip(null, VariantType.NULL);
    assertRoundTrip(true, VariantType.BOOLEAN);
    assertRoundTrip(false, VariantType.BOOLEAN);
    assertRoundTrip((byte) -7, VariantType.INT8);
    assertRoundTrip((short) 7, VariantType.INT16); // declared width kept, although int8 would hold it
    assertRoundTrip(7, VariantType.INT32);
    assertRoundTrip(7L, VariantType.INT64);
    assertRoundTrip(Long.MIN_VALUE, VariantType.INT64);
    assertRoundTrip(1.5, VariantType.DOUBLE);
    assertRoundTrip(Double.NaN, VariantType.DOUBLE);
    assertRoundTrip(2.5f, VariantType.FLOAT);
    assertRoundTrip(new BigDecimal("123.450"), VariantType.DECIMAL4);
    assertRoundTrip(new BigDecimal("12345678901.5"), VariantType.DECIMAL8);
    assertRoundTrip(new BigDecimal("-1234567890123456789012345.6789"), VariantType.DECIMAL16);
    assertRoundTrip(LocalDate.of(2024, 2, 29), VariantType.DATE);
    assertRoundTrip(LocalDate.of(1, 1, 1), VariantType.DATE);
    assertRoundTrip(Instant.parse("2024-01-02T03:04:05.123456Z"), VariantType.TIMESTAMP);
    assertRoundTrip(Instant.parse("1900-01-02T03:04:05.1Z"), VariantType.TIMESTAMP);
    assertRoundTrip(Instant.parse("2024-01-02T03:04:05.123456789Z"), VariantType.TIMESTAMP_NANOS);
    assertRoundTrip(Instant.parse("1969-12-31T23:59:59.999999999Z"), VariantType.TIMESTAMP_NANOS);
    assertRoundTrip(LocalDateTime.parse("2024-01-02T03:04:05.123456"), VariantType.TIMESTAMP_NTZ);
    assertRoundTrip(LocalDateTime.parse("2024-01-02T03:04:05.000000007"), VariantType.TIMESTAMP_NTZ_NANOS);
    assertRoundTrip(LocalTime.parse("23:59:59.999999"), VariantType.TIME);
    assertRoundTrip(LocalTime.MIDNIGHT, VariantType.TIME);
    assertRoundTrip(new byte[] {0, -1, 2}, VariantType.BINARY);
    assertRoundTrip("text \u00e9\uD83D\uDE00", VariantType.STRING);
    assertRoundTrip("long ".repeat(40), VariantType.STRING);
    assertRoundTrip(UUID.randomUUID(), VariantType.UUID);
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("b", 1);
    map.put("a", List.of("x", 2L));
    assertRoundTrip(map, VariantType.OBJECT);
    assertRoundTrip(List.of(1, "two", List.of()), VariantType.ARRAY);
  }

  /**
   * The lowest counts a timestamp holds, whose second times units alone overflows int64, and
   * the first instant below each, which does not fit.
   */
  @Test
  void timestampsAtTheLowEndOfTheirRange() {
    Instant lowestMicros = Instant.EPOCH.plus(Long.MIN_VALUE, java.time.temporal.ChronoUnit.MICROS);
    Instant lowestNanos = Instant.EPOCH.plusNanos(Long.MIN_VALUE);
    VariantValue micros = VariantValue.of(fromJava(lowestMicros));
    assertEquals(VariantType.TIMESTAMP, micros.type());
    assertEquals(Long.MIN_VALUE, micros.getTimestamp());
    VariantValue nanos = VariantValue.of(fromJava(lowestNanos));
    assertEquals(VariantType.TIMESTAMP_NANOS, nanos.type());
    assertEquals(Long.MIN_VALUE, nanos.getTimestamp());
    assertThrows(IllegalArgumentException.class, () -> fromJava(lowestMicros.minusNanos(1000)));
    assertThrows(IllegalArgumentException.class, () -> fromJava(lowestNanos.minusNanos(1)));
  }

  @Test
  void otherJavaTypesMapToTheirVariantCounterparts() {
    assertEquals(VariantType.INT8, typeOf(BigInteger.valueOf(100)));
    assertEquals(VariantType.INT64, typeOf(BigInteger.valueOf(Long.MAX_VALUE)));
    assertEquals(new BigDecimal("18446744073709551616"), toJava(fromJava(BigInteger.ONE.shiftLeft(64))));
    IllegalArgumentException huge = assertThrows(IllegalArgumentException.class, () -> fromJava(BigInteger.TEN.pow(38)));
    assertTrue(huge.getMessage().contains("more than 38 digits"), huge.getMessage());
    assertThrows(VariantFormatException.class, () -> fromJava(new BigDecimal("1" + "0".repeat(39))));

    Instant instant = Instant.parse("2024-05-06T07:08:09.123Z");
    assertEquals(instant, toJava(fromJava(OffsetDateTime.ofInstant(instant, ZoneOffset.ofHours(5)))));
    assertEquals(instant, toJava(fromJava(ZonedDateTime.ofInstant(instant, ZoneId.of("America/New_York")))));
    assertThrows(IllegalArgumentException.class, () -> fromJava(Instant.MAX));
    IllegalArgumentException subMicro = assertThrows(IllegalArgumentException.class, () -> fromJava(LocalTime.ofNanoOfDay(1)));
    assertTrue(subMicro.getMessage().contains("sub-microsecond"), subMicro.getMessage());

    ByteBuffer heap = ByteBuffer.wrap(new byte[] {9, 8, 7, 6});
    heap.position(1);
    assertArrayEquals(new byte[] {8, 7, 6}, (byte[]) toJava(fromJava(heap)));
    assertEquals(1, heap.position(), "buffer position untouched");
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {1, 2, 3});
    direct.flip();
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) toJava(fromJava(direct)));
    assertEquals(0, direct.position());

    assertEquals("sb", toJava(fromJava(new StringBuilder("sb"))));
    assertEquals("c", toJava(fromJava('c')));
    assertEquals(List.of(1, 2), toJava(fromJava(new int[] {1, 2})));
    assertEquals(List.of(1.5, 2.5), toJava(fromJava(new double[] {1.5, 2.5})));
    assertEquals(List.of(true), toJava(fromJava(new boolean[] {true})));
    assertEquals(List.of("a", "b"), toJava(fromJava(new char[] {'a', 'b'})));
    assertEquals(List.of((short) 3), toJava(fromJava(new short[] {3})));
    assertEquals(List.of("x", 1), toJava(fromJava(new Object[] {"x", 1})));
    assertEquals(List.of(3, 1), toJava(fromJava(new LinkedHashSet<>(List.of(3, 1)))));

    // Object keys come back in sorted order, whatever the map's own order.
    Map<String, Object> reversed = new TreeMap<>((x, y) -> y.compareTo(x));
    reversed.put("a", 1);
    reversed.put("c", 3);
    reversed.put("b", 2);
    assertEquals(List.of("a", "b", "c"), new ArrayList<>(((Map<?, ?>) toJava(fromJava(reversed))).keySet()));
  }

  @Test
  void jsonNodesFollowJsonNumberRules() throws Exception {
    JsonNode tree = new ObjectMapper().readTree(
        "{\"i\": 5, \"l\": 5000000000, \"big\": 123456789012345678901234567890, \"d\": 1.5, \"s\": \"x\","
            + " \"b\": true, \"n\": null, \"a\": [1, {\"k\": []}]}");
    EncodedVariant v = fromJava(tree).validate();
    VariantValue o = VariantValue.of(v);
    assertEquals(VariantType.INT8, o.field("i").type(), "IntNode uses the smallest int, like JSON");
    assertEquals(VariantType.INT64, o.field("l").type());
    assertEquals(VariantType.DECIMAL16, o.field("big").type());
    assertEquals(VariantType.DOUBLE, o.field("d").type(), "DoubleNode stays double");
    assertEquals("{\"a\":[1,{\"k\":[]}],\"b\":true,\"big\":123456789012345678901234567890,\"d\":1.5E0,\"i\":5,"
        + "\"l\":5000000000,\"n\":null,\"s\":\"x\"}", o.toJson());

    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode node = f.objectNode();
    node.set("dec", f.numberNode(new BigDecimal("1.25")));
    node.set("float", f.numberNode(1.5f));
    node.set("short", f.numberNode((short) 300));
    node.set("bin", f.binaryNode(new byte[] {1, 2}));
    node.set("pojo", f.pojoNode(UUID.fromString("00000000-0000-0000-0000-000000000001")));
    node.set("missing", f.missingNode());
    VariantValue n = VariantValue.of(fromJava(node).validate());
    assertEquals(VariantType.DECIMAL4, n.field("dec").type());
    assertEquals(VariantType.FLOAT, n.field("float").type());
    assertEquals(VariantType.INT16, n.field("short").type());
    assertArrayEquals(new byte[] {1, 2}, n.field("bin").getBinary());
    assertEquals(VariantType.UUID, n.field("pojo").type());
    assertTrue(n.field("missing").isNull());
  }

  @Test
  void variantsAreCopied() throws Exception {
    EncodedVariant inner = VariantJson.parse("{\"q\": [1, 2], \"p\": \"v\"}");
    Map<String, Object> outer = new LinkedHashMap<>();
    outer.put("whole", inner);
    outer.put("part", VariantValue.of(inner).field("q"));
    assertEquals("{\"part\":[1,2],\"whole\":{\"p\":\"v\",\"q\":[1,2]}}", fromJava(outer).validate().toJson());
  }

  @Test
  void unsupportedValuesAreRejectedWithClearMessages() {
    IllegalArgumentException thread = assertThrows(IllegalArgumentException.class, () -> fromJava(Thread.currentThread()));
    assertEquals("unsupported Java type for a VARIANT value: java.lang.Thread", thread.getMessage());
    Map<Object, Object> intKeys = new LinkedHashMap<>();
    intKeys.put(1, "one");
    IllegalArgumentException key = assertThrows(IllegalArgumentException.class, () -> fromJava(intKeys));
    assertTrue(key.getMessage().contains("java.lang.Integer"), key.getMessage());
    Map<String, Object> nullKey = new LinkedHashMap<>();
    nullKey.put(null, 1);
    assertThrows(IllegalArgumentException.class, () -> fromJava(nullKey));
    List<Object> cyclic = new ArrayList<>();
    cyclic.add(cyclic);
    IllegalArgumentException cycle = assertThrows(IllegalArgumentException.class, () -> fromJava(cyclic));
    assertTrue(cycle.getMessage().contains("cycle"), cycle.getMessage());
  }

  @Test
  void toJavaProducesDocumentedTypes() throws Exception {
    EncodedVariant v = VariantJson.parse("{\"b\": [1, 300, 70000, 5000000000, 1.5, 1e0, \"s\", null]}");
    Object java = toJava(v);
    assertTrue(java instanceof LinkedHashMap);
    List<?> list = (List<?>) ((Map<?, ?>) java).get("b");
    assertTrue(list instanceof ArrayList);
    assertEquals(Arrays.asList((byte) 1, (short) 300, 70000, 5000000000L, new BigDecimal("1.5"), 1.0, "s", null), list);
    assertNull(toJava(fromJava(null)));
  }
}
