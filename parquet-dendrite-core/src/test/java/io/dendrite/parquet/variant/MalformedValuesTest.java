package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.unhex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Hand-made invalid values (issue 11, items 3, 4 and 6), each with a comment saying what is
 * wrong. Validation rejects them with a clear {@link VariantFormatException}, and so does every
 * decoder: none prints, converts or hashes a value that validation rejects.
 */
class MalformedValuesTest {
  private static final byte[] NO_KEYS = unhex("01 00 00");

  private static void assertRejected(String messagePart, Executable body) {
    VariantFormatException e = assertThrows(VariantFormatException.class, body);
    assertTrue(e.getMessage().contains(messagePart), "message '" + e.getMessage() + "' should contain '" + messagePart + "'");
  }

  /** validate and each whole-value decoder reject the variant, all with the same message part. */
  private static void assertEveryDecoderRejects(String messagePart, byte[] metadata, byte[] value) {
    assertEveryViewOperationRejects(messagePart, metadata, value);
    VariantMetadata m = VariantMetadata.parse(metadata);
    assertRejected(messagePart, () -> VariantValidator.validate(m, value, 0, value.length));
    assertRejected(messagePart, () -> VariantValidator.validate(m, value, 0));
    assertRejected(messagePart, () -> VariantJson.toJson(m, value, 0));
    assertRejected(messagePart, () -> VariantJson.toJson(m, value, 0,
        new com.fasterxml.jackson.core.JsonFactory().createGenerator(new java.io.StringWriter())));
    assertRejected(messagePart, () -> VariantJava.toJava(m, value, 0));
    assertRejected(messagePart, () -> VariantEquality.hash(m, value, 0));
    assertRejected(messagePart, () -> VariantEquality.equal(m, value, 0, m, value, 0));
    assertRejected(messagePart, () -> new VariantEncoder().writeVariant(m, value, 0));
  }

  /** The operations of a view of the complete variant reject it. */
  private static void assertEveryViewOperationRejects(String messagePart, byte[] metadata, byte[] value) {
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).validate());
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).toJson());
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).toJson(JsonStyle.SPARK));
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).toJava());
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).hashCode());
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).equals(VariantValue.of(metadata, value.clone())));
    assertRejected(messagePart, () -> VariantValue.of(metadata, value).toEncoded());
    assertRejected(messagePart, () -> new VariantEncoder().writeVariant(VariantValue.of(metadata, value)));
    assertRejected(messagePart, () -> new VariantEncoder().writeVariant(EncodedVariant.of(metadata, value)));
    assertRejected(messagePart, () -> EncodedVariant.of(metadata, value).toJson());
    assertRejected(messagePart, () -> VariantEquality.equal(EncodedVariant.of(metadata, value), EncodedVariant.of(metadata, value)));
    for (Executable cast : casts(VariantValue.of(metadata, value))) {
      assertRejected(messagePart, cast);
    }
  }

  private static Executable[] casts(VariantValue x) {
    return new Executable[] {
        () -> VariantCasts.toText(x), () -> VariantCasts.toLong(x), () -> VariantCasts.toInt(x),
        () -> VariantCasts.toDouble(x), () -> VariantCasts.toDecimal(x), () -> VariantCasts.toBoolean(x),
        () -> VariantCasts.toInstant(x), () -> VariantCasts.toLocalDate(x)};
  }

  // ---------------------------------------------------------------- item 3: over-read

  /**
   * A page holding two values back to back: the first, a long string, claims 20 bytes but has 4
   * ({@code len} 9); the next row's value is the string "SECRET". Bounded by its own length, the
   * first value is rejected, with positions relative to its start (7 in the page).
   */
  @Test
  void aHeaderClaimingMoreThanTheValuesLengthIsRejectedNotReadIntoTheNextValue() {
    byte[] page = unhex("ff ff ff ff ff ff ff | 40 14 00 00 00 \"abcd\" | 19 \"SECRET\" 00 00 00 00 00 00 00 00 00 00");
    int pos = 7;
    int len = 9;
    VariantMetadata m = VariantMetadata.EMPTY;
    VariantFormatException e = assertThrows(VariantFormatException.class, () -> VariantValidator.validate(m, page, pos, len));
    assertEquals("string of length 20 at position 0 needs 25 bytes, but only 9 remain in its enclosing value", e.getMessage());
    VariantValue view = VariantValue.of(m, page, pos, len);
    assertRejected("at position 0 needs 25 bytes", view::validate);
    assertRejected("at position 0 needs 25 bytes", view::toJson);
    assertRejected("at position 0 needs 25 bytes", view::toJava);
    assertRejected("at position 0 needs 25 bytes", () -> VariantCasts.toText(VariantValue.of(m, page, pos, len)));
    // The same bytes with their true length are fine.
    VariantValue ok = VariantValue.of(m, unhex("40 04 00 00 00 \"abcd\""), 0, 9);
    assertEquals("\"abcd\"", ok.toJson());
  }

  /**
   * An array at position 3 of its page whose last offset says its element data is 6 bytes, but
   * the value has 5 bytes in all: 03 (array) 01 (one element) offsets 00 06, then one null.
   */
  @Test
  void aContainerReachingPastItsLengthIsRejectedWithRelativePositions() {
    byte[] page = unhex("aa bb cc | 03 01 00 06 | 00 | 0c 07 0c 08 0c 09");
    assertRejected("array at position 0: element data ends at byte 10, past the end of its enclosing value (ends at 5)",
        () -> VariantValidator.validate(VariantMetadata.EMPTY, page, 3, 5));
    // A field offset inside the array's claimed data but past the value's length.
    byte[] field = unhex("aa bb cc | 03 01 04 05 | 00 | 0c 07 0c 08 0c 09");
    assertRejected("array at position 0: element data ends at byte 9, past the end of its enclosing value (ends at 5)",
        () -> VariantValue.of(VariantMetadata.EMPTY, field, 3, 5).validate());
  }

  /**
   * A view of a value with no length (position only) is checked against the array; a view made
   * from the two arrays of a complete variant must fill its value array.
   */
  @Test
  void trailingBytesAfterACompleteVariantAreRejected() {
    byte[] value = unhex("0c 05 | 00"); // int8 5, then a stray byte
    assertEveryViewOperationRejects("1 trailing bytes (expected length 2, found 3)", NO_KEYS, value);
    // The prefix forms allow what follows the value (a sub-value is followed by its siblings).
    VariantValidator.validate(VariantMetadata.EMPTY, value, 0);
    assertEquals("5", VariantValue.of(VariantMetadata.EMPTY, value, 0).toJson());
  }

  // ---------------------------------------------------------------- item 4: one validation

  /** {"a": 1, "a": 2}: one key twice, adjacent, under a sorted dictionary. */
  @Test
  void duplicateKeysAreRejectedByEveryDecoder() {
    assertEveryDecoderRejects("duplicate key 'a'", unhex("11 01 00 01 \"a\""),
        unhex("02 | 02 | 00 00 | 00 02 04 | 0c 01 | 0c 02"));
  }

  /**
   * {"a": 1, "b": 2, "a": 3}: not adjacent, in an unsorted object (ids 0 1 0), which validation
   * otherwise tolerates.
   */
  @Test
  void duplicateKeysInAnUnsortedObjectAreRejected() {
    assertEveryDecoderRejects("duplicate key 'a'", unhex("11 02 00 01 02 \"ab\""),
        unhex("02 | 03 | 00 01 00 | 00 02 04 06 | 0c 01 | 0c 02 | 0c 03"));
  }

  /**
   * The same key under two ids: an unsorted dictionary may hold "a" twice (ids 0 and 2); the
   * object {"a": 1, "b": 2, "a": 3} uses both. Keys are compared as bytes, not as ids.
   */
  @Test
  void duplicateKeysUnderDistinctIdsAreRejected() {
    assertEveryDecoderRejects("duplicate key 'a'", unhex("01 03 00 01 02 03 \"aba\""),
        unhex("02 | 03 | 00 01 02 | 00 02 04 06 | 0c 01 | 0c 02 | 0c 03"));
    // {"a": 1, "a": 3} with ids 0 and 2, ascending as in DuckDB's insertion order.
    assertEveryDecoderRejects("duplicate key 'a'", unhex("01 03 00 01 02 03 \"aba\""),
        unhex("02 | 02 | 00 02 | 00 02 04 | 0c 01 | 0c 03"));
    // A wide object: "a" (id 300), then 300 distinct keys k299 .. k0 (out of order), then "a"
    // again under id 301. The unsorted dictionary repeats "a", as it may.
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      keys.add("k" + i);
    }
    keys.add("a");
    keys.add("a");
    VariantMetadata m = VariantMetadata.parse(UnsortedObjectsTest.metadata(keys, false));
    int[] order = new int[302];
    order[0] = 300;
    for (int i = 1; i <= 300; i++) {
      order[i] = 300 - i;
    }
    order[301] = 301;
    byte[] v = UnsortedObjectsTest.objectOfInt16s(m, keys, order);
    // objectOfInt16s looks ids up by key, which gives the first "a"; point the last field at 301.
    int lastId = 1 + 4 + 301 * 2;
    assertEquals(300, (v[lastId] & 0xFF) | (v[lastId + 1] & 0xFF) << 8);
    v[lastId] = 45; // 301 = 0x012d, little-endian
    v[lastId + 1] = 1;
    assertRejected("duplicate key 'a'", () -> VariantValidator.validate(m, v, 0, v.length));
  }

  /** A time (type id 17) must be within one day: 86,400,000,000 µs is midnight of the next. */
  @Test
  void timesOutsideOneDayAreRejected() {
    assertEveryDecoderRejects("time at position 0 value 86400000000 is outside one day", NO_KEYS,
        unhex("44 | 00 60 d7 1d 14 00 00 00"));
    assertEveryDecoderRejects("value -1 is outside one day", NO_KEYS, unhex("44 | ff ff ff ff ff ff ff ff"));
    assertRejected("outside one day", () -> VariantBinary.getTimestamp(unhex("44 | ff ff ff ff ff ff ff ff"), 0));
  }

  /** The spec's decimal table: decimal4 holds 9 digits, decimal8 18, decimal16 38. */
  @Test
  void decimalsWiderThanTheirTypeAreRejected() {
    // decimal4, scale 0, unscaled 1,000,000,000 (10 digits)
    assertEveryDecoderRejects("decimal4 at position 0 has unscaled value 1000000000 with 10 digits", NO_KEYS,
        unhex("20 | 00 | 00 ca 9a 3b"));
    // decimal8, scale 2, unscaled -10^18 (19 digits)
    assertEveryDecoderRejects("decimal8 at position 0 has unscaled value -1000000000000000000 with 19 digits", NO_KEYS,
        unhex("24 | 02 | 00 00 9c 58 4c 49 1f f2"));
    // decimal16, scale 0, unscaled 10^38 (39 digits)
    assertEveryDecoderRejects("with 39 digits", NO_KEYS,
        unhex("28 | 00 | 00 00 00 00 40 22 8a 09 | 7a c4 86 5a a8 4c 3b 4b"));
    // decimal4 with scale 10: a DECIMAL(p, 10) needs p >= 10, which a decimal4 cannot hold
    assertEveryDecoderRejects("decimal4 at position 0 has scale 10, above the type's maximum precision 9", NO_KEYS,
        unhex("20 | 0a | 01 00 00 00"));
    // decimal16 with scale 39, beyond the spec's [0, 38]
    assertEveryDecoderRejects("has scale 39", NO_KEYS, unhex("28 | 27 | 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"));
    assertRejected("with 10 digits", () -> VariantBinary.getDecimal(unhex("20 00 00 ca 9a 3b"), 0));
    assertRejected("with 10 digits", () -> VariantBinary.getDecimalUnscaledLong(unhex("20 00 00 ca 9a 3b"), 0));
  }

  /** Strings and keys must be well-formed UTF-8: printing them replaced would change them. */
  @Test
  void illFormedUtf8IsRejected() {
    // short string of 2 bytes: C0 AF, an overlong '/'
    assertEveryDecoderRejects("string at position 0 is not valid UTF-8 (bad byte 0xc0", NO_KEYS, unhex("09 c0 af"));
    // {"\xff": null}: the key is not UTF-8
    assertRejected("metadata key 0 is not valid UTF-8",
        () -> VariantValue.of(unhex("01 01 00 01 ff"), unhex("02 01 00 00 01 00")).toJson());
  }

  /** Unknown primitive type id 21 (the spec's table ends at 20). */
  @Test
  void unknownTypeIdsAreRejected() {
    assertEveryDecoderRejects("unknown variant primitive type id 21 at position 0", NO_KEYS, unhex("54"));
    // ... also inside an array: [<id 21>] at position 4
    assertEveryDecoderRejects("unknown variant primitive type id 21 at position 4", NO_KEYS, unhex("03 01 00 01 | 54"));
  }

  /**
   * The other direction of "one validation": the extremes of every type validate, and every
   * decoder accepts them.
   */
  @Test
  void extremeValidValuesAreAcceptedByEveryDecoder() {
    VariantEncoder e = new VariantEncoder();
    e.startArray();
    e.writeTime(0);
    e.writeTime(86_399_999_999L);
    e.writeDecimal4(-999_999_999, 9);
    e.writeDecimal4(999_999_999, 0);
    e.writeDecimal8(999_999_999_999_999_999L, 18);
    e.writeDecimal16(java.math.BigInteger.TEN.pow(38).subtract(java.math.BigInteger.ONE).negate(), 38);
    for (long t : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1}) {
      e.writeTimestamp(t);
      e.writeTimestampNtz(t);
      e.writeTimestampNanos(t);
      e.writeTimestampNtzNanos(t);
    }
    e.writeDate(Integer.MIN_VALUE);
    e.writeDate(Integer.MAX_VALUE);
    e.writeDouble(Double.NaN);
    e.writeDouble(Double.NEGATIVE_INFINITY);
    e.writeFloat(Float.MIN_VALUE);
    e.writeInt64(Long.MIN_VALUE);
    e.writeBinary(new byte[0]);
    e.writeString("");
    e.writeUuid(-1, -1);
    e.endArray();
    VariantValue all = VariantValue.of(e.finish()).validate();
    all.toJson();
    all.toJson(JsonStyle.SPARK);
    all.toJava();
    all.hashCode();
    assertTrue(all.equals(VariantValue.of(all.toEncoded())));
    for (int i = 0; i < all.arraySize(); i++) {
      VariantValue x = all.element(i);
      x.toJava();
      VariantCasts.toText(x);
      for (Executable cast : casts(x)) {
        try {
          cast.execute();
        } catch (VariantCastException expected) {
          // not castable to that type: a clean answer, not a format error
        } catch (Throwable t) {
          throw new AssertionError("element " + i + " " + x.type() + ": " + t, t);
        }
      }
    }
  }

  // ---------------------------------------------------------------- item 6: truncated values

  /**
   * Each fixed-size primitive cut after its header byte (e.g. {@code 0c}, an int8 without its
   * byte; {@code 44}, a time without its 8 bytes): every accessor throws VariantFormatException,
   * never ArrayIndexOutOfBoundsException.
   */
  @Test
  void truncatedFixedSizeValuesThrowFormatErrorsFromEveryAccessor() {
    int[] fixedSizeIds = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20};
    for (int id : fixedSizeIds) {
      int size = VariantBinary.valueSize(new byte[] {(byte) (id << 2)}, 0);
      for (int kept = 1; kept < size; kept++) {
        byte[] value = new byte[kept];
        value[0] = (byte) (id << 2);
        String what = "type id " + id + ", " + kept + " byte(s)";
        VariantValue v = VariantValue.of(NO_KEYS, value);
        assertThrows(VariantFormatException.class, v::hashCode, what);
        assertThrows(VariantFormatException.class, v::toJson, what);
        assertThrows(VariantFormatException.class, v::toJava, what);
        assertThrows(VariantFormatException.class, v::validate, what);
        assertFalse(v.toString().isEmpty(), what); // describes the problem, does not throw
        // The typed getter for the type, on a view that was never validated.
        Executable getter;
        switch (VariantType.ofPrimitiveId(id)) {
          case DOUBLE: getter = v::getDouble; break;
          case FLOAT: getter = v::getFloat; break;
          case DECIMAL4: case DECIMAL8: case DECIMAL16: getter = v::getDecimal; break;
          case DATE: getter = v::getDate; break;
          case UUID: getter = v::getUuid; break;
          case TIME: case TIMESTAMP: case TIMESTAMP_NTZ: case TIMESTAMP_NANOS: case TIMESTAMP_NTZ_NANOS:
            getter = v::getTimestamp;
            break;
          default: getter = v::getLong;
        }
        assertThrows(VariantFormatException.class, getter, what);
      }
    }
    // Length-prefixed: a string whose 4-byte length is cut, and a binary whose bytes are.
    for (String hex : new String[] {"40 01 00", "3c 05 00 00 00 01 02"}) {
      VariantValue v = VariantValue.of(NO_KEYS, unhex(hex));
      assertThrows(VariantFormatException.class, v::hashCode, hex);
      assertThrows(VariantFormatException.class, v::toJson, hex);
      assertThrows(VariantFormatException.class, hex.startsWith("40") ? v::getString : v::getBinary, hex);
    }
  }
}
