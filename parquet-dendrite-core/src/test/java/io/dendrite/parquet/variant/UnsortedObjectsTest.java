package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.unhex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Objects whose fields are not in the spec's key order (issue 11, item 1): DuckDB 2.0 writes
 * fields in insertion order with {@code sorted_strings=0}, and other writers may leave an object
 * unsorted under a sorted dictionary. They are tolerated, and every lookup finds their fields, so
 * a path read gives the same answer as a whole-value read.
 */
class UnsortedObjectsTest {
  /** DuckDB style: dictionary in insertion order, sorted_strings=0, 1-byte offsets. */
  private static final byte[] DUCKDB_METADATA = unhex("01 | 03 | 00 04 07 0b | \"name\" \"age\" \"city\"");
  /**
   * {"name": "Ada", "age": 36, "city": "Oslo"} with the fields in insertion order, ids 0 1 2:
   * "name" > "age", so the spec's order (age, city, name) is broken. A binary search for "name"
   * probes "age", then "city", and gives up.
   */
  private static final byte[] DUCKDB_VALUE =
      unhex("02 | 03 | 00 01 02 | 00 04 06 0b | 0d \"Ada\" | 0c 24 | 11 \"Oslo\"");

  @Test
  void duckDbObjectInInsertionOrderIsValidAndEveryFieldIsFound() throws Exception {
    VariantValue v = VariantValue.of(DUCKDB_METADATA, DUCKDB_VALUE).validate();
    assertEquals("Ada", v.field("name").getString());
    assertEquals(36, v.field("age").getLong());
    assertEquals("Oslo", v.field("city").getString());
    assertNull(v.field("zip"));
    VariantMetadata m = v.metadata();
    for (String key : new String[] {"name", "age", "city"}) {
      byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
      int byName = VariantObjects.findField(m, DUCKDB_VALUE, 0, key);
      assertTrue(byName > 0, key);
      assertEquals(byName, VariantObjects.findField(m, DUCKDB_VALUE, 0, utf8));
      assertEquals(byName, VariantObjects.findField(m, DUCKDB_VALUE, 0, (" " + key).getBytes(StandardCharsets.UTF_8), 1, utf8.length));
      int index = VariantObjects.fieldIndex(m, DUCKDB_VALUE, 0, utf8);
      assertEquals(byName, VariantObjects.fieldValuePos(DUCKDB_VALUE, 0, index));
      assertEquals(index, VariantObjects.fieldIndexOfId(DUCKDB_VALUE, 0, m.id(key)));
    }
    assertEquals(-1, VariantObjects.findField(m, DUCKDB_VALUE, 0, "nam".getBytes(StandardCharsets.UTF_8)));
    // Whole-value reads keep the stored order; the logical value equals the canonical encoding.
    assertEquals("{\"name\":\"Ada\",\"age\":36,\"city\":\"Oslo\"}", v.toJson());
    VariantValue canonical = VariantJson.parse("{\"age\": 36, \"city\": \"Oslo\", \"name\": \"Ada\"}").toValue();
    assertEquals(canonical, v);
    assertEquals(canonical.hashCode(), v.hashCode());
    // Copying re-encodes it in the spec's order.
    VariantEncoder e = new VariantEncoder();
    e.writeVariant(v);
    EncodedVariant copy = e.finish().validate();
    assertEquals("{\"age\":36,\"city\":\"Oslo\",\"name\":\"Ada\"}", copy.toJson());
  }

  @Test
  void unsortedObjectUnderASortedDictionaryIsFoundByKeyAndById() {
    // Dictionary a b c d, sorted; the object {"c": 3, "a": 1, "b": 2} lists ids 2 0 1. A binary
    // search for "c" (or for id 2) probes a, then b, and misses; "d" is in the dictionary but not
    // in the object.
    VariantMetadata m = VariantMetadata.parse(unhex("11 | 04 | 00 01 02 03 04 | \"abcd\""));
    byte[] v = unhex("02 | 03 | 02 00 01 | 00 02 04 06 | 0c 03 | 0c 01 | 0c 02");
    VariantValidator.validate(m, v, 0, v.length);
    for (String key : new String[] {"a", "b", "c"}) {
      long expected = key.charAt(0) - 'a' + 1;
      assertEquals(expected, VariantBinary.getLong(v, VariantObjects.findField(m, v, 0, key)), key);
      assertEquals(expected, VariantBinary.getLong(v, VariantObjects.findField(m, v, 0, key.getBytes(StandardCharsets.UTF_8))), key);
      int index = VariantObjects.fieldIndexOfId(v, 0, m.id(key));
      assertEquals(expected, VariantBinary.getLong(v, VariantObjects.fieldValuePos(v, 0, index)), key);
    }
    assertEquals(-1, VariantObjects.findField(m, v, 0, "d"));
    assertEquals(-1, VariantObjects.fieldIndexOfId(v, 0, m.id("d")));
    assertEquals(-1, VariantObjects.findField(m, v, 0, "e"));
  }

  @Test
  void wideUnsortedObjectsFindEveryKeyAndMissAbsentOnes() {
    // 300 fields (is_large, 2-byte ids and offsets) in reverse key order, and in a shuffled
    // order, under an insertion-order dictionary and under a sorted one.
    int n = 300;
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(String.format("key%03d", i));
    }
    int[] reverse = new int[n];
    int[] shuffled = new int[n];
    for (int i = 0; i < n; i++) {
      reverse[i] = n - 1 - i;
      shuffled[i] = (i * 7919) % n; // 7919 is prime, so this is a permutation of 0..n-1
    }
    for (int[] order : new int[][] {reverse, shuffled}) {
      for (boolean sortedDictionary : new boolean[] {true, false}) {
        List<String> dictionary = new ArrayList<>(keys);
        dictionary.add("absent"); // in the dictionary, in no object
        if (sortedDictionary) {
          dictionary.sort(null);
        } else {
          java.util.Collections.reverse(dictionary);
        }
        VariantMetadata m = VariantMetadata.parse(metadata(dictionary, sortedDictionary));
        byte[] v = objectOfInt16s(m, keys, order);
        VariantValue value = VariantValue.of(m, v, 0, v.length).validate();
        for (int i = 0; i < n; i++) {
          String key = keys.get(i);
          assertEquals(i, value.field(key).getLong(), key);
          int index = VariantObjects.fieldIndex(m, v, 0, key.getBytes(StandardCharsets.UTF_8));
          assertEquals(key, VariantObjects.fieldKey(m, v, 0, index));
          assertEquals(index, VariantObjects.fieldIndexOfId(v, 0, m.id(key)));
        }
        assertNull(value.field("absent"));
        assertEquals(-1, VariantObjects.fieldIndexOfId(v, 0, m.id("absent")));
        assertNull(value.field("key300"));
        assertNull(value.field(""));
      }
    }
  }

  @Test
  void objectsInDifferentFieldOrdersCompareByKey() {
    int n = 300;
    List<String> keys = new ArrayList<>();
    int[] reverse = new int[n];
    int[] shuffled = new int[n];
    for (int i = 0; i < n; i++) {
      keys.add(String.format("key%03d", i));
      reverse[i] = n - 1 - i;
      shuffled[i] = (i * 7919) % n;
    }
    VariantMetadata sorted = VariantMetadata.parse(metadata(keys, true));
    List<String> insertion = new ArrayList<>(keys);
    java.util.Collections.reverse(insertion);
    VariantMetadata unsorted = VariantMetadata.parse(metadata(insertion, false));
    VariantValue a = VariantValue.of(sorted, objectOfInt16s(sorted, keys, reverse), 0);
    byte[] shuffledBytes = objectOfInt16s(unsorted, keys, shuffled);
    VariantValue b = VariantValue.of(unsorted, shuffledBytes, 0);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    // Field "key007" (value 7) of b changed to 8: the difference names it.
    int index = VariantObjects.fieldIndex(unsorted, shuffledBytes, 0, "key007".getBytes(StandardCharsets.UTF_8));
    byte[] changed = shuffledBytes.clone();
    changed[VariantObjects.fieldValuePos(shuffledBytes, 0, index) + 1] = 8;
    assertEquals("$.key007: expected int16 7, found int16 8",
        VariantEquality.describeDifference(sorted, a.valueBytes(), 0, unsorted, changed, 0));
    // A key only b has.
    List<String> more = new ArrayList<>(insertion);
    more.add("extra");
    VariantMetadata moreKeys = VariantMetadata.parse(metadata(more, false));
    List<String> withExtra = new ArrayList<>(keys);
    withExtra.add("extra");
    int[] order = java.util.Arrays.copyOf(shuffled, n + 1);
    order[n] = n;
    byte[] extra = objectOfInt16s(moreKeys, withExtra, order);
    assertEquals("$: unexpected key 'extra' (found int16 300)",
        VariantEquality.describeDifference(sorted, a.valueBytes(), 0, moreKeys, extra, 0));
  }

  /** Metadata of the given keys with 2-byte offsets. */
  static byte[] metadata(List<String> keys, boolean sorted) {
    ByteArrayOutputStream strings = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write((sorted ? 0x10 : 0) | 0x01 | (1 << 6));
    writeLe(out, keys.size(), 2);
    for (String k : keys) {
      writeLe(out, strings.size(), 2);
      strings.writeBytes(k.getBytes(StandardCharsets.UTF_8));
    }
    writeLe(out, strings.size(), 2);
    out.writeBytes(strings.toByteArray());
    return out.toByteArray();
  }

  /**
   * An object, is_large with 2-byte ids and offsets, whose i-th field is {@code keys[order[i]]}
   * with the int16 value {@code order[i]}.
   */
  static byte[] objectOfInt16s(VariantMetadata m, List<String> keys, int[] order) {
    int n = order.length;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x02 | (1 << 2) | (1 << 4) | 0x40);
    writeLe(out, n, 4);
    for (int k : order) {
      writeLe(out, m.id(keys.get(k)), 2);
    }
    for (int i = 0; i <= n; i++) {
      writeLe(out, 3 * i, 2);
    }
    for (int k : order) {
      out.write(4 << 2); // int16
      writeLe(out, k, 2);
    }
    return out.toByteArray();
  }

  private static void writeLe(ByteArrayOutputStream out, int value, int width) {
    for (int i = 0; i < width; i++) {
      out.write(value >>> (8 * i));
    }
  }
}
