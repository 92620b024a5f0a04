package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;

/**
 * Definition levels are stored only once an entry is below the maximum: before that the buffer
 * holds none, and every way of adding entries (one by one, appended stripes, rolled back) must
 * give the levels a stored array would hold.
 */
class LeafBufferLevelsTest {
  /** An optional int64 in an optional group: levels 0 (group null), 1 (value null), 2. */
  private static final ColumnDescriptor COLUMN = new ColumnDescriptor(new String[] {"g", "x"},
      new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT64, "x"), 0, 2);

  @Test
  void noLevelsAreStoredUntilTheFirstNull() {
    LeafBuffer leaf = new LeafBuffer(COLUMN);
    for (int i = 0; i < 100; i++) {
      leaf.addLong(0, i);
    }
    assertNull(leaf.def);
    assertEquals(2, leaf.defLevel(99));
    leaf.addNull(0, 1);
    leaf.addLong(0, 100);
    assertNotNull(leaf.def);
    int[] expected = new int[102];
    Arrays.fill(expected, 2);
    expected[100] = 1;
    assertArrayEquals(expected, leaf.definitionLevels());
    assertEquals(101, leaf.values);
  }

  @Test
  void appendedStripesGiveTheLevelsOfEntriesAddedOneByOne() {
    for (long seed = 0; seed < 30; seed++) {
      Random r = new Random(seed);
      LeafBuffer direct = new LeafBuffer(COLUMN);
      LeafBuffer appended = new LeafBuffer(COLUMN);
      boolean anyNull = false;
      for (int s = 0, stripes = 1 + r.nextInt(6); s < stripes; s++) {
        LeafBuffer stripe = new LeafBuffer(COLUMN);
        boolean nulls = r.nextInt(3) == 0;
        int n = r.nextInt(200);
        int values = 0;
        for (int i = 0; i < n; i++) {
          int d = nulls && r.nextInt(4) == 0 ? r.nextInt(2) : 2;
          anyNull |= d < 2;
          if (d == 2) {
            stripe.addLong(0, i);
            direct.addLong(0, i);
            values++;
          } else {
            stripe.addNull(0, d);
            direct.addNull(0, d);
          }
        }
        appended.append(stripe, 0, n, 0, values);
      }
      String at = "seed " + seed;
      assertEquals(direct.entries, appended.entries, at);
      assertEquals(direct.values, appended.values, at);
      assertArrayEquals(direct.definitionLevels(), appended.definitionLevels(), at);
      assertEquals(anyNull, appended.def != null, at);
      assertEquals(anyNull, direct.def != null, at);
    }
  }

  @Test
  void aNullTakenBackLeavesTheOtherLevelsRight() {
    LeafBuffer leaf = new LeafBuffer(COLUMN);
    leaf.addLong(0, 1);
    leaf.addLong(0, 2);
    leaf.addNull(0, 0);
    leaf.truncate(2, 2);
    leaf.addLong(0, 3);
    assertArrayEquals(new int[] {2, 2, 2}, leaf.definitionLevels());
    assertEquals(3, leaf.values);
  }
}
