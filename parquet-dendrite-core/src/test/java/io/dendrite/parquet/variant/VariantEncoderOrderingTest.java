package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Field order, field ids and metadata of objects, checked byte for byte against an independent
 * construction that follows VariantEncoding.md directly ({@link SpecEncoder}), for wide, nested
 * and shuffled objects; duplicate keys; and metadata reuse across rows with the same keys.
 */
class VariantEncoderOrderingTest {

  // ---------------------------------------------------------------- against the spec

  @Test
  void wideShuffledObjectsMatchTheSpecConstruction() {
    for (int n : new int[] {17, 255, 256, 300, 5000, 70_000}) {
      Map<String, Object> doc = new LinkedHashMap<>();
      for (String k : shuffled(keys(n), new Random(n))) {
        doc.put(k, doc.size());
      }
      assertEncodesLikeTheSpec(doc);
    }
  }

  @Test
  void keysOrderByUtf8BytesInWideObjects() {
    // Keys mixing ASCII, 2- and 3-byte characters and surrogate pairs: UTF-16 order differs.
    Random r = new Random(11);
    String[] pieces = {"a", "Z", "\u00e9", "\u0800", "\uFB00", "\uD83D\uDE00", "\uFFFF", "\uDBFF\uDFFF", "0"};
    Map<String, Object> doc = new LinkedHashMap<>();
    while (doc.size() < 2000) {
      StringBuilder k = new StringBuilder();
      for (int i = r.nextInt(4); i >= 0; i--) {
        k.append(pieces[r.nextInt(pieces.length)]);
      }
      doc.putIfAbsent(k.toString(), doc.size());
    }
    assertEncodesLikeTheSpec(doc);
  }

  @Test
  void nestedObjectsWhoseIdsWidenAfterSortingMatchTheSpecConstruction() {
    // The inner objects are written first, with ids below 256 (1-byte field ids), but their keys
    // sort after 300 other keys, so after sorting their ids need 2 bytes.
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("zz2", 1);
    inner.put("zz1", 2);
    doc.put("zz0", inner);
    doc.put("zy", List.of(Map.of("zz1", 3), 4, inner));
    for (String k : shuffled(keys(300), new Random(3))) {
      doc.put(k, doc.size());
    }
    EncodedVariant v = assertEncodesLikeTheSpec(doc);
    VariantValue in = VariantValue.of(v).field("zz0");
    assertEquals(2, ((in.valueBytes()[in.pos()] >> 4) & 3) + 1, "field_id_size of the inner object");
  }

  @Test
  void randomNestedDocumentsMatchTheSpecConstruction() {
    for (int seed = 0; seed < 40; seed++) {
      Random r = new Random(seed);
      List<String> pool = keys(1 + r.nextInt(seed < 20 ? 40 : 600));
      assertEncodesLikeTheSpec(randomObject(r, pool, 0));
    }
  }

  @Test
  void copiedVariantsAreReorderedLikeWrittenOnes() {
    Random r = new Random(5);
    List<String> pool = keys(400);
    Map<String, Object> a = randomObject(r, pool, 0);
    Map<String, Object> b = randomObject(r, pool, 0);
    VariantEncoder unsorted = new VariantEncoder(false); // a foreign dictionary in other id order
    write(unsorted, a);
    EncodedVariant va = unsorted.finish();
    VariantEncoder e = new VariantEncoder();
    e.startObject();
    e.key("b");
    write(e, b);
    e.key("a");
    e.writeVariant(va);
    e.endObject();
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("b", b);
    expected.put("a", a);
    EncodedVariant v = e.finish();
    assertArrayEquals(SpecEncoder.metadata(expected), v.metadata());
    assertArrayEquals(SpecEncoder.value(expected), v.value());
  }

  // ---------------------------------------------------------------- duplicate keys

  @Test
  void duplicateKeysInWideObjectsAreRejectedAtEndObject() {
    for (boolean sortDictionary : new boolean[] {true, false}) {
      for (int n : new int[] {3, 20, 1000}) {
        VariantEncoder e = new VariantEncoder(sortDictionary);
        e.startObject();
        List<String> keys = shuffled(keys(n), new Random(n));
        for (String k : keys) {
          e.key(k);
          e.writeNull();
        }
        String dup = keys.get(n / 2);
        e.key(dup);
        e.writeInt32(1);
        VariantFormatException ex = assertThrows(VariantFormatException.class, e::endObject);
        assertEquals("duplicate object key '" + dup + "'", ex.getMessage());
      }
    }
  }

  @Test
  void duplicateKeysAreRejectedWhetherKeysArriveSortedOrNot() {
    // Sorted arrival (ids ascend with keys), an inner object after the dictionary became
    // unsorted, and a seeded encoder.
    VariantEncoder sorted = new VariantEncoder();
    sorted.startObject();
    sorted.key("a");
    sorted.writeNull();
    sorted.key("b");
    sorted.writeNull();
    sorted.key("a");
    sorted.writeNull();
    assertEquals("duplicate object key 'a'", assertThrows(VariantFormatException.class, sorted::endObject).getMessage());

    VariantEncoder nested = new VariantEncoder();
    nested.startObject();
    nested.key("z");
    nested.writeNull();
    nested.key("y");
    nested.startObject();
    nested.key("z");
    nested.writeNull();
    nested.key("q");
    nested.writeNull();
    nested.key("z");
    nested.writeNull();
    assertEquals("duplicate object key 'z'", assertThrows(VariantFormatException.class, nested::endObject).getMessage());

    VariantEncoder seeded = VariantEncoder.seeded(VariantMetadata.parse(SpecEncoder.metadata(new TreeSet<>(List.of("x", "y")))));
    seeded.startObject();
    seeded.key("y");
    seeded.writeNull();
    seeded.key("x");
    seeded.writeNull();
    seeded.key("y");
    seeded.writeNull();
    assertEquals("duplicate object key 'y'", assertThrows(VariantFormatException.class, seeded::endObject).getMessage());
  }

  // ---------------------------------------------------------------- repeated key sets

  @Test
  void rowsWithTheSameKeysShareOneMetadataArray() {
    VariantEncoder e = new VariantEncoder();
    byte[] first = null;
    for (int row = 0; row < 5; row++) {
      Map<String, Object> doc = row(row, "idstr", "varid", "varcategory", "col4");
      write(e.reset(), doc);
      EncodedVariant v = e.finish();
      assertArrayEquals(SpecEncoder.value(doc), v.value(), "row " + row);
      assertArrayEquals(SpecEncoder.metadata(doc), v.metadata(), "row " + row);
      if (first == null) {
        first = v.metadata();
      } else {
        assertSame(first, v.metadata(), "row " + row);
      }
      assertSame(first, e.metadata().bytes());
    }
  }

  @Test
  void rowsWithOtherKeysGetTheirOwnMetadata() {
    VariantEncoder e = new VariantEncoder();
    List<String[]> rows = List.of(
        new String[] {"idstr", "varid", "varcategory", "col4"},
        new String[] {"idstr", "varid", "varcategory", "col5"}, // same lengths, one byte differs
        new String[] {"idstr", "varid", "varcategory"}, // a key fewer
        new String[] {"idstr", "varid", "varcategory", "col4", "x"}, // a key more
        new String[] {"varid", "idstr", "varcategory", "col4"}, // same keys, other order
        new String[] {"idstr", "varid", "varcategory", "col4"});
    byte[] previous = null;
    for (int i = 0; i < rows.size(); i++) {
      Map<String, Object> doc = row(i, rows.get(i));
      write(e.reset(), doc);
      EncodedVariant v = e.finish();
      assertArrayEquals(SpecEncoder.value(doc), v.value(), "row " + i);
      assertArrayEquals(SpecEncoder.metadata(doc), v.metadata(), "row " + i);
      if (previous != null) {
        assertNotSame(previous, v.metadata(), "row " + i);
      }
      previous = v.metadata();
    }
  }

  @Test
  void sharedMetadataSurvivesOtherWorkInBetween() {
    // Same keys again after a seeded variant, a failed one and a nested one; also unsorted mode.
    for (boolean sortDictionary : new boolean[] {true, false}) {
      VariantEncoder e = new VariantEncoder(sortDictionary);
      Map<String, Object> doc = row(1, "b", "a", "c");
      write(e.reset(), doc);
      byte[] meta = e.finish().metadata();

      e.reset(VariantMetadata.parse(SpecEncoder.metadata(new TreeSet<>(List.of("q")))));
      e.startObject();
      e.key("r");
      e.writeNull();
      e.endObject();
      e.finish();

      e.reset();
      e.startObject();
      e.key("b");
      e.writeNull();
      e.key("b");
      e.writeNull();
      assertThrows(VariantFormatException.class, e::endObject);

      Map<String, Object> wide = new LinkedHashMap<>();
      for (String k : shuffled(keys(700), new Random(1))) {
        wide.put(k, row(2, "b", "a"));
      }
      write(e.reset(), wide);
      assertEquals(sortDictionary, e.finish().parsedMetadata().isSorted());

      write(e.reset(), doc);
      byte[] again = e.finish().metadata();
      assertArrayEquals(meta, again);
      write(e.reset(), row(3, "b", "a", "c"));
      EncodedVariant v = e.finish();
      assertSame(again, v.metadata());
      if (sortDictionary) {
        assertArrayEquals(SpecEncoder.value(row(3, "b", "a", "c")), v.value());
      }
      assertEquals(3, VariantValue.of(v).field("b").getLong());
    }
  }

  // ---------------------------------------------------------------- ids predicted from the previous row

  /**
   * A row whose keys arrive as the previous row's did is written with that row's sorted ids at
   * once; rows that depart from it at any point (first, middle or last key, a key more or fewer,
   * the same keys in another order, inside a nested object or an array) are renumbered. Every
   * row must come out as the spec's construction of it, whatever the row before it was.
   */
  @Test
  @SuppressWarnings("unchecked")
  void rowsAfterARowWithOtherKeysEncodeLikeTheSpec() {
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(nested(1, "user", "score", "tags", "id"));
    rows.add(nested(2, "user", "score", "tags", "id")); // keys exactly as before
    rows.add(nested(3, "user", "score", "tags", "id"));
    rows.add(nested(4, "name", "score", "tags", "id")); // the first key differs
    rows.add(nested(5, "user", "score", "tags", "id"));
    rows.add(nested(6, "user", "score", "tags", "ids")); // the last key differs
    rows.add(nested(7, "user", "score", "tags", "id", "extra")); // a key more
    rows.add(nested(8, "user", "score", "tags")); // a key fewer
    rows.add(nested(9, "user", "score", "tags", "id"));
    rows.add(nested(10, "score", "user", "tags", "id")); // the same keys in another order
    rows.add(nested(11, "score", "user", "tags", "id"));
    Map<String, Object> innerChanged = nested(12, "score", "user", "tags", "id");
    innerChanged.put("user", row(12, "b", "a", "z"));
    rows.add(innerChanged); // a key more inside the nested object only
    rows.add(nested(13, "score", "user", "tags", "id"));
    rows.add(new LinkedHashMap<>()); // no keys at all
    rows.add(nested(14, "score", "user", "tags", "id"));
    Random r = new Random(17);
    List<String> pool = keys(30);
    for (int i = 0; i < 200; i++) {
      // Random rows, each also repeated with its keys in the same order and other values.
      Map<String, Object> doc = randomObject(r, pool, 0);
      rows.add(doc);
      rows.add((Map<String, Object>) withOtherValues(doc, i));
    }
    assertRowsEncodeLikeTheSpec(rows);
  }

  @Test
  void predictedIdsAcrossTheOneByteLimitEncodeLikeTheSpec() {
    // 300 shuffled keys, then rows sharing a prefix of them and adding others, so that the ids
    // written while predicting (past the previous row's 300) and the final ids differ in width.
    List<String> wide = shuffled(keys(300), new Random(23));
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(row(0, wide.toArray(new String[0])));
    rows.add(row(1, wide.toArray(new String[0])));
    Map<String, Object> prefix = row(2, wide.subList(0, 40).toArray(new String[0]));
    Map<String, Object> inner = row(3, "a0", "a1", "zz");
    prefix.put("inner", inner);
    rows.add(prefix);
    Map<String, Object> widened = row(4, wide.toArray(new String[0]));
    widened.put("0inner", row(5, "zz", "a0")); // an object written late with low final ids
    rows.add(widened);
    rows.add(row(6, wide.subList(0, 10).toArray(new String[0])));
    assertRowsEncodeLikeTheSpec(rows);
  }

  @Test
  void valuesCopiedIntoAPredictedRowEncodeAsWithoutPrediction() {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("y", 1);
    doc.put("x", 2);
    doc.put("a", row(3, "y", "x"));
    // Another encoder's variant, and raw bytes whose ids are this encoder's dictionary ids:
    // an unsorted encoder gives y id 0 and x id 1, as the encoder below does.
    VariantEncoder unsorted = new VariantEncoder(false);
    write(unsorted, row(3, "y", "x"));
    EncodedVariant inner = unsorted.finish();
    EncodedVariant spec = new EncodedVariant(SpecEncoder.metadata(doc), SpecEncoder.value(doc));
    for (boolean raw : new boolean[] {false, true}) {
      EncodedVariant[] results = new EncodedVariant[2];
      for (int predicted = 0; predicted < 2; predicted++) {
        VariantEncoder e = new VariantEncoder();
        if (predicted == 1) {
          write(e.reset(), doc); // the next row's keys arrive in this row's order
          e.finish();
        }
        e.reset();
        e.startObject();
        e.key("y");
        e.writeInt32(1);
        e.key("x");
        e.writeInt32(2);
        e.key("a");
        if (raw) {
          e.writeRawValue(inner.value(), 0, inner.value().length);
        } else {
          e.writeVariant(inner);
        }
        e.endObject();
        results[predicted] = e.finish().validate();
        // A copy keeps the source's value order, so equal to the spec's in value, not bytes.
        assertNull(VariantEquality.describeDifference(spec, results[predicted]), "raw " + raw);
      }
      assertArrayEquals(results[0].metadata(), results[1].metadata(), "metadata, raw " + raw);
      assertArrayEquals(results[0].value(), results[1].value(), "value, raw " + raw);
    }
  }

  @Test
  void duplicateKeysInAPredictedRowNameTheKey() {
    VariantEncoder e = new VariantEncoder();
    write(e.reset(), row(0, "b", "a", "c"));
    e.finish();
    e.reset();
    e.startObject();
    e.key("b");
    e.writeNull();
    e.key("a");
    e.writeNull();
    e.key("b");
    e.writeNull();
    assertEquals("duplicate object key 'b'",
        assertThrows(VariantFormatException.class, e::endObject).getMessage());
    // The failed row leaves nothing behind: the same keys encode like the spec again.
    write(e.reset(), row(1, "b", "a", "c"));
    assertArrayEquals(SpecEncoder.value(row(1, "b", "a", "c")), e.finish().value());
  }

  /** Encodes the rows one after another with one encoder, each as the spec constructs it. */
  private static void assertRowsEncodeLikeTheSpec(List<Map<String, Object>> rows) {
    VariantEncoder e = new VariantEncoder();
    for (int i = 0; i < rows.size(); i++) {
      Map<String, Object> doc = rows.get(i);
      write(e.reset(), doc);
      EncodedVariant v = e.finish();
      assertArrayEquals(SpecEncoder.metadata(doc), v.metadata(), "metadata, row " + i);
      assertArrayEquals(SpecEncoder.value(doc), v.value(), "value, row " + i);
    }
  }

  /** A row of scalar keys whose first key holds a nested object and which ends with an array. */
  private static Map<String, Object> nested(int i, String... keys) {
    Map<String, Object> m = row(i, keys);
    m.put(keys[0], row(i, "b", "a"));
    m.put(keys[keys.length - 1], List.of(row(i, "q", "p"), i));
    return m;
  }

  /** The same keys in the same order, every Integer changed. */
  @SuppressWarnings("unchecked")
  private static Object withOtherValues(Object node, int salt) {
    if (node instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> f : m.entrySet()) {
        out.put((String) f.getKey(), withOtherValues(f.getValue(), salt));
      }
      return out;
    }
    if (node instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object x : l) {
        out.add(withOtherValues(x, salt));
      }
      return out;
    }
    return (Integer) node + salt + 1;
  }

  // ---------------------------------------------------------------- helpers

  private static EncodedVariant assertEncodesLikeTheSpec(Map<String, Object> doc) {
    VariantEncoder e = new VariantEncoder();
    for (int round = 0; round < 2; round++) { // the second round reuses the first one's sort
      write(e.reset(), doc);
      EncodedVariant v = e.finish();
      assertArrayEquals(SpecEncoder.metadata(doc), v.metadata(), "metadata, round " + round);
      assertArrayEquals(SpecEncoder.value(doc), v.value(), "value, round " + round);
      v.validate();
    }
    return e.finish();
  }

  private static Map<String, Object> row(int i, String... keys) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k : keys) {
      m.put(k, i++);
    }
    return m;
  }

  private static List<String> keys(int n) {
    List<String> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add("k_" + i);
    }
    return keys;
  }

  private static List<String> shuffled(List<String> keys, Random r) {
    List<String> copy = new ArrayList<>(keys);
    Collections.shuffle(copy, r);
    return copy;
  }

  private static Map<String, Object> randomObject(Random r, List<String> pool, int depth) {
    Map<String, Object> o = new LinkedHashMap<>();
    int n = r.nextInt(r.nextInt(10) == 0 ? pool.size() + 1 : Math.min(pool.size(), 12) + 1);
    for (String k : shuffled(pool, r).subList(0, n)) {
      o.put(k, randomValue(r, pool, depth + 1));
    }
    return o;
  }

  private static Object randomValue(Random r, List<String> pool, int depth) {
    int p = depth > 4 ? 0 : r.nextInt(10);
    if (p == 8) {
      return randomObject(r, pool, depth);
    }
    if (p == 9) {
      List<Object> a = new ArrayList<>();
      for (int i = r.nextInt(4); i > 0; i--) {
        a.add(randomValue(r, pool, depth + 1));
      }
      return a;
    }
    return r.nextInt();
  }

  /** Writes a document of maps, lists and Integers (as int32) in iteration order. */
  private static void write(VariantEncoder e, Object node) {
    if (node instanceof Map<?, ?> m) {
      e.startObject();
      for (Map.Entry<?, ?> f : m.entrySet()) {
        e.key((String) f.getKey());
        write(e, f.getValue());
      }
      e.endObject();
    } else if (node instanceof List<?> l) {
      e.startArray();
      for (Object x : l) {
        write(e, x);
      }
      e.endArray();
    } else {
      e.writeInt32((Integer) node);
    }
  }

  /**
   * A direct transcription of VariantEncoding.md for documents of maps, lists and Integers:
   * sorted dictionary (sorted_strings=1), object fields ordered by key bytes, values stored in
   * document order, and every size field at the smallest width that holds it.
   */
  static final class SpecEncoder {
    private static final java.util.Comparator<String> UTF8_ORDER = (a, b) -> Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    static byte[] metadata(Object doc) {
      return metadata(dictionary(doc));
    }

    static byte[] metadata(TreeSet<String> keys) {
      ByteArrayOutputStream strings = new ByteArrayOutputStream();
      List<Integer> offsets = new ArrayList<>();
      for (String k : keys) {
        offsets.add(strings.size());
        strings.writeBytes(k.getBytes(StandardCharsets.UTF_8));
      }
      offsets.add(strings.size());
      int w = width(Math.max(keys.size(), strings.size()));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      // version 1, sorted_strings, offset_size. An empty dictionary is trivially sorted either
      // way; the encoder writes the plain "010000" for it (see VariantEncoderTest).
      out.write(1 | (keys.isEmpty() ? 0 : 0x10) | (w - 1) << 6);
      le(out, keys.size(), w);
      for (int o : offsets) {
        le(out, o, w);
      }
      out.writeBytes(strings.toByteArray());
      return out.toByteArray();
    }

    static byte[] value(Object doc) {
      return value(doc, new ArrayList<>(dictionary(doc)));
    }

    private static byte[] value(Object node, List<String> dict) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (node instanceof Map<?, ?> m) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        List<String> keys = new ArrayList<>();
        Map<String, Integer> offsetOf = new LinkedHashMap<>();
        for (Map.Entry<?, ?> f : m.entrySet()) {
          offsetOf.put((String) f.getKey(), data.size());
          keys.add((String) f.getKey());
          data.writeBytes(value(f.getValue(), dict));
        }
        keys.sort(UTF8_ORDER);
        int n = keys.size();
        int maxId = 0;
        for (String k : keys) {
          maxId = Math.max(maxId, Collections.binarySearch(dict, k, UTF8_ORDER));
        }
        int idSize = width(maxId);
        int offSize = width(data.size());
        boolean large = n > 255;
        out.write(2 | (offSize - 1) << 2 | (idSize - 1) << 4 | (large ? 0x40 : 0));
        le(out, n, large ? 4 : 1);
        for (String k : keys) {
          le(out, Collections.binarySearch(dict, k, UTF8_ORDER), idSize);
        }
        for (String k : keys) {
          le(out, offsetOf.get(k), offSize);
        }
        le(out, data.size(), offSize);
        out.writeBytes(data.toByteArray());
      } else if (node instanceof List<?> l) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        List<Integer> offsets = new ArrayList<>();
        for (Object x : l) {
          offsets.add(data.size());
          data.writeBytes(value(x, dict));
        }
        offsets.add(data.size());
        int offSize = width(data.size());
        boolean large = l.size() > 255;
        out.write(3 | (offSize - 1) << 2 | (large ? 0x10 : 0));
        le(out, l.size(), large ? 4 : 1);
        for (int o : offsets) {
          le(out, o, offSize);
        }
        out.writeBytes(data.toByteArray());
      } else {
        out.write(5 << 2); // primitive int32
        le(out, (Integer) node, 4);
      }
      return out.toByteArray();
    }

    private static TreeSet<String> dictionary(Object doc) {
      TreeSet<String> keys = new TreeSet<>(UTF8_ORDER);
      collect(doc, keys);
      return keys;
    }

    private static void collect(Object node, TreeSet<String> keys) {
      if (node instanceof Map<?, ?> m) {
        for (Map.Entry<?, ?> f : m.entrySet()) {
          keys.add((String) f.getKey());
          collect(f.getValue(), keys);
        }
      } else if (node instanceof List<?> l) {
        for (Object x : l) {
          collect(x, keys);
        }
      }
    }

    private static int width(int max) {
      return max <= 0xFF ? 1 : max <= 0xFFFF ? 2 : max <= 0xFFFFFF ? 3 : 4;
    }

    private static void le(ByteArrayOutputStream out, int v, int n) {
      for (int i = 0; i < n; i++) {
        out.write(v >>> (8 * i));
      }
    }
  }

  @Test
  void specEncoderAgreesWithTheSpecExample() {
    // Hand-derived from VariantEncoding.md: {"b": 1, "a": 2} with dictionary ["a", "b"].
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("b", 1);
    doc.put("a", 2);
    assertEquals("1102000102" + "6162", TestSupport.hex(SpecEncoder.metadata(doc)));
    // Fields in key order (a, b) with ids 0, 1; values in written order (b at 0, a at 5).
    assertEquals("0202" + "0001" + "05000a" + "1401000000" + "1402000000", TestSupport.hex(SpecEncoder.value(doc)));
  }
}
