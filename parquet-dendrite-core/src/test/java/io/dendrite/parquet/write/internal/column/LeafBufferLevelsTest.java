package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;

/**
 * Definition levels are stored only once an entry's level differs from the first entry's:
 * before that the buffer holds none, and every way of adding entries (one by one, appended
 * stripes, rolled back) must give the levels a stored array would hold.
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
      for (int s = 0, stripes = 1 + r.nextInt(6); s < stripes; s++) {
        LeafBuffer stripe = new LeafBuffer(COLUMN);
        // Stripes without nulls, with some, or of nothing but nulls at one level.
        int kind = r.nextInt(4);
        int nullLevel = r.nextInt(2);
        int n = r.nextInt(200);
        int values = 0;
        for (int i = 0; i < n; i++) {
          int d = kind == 3 ? nullLevel : kind == 2 && r.nextInt(4) == 0 ? r.nextInt(2) : 2;
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
      int[] levels = direct.definitionLevels();
      assertArrayEquals(levels, appended.definitionLevels(), at);
      boolean oneLevel = Arrays.stream(levels).distinct().count() <= 1;
      assertEquals(!oneLevel, appended.def != null, at);
      assertEquals(!oneLevel, direct.def != null, at);
    }
  }

  /**
   * A column of nothing but nulls (a shredded value column whose values all fit their typed
   * column) stores no levels either; a value then fills them in. The next row group starts
   * without levels again.
   */
  @Test
  void aColumnOfNullsStoresNoLevelsUntilAnotherLevel() {
    LeafBuffer leaf = new LeafBuffer(COLUMN);
    for (int i = 0; i < 100; i++) {
      leaf.addNull(0, 1);
    }
    assertNull(leaf.def);
    assertEquals(1, leaf.defLevel(99));
    assertEquals(0, leaf.values);
    leaf.addLong(0, 7);
    assertNotNull(leaf.def);
    int[] expected = new int[101];
    Arrays.fill(expected, 1);
    expected[100] = 2;
    assertArrayEquals(expected, leaf.definitionLevels());
    leaf.clear();
    leaf.addNull(0, 0);
    leaf.addNull(0, 0);
    assertNull(leaf.def);
    assertArrayEquals(new int[] {0, 0}, leaf.definitionLevels());
    leaf.addNull(0, 1); // levels stored again, in the array kept from before
    assertArrayEquals(new int[] {0, 0, 1}, leaf.definitionLevels());
  }

  /**
   * Pages cut without looking at each entry (a column outside repeated fields whose entries
   * share one level) end where the entry-by-entry cut ends them: the same entries, values and
   * rows per page as a model of the rule, and as the same entries with their levels stored.
   */
  @Test
  void pagesOfOneLevelAreCutAsEntryByEntry() {
    Random r = new Random(3);
    PageCuts cuts = new PageCuts();
    for (int round = 0; round < 300; round++) {
      int n = r.nextInt(3000);
      int level = r.nextInt(3);
      int valueBits = 1 + r.nextInt(64);
      long pageBytes = r.nextInt(5) == 0 ? r.nextInt(3) : 1 + r.nextInt(2000);
      int pageRows = 1 + r.nextInt(r.nextBoolean() ? 50 : 5000);
      LeafBuffer uniform = new LeafBuffer(COLUMN);
      LeafBuffer stored = new LeafBuffer(COLUMN);
      stored.addNull(0, level == 0 ? 1 : 0); // another level first: levels stored
      for (int i = 0; i < n; i++) {
        for (LeafBuffer leaf : new LeafBuffer[] {uniform, stored}) {
          if (level == 2) {
            leaf.addLong(0, i);
          } else {
            leaf.addNull(0, level);
          }
        }
      }
      stored.truncate(0, 0); // ... then taken back, the array kept
      for (int i = 0; i < n; i++) {
        if (level == 2) {
          stored.addLong(0, i);
        } else {
          stored.addNull(0, level);
        }
      }
      assertNull(uniform.def);
      assertNotNull(stored.def);
      String at = "round " + round + ": " + n + " entries at " + level + ", " + valueBits
          + " bits, page " + pageBytes + " bytes / " + pageRows + " rows";
      int[][] expected = modelCuts(n, level == 2, valueBits, pageBytes, pageRows);
      cuts.cut(uniform, valueBits, pageBytes, pageRows);
      assertArrayEquals(expected, pagesOf(cuts), at);
      cuts.cut(stored, valueBits, pageBytes, pageRows);
      assertArrayEquals(expected, pagesOf(cuts), at + ", levels stored");
    }
  }

  /** Per page: its entry end, value end and rows, by the rule written out plainly. */
  private static int[][] modelCuts(int n, boolean values, int valueBits, long pageBytes,
      int pageRows) {
    List<int[]> pages = new ArrayList<>();
    long bits = 0;
    int rows = 0;
    for (int e = 0; e < n; e++) {
      if (rows > 0 && (bits >= pageBytes * 8 || rows >= pageRows)) {
        pages.add(new int[] {e, values ? e : 0, rows});
        bits = 0;
        rows = 0;
      }
      rows++;
      bits += values ? valueBits : 0;
    }
    if (rows > 0) {
      pages.add(new int[] {n, values ? n : 0, rows});
    }
    return pages.toArray(new int[0][]);
  }

  private static int[][] pagesOf(PageCuts cuts) {
    int[][] out = new int[cuts.pages][];
    for (int p = 0; p < cuts.pages; p++) {
      out[p] = new int[] {cuts.entryEnds[p], cuts.valueEnds[p], cuts.rows[p]};
    }
    return out;
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
