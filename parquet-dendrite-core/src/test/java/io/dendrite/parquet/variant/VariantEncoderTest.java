package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.encode;
import static io.dendrite.parquet.variant.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.Bytes;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Encoder behaviour: primitive encodings, container layout, dictionary handling and misuse. */
class VariantEncoderTest {

  private static EncodedVariant valid(EncodedVariant v) {
    return v.validate();
  }

  private static int offsetSize(byte[] v) {
    return ((v[0] >> 2) & 3) + 1;
  }

  private static int fieldIdSize(byte[] v) {
    return ((v[0] >> 4) & 3) + 1;
  }

  private static boolean objectIsLarge(byte[] v) {
    return (v[0] & 0x40) != 0;
  }

  private static boolean arrayIsLarge(byte[] v) {
    return (v[0] & 0x10) != 0;
  }

  // ---------------------------------------------------------------- primitives

  @Test
  void primitivesHaveTheSpecEncodings() {
    assertEquals("00", hex(encode(VariantEncoder::writeNull).value()));
    assertEquals("04", hex(encode(e -> e.writeBoolean(true)).value()));
    assertEquals("08", hex(encode(e -> e.writeBoolean(false)).value()));
    assertEquals("0c2a", hex(encode(e -> e.writeInt8((byte) 42)).value()));
    assertEquals("10d204", hex(encode(e -> e.writeInt16((short) 1234)).value()));
    assertEquals("1440e20100", hex(encode(e -> e.writeInt32(123456)).value()));
    assertEquals("181581e97df4102211", hex(encode(e -> e.writeInt64(1234567890123456789L)).value()));
    assertEquals("1c000000000000f03f", hex(encode(e -> e.writeDouble(1.0)).value()));
    assertEquals("380000803f", hex(encode(e -> e.writeFloat(1.0f)).value()));
    assertEquals("2002d2040000", hex(encode(e -> e.writeDecimal4(1234, 2)).value()));
    assertEquals("2c01000000", hex(encode(e -> e.writeDate(1)).value()));
    assertEquals("300100000000000000", hex(encode(e -> e.writeTimestamp(1)).value()));
    assertEquals("340100000000000000", hex(encode(e -> e.writeTimestampNtz(1)).value()));
    assertEquals("440100000000000000", hex(encode(e -> e.writeTime(1)).value()));
    assertEquals("480100000000000000", hex(encode(e -> e.writeTimestampNanos(1)).value()));
    assertEquals("4c0100000000000000", hex(encode(e -> e.writeTimestampNtzNanos(1)).value()));
    assertEquals("3c02000000abcd", hex(encode(e -> e.writeBinary(TestSupport.bytes(0xab, 0xcd))).value()));
    assertEquals("096869", hex(encode(e -> e.writeString("hi")).value()));
    assertEquals("50f24f9b6481fa49d1b74e8c09a6e31c56",
        hex(encode(e -> e.writeUuid(UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"))).value()));
    assertEquals("010000", hex(encode(VariantEncoder::writeNull).metadata()), "empty metadata");
  }

  @Test
  void everyPrimitiveRoundTrips() {
    UUID uuid = UUID.randomUUID();
    assertTrue(VariantValue.of(valid(encode(VariantEncoder::writeNull))).isNull());
    assertTrue(VariantBinary.getBoolean(valid(encode(e -> e.writeBoolean(true))).value(), 0));
    assertFalse(VariantBinary.getBoolean(valid(encode(e -> e.writeBoolean(false))).value(), 0));
    long[] ints = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, Short.MIN_VALUE, Short.MAX_VALUE,
        Integer.MIN_VALUE, Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE};
    for (long i : ints) {
      assertEquals(i, VariantBinary.getLong(valid(encode(e -> e.writeInt64(i))).value(), 0));
      assertEquals(i, VariantBinary.getLong(valid(encode(e -> e.writeLong(i))).value(), 0));
    }
    for (double d : new double[] {0.0, -0.0, 1.5, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.NEGATIVE_INFINITY}) {
      assertEquals(Double.doubleToRawLongBits(d),
          Double.doubleToRawLongBits(VariantBinary.getDouble(valid(encode(e -> e.writeDouble(d))).value(), 0)));
    }
    for (float f : new float[] {0f, -0f, 1.25f, Float.MAX_VALUE, Float.NaN, Float.POSITIVE_INFINITY}) {
      assertEquals(Float.floatToRawIntBits(f),
          Float.floatToRawIntBits(VariantBinary.getFloat(valid(encode(e -> e.writeFloat(f))).value(), 0)));
    }
    assertEquals(-3, VariantBinary.getDate(valid(encode(e -> e.writeDate(-3))).value(), 0));
    assertEquals(VariantType.DATE, VariantBinary.type(encode(e -> e.writeDate(-3)).value(), 0));
    assertTimestamp(VariantType.TIMESTAMP, -5L, e -> e.writeTimestamp(-5L));
    assertTimestamp(VariantType.TIMESTAMP_NTZ, 7L, e -> e.writeTimestampNtz(7L));
    assertTimestamp(VariantType.TIMESTAMP_NANOS, Long.MAX_VALUE, e -> e.writeTimestampNanos(Long.MAX_VALUE));
    assertTimestamp(VariantType.TIMESTAMP_NTZ_NANOS, Long.MIN_VALUE, e -> e.writeTimestampNtzNanos(Long.MIN_VALUE));
    assertTimestamp(VariantType.TIME, 86_399_999_999L, e -> e.writeTime(86_399_999_999L));
    assertThrows(IllegalArgumentException.class, () -> encode(e -> e.writeTime(86_400_000_000L)));
    assertThrows(IllegalArgumentException.class, () -> encode(e -> e.writeTime(-1)));
    byte[] bin = {1, 2, 3, 4, 5};
    EncodedVariant b = valid(encode(e -> e.writeBinary(bin, 1, 3)));
    assertArrayEquals(new byte[] {2, 3, 4}, VariantBinary.getBinary(b.value(), 0));
    assertEquals(5, VariantBinary.binaryOffset(b.value(), 0));
    assertEquals(3, VariantBinary.binaryLength(b.value(), 0));
    assertEquals(uuid, VariantBinary.getUuid(valid(encode(e -> e.writeUuid(uuid))).value(), 0));
    assertEquals(uuid, VariantBinary.getUuid(encode(e -> e.writeUuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits())).value(), 0));
  }

  private static void assertTimestamp(VariantType type, long expected, Consumer<VariantEncoder> write) {
    EncodedVariant v = valid(encode(write));
    assertEquals(type, VariantBinary.type(v.value(), 0));
    assertEquals(expected, VariantBinary.getTimestamp(v.value(), 0));
  }

  @Test
  void writeLongPicksTheSmallestIntegerType() {
    assertEquals(VariantType.INT8, typeOfLong(127));
    assertEquals(VariantType.INT8, typeOfLong(-128));
    assertEquals(VariantType.INT16, typeOfLong(128));
    assertEquals(VariantType.INT16, typeOfLong(-129));
    assertEquals(VariantType.INT16, typeOfLong(32767));
    assertEquals(VariantType.INT32, typeOfLong(32768));
    assertEquals(VariantType.INT32, typeOfLong(Integer.MIN_VALUE));
    assertEquals(VariantType.INT64, typeOfLong(Integer.MAX_VALUE + 1L));
    assertEquals(VariantType.INT64, typeOfLong(Long.MIN_VALUE));
  }

  private static VariantType typeOfLong(long v) {
    return VariantBinary.type(encode(e -> e.writeLong(v)).value(), 0);
  }

  @Test
  void decimalsUseTheNarrowestTypeForPrecisionAndScale() {
    assertDecimal("0.001", VariantType.DECIMAL4, 3); // precision 1, but scale 3 needs DECIMAL(3,3)
    assertDecimal("123456789", VariantType.DECIMAL4, 0);
    assertDecimal("1234567890", VariantType.DECIMAL8, 0);
    assertDecimal("0.1234567890", VariantType.DECIMAL8, 10);
    assertDecimal("123456789012345678", VariantType.DECIMAL8, 0);
    assertDecimal("1234567890123456789", VariantType.DECIMAL16, 0);
    assertDecimal("-99999999999999999999999999999999999999", VariantType.DECIMAL16, 0);
    assertDecimal("0.00000000000000000000000000000000000001", VariantType.DECIMAL16, 38);
    assertDecimal("1.50", VariantType.DECIMAL4, 2);
    // Negative scale is normalized to 0, trailing zeros beyond scale 38 are stripped.
    EncodedVariant e5 = encode(e -> e.writeDecimal(new BigDecimal("1E+5")));
    assertEquals(new BigDecimal("100000"), VariantBinary.getDecimal(e5.value(), 0));
    EncodedVariant z = encode(e -> e.writeDecimal(new BigDecimal("1." + "0".repeat(45))));
    assertEquals(new BigDecimal("1"), VariantBinary.getDecimal(z.value(), 0));
    VariantFormatException tooWide = assertThrows(VariantFormatException.class,
        () -> encode(e -> e.writeDecimal(new BigDecimal("1" + "0".repeat(38)))));
    assertTrue(tooWide.getMessage().contains("precision 39"), tooWide.getMessage());
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal(new BigDecimal("1E-39"))));
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal4(1_000_000_000, 0)));
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal8(1_000_000_000_000_000_000L, 0)));
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal4(1, 39)));
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal4(1, -1)));
    BigInteger tenPow38 = BigInteger.TEN.pow(38);
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal16(tenPow38, 0)));
    assertThrows(VariantFormatException.class, () -> encode(e -> e.writeDecimal16(tenPow38.negate(), 0)));
    for (BigInteger u : List.of(tenPow38.subtract(BigInteger.ONE), tenPow38.negate().add(BigInteger.ONE),
        BigInteger.ZERO, BigInteger.ONE.negate(), BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(64).negate())) {
      EncodedVariant v = valid(encode(e -> e.writeDecimal16(u, 7)));
      assertEquals(new BigDecimal(u, 7), VariantBinary.getDecimal(v.value(), 0));
      assertEquals(u, VariantBinary.getDecimalUnscaled(v.value(), 0));
      assertEquals(7, VariantBinary.getDecimalScale(v.value(), 0));
    }
    assertEquals(-12345L, VariantBinary.getDecimalUnscaledLong(encode(e -> e.writeDecimal8(-12345L, 3)).value(), 0));
  }

  private static void assertDecimal(String text, VariantType type, int scale) {
    BigDecimal d = new BigDecimal(text);
    EncodedVariant v = valid(encode(e -> e.writeDecimal(d)));
    assertEquals(type, VariantBinary.type(v.value(), 0), text);
    assertEquals(scale, VariantBinary.getDecimalScale(v.value(), 0), text);
    assertEquals(d, VariantBinary.getDecimal(v.value(), 0), text);
  }

  @Test
  void stringsSwitchFromShortToLongAt64Bytes() {
    assertStringEncoding("", true);
    assertStringEncoding("a".repeat(21), true);
    assertStringEncoding("a".repeat(22), true);
    assertStringEncoding("a".repeat(63), true);
    assertStringEncoding("a".repeat(64), false);
    assertStringEncoding("\u00e9".repeat(31) + "a", true); // 63 bytes in 32 chars
    assertStringEncoding("\u00e9".repeat(32), false); // 64 bytes in 32 chars
    assertStringEncoding("\uD83D\uDE00".repeat(15) + "abc", true); // 63 bytes
    assertStringEncoding("\uD83D\uDE00".repeat(16), false);
    assertStringEncoding("x\u4e16\u754c".repeat(2000), false);
    // Past 32 chars a String is encoded by String.getBytes: the same bytes, either header.
    assertStringEncoding("a".repeat(33), true);
    assertStringEncoding("\u00e9".repeat(33), false); // 66 bytes
    assertStringEncoding("\u00e9".repeat(30) + "abc", true); // 63 bytes in 33 chars
    assertStringEncoding("\uD83D\uDE00".repeat(17), false);
    assertEquals("a".repeat(40) + "?b", VariantBinary.getString(
        encode(e -> e.writeString("a".repeat(40) + "\uD800b")).value(), 0));
    assertStringEncoding("caf\u00e9 \u2603 \uD834\uDD1E \u0000 \"q\"", true);
    // Unpaired surrogates are encoded as '?', like String.getBytes.
    EncodedVariant v = encode(e -> e.writeString("a\uD800b"));
    assertEquals("a?b", VariantBinary.getString(v.value(), 0));
    char[] chars = "zz-hello-zz".toCharArray();
    assertEquals("hello", VariantBinary.getString(encode(e -> e.writeString(chars, 3, 5)).value(), 0));
    byte[] utf8 = "\u00fcber".getBytes(StandardCharsets.UTF_8);
    assertEquals("\u00fcber", VariantBinary.getString(encode(e -> e.writeString(utf8, 0, utf8.length)).value(), 0));
  }

  private static void assertStringEncoding(String s, boolean shortString) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    for (int variant = 0; variant < 3; variant++) {
      int which = variant;
      EncodedVariant v = valid(encode(e -> {
        if (which == 0) {
          e.writeString(s);
        } else if (which == 1) {
          e.writeString(s.toCharArray(), 0, s.length());
        } else {
          e.writeString(utf8, 0, utf8.length);
        }
      }));
      assertEquals(shortString, VariantBinary.basicType(v.value(), 0) == VariantBinary.BASIC_SHORT_STRING, s);
      assertEquals(s, VariantBinary.getString(v.value(), 0));
      assertEquals(utf8.length, VariantBinary.stringLength(v.value(), 0));
      assertEquals((shortString ? 1 : 5) + utf8.length, v.value().length);
    }
  }

  // ---------------------------------------------------------------- objects

  @Test
  void emptyContainersAreThreeBytes() {
    assertEquals("020000", hex(valid(encode(e -> {
      e.startObject();
      e.endObject();
    })).value()));
    assertEquals("030000", hex(valid(encode(e -> {
      e.startArray();
      e.endArray();
    })).value()));
  }

  @Test
  void objectFieldsAreSortedByKeyAndValuesStayInWriteOrder() {
    EncodedVariant v = valid(encode(e -> {
      e.startObject();
      e.key("c");
      e.writeInt8((byte) 3);
      e.key("b");
      e.writeInt8((byte) 2);
      e.key("a");
      e.writeInt8((byte) 1);
      e.endObject();
    }));
    // Dictionary sorted (a=0, b=1, c=2); ids in key order; offsets point at values written c, b, a.
    assertEquals("1103000102036162630203000102040200060c030c020c01", hex(v.metadata()) + hex(v.value()));
    VariantValue o = VariantValue.of(v);
    assertEquals(List.of("a", "b", "c"), o.keys());
    assertEquals(2, o.field("b").getLong());
    assertNull(o.field("d"));
  }

  @Test
  void objectWidthsFollowFieldCountAndDataSize() {
    for (int n : new int[] {1, 255, 256, 70_000}) {
      EncodedVariant v = valid(encode(e -> {
        e.startObject();
        for (int i = 0; i < n; i++) {
          e.key(String.format("k%06d", i));
          e.writeLong(i);
        }
        e.endObject();
      }));
      byte[] b = v.value();
      assertEquals(n, VariantObjects.size(b, 0));
      assertEquals(n > 255, objectIsLarge(b), "is_large for " + n);
      assertEquals(n > 65_536 ? 3 : n > 256 ? 2 : 1, fieldIdSize(b), "field_id_size for " + n);
      int dataSize = dataSizeOf(b);
      assertEquals(dataSize > 65_535 ? 3 : dataSize > 255 ? 2 : 1, offsetSize(b), "field_offset_size for " + n);
      VariantMetadata m = v.parsedMetadata();
      assertEquals(n, m.size());
      assertTrue(m.isSorted());
      int keyBytes = n * 7; // every key is 7 ASCII bytes, and exceeds the dictionary size
      assertEquals(keyBytes > 65_535 ? 3 : keyBytes > 255 ? 2 : 1, m.offsetSize());
      for (int i = 0; i < n; i += Math.max(1, n / 97)) {
        String key = String.format("k%06d", i);
        int p = VariantObjects.findField(m, b, 0, key);
        assertEquals(i, VariantBinary.getLong(b, p), key);
        assertEquals(i, m.id(key));
      }
    }
  }

  /** Total size of an object's or array's children: its last offset. */
  private static int dataSizeOf(byte[] b) {
    int h = b[0] & 0xFF;
    boolean object = (h & 3) == VariantBinary.BASIC_OBJECT;
    boolean large = object ? (h & 0x40) != 0 : (h & 0x10) != 0;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = object ? ((h >> 4) & 3) + 1 : 0;
    int countSize = large ? 4 : 1;
    int n = Bytes.readUnsigned(b, 1, countSize);
    return Bytes.readUnsigned(b, 1 + countSize + n * idSize + n * offSize, offSize);
  }

  @Test
  void arrayWidthsFollowElementCountAndDataSize() {
    for (int n : new int[] {0, 1, 255, 256, 70_000}) {
      EncodedVariant v = valid(encode(e -> {
        e.startArray();
        for (int i = 0; i < n; i++) {
          e.writeInt32(i);
        }
        e.endArray();
      }));
      byte[] b = v.value();
      assertEquals(n, VariantArrays.size(b, 0));
      assertEquals(n > 255, arrayIsLarge(b));
      int data = n * 5;
      assertEquals(data > 65_535 ? 3 : data > 255 ? 2 : 1, offsetSize(b), "offset size for " + n);
      for (int i = 0; i < n; i += Math.max(1, n / 101)) {
        assertEquals(i, VariantBinary.getLong(b, VariantArrays.elementPos(b, 0, i)));
      }
    }
  }

  @Test
  void valuesLargerThan64KiBAnd16MiBUseWiderOffsets() {
    // > 65535 bytes of field data: 3-byte offsets.
    String big = "x".repeat(70_000);
    EncodedVariant v = valid(encode(e -> {
      e.startObject();
      e.key("big");
      e.writeString(big);
      e.key("small");
      e.writeInt8((byte) 1);
      e.endObject();
    }));
    assertEquals(3, offsetSize(v.value()));
    assertEquals(big, VariantValue.of(v).field("big").getString());
    assertEquals(1, VariantValue.of(v).field("small").getLong());
    // > 16,777,215 bytes: 4-byte offsets.
    byte[] huge = new byte[16_777_216];
    huge[huge.length - 1] = 42;
    EncodedVariant h = valid(encode(e -> {
      e.startArray();
      e.writeBinary(huge);
      e.writeInt8((byte) 7);
      e.endArray();
    }));
    assertEquals(4, offsetSize(h.value()));
    int p0 = VariantArrays.elementPos(h.value(), 0, 0);
    assertEquals(huge.length, VariantBinary.binaryLength(h.value(), p0));
    assertEquals(42, h.value()[VariantBinary.binaryOffset(h.value(), p0) + huge.length - 1]);
    assertEquals(7, VariantBinary.getLong(h.value(), VariantArrays.elementPos(h.value(), 0, 1)));
  }

  @Test
  void nestingDepth100() {
    EncodedVariant v = valid(encode(e -> {
      for (int d = 0; d < 100; d++) {
        if (d % 2 == 0) {
          e.startObject();
          e.key("level" + d);
        } else {
          e.startArray();
          e.writeInt32(d);
        }
      }
      e.writeString("bottom");
      for (int d = 99; d >= 0; d--) {
        if (d % 2 == 0) {
          e.endObject();
        } else {
          e.endArray();
        }
      }
    }));
    VariantValue cur = VariantValue.of(v);
    for (int d = 0; d < 100; d++) {
      if (d % 2 == 0) {
        assertEquals(VariantType.OBJECT, cur.type());
        cur = cur.field("level" + d);
      } else {
        assertEquals(VariantType.ARRAY, cur.type());
        assertEquals(d, cur.element(0).getLong());
        cur = cur.element(1);
      }
    }
    assertEquals("bottom", cur.getString());
    assertEquals(50, v.parsedMetadata().size());
  }

  @Test
  void nestingBeyondTheLimitIsRejected() {
    VariantEncoder e = new VariantEncoder();
    for (int i = 0; i < VariantBinary.MAX_NESTING_DEPTH; i++) {
      e.startArray();
    }
    VariantFormatException ex = assertThrows(VariantFormatException.class, e::startArray);
    assertTrue(ex.getMessage().contains("nested deeper than 1000 levels"), ex.getMessage());
  }

  @Test
  void valuesExactlyAtTheLimitAreEncodedAndCopied() {
    int limit = VariantBinary.MAX_NESTING_DEPTH;
    // Keys arrive in descending order, so finish() re-maps the ids through all the levels.
    EncodedVariant objects = valid(encode(e -> {
      for (int i = limit; i >= 1; i--) {
        e.startObject();
        e.key("k" + i);
      }
      e.writeInt32(1);
      for (int i = 0; i < limit; i++) {
        e.endObject();
      }
    }));
    EncodedVariant arrays = valid(encode(e -> {
      for (int i = 0; i < limit; i++) {
        e.startArray();
      }
      e.writeInt32(1);
      for (int i = 0; i < limit; i++) {
        e.endArray();
      }
    }));
    for (EncodedVariant v : List.of(objects, arrays)) {
      EncodedVariant copy = valid(encode(e -> e.writeVariant(v)));
      assertEquals(v.toJson(), copy.toJson());
    }
  }

  @Test
  void copiedVariantsCountTowardsTheLimitFromWhereTheyAreCopied() {
    // Arrays without objects are copied verbatim: their depth must still be counted.
    EncodedVariant deepest = encode(e -> {
      for (int i = 0; i < VariantBinary.MAX_NESTING_DEPTH; i++) {
        e.startArray();
      }
      e.writeInt32(1);
      for (int i = 0; i < VariantBinary.MAX_NESTING_DEPTH; i++) {
        e.endArray();
      }
    });
    VariantEncoder e = new VariantEncoder();
    e.startObject();
    e.key("a");
    VariantFormatException ex =
        assertThrows(VariantFormatException.class, () -> e.writeVariant(deepest));
    assertTrue(ex.getMessage().contains("nested deeper than 1000 levels"), ex.getMessage());
  }

  // ---------------------------------------------------------------- key order

  @Test
  void keysAreOrderedByUnsignedUtf8BytesNotUtf16() {
    String fb00 = "\uFB00"; // EF AC 80
    String grinning = "\uD83D\uDE00"; // F0 9F 98 80 (UTF-16 sorts it before U+FB00)
    assertTrue(grinning.compareTo(fb00) < 0, "precondition: UTF-16 order puts the surrogate pair first");
    List<String> keys = List.of(grinning, fb00, "z", "\u00e9", "\uFFFF", "\uD800\uDC00", "\u0800", "A", "\u007F", "\uDBFF\uDFFF");
    List<String> expected = new ArrayList<>(keys);
    expected.sort((a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    assertTrue(expected.indexOf(fb00) < expected.indexOf(grinning));

    for (boolean sorted : new boolean[] {true, false}) {
      VariantEncoder enc = new VariantEncoder(sorted);
      enc.startObject();
      for (int i = 0; i < keys.size(); i++) {
        enc.key(keys.get(i));
        enc.writeInt32(i);
      }
      enc.endObject();
      EncodedVariant v = valid(enc.finish());
      VariantValue o = VariantValue.of(v);
      assertEquals(expected, o.keys(), "field order");
      VariantMetadata m = v.parsedMetadata();
      List<String> dictionary = new ArrayList<>();
      for (int i = 0; i < m.size(); i++) {
        dictionary.add(m.key(i));
      }
      assertEquals(sorted ? expected : keys, dictionary, "dictionary order");
      assertEquals(sorted, m.isSorted());
      for (int i = 0; i < keys.size(); i++) {
        assertEquals(i, o.field(keys.get(i)).getLong(), keys.get(i));
        assertEquals(i, VariantBinary.getLong(v.value(),
            VariantObjects.findField(m, v.value(), 0, keys.get(i).getBytes(StandardCharsets.UTF_8))));
        assertEquals(keys.get(i), m.key(m.id(keys.get(i))));
      }
    }
  }

  // ---------------------------------------------------------------- dictionary

  @Test
  void dictionaryIsSortedAndFieldIdsRewritten() {
    EncodedVariant v = valid(encode(e -> {
      e.startObject();
      e.key("zeta");
      e.startArray();
      e.startObject();
      e.key("mu");
      e.writeInt8((byte) 1);
      e.key("alpha");
      e.writeInt8((byte) 2);
      e.endObject();
      e.endArray();
      e.key("beta");
      e.writeNull();
      e.endObject();
    }));
    VariantMetadata m = v.parsedMetadata();
    assertTrue(m.isSorted());
    assertEquals(List.of("alpha", "beta", "mu", "zeta"), List.of(m.key(0), m.key(1), m.key(2), m.key(3)));
    assertEquals("{\"beta\":null,\"zeta\":[{\"alpha\":2,\"mu\":1}]}", VariantJson.toJson(m, v.value(), 0));
  }

  @Test
  void unsortedDictionaryKeepsInsertionOrderWhenSortingIsOff() {
    VariantEncoder e = new VariantEncoder(false);
    e.startObject();
    e.key("b");
    e.writeNull();
    e.key("a");
    e.writeNull();
    e.endObject();
    EncodedVariant v = valid(e.finish());
    // Metadata: unsorted header, ids b=0, a=1. Value: fields in key order (a, b), values as written.
    assertEquals("01020001026261", hex(v.metadata()));
    assertEquals("020201000100020000", hex(v.value()));
    VariantMetadata m = v.parsedMetadata();
    assertFalse(m.isSorted());
    assertEquals("b", m.key(0));
    assertEquals(List.of("a", "b"), VariantValue.of(v).keys());
  }

  @Test
  void fieldIdsThatOutgrowTheirWidthAfterSortingAreReEncoded() {
    // "zz" and "zzz" get ids 0 and 1 (1-byte ids) but sort after 300 other keys (ids 300, 301).
    EncodedVariant v = valid(encode(e -> {
      e.startObject();
      e.key("zz");
      e.startObject();
      e.key("zzz");
      e.writeString("deep");
      e.endObject();
      for (int i = 0; i < 300; i++) {
        e.key(String.format("a%03d", i));
        e.writeLong(i);
      }
      e.endObject();
    }));
    VariantMetadata m = v.parsedMetadata();
    assertEquals(302, m.size());
    assertTrue(m.isSorted());
    assertEquals(301, m.id("zzz"));
    VariantValue inner = VariantValue.of(v).field("zz");
    assertEquals(2, fieldIdSize(Arrays.copyOfRange(inner.valueBytes(), inner.pos(), inner.valueBytes().length)));
    assertEquals("deep", inner.field("zzz").getString());
    assertEquals(299, VariantValue.of(v).field("a299").getLong());
  }

  @Test
  void duplicateKeysAreRejected() {
    VariantFormatException small = assertThrows(VariantFormatException.class, () -> encode(e -> {
      e.startObject();
      e.key("k");
      e.writeNull();
      e.key("j");
      e.writeNull();
      e.key("k");
      e.writeNull();
      e.endObject();
    }));
    assertEquals("duplicate object key 'k'", small.getMessage());
    VariantFormatException big = assertThrows(VariantFormatException.class, () -> encode(e -> {
      e.startObject();
      for (int i = 0; i < 100; i++) {
        e.key("key" + (i * 37 % 100));
        e.writeNull();
      }
      e.key("key42");
      e.writeNull();
      e.endObject();
    }));
    assertEquals("duplicate object key 'key42'", big.getMessage());
  }

  @Test
  void wideUnsortedObjectsAreSortedCorrectly() {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new java.util.Random(7));
    EncodedVariant v = valid(encode(e -> {
      e.startObject();
      for (int i : order) {
        e.key("f" + i);
        e.writeLong(i);
      }
      e.endObject();
    }));
    VariantValue o = VariantValue.of(v);
    List<String> keys = o.keys();
    for (int i = 1; i < keys.size(); i++) {
      assertTrue(keys.get(i - 1).compareTo(keys.get(i)) < 0);
    }
    for (int i = 0; i < 5000; i += 7) {
      assertEquals(i, o.field("f" + i).getLong());
    }
  }

  // ---------------------------------------------------------------- copying and seeding

  @Test
  void writeVariantRemapsKeysFromAnotherDictionary() {
    VariantEncoder src = new VariantEncoder(false);
    src.startArray();
    src.startObject();
    src.key("y");
    src.writeInt8((byte) 1);
    src.key("x");
    src.startArray();
    src.startObject();
    src.key("w");
    src.writeBoolean(true);
    src.endObject();
    src.endArray();
    src.endObject();
    src.writeString("plain");
    src.endArray();
    EncodedVariant source = valid(src.finish());

    VariantEncoder dst = new VariantEncoder();
    dst.startObject();
    dst.key("w"); // gives "w" id 0 here, unlike in the source
    dst.writeNull();
    dst.key("copy");
    dst.writeVariant(source);
    dst.key("sub");
    VariantMetadata sm = source.parsedMetadata();
    dst.writeVariant(sm, source.value(), VariantArrays.elementPos(source.value(), 0, 0));
    dst.endObject();
    EncodedVariant out = valid(dst.finish());
    VariantValue o = VariantValue.of(out);
    assertEquals(VariantValue.of(source), o.field("copy"));
    assertEquals(VariantValue.of(source).element(0), o.field("sub"));
    assertEquals("{\"copy\":[{\"x\":[{\"w\":true}],\"y\":1},\"plain\"],\"sub\":{\"x\":[{\"w\":true}],\"y\":1},\"w\":null}", o.toJson());
  }

  @Test
  void seededEncoderReassemblesAnObjectWithIdenticalMetadata() {
    EncodedVariant original = valid(encode(e -> {
      e.startObject();
      e.key("name");
      e.writeString("lava monster");
      e.key("id");
      e.writeInt8((byte) 1);
      e.key("tags");
      e.startArray();
      e.writeString("hot");
      e.endArray();
      e.endObject();
    }));
    VariantMetadata m = original.parsedMetadata();
    byte[] v = original.value();
    VariantEncoder seeded = VariantEncoder.seeded(m);
    seeded.startObject();
    for (int i = VariantObjects.size(v, 0) - 1; i >= 0; i--) { // reverse order on purpose
      seeded.key(VariantObjects.fieldKey(m, v, 0, i));
      int p = VariantObjects.fieldValuePos(v, 0, i);
      seeded.writeRawValue(v, p, VariantBinary.valueSize(v, p));
    }
    seeded.endObject();
    seeded.finishInPlace();
    assertSame(m, seeded.metadata(), "no new key: the seed itself is the metadata");
    EncodedVariant rebuilt = seeded.finish();
    assertArrayEquals(original.metadata(), rebuilt.metadata());
    assertEquals(VariantValue.of(original), VariantValue.of(rebuilt.validate()));

    // Without any key lookup the seed is not even loaded.
    VariantEncoder lazy = VariantEncoder.seeded(m);
    lazy.writeVariant(m, v, 0);
    assertArrayEquals(original.metadata(), lazy.finish().metadata());
    assertArrayEquals(v, lazy.finishValue());

    // A new key is appended; old ids are preserved, so raw bytes stay valid.
    VariantEncoder grow = VariantEncoder.seeded(m);
    grow.startObject();
    grow.key("zzz_new");
    grow.writeInt8((byte) 9);
    grow.key("name");
    int p = VariantObjects.findField(m, v, 0, "name");
    grow.writeRawValue(v, p, VariantBinary.valueSize(v, p));
    grow.endObject();
    EncodedVariant grown = valid(grow.finish());
    VariantMetadata gm = grown.parsedMetadata();
    assertEquals(m.size() + 1, gm.size());
    for (int i = 0; i < m.size(); i++) {
      assertEquals(m.key(i), gm.key(i));
    }
    assertEquals("zzz_new", gm.key(m.size()));
    assertTrue(gm.isSorted(), "still sorted: the new key sorts last");
    assertEquals("{\"name\":\"lava monster\",\"zzz_new\":9}", VariantValue.of(grown).toJson());

    VariantEncoder unsorted = VariantEncoder.seeded(m);
    unsorted.startObject();
    unsorted.key("aaa");
    unsorted.writeNull();
    unsorted.endObject();
    EncodedVariant u = valid(unsorted.finish());
    assertFalse(u.parsedMetadata().isSorted());
    assertEquals("aaa", u.parsedMetadata().key(m.size()));
  }

  @Test
  void reseedingWithTheSameMetadataForgetsOnlyWhatTheLastVariantAdded() {
    VariantMetadata m = valid(encode(e -> {
      e.startObject();
      e.key("a");
      e.writeInt8((byte) 1);
      e.key("b");
      e.writeInt8((byte) 2);
      e.endObject();
    })).parsedMetadata();
    VariantEncoder e = VariantEncoder.seeded(m);
    for (int round = 0; round < 6; round++) {
      boolean grow = round % 3 == 1;
      e.reset(m);
      EncodedVariant got = valid(writeRound(e, round, grow).finish());
      if (grow) {
        assertEquals(m.size() + 1, got.parsedMetadata().size(), "round " + round);
        assertEquals("{\"a\":{\"b\":\"x" + round + "\"},\"b\":" + round + ",\"new" + round
            + "\":null}", VariantValue.of(got).toJson());
      } else {
        assertSame(m, e.metadata(), "round " + round + ": no key added, the seed itself");
        assertEquals("{\"a\":{\"b\":\"x" + round + "\"},\"b\":" + round + "}",
            VariantValue.of(got).toJson());
      }
      // The same variant from a fresh encoder: the same bytes.
      EncodedVariant want = writeRound(VariantEncoder.seeded(m), round, grow).finish();
      assertArrayEquals(want.metadata(), got.metadata(), "round " + round);
      assertArrayEquals(want.value(), got.value(), "round " + round);
    }
  }

  /** Round {@code round}'s object, with a key of its own when {@code grow}. */
  private static VariantEncoder writeRound(VariantEncoder e, int round, boolean grow) {
    e.startObject();
    e.key("b");
    e.writeInt8((byte) round);
    if (grow) {
      e.key("new" + round);
      e.writeNull();
    }
    e.key("a");
    e.startObject();
    e.key("b");
    e.writeString("x" + round);
    e.endObject();
    e.endObject();
    return e;
  }

  @Test
  void encoderIsReusableAcrossVariants() {
    VariantEncoder e = new VariantEncoder();
    for (int round = 0; round < 50; round++) {
      e.reset();
      e.startObject();
      for (int i = 0; i < round * 10; i++) {
        e.key("k" + ((i * 7919 + round) % 1000));
        e.writeLong(i);
      }
      e.endObject();
      int r = round;
      // 7919 is coprime with 1000, so the keys of one round are distinct.
      EncodedVariant fresh = encode(f -> {
        f.startObject();
        for (int i = 0; i < r * 10; i++) {
          f.key("k" + ((i * 7919 + r) % 1000));
          f.writeLong(i);
        }
        f.endObject();
      });
      assertEquals(fresh, e.finish());
    }
    e.reset();
    e.writeInt8((byte) 1);
    assertEquals("010000", hex(e.finish().metadata()));
  }

  @Test
  void finishVariantsExposeTheSameBytes() {
    VariantEncoder e = new VariantEncoder();
    e.startObject();
    e.key("b");
    e.writeInt8((byte) 1);
    e.key("a");
    e.writeInt8((byte) 2);
    e.endObject();
    byte[] value = e.finishValue();
    assertTrue(e.isFinished());
    assertArrayEquals(value, Arrays.copyOf(e.buffer(), e.valueLength()));
    EncodedVariant full = e.finish();
    assertArrayEquals(value, full.value());
    assertArrayEquals(full.metadata(), e.metadata().toByteArray());
    assertEquals(2, e.dictionarySize());
  }

  // ---------------------------------------------------------------- misuse

  @Test
  void misuseThrowsIllegalStateWithClearMessages() {
    assertMisuse("called outside an object", e -> e.key("k"));
    assertMisuse("innermost open container is an array", e -> {
      e.startArray();
      e.key("k");
    });
    assertMisuse("endObject() called without a matching startObject()", VariantEncoder::endObject);
    assertMisuse("endArray() called without a matching startArray()", VariantEncoder::endArray);
    assertMisuse("call endArray() first", e -> {
      e.startArray();
      e.endObject();
    });
    assertMisuse("call endObject() first", e -> {
      e.startObject();
      e.endArray();
    });
    assertMisuse("must be preceded by key", e -> {
      e.startObject();
      e.writeNull();
    });
    assertMisuse("key 'k' has no value", e -> {
      e.startObject();
      e.key("k");
      e.endObject();
    });
    assertMisuse("previous key 'k' has no value", e -> {
      e.startObject();
      e.key("k");
      e.key("j");
    });
    assertMisuse("1 container(s) still open (innermost: object)", e -> {
      e.startObject();
      e.finish();
    });
    assertMisuse("no value was written", VariantEncoder::finish);
    assertMisuse("exactly one top-level value", e -> {
      e.writeNull();
      e.writeNull();
    });
    assertMisuse("call reset()", e -> {
      e.writeNull();
      e.finish();
      e.writeNull();
    });
    assertMisuse("available after finish", VariantEncoder::metadata);
  }

  private static void assertMisuse(String messagePart, Consumer<VariantEncoder> body) {
    IllegalStateException ex = assertThrows(IllegalStateException.class, () -> body.accept(new VariantEncoder()));
    assertTrue(ex.getMessage().contains(messagePart), "message '" + ex.getMessage() + "' should contain '" + messagePart + "'");
  }
}
