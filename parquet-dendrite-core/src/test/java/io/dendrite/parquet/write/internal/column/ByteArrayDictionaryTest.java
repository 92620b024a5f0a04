package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The dictionary a byte-array leaf keeps as values are added, against a model: the ids a
 * HashMap gives the values in order of first appearance, after rows are taken back and after
 * the limit is passed, and the values read back raw.
 */
class ByteArrayDictionaryTest {
  private static final ColumnDescriptor STRINGS = new ColumnDescriptor(new String[] {"x"},
      Types.optional(PrimitiveTypeName.BINARY).named("x"), 0, 1);

  static LeafBuffer keeping(ColumnDescriptor column, int limit) {
    return new LeafBuffer(column, new ChunkOptions(CompressionCodecName.UNCOMPRESSED, true,
        false, false, limit, 20_000, 1));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Ids in order of first appearance over {@code values}, as the model. */
  private static int[] modelIds(List<String> values, Map<String, Integer> ids) {
    int[] out = new int[values.size()];
    for (int i = 0; i < out.length; i++) {
      ids.putIfAbsent(values.get(i), ids.size());
      out[i] = ids.get(values.get(i));
    }
    return out;
  }

  private static void assertMatchesModel(LeafBuffer leaf, List<String> values, String context) {
    Map<String, Integer> model = new HashMap<>();
    int[] expected = modelIds(values, model);
    ByteArrayDictionary d = leaf.dictionary;
    assertNotNull(d, context);
    assertEquals(values.size(), leaf.values, context);
    assertArrayEquals(expected, Arrays.copyOf(d.ids, values.size()), context);
    assertEquals(model.size(), d.size(), context);
    long plain = 0;
    long bytes = 0;
    for (Map.Entry<String, Integer> e : model.entrySet()) {
      int id = e.getValue();
      int start = d.distinct.valueStart(id);
      assertEquals(e.getKey(), new String(d.distinct.bytes, start,
          d.distinct.valueEnds[id] - start, StandardCharsets.UTF_8), context + ", id " + id);
      plain += 4 + utf8(e.getKey()).length;
    }
    for (String v : values) {
      bytes += utf8(v).length;
    }
    assertEquals(plain, d.plainBytes, context);
    assertEquals(bytes, d.valueBytes, context);
    assertEquals(bytes + 4L * values.size(), leaf.plainBytes(), context);
  }

  @Test
  void idsNumberDistinctValuesInOrderOfFirstAppearance() {
    Random r = new Random(31);
    LeafBuffer leaf = keeping(STRINGS, Integer.MAX_VALUE);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      // Now and then a run of one value (the lookup is skipped for a repeat of the previous).
      String s = i > 0 && r.nextInt(3) == 0 ? values.get(i - 1) : "v" + r.nextInt(700);
      int how = r.nextInt(4);
      if (how == 0) {
        leaf.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
      } else if (how == 1) {
        byte[] padded = utf8("..." + s + "..");
        leaf.addBytes(0, padded, 3, padded.length - 5);
      } else {
        // As a String, the same instance or an equal one: found by the strings remembered.
        leaf.addString(0, how == 2 ? s : new String(s));
      }
      values.add(s);
    }
    assertMatchesModel(leaf, values, "5,000 values");
  }

  /**
   * Values of up to 7 bytes are matched by a key packing their bytes and length: values that
   * differ only in trailing zero bytes, in length, or around the 7/8-byte edge stay distinct,
   * after the table is rehashed and after rows are taken back.
   */
  @Test
  void shortValuesAreMatchedByTheirBytesAndLength() {
    String z = "\0";
    List<String> pool = List.of("", z, z + z, "a", "a" + z, z + "a", "abcdefg", "abcdefg" + z,
        "abcdefgh", "abcdef", "\u00e9", "\u00e9" + z, "\uFFFF\uFFFF", "\u00ff");
    Random r = new Random(7);
    LeafBuffer leaf = keeping(STRINGS, Integer.MAX_VALUE);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      // Many distinct values now and then, so the table grows and is rehashed.
      String s = r.nextInt(4) == 0 ? "n" + r.nextInt(200) : pool.get(r.nextInt(pool.size()));
      int entries = leaf.entries;
      int valueCount = leaf.values;
      byte[] padded = utf8("xy" + s + "z");
      leaf.addBytes(0, padded, 2, padded.length - 3);
      if (r.nextInt(10) == 0) {
        leaf.truncate(entries, valueCount);
      } else {
        values.add(s);
      }
    }
    assertMatchesModel(leaf, values, "short values");
  }

  /** Strings whose UTF-8 is the same (a lone surrogate is '?') get the same id. */
  @Test
  void stringsAreTheirUtf8() {
    LeafBuffer leaf = keeping(STRINGS, Integer.MAX_VALUE);
    leaf.addString(0, "\uD800");
    leaf.addString(0, "?");
    leaf.addString(0, "\uD800");
    leaf.addString(0, "\u00e9");
    assertMatchesModel(leaf, List.of("?", "?", "?", "\u00e9"), "surrogate");
  }

  /**
   * Rows taken back (a writer's rollback) in the middle of adding: the dictionary is then as
   * if built from the rows kept, and later values find the ids that stayed (the table's probe
   * chains survive the removals).
   */
  @Test
  void rowsTakenBackLeaveTheDictionaryOfTheRowsKept() {
    for (int seed = 0; seed < 20; seed++) {
      Random r = new Random(seed);
      LeafBuffer leaf = keeping(STRINGS, Integer.MAX_VALUE);
      List<String> kept = new ArrayList<>();
      for (int row = 0; row < 600; row++) {
        int entries = leaf.entries;
        int valueCount = leaf.values;
        int n = 1 + r.nextInt(4);
        List<String> added = new ArrayList<>();
        for (int k = 0; k < n; k++) {
          // Few distinct values, so taken-back rows' values are often new ones.
          String s = "k" + r.nextInt(400);
          if (r.nextBoolean()) {
            leaf.addString(0, s); // remembered strings must forget the ids taken back
          } else {
            leaf.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
          }
          added.add(s);
        }
        if (r.nextInt(3) == 0) {
          leaf.truncate(entries, valueCount);
        } else {
          kept.addAll(added);
        }
      }
      assertMatchesModel(leaf, kept, "seed " + seed);
    }
  }

  @Test
  void passingTheLimitLeavesTheValuesRaw() {
    LeafBuffer leaf = keeping(STRINGS, 100);
    List<String> values = new ArrayList<>();
    // "a0".."a9" take 6 bytes each PLAIN: 16 distinct values fit in 100 bytes, the 17th not.
    for (int i = 0; i < 60; i++) {
      String s = "a" + (char) ('A' + i % 20);
      leaf.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
      values.add(s);
      if (i < 16) {
        assertNotNull(leaf.dictionary, "value " + i);
      } else {
        assertNull(leaf.dictionary, "value " + i);
      }
    }
    assertNull(leaf.buildDictionary(new ByteArrayDictionary(STRINGS)));
    assertRaw(leaf, values);
    // Taking a row back after leaving the dictionary cuts the raw bytes.
    leaf.truncate(50, 50);
    assertRaw(leaf, values.subList(0, 50));
    // The next row group keeps a dictionary again.
    leaf.clear();
    leaf.addBinary(0, Binary.fromConstantByteArray(utf8("b")));
    assertMatchesModel(leaf, List.of("b"), "after clear");
  }

  /**
   * Past the size kept as values are added, but within the chunk's limit, the values go raw
   * and the dictionary built from them when encoding has the model's ids.
   */
  @Test
  void aLargerDictionaryIsBuiltWhenEncoding() {
    LeafBuffer leaf = keeping(STRINGS, Integer.MAX_VALUE);
    List<String> values = new ArrayList<>();
    Random r = new Random(41);
    for (int i = 0; i < 20_000; i++) {
      String s = "value-" + r.nextInt(5_000);
      leaf.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
      values.add(s);
    }
    // 5,000 distinct values of about 14 bytes PLAIN pass the 16 KiB kept.
    assertNull(leaf.dictionary);
    assertRaw(leaf, values);
    ByteArrayDictionary built = leaf.buildDictionary(new ByteArrayDictionary(STRINGS));
    assertNotNull(built);
    Map<String, Integer> model = new HashMap<>();
    assertArrayEquals(modelIds(values, model), Arrays.copyOf(built.ids, values.size()));
    assertEquals(model.size(), built.size());
  }

  private static void assertRaw(LeafBuffer leaf, List<String> values) {
    assertEquals(values.size(), leaf.values);
    long bytes = 0;
    for (int i = 0; i < values.size(); i++) {
      int start = leaf.valueStart(i);
      assertEquals(values.get(i), new String(leaf.bytes, start, leaf.valueEnds[i] - start,
          StandardCharsets.UTF_8), "value " + i);
      bytes += utf8(values.get(i)).length;
    }
    assertEquals(bytes, leaf.byteCount);
    assertEquals(bytes + 4L * values.size(), leaf.plainBytes());
  }

  /**
   * Rows striped by another thread (raw) appended to a leaf keeping a dictionary leave it raw
   * (the values added before among them); the dictionary built from them at encoding has the
   * ids the values would have had added one by one, or none past the limit.
   */
  @Test
  void appendedRowsAreRawAndGetTheIdsOfValuesAddedOneByOne() {
    for (int limit : new int[] {Integer.MAX_VALUE, 400}) {
      Random r = new Random(limit);
      LeafBuffer stripe = new LeafBuffer(STRINGS);
      LeafBuffer appended = keeping(STRINGS, limit);
      LeafBuffer added = keeping(STRINGS, limit);
      List<String> values = new ArrayList<>();
      // The first rows go straight to the leaf (as the rows written before striping starts).
      for (int i = 0; i < 50; i++) {
        String s = "s" + i % 7;
        appended.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
        added.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
        values.add(s);
      }
      for (int i = 0; i < 3000; i++) {
        if (r.nextInt(7) == 0) {
          stripe.addNull(0, 0);
          added.addNull(0, 0);
          continue;
        }
        String s = "s" + r.nextInt(limit == 400 ? 3000 : 90);
        stripe.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
        added.addBinary(0, Binary.fromConstantByteArray(utf8(s)));
        values.add(s);
      }
      appendInRuns(stripe, appended, r, 400);
      assertArrayEquals(added.definitionLevels(), appended.definitionLevels());
      assertNull(appended.dictionary);
      assertRaw(appended, values);
      ByteArrayDictionary built = appended.buildDictionary(new ByteArrayDictionary(STRINGS));
      if (limit == Integer.MAX_VALUE) {
        assertNotNull(built);
        assertMatchesModel(added, values, "added one by one");
        assertArrayEquals(Arrays.copyOf(added.dictionary.ids, values.size()),
            Arrays.copyOf(built.ids, values.size()));
        assertEquals(added.dictionary.plainBytes, built.plainBytes);
        assertRaw(appended, values); // the values stay raw
      } else {
        assertNull(added.dictionary);
        assertNull(added.buildDictionary(new ByteArrayDictionary(STRINGS)));
        assertNull(built);
        // Once past the limit, the chunk has none without building it again.
        assertNull(appended.buildDictionary(null));
      }
    }
  }

  /**
   * Stripes that kept a dictionary of their own (a parsing thread's chunk of rows) hand the
   * leaf their ids: the leaf ends with the dictionary, or the raw values and the dictionary
   * built from them, that adding the values one by one gives, including when the leaf passes
   * its size kept or its limit in the middle of a stripe and takes the rest raw.
   */
  @Test
  void stripesKeepingADictionaryGiveTheIdsOfValuesAddedOneByOne() {
    for (int limit : new int[] {Integer.MAX_VALUE, 400}) {
      for (int distinct : new int[] {90, 3000}) {
        String context = "limit " + limit + ", " + distinct + " distinct";
        Random r = new Random(limit + distinct);
        LeafBuffer appended = keeping(STRINGS, limit);
        LeafBuffer added = keeping(STRINGS, limit);
        List<String> values = new ArrayList<>();
        for (int stripes = 0; stripes < 24; stripes++) {
          LeafBuffer stripe = keeping(STRINGS, Integer.MAX_VALUE);
          for (int i = 0, n = r.nextInt(500); i < n; i++) {
            if (r.nextInt(7) == 0) {
              stripe.addNull(0, 0);
              added.addNull(0, 0);
              continue;
            }
            String s = "s" + r.nextInt(distinct);
            stripe.addString(0, s);
            added.addString(0, s);
            values.add(s);
          }
          assertNotNull(stripe.dictionary, context); // a chunk's few values stay within it
          appendInRuns(stripe, appended, r, 60);
        }
        assertArrayEquals(added.definitionLevels(), appended.definitionLevels(), context);
        if (added.dictionary != null) {
          assertMatchesModel(appended, values, context);
          assertArrayEquals(Arrays.copyOf(added.dictionary.ids, values.size()),
              Arrays.copyOf(appended.dictionary.ids, values.size()), context);
        } else {
          assertNull(appended.dictionary, context);
          assertRaw(appended, values);
          ByteArrayDictionary fromAdded = added.buildDictionary(new ByteArrayDictionary(STRINGS));
          ByteArrayDictionary fromAppended =
              appended.buildDictionary(new ByteArrayDictionary(STRINGS));
          assertEquals(fromAdded == null, fromAppended == null, context);
          if (fromAdded != null) {
            assertArrayEquals(Arrays.copyOf(fromAdded.ids, values.size()),
                Arrays.copyOf(fromAppended.ids, values.size()), context);
          }
        }
        if (limit == Integer.MAX_VALUE && distinct == 90) {
          assertNotNull(appended.dictionary, context); // the case the ids are for
        }
        if (distinct == 3000) {
          assertNull(appended.dictionary, context); // and the leaf going raw mid-stripe
        }
      }
    }
  }

  /** Appends every entry of {@code stripe} to {@code leaf} in runs of up to {@code maxRun}. */
  private static void appendInRuns(LeafBuffer stripe, LeafBuffer leaf, Random r, int maxRun) {
    int entry = 0;
    int value = 0;
    while (entry < stripe.entries) {
      int to = Math.min(stripe.entries, entry + 1 + r.nextInt(maxRun));
      int valueTo = value;
      for (int e = entry; e < to; e++) {
        valueTo += stripe.defLevel(e) == 1 ? 1 : 0;
      }
      leaf.append(stripe, entry, to, value, valueTo);
      entry = to;
      value = valueTo;
    }
  }

  @Test
  void aFixedLengthValueOfAnotherLengthIsRefusedWithNothingAdded() {
    PrimitiveType t = Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(4)
        .named("f");
    LeafBuffer leaf = keeping(new ColumnDescriptor(new String[] {"f"}, t, 0, 1),
        Integer.MAX_VALUE);
    leaf.addBytes(0, utf8("abcd"), 0, 4);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> leaf.addBytes(0, utf8("abcde"), 0, 5));
    assertTrue(e.getMessage().contains("FIXED_LEN_BYTE_ARRAY(4)"), e.getMessage());
    assertEquals(1, leaf.values);
    assertEquals(1, leaf.entries);
    assertEquals(1, leaf.dictionary.size());
    // Fixed-length values count no length prefix in the dictionary's PLAIN size.
    assertEquals(4, leaf.dictionary.plainBytes);
  }
}
