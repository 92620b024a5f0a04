package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.bytes;
import static io.dendrite.parquet.variant.TestSupport.encode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Metadata parsing, accessors, and rejection of malformed binaries with readable messages. */
class VariantBinaryTest {
  private static final VariantMetadata EMPTY = VariantMetadata.EMPTY;

  private static void assertFormatError(String messagePart, Executable body) {
    VariantFormatException e = assertThrows(VariantFormatException.class, body);
    assertTrue(e.getMessage().contains(messagePart), "message '" + e.getMessage() + "' should contain '" + messagePart + "'");
  }

  /** Metadata with the given keys, sorted flag as given, 1-byte offsets. */
  private static byte[] metadata(boolean sorted, String... keys) {
    byte[][] k = new byte[keys.length][];
    int total = 0;
    for (int i = 0; i < keys.length; i++) {
      k[i] = keys[i].getBytes(StandardCharsets.UTF_8);
      total += k[i].length;
    }
    byte[] m = new byte[2 + keys.length + 1 + total];
    m[0] = (byte) (sorted ? 0x11 : 0x01);
    m[1] = (byte) keys.length;
    int acc = 0;
    int sp = 3 + keys.length;
    for (int i = 0; i < keys.length; i++) {
      m[2 + i] = (byte) acc;
      System.arraycopy(k[i], 0, m, sp + acc, k[i].length);
      acc += k[i].length;
    }
    m[2 + keys.length] = (byte) acc;
    return m;
  }

  // ---------------------------------------------------------------- metadata

  @Test
  void metadataParsesAndLooksUpKeys() {
    VariantMetadata sorted = VariantMetadata.parse(metadata(true, "a", "bb", "\u00e9t\u00e9"));
    assertEquals(3, sorted.size());
    assertTrue(sorted.isSorted());
    assertEquals("bb", sorted.key(1));
    assertSame(sorted.key(1), sorted.key(1), "decoded keys are cached");
    assertEquals(2, sorted.keyLength(1));
    assertEquals('b', sorted.bytes()[sorted.keyOffset(1)]);
    assertArrayEquals("\u00e9t\u00e9".getBytes(StandardCharsets.UTF_8), sorted.keyUtf8(2));
    assertEquals(2, sorted.id("\u00e9t\u00e9"));
    assertEquals(0, sorted.id("a"));
    assertEquals(-1, sorted.id("b"));
    assertEquals(-1, sorted.id("zzz"));
    VariantMetadata unsorted = VariantMetadata.parse(metadata(false, "z", "a", "z"));
    assertFalse(unsorted.isSorted());
    assertEquals(0, unsorted.id("z"), "first id wins for a repeated key");
    assertEquals(1, unsorted.id("a"));
    assertEquals(-1, unsorted.id("q"));
    unsorted.validate(); // repeats are allowed when not sorted
    assertFormatError("field id 3 is out of range for a metadata dictionary of size 3", () -> unsorted.key(3));
  }

  @Test
  void metadataRangeAndPrefixParsing() {
    byte[] m = metadata(true, "k");
    byte[] padded = new byte[m.length + 10];
    System.arraycopy(m, 0, padded, 4, m.length);
    VariantMetadata ranged = VariantMetadata.parse(padded, 4, m.length);
    assertEquals("k", ranged.key(0));
    assertEquals(4, ranged.offset());
    assertEquals(m.length, ranged.length());
    assertArrayEquals(m, ranged.toByteArray());
    assertEquals(VariantMetadata.parse(m), ranged, "content equality");
    assertEquals(VariantMetadata.parse(m).hashCode(), ranged.hashCode());
    assertFormatError("2 trailing bytes", () -> VariantMetadata.parse(padded, 4, m.length + 2));
    VariantMetadata prefix = VariantMetadata.parsePrefix(padded, 4, padded.length - 4);
    assertEquals(m.length, prefix.length(), "parsePrefix finds where the metadata ends");
    assertArrayEquals(bytes(1, 0, 0), EMPTY.toByteArray());
    assertEquals(0, EMPTY.size());
  }

  @Test
  void malformedMetadataIsRejected() {
    assertFormatError("metadata version must be 1, found 2", () -> VariantMetadata.parse(bytes(0x02, 0, 0)));
    assertFormatError("metadata is empty", () -> VariantMetadata.parse(new byte[0]));
    assertFormatError("too short for its 2-byte dictionary_size", () -> VariantMetadata.parse(bytes(0x41, 0)));
    assertFormatError("dictionary_size 5 needs 8 bytes", () -> VariantMetadata.parse(bytes(0x01, 5, 0, 1)));
    assertFormatError("offset 0 must be 0, found 1", () -> VariantMetadata.parse(bytes(0x01, 1, 1, 1, 'a')));
    assertFormatError("string offset 2 is 1, less than offset 1 (2)", () -> VariantMetadata.parse(bytes(0x01, 2, 0, 2, 1, 'a', 'b')));
    assertFormatError("past the end of the metadata", () -> VariantMetadata.parse(bytes(0x01, 1, 0, 5, 'a')));
    assertFormatError("sorted_strings=1 but key 1 'a' does not sort after key 0 'b'",
        () -> VariantMetadata.parse(metadata(true, "b", "a")).validate());
    assertFormatError("does not sort after", () -> VariantMetadata.parse(metadata(true, "a", "a")).validate());
    assertFormatError("metadata key 0 is not valid UTF-8", () -> VariantMetadata.parse(bytes(0x01, 1, 0, 1, 0xFF)).validate());
  }

  // ---------------------------------------------------------------- accessors

  @Test
  void accessorsOnTheWrongTypeNameBothTypes() {
    byte[] str = encode(e -> e.writeString("x")).value();
    assertFormatError("expected int8, int16, int32 or int64 but found string at position 0", () -> VariantBinary.getLong(str, 0));
    assertFormatError("expected double but found string", () -> VariantBinary.getDouble(str, 0));
    assertFormatError("expected object but found string", () -> VariantObjects.size(str, 0));
    assertFormatError("expected array but found string", () -> VariantArrays.size(str, 0));
    byte[] i8 = encode(e -> e.writeInt8((byte) 1)).value();
    assertFormatError("expected string but found int8", () -> VariantBinary.getString(i8, 0));
    assertFormatError("expected boolean but found int8", () -> VariantBinary.getBoolean(i8, 0));
    assertFormatError("expected decimal4, decimal8 or decimal16 but found int8", () -> VariantBinary.getDecimal(i8, 0));
    assertFormatError("expected uuid but found int8", () -> VariantBinary.getUuid(i8, 0));
    assertFormatError("expected binary but found int8", () -> VariantBinary.getBinary(i8, 0));
    assertFormatError("expected date but found int8", () -> VariantBinary.getDate(i8, 0));
    assertFormatError("expected timestamp", () -> VariantBinary.getTimestamp(i8, 0));
    assertFormatError("expected float but found int8", () -> VariantBinary.getFloat(i8, 0));
    assertFormatError("expected decimal4 or decimal8 but found int8", () -> VariantBinary.getDecimalUnscaledLong(i8, 0));
    assertThrows(IndexOutOfBoundsException.class, () -> VariantArrays.elementPos(bytes(3, 0, 0), 0, 0));
  }

  @Test
  void valueSizeCoversEveryType() {
    EncodedVariant v = encode(e -> {
      e.startArray();
      e.writeNull();
      e.writeBoolean(true);
      e.writeInt8((byte) 1);
      e.writeInt16((short) 1);
      e.writeInt32(1);
      e.writeInt64(1);
      e.writeDouble(1);
      e.writeDecimal4(1, 0);
      e.writeDecimal8(1, 0);
      e.writeDecimal16(0, 1, 0);
      e.writeDate(1);
      e.writeTimestamp(1);
      e.writeTimestampNtz(1);
      e.writeFloat(1);
      e.writeBinary(new byte[3]);
      e.writeString("x".repeat(70));
      e.writeTime(1);
      e.writeTimestampNanos(1);
      e.writeTimestampNtzNanos(1);
      e.writeUuid(1, 2);
      e.writeString("short");
      e.startObject();
      e.key("k");
      e.writeNull();
      e.endObject();
      e.startArray();
      e.endArray();
      e.endArray();
    });
    byte[] b = v.value();
    int[] expected = {1, 1, 2, 3, 5, 9, 9, 6, 10, 18, 5, 9, 9, 5, 8, 75, 9, 9, 9, 17, 6, 6, 3};
    assertEquals(expected.length, VariantArrays.size(b, 0));
    for (int i = 0; i < expected.length; i++) {
      int p = VariantArrays.elementPos(b, 0, i);
      assertEquals(expected[i], VariantBinary.valueSize(b, p), "element " + i + " " + VariantBinary.type(b, p));
    }
    assertEquals(b.length, VariantBinary.valueSize(b, 0));
  }

  // ---------------------------------------------------------------- malformed values

  @Test
  void truncatedValuesAreRejected() {
    assertFormatError("int32 at position 0 needs 5 bytes, but only 3 remain", () -> VariantValidator.validate(EMPTY, bytes(0x14, 1, 2), 0));
    assertFormatError("value is truncated", () -> VariantBinary.getLong(bytes(0x14, 1, 2), 0));
    assertFormatError("string of length 10 at position 0 needs 15 bytes", () -> VariantValidator.validate(EMPTY, bytes(0x40, 10, 0, 0, 0, 'a'), 0));
    assertFormatError("short string at position 0 needs 4 bytes", () -> VariantValidator.validate(EMPTY, bytes(0x0D, 'a', 'b'), 0));
    // An object whose last offset claims more data than there is.
    assertFormatError("past the end of its enclosing value", () -> VariantValidator.validate(EMPTY, bytes(0x03, 1, 0, 40, 0), 0));
    assertFormatError("value is empty", () -> VariantValidator.validate(EMPTY, new byte[1], 0, 0));
    assertFormatError("value position 1 is outside the value", () -> VariantValidator.validate(EMPTY, new byte[1], 1));
  }

  @Test
  void badHeadersAreRejected() {
    assertFormatError("unknown variant primitive type id 25 at position 0", () -> VariantValidator.validate(EMPTY, bytes(25 << 2), 0));
    assertFormatError("unknown variant primitive type id 21", () -> VariantBinary.type(bytes(21 << 2), 0));
    assertFormatError("unknown variant primitive type id 30", () -> VariantBinary.valueSize(bytes(30 << 2), 0));
    assertFormatError("unknown variant primitive type id 63 (known ids are 0..20)", () -> VariantType.ofPrimitiveId(63));
    assertFormatError("decimal4 at position 0 has scale 39", () -> VariantValidator.validate(EMPTY, bytes(0x20, 39, 1, 0, 0, 0), 0));
    assertFormatError("1 trailing bytes (expected length 1, found 2)", () -> VariantValidator.validate(EMPTY, bytes(0, 0), 0, 2));
  }

  @Test
  void objectStructureProblemsAreRejected() {
    VariantMetadata ab = VariantMetadata.parse(metadata(true, "a", "b"));
    // {a: null, b: null}: header 02, 2 fields, ids 0 1, offsets 0 1 2, values 00 00.
    byte[] ok = bytes(0x02, 2, 0, 1, 0, 1, 2, 0, 0);
    VariantValidator.validate(ab, ok, 0, ok.length);
    byte[] badId = ok.clone();
    badId[3] = 5;
    assertFormatError("field 1 has field id 5, but the metadata dictionary has only 2 keys",
        () -> VariantValidator.validate(ab, badId, 0, badId.length));
    // Fields out of order (as DuckDB writes them) are tolerated.
    byte[] unsorted = ok.clone();
    unsorted[2] = 1;
    unsorted[3] = 0;
    VariantValidator.validate(ab, unsorted, 0, unsorted.length);
    byte[] dup = ok.clone();
    dup[3] = 0;
    assertFormatError("duplicate key 'a'", () -> VariantValidator.validate(ab, dup, 0));
    // Same key under two ids of an unsorted dictionary is still a duplicate.
    VariantMetadata twice = VariantMetadata.parse(metadata(false, "a", "a"));
    assertFormatError("duplicate key 'a'", () -> VariantValidator.validate(twice, ok, 0));
    byte[] badOffset = ok.clone();
    badOffset[5] = 57;
    assertFormatError("field offset 57 of field 'b' is past the end of the field data (length 2)",
        () -> VariantValidator.validate(ab, badOffset, 0));
    byte[] badLast = ok.clone();
    badLast[6] = 40;
    assertFormatError("field data ends at byte 47, past the end of its enclosing value (ends at 9)",
        () -> VariantValidator.validate(ab, badLast, 0));
    assertFormatError("field id 5", () -> VariantObjects.findField(ab, badId, 0, "zz"));
  }

  /**
   * parquet-java and Spark sorted keys with String.compareTo (UTF-16 order) before fixing it;
   * such objects and dictionaries are accepted and their keys stay findable, as are objects in
   * neither order. A dictionary flagged sorted in neither order is still rejected.
   */
  @Test
  void legacyUtf16KeyOrderIsAcceptedForCompatibility() {
    String astral = "\uD83D\uDE00";
    String fb00 = "\uFB00";
    VariantMetadata legacy = VariantMetadata.parse(metadata(true, "a", astral, fb00));
    assertFormatError("does not sort after", () -> VariantMetadata.parse(metadata(true, fb00, "a")).validate());
    // {astral: 1, fb00: 2} with ids in UTF-16 order (1, 2).
    byte[] v = bytes(0x02, 2, 1, 2, 0, 2, 4, 0x0c, 1, 0x0c, 2);
    VariantValidator.validate(legacy, v, 0, v.length);
    assertEquals(1, VariantBinary.getLong(v, VariantObjects.findField(legacy, v, 0, astral)));
    assertEquals(2, VariantBinary.getLong(v, VariantObjects.findField(legacy, v, 0, fb00)));
    assertEquals(2, VariantBinary.getLong(v, VariantObjects.findField(legacy, v, 0, fb00.getBytes(StandardCharsets.UTF_8))));
    assertEquals(-1, VariantObjects.findField(legacy, v, 0, "\uFFFF"));
    assertEquals(1, legacy.id(astral));
    assertEquals(2, legacy.id(fb00));
    assertEquals(-1, legacy.id("\uFFFE"));
    // Logically equal to the canonical encoding, with the same hash.
    EncodedVariant canonical = encode(e -> {
      e.startObject();
      e.key(fb00);
      e.writeInt8((byte) 2);
      e.key(astral);
      e.writeInt8((byte) 1);
      e.endObject();
    });
    assertTrue(VariantEquality.equal(legacy, v, 0, canonical.parsedMetadata(), canonical.value(), 0));
    assertEquals(VariantEquality.hash(legacy, v, 0), VariantEquality.hash(canonical.parsedMetadata(), canonical.value(), 0));
    // "a" after the astral key is out of order in both UTF-8 and UTF-16 order: tolerated too.
    byte[] neither = bytes(0x02, 2, 1, 0, 0, 2, 4, 0x0c, 1, 0x0c, 2);
    VariantValidator.validate(legacy, neither, 0, neither.length);
    assertEquals(2, VariantBinary.getLong(neither, VariantObjects.findField(legacy, neither, 0, "a")));
  }

  @Test
  void invalidUtf8StringsAreRejected() {
    assertFormatError("string at position 0 is not valid UTF-8 (bad byte 0xc0",
        () -> VariantValidator.validate(EMPTY, bytes(0x09, 0xC0, 0x80), 0));
    assertFormatError("not valid UTF-8", () -> VariantValidator.validate(EMPTY, bytes(0x0D, 0xED, 0xA0, 0x80), 0)); // surrogate
    assertFormatError("not valid UTF-8", () -> VariantValidator.validate(EMPTY, bytes(0x09, 0xE2, 0x82), 0)); // truncated
    VariantValidator.validate(EMPTY, encode(e -> e.writeString("ok \u00e9 \u20ac \uD83D\uDE00")).value(), 0);
  }

  @Test
  void excessiveNestingIsRejected() {
    // 1001 nested single-element arrays around a null, built from the inside out with 2-byte
    // offsets: 07 01 <offset 0> <size of the inner value>.
    int depth = VariantBinary.MAX_NESTING_DEPTH + 1;
    byte[] cur = bytes(0);
    for (int d = 0; d < depth; d++) {
      byte[] next = new byte[cur.length + 6];
      next[0] = 0x07; // array, 2-byte offsets
      next[1] = 1;
      next[2] = 0;
      next[3] = 0;
      next[4] = (byte) cur.length;
      next[5] = (byte) (cur.length >> 8);
      System.arraycopy(cur, 0, next, 6, cur.length);
      cur = next;
    }
    byte[] deep = cur;
    assertFormatError("nested deeper than 1000 levels", () -> VariantValidator.validate(EMPTY, deep, 0, deep.length));
    assertFormatError("nested deeper than 1000 levels", () -> VariantJson.toJson(EMPTY, deep, 0));
    assertEquals(depth * 6 + 1, VariantBinary.valueSize(deep, 0));
    assertTrue(Arrays.equals(deep, 0, 2, bytes(0x07, 1), 0, 2));
  }

  @Test
  void findFieldWithPreEncodedKeys() {
    EncodedVariant v = encode(e -> {
      e.startObject();
      for (String k : new String[] {"alpha", "beta", "gamma", "delta", "\u00fcber"}) {
        e.key(k);
        e.writeString(k.toUpperCase());
      }
      e.endObject();
    });
    VariantMetadata m = v.parsedMetadata();
    for (String k : new String[] {"alpha", "beta", "gamma", "delta", "\u00fcber"}) {
      byte[] utf8 = k.getBytes(StandardCharsets.UTF_8);
      int p = VariantObjects.findField(m, v.value(), 0, utf8);
      assertEquals(k.toUpperCase(), VariantBinary.getString(v.value(), p));
      byte[] padded = new byte[utf8.length + 4];
      System.arraycopy(utf8, 0, padded, 2, utf8.length);
      assertEquals(p, VariantObjects.findField(m, v.value(), 0, padded, 2, utf8.length));
      assertEquals(p, VariantObjects.findField(m, v.value(), 0, k));
    }
    assertEquals(-1, VariantObjects.findField(m, v.value(), 0, "alph"));
    assertEquals(-1, VariantObjects.findField(m, v.value(), 0, "zzz".getBytes(StandardCharsets.UTF_8)));
    assertEquals(-1, VariantObjects.findField(m, v.value(), 0, ""));
  }

  @Test
  void objectFieldIndexOfIdFindsEveryFieldOfASortedDictionary() {
    // 300 keys (2-byte ids), inserted in reverse; with a sorted dictionary the i-th field in key
    // order has id i, and ids the object lacks are not found.
    VariantEncoder e = new VariantEncoder();
    e.startObject();
    for (int i = 299; i >= 0; i -= 2) {
      e.key(String.format("k%03d", i));
      e.writeInt32(i);
    }
    e.endObject();
    EncodedVariant v = e.finish();
    VariantMetadata m = v.parsedMetadata();
    assertTrue(m.isSorted());
    assertEquals(150, m.size());
    for (int i = 1; i < 300; i += 2) {
      int id = m.id(String.format("k%03d", i));
      int index = VariantObjects.fieldIndexOfId(v.value(), 0, id);
      assertEquals(i / 2, index, "key k" + i);
      assertEquals(i, VariantBinary.getLong(v.value(),
          VariantObjects.fieldValuePos(v.value(), 0, index)));
    }
    assertEquals(-1, VariantObjects.fieldIndexOfId(v.value(), 0, 150));
    assertEquals(-1, VariantObjects.fieldIndexOfId(v.value(), 0, 70_000));
    assertThrows(VariantFormatException.class,
        () -> VariantObjects.fieldIndexOfId(new byte[] {0x02, 5, 0}, 0, 0));
  }
}
