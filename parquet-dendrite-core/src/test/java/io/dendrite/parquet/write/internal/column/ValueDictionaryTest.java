package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** Numbers' dictionary ids against a HashMap of the same values, and the size limit. */
class ValueDictionaryTest {
  @Test
  void numbersInRunsGetTheIdsOfTheirFirstAppearance() {
    Random r = new Random(37);
    LeafBuffer leaf = PlainEncoderTest.leaf(PrimitiveTypeName.INT64, 0);
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      long v = i > 0 && r.nextInt(3) == 0 ? values.get(i - 1) : r.nextInt(700) - 350;
      leaf.addLong(0, v);
      values.add(v);
    }
    ValueDictionary d = new ValueDictionary();
    assertTrue(d.build(leaf, Long.MAX_VALUE));
    Map<Long, Integer> expected = new HashMap<>();
    for (long v : values) {
      expected.putIfAbsent(v, expected.size());
    }
    assertEquals(expected.size(), d.size);
    for (int i = 0; i < values.size(); i++) {
      assertEquals(expected.get(values.get(i)), d.ids[i], "value " + i);
    }
    assertEquals(8L * expected.size(), d.plainBytes);
  }

  @Test
  void floatingPointValuesAreKeptApartByTheirBits() {
    LeafBuffer leaf = PlainEncoderTest.leaf(PrimitiveTypeName.DOUBLE, 0);
    double[] v = {0.0, -0.0, Double.NaN, 0.0, -0.0, Double.NaN, 1.5};
    for (double x : v) {
      leaf.addDouble(0, x);
    }
    ValueDictionary d = new ValueDictionary();
    assertTrue(d.build(leaf, Long.MAX_VALUE));
    assertEquals(4, d.size);
    assertNotEquals(d.ids[0], d.ids[1]);
    assertEquals(d.ids[0], d.ids[3]);
    assertEquals(d.ids[2], d.ids[5]);
    assertEquals(Arrays.asList(0, 1, 2, 0, 1, 2, 3),
        Arrays.asList(Arrays.stream(d.ids, 0, v.length).boxed().toArray()));
  }

  @Test
  void givesUpPastTheSizeLimit() {
    LeafBuffer leaf = PlainEncoderTest.leaf(PrimitiveTypeName.INT64, 0);
    for (long i = 0; i < 1000; i++) {
      leaf.addLong(0, i);
    }
    // 1,000 distinct INT64 values take 8,000 bytes PLAIN.
    assertFalse(new ValueDictionary().build(leaf, 7_999));
    assertTrue(new ValueDictionary().build(leaf, 8_000));
  }
}
