package io.dendrite.parquet.testing;

import static io.dendrite.parquet.testing.VariantBytes.arrayWithOffsets;
import static io.dendrite.parquet.testing.VariantBytes.decimal4;
import static io.dendrite.parquet.testing.VariantBytes.int8;
import static io.dendrite.parquet.testing.VariantBytes.metadata;
import static io.dendrite.parquet.testing.VariantBytes.object;
import static io.dendrite.parquet.testing.VariantBytes.objectWithOffsets;
import static io.dendrite.parquet.testing.VariantBytes.primitive;
import static io.dendrite.parquet.testing.VariantBytes.shortString;
import static io.dendrite.parquet.testing.VariantBytes.time;

import java.util.List;
import java.util.Map;

/**
 * The hand-made values of issue 11 ("No silent wrong answers"), items 1, 3, 4, 5 and 6, built
 * byte by byte with {@link VariantBytes} so each one says what is wrong with it. Used by the
 * bad-file tests (core and CLI) and as fuzzing seeds.
 */
public final class BadVariants {
  private BadVariants() {}

  /**
   * One hand-made variant.
   *
   * @param name a file-name-safe name
   * @param what what the value holds and why it is (in)valid
   * @param metadata metadata bytes
   * @param value value bytes
   */
  public record Sample(String name, String what, byte[] metadata, byte[] value) {}

  /**
   * A valid-but-unsorted object as DuckDB 2.0 writes it (item 1): metadata with
   * {@code sorted_strings=0} and keys in insertion order, object fields in insertion order
   * rather than sorted by key. Holds {@code {"zeta": 1, "alpha": "x", "user": {"name": "u1",
   * "id": 7}}}; every path must read the value the whole object shows.
   */
  public static Sample unsortedObject() {
    byte[] m = metadata(false, "zeta", "alpha", "user", "name", "id");
    byte[] user = object(new int[] {3, 4}, shortString("u1"), int8(7));
    byte[] v = object(new int[] {0, 1, 2}, int8(1), shortString("x"), user);
    return new Sample("unsorted-object", "object fields in insertion order, sorted_strings=0",
        m, v);
  }

  /** The values {@link #unsortedObject()} holds, by selection path below the column. */
  public static Map<String, String> unsortedObjectPaths() {
    return Map.of("zeta", "1", "alpha", "\"x\"", "user.name", "\"u1\"", "user.id", "7");
  }

  /** The invalid values (items 3-6), each of which a reader must reject with a clean error. */
  public static List<Sample> invalid() {
    return List.of(duplicateKeysSorted(), duplicateKeysUnsorted(), duplicateKeyStrings(),
        timeOutsideDay(), negativeTime(), decimal4TenDigits(), arrayBomb(), objectBomb(),
        truncatedInt8(), truncatedInt64(), overlongString(), emptyValue());
  }

  /** {@code {"a":1,"a":2}} with the field id 0 twice, in sorted (non-decreasing) order. */
  public static Sample duplicateKeysSorted() {
    return new Sample("duplicate-keys-sorted", "field id 0 (\"a\") twice",
        metadata(true, "a"), object(new int[] {0, 0}, int8(1), int8(2)));
  }

  /** {@code {"b":1,"a":2,"b":3}}: a duplicate in an unsorted object (sorted_strings=0). */
  public static Sample duplicateKeysUnsorted() {
    return new Sample("duplicate-keys-unsorted", "fields b, a, b in insertion order",
        metadata(false, "b", "a"), object(new int[] {0, 1, 0}, int8(1), int8(2), int8(3)));
  }

  /** Two dictionary entries spelling "a", one field for each: {@code {"a":1,"a":2}}. */
  public static Sample duplicateKeyStrings() {
    return new Sample("duplicate-key-strings", "dictionary [a, a], fields with ids 0 and 1",
        metadata(false, "a", "a"), object(new int[] {0, 1}, int8(1), int8(2)));
  }

  /** A time of exactly 24:00:00 (86,400,000,000 µs); times are in [0, one day). */
  public static Sample timeOutsideDay() {
    return new Sample("time-outside-day", "time 86400000000 us (24:00)",
        metadata(true), time(86_400_000_000L));
  }

  /** A time of -1 µs. */
  public static Sample negativeTime() {
    return new Sample("time-negative", "time -1 us", metadata(true), time(-1));
  }

  /** A decimal4 with the 10-digit unscaled value 1234567890 (decimal4 holds at most 9). */
  public static Sample decimal4TenDigits() {
    return new Sample("decimal4-ten-digits", "decimal4 1234567890 scale 2",
        metadata(true), decimal4(2, 1_234_567_890));
  }

  /**
   * About 600 bytes of nested two-element arrays whose elements share the same bytes (both
   * offsets 0): 93 levels, so 2^93 leaves when expanded (item 5).
   */
  public static Sample arrayBomb() {
    byte[] child = int8(1);
    while (child.length < 590) {
      int w = child.length <= 255 ? 1 : 2;
      child = arrayWithOffsets(w, new int[] {0, 0, child.length}, child);
    }
    return new Sample("array-bomb", "nested arrays whose two elements share bytes, "
        + child.length + " bytes", metadata(true), child);
  }

  /** The object form of {@link #arrayBomb()}: fields "a" and "b" share the same bytes. */
  public static Sample objectBomb() {
    byte[] child = int8(1);
    while (child.length + 6 <= 255) {
      child = objectWithOffsets(1, new int[] {0, 1}, new int[] {0, 0, child.length}, child);
    }
    return new Sample("object-bomb", "nested objects whose two fields share bytes, "
        + child.length + " bytes", metadata(true, "a", "b"), child);
  }

  /** The hashCode crash: metadata {@code 010000}, value {@code 0c} (int8, no byte). */
  public static Sample truncatedInt8() {
    return new Sample("truncated-int8", "int8 header without its byte",
        metadata(true), new byte[] {VariantBytes.primitiveHeader(VariantBytes.INT8)});
  }

  /** An int64 with 3 of its 8 bytes. */
  public static Sample truncatedInt64() {
    byte[] truncated = primitive(VariantBytes.INT64, (byte) 1, (byte) 2, (byte) 3);
    return new Sample("truncated-int64", "int64 with 3 of its 8 bytes",
        metadata(true), truncated);
  }

  /**
   * A value cell of zero bytes (a value needs at least its header byte). Found by the file fuzz
   * target as field a's value: read whole it showed {@code ""}, by path bytes of the page
   * beyond the cell ({@code "\u0000\u0015.\u0015."}).
   */
  public static Sample emptyValue() {
    return new Sample("empty-value", "a value of zero bytes", metadata(true), new byte[0]);
  }

  /** A long string whose length says 40 but that holds 5 bytes (item 3, over-read). */
  public static Sample overlongString() {
    return new Sample("overlong-string", "string claiming 40 bytes, holding 5",
        metadata(true), VariantBytes.longString(40, VariantBytes.utf8("abcd0")));
  }
}
