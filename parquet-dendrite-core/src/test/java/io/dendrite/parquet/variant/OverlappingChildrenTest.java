package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.unhex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Children that share bytes (issue 11, item 5). The spec lays a container's children out one
 * after another in its data, so no two may overlap; hostile offsets that point many children at
 * the same bytes would otherwise make every walk exponential in the input (a 561-byte value
 * would stand for 2^70 nodes). Validation rejects overlap before it visits any child, and every
 * decoder validates first. The timeouts below only guard against a hang; they claim no speed.
 */
class OverlappingChildrenTest {
  private static final Duration HANG_GUARD = Duration.ofSeconds(10);
  private static final byte[] NO_KEYS = unhex("01 00 00");
  private static final byte[] KEYS_AB = unhex("11 02 00 01 02 \"ab\"");

  /**
   * {@code levels} nested arrays of two elements whose offsets are both 0, so both elements are
   * the same inner array: {@code 07} (array, 2-byte offsets) {@code 02} (two elements), offsets
   * {@code 0000 0000 <size of inner>}, then the inner value; a null at the bottom.
   */
  static byte[] arrayBomb(int levels) {
    byte[] cur = {0};
    for (int i = 0; i < levels; i++) {
      byte[] next = new byte[8 + cur.length];
      next[0] = 0x07;
      next[1] = 2;
      next[6] = (byte) cur.length;
      next[7] = (byte) (cur.length >>> 8);
      System.arraycopy(cur, 0, next, 8, cur.length);
      cur = next;
    }
    return cur;
  }

  /** As {@link #arrayBomb}, with objects {"a": inner, "b": inner}: {@code 06 02 00 01} offsets. */
  static byte[] objectBomb(int levels) {
    byte[] cur = {0};
    for (int i = 0; i < levels; i++) {
      byte[] next = new byte[10 + cur.length];
      next[0] = 0x06; // object, 2-byte offsets, 1-byte ids
      next[1] = 2;
      next[2] = 0; // "a"
      next[3] = 1; // "b"
      next[8] = (byte) cur.length;
      next[9] = (byte) (cur.length >>> 8);
      System.arraycopy(cur, 0, next, 10, cur.length);
      cur = next;
    }
    return cur;
  }

  @Test
  void sharedOffsetBombsAreRejectedQuicklyByEveryOperation() {
    byte[] arrays = arrayBomb(70);
    assertEquals(561, arrays.length);
    byte[] objects = objectBomb(55);
    assertTimeoutPreemptively(HANG_GUARD, () -> {
      // The first element of each level is checked first, down to the innermost level, whose
      // second element is the first to repeat bytes.
      assertEveryOperationRejects(NO_KEYS, arrays,
          "array at position 552: the elements at positions 560 and 560 overlap (the first ends at 561)");
      assertEveryOperationRejects(KEYS_AB, objects,
          "object at position 540: the field values at positions 550 and 550 overlap (the first ends at 551)");
    });
  }

  private static void assertEveryOperationRejects(byte[] metadata, byte[] value, String message) {
    VariantMetadata m = VariantMetadata.parse(metadata);
    Executable[] operations = {
        () -> VariantValidator.validate(m, value, 0, value.length),
        () -> VariantValidator.validate(m, value, 0),
        () -> VariantValue.of(metadata, value).toJson(),
        () -> VariantValue.of(metadata, value).toJson(JsonStyle.SPARK),
        () -> VariantValue.of(metadata, value).toJava(),
        () -> VariantValue.of(metadata, value).hashCode(),
        () -> VariantValue.of(metadata, value).equals(VariantValue.of(metadata, value.clone())),
        () -> VariantValue.of(metadata, value).toEncoded(),
        () -> VariantCasts.toText(VariantValue.of(metadata, value)),
        () -> VariantJson.toJson(m, value, 0),
        () -> VariantJson.toJson(m, value, 0, new com.fasterxml.jackson.core.JsonFactory().createGenerator(new StringWriter())),
        () -> VariantJava.toJava(m, value, 0),
        () -> VariantEquality.hash(m, value, 0),
        () -> VariantEquality.equal(m, value, 0, m, value, 0),
        () -> VariantEquality.describeDifference(m, value, 0, m, value, 0),
        () -> new VariantEncoder().writeVariant(m, value, 0),
        () -> new VariantEncoder().writeVariant(EncodedVariant.of(metadata, value)),
    };
    for (Executable op : operations) {
      VariantFormatException e = assertThrows(VariantFormatException.class, op);
      assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }
  }

  /**
   * Small overlaps are rejected too, since nothing in the spec allows them: two elements on the
   * same null, with an unused byte after it ({@code 03 02} offsets {@code 00 00 02}).
   */
  @Test
  void twoElementsOnTheSameBytesAreRejected() {
    byte[] same = unhex("03 02 | 00 00 02 | 00 00");
    assertThrows(VariantFormatException.class, () -> VariantValue.of(NO_KEYS, same).validate());
    assertThrows(VariantFormatException.class, () -> VariantValue.of(NO_KEYS, same).toJson());
    // An int16 at offset 0 (3 bytes) and an int8 starting inside it, at offset 1.
    byte[] partial = unhex("03 02 | 00 01 03 | 10 0c 05");
    VariantFormatException e = assertThrows(VariantFormatException.class, () -> VariantValue.of(NO_KEYS, partial).validate());
    assertEquals("array at position 0: the elements at positions 5 and 6 overlap (the first ends at 8); children must not"
        + " share bytes", e.getMessage());
    // {"a": 1, "b": <the same int8>}: fields of an object too.
    byte[] fields = unhex("02 02 | 00 01 | 00 00 02 | 0c 01 | 00");
    assertThrows(VariantFormatException.class, () -> VariantValue.of(KEYS_AB, fields).validate());
  }

  /** A child must end inside its container's data: an int16 (3 bytes) in 2 bytes of data. */
  @Test
  void aChildReachingPastItsContainersDataIsRejected() {
    // [<int16 cut off>, ...] inside an outer array that holds more bytes after it.
    byte[] v = unhex("03 02 | 00 07 09 | 03 01 00 02 | 10 05 00 | 00 00");
    VariantFormatException e = assertThrows(VariantFormatException.class, () -> VariantValue.of(NO_KEYS, v).validate());
    assertEquals("int16 at position 9 needs 3 bytes, but only 2 remain in its enclosing value", e.getMessage());
  }

  /**
   * What the spec does allow: object values in any order (offsets not ascending), and, tolerated,
   * unused bytes between children.
   */
  @Test
  void valuesInAnyOrderAndGapsAreAccepted() {
    // {"a": 1, "b": 2} with b's value stored first.
    VariantValue reversed = VariantValue.of(KEYS_AB, unhex("02 02 | 00 01 | 02 00 04 | 0c 02 | 0c 01")).validate();
    assertEquals("{\"a\":1,\"b\":2}", reversed.toJson());
    // [null, null] with an unused byte (ff) between the elements.
    VariantValue gap = VariantValue.of(NO_KEYS, unhex("03 02 | 00 02 03 | 00 ff 00")).validate();
    assertEquals("[null,null]", gap.toJson());
  }
}
