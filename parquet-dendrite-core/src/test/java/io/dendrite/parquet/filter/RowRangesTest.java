package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.FilterPlan.RowRanges;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Our row ranges against plain bit sets: union, intersection, counts and overlap tests agree
 * on random sets, and every set is kept as maximal ranges (no two touching), in order.
 */
class RowRangesTest {
  private static final int ROWS = 120;

  @Test
  void agreesWithBitSetsOnRandomSets() {
    Random random = new Random(7);
    for (int round = 0; round < 2000; round++) {
      BitSet a = randomSet(random);
      BitSet b = randomSet(random);
      RowRanges ra = of(a);
      RowRanges rb = of(b);
      check(a, ra);
      BitSet or = (BitSet) a.clone();
      or.or(b);
      check(or, RowRanges.union(ra, rb));
      BitSet and = (BitSet) a.clone();
      and.and(b);
      check(and, RowRanges.intersection(ra, rb));
      int from = random.nextInt(ROWS);
      int to = from + random.nextInt(20);
      assertEquals(!a.get(from, to + 1).isEmpty(), ra.isOverlapping(from, to),
          ra + " overlapping " + from + ".." + to);
    }
  }

  /** Built range by range, in order, from runs of a bit set cut at random places. */
  private static RowRanges of(BitSet set) {
    RowRanges.Builder b = new RowRanges.Builder();
    for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(i + 1)) {
      b.add(i, i); // adjacent single rows must merge
    }
    return b.build();
  }

  private static BitSet randomSet(Random random) {
    BitSet s = new BitSet();
    int runs = random.nextInt(6);
    for (int r = 0; r < runs; r++) {
      int from = random.nextInt(ROWS);
      s.set(from, Math.min(ROWS, from + 1 + random.nextInt(30)));
    }
    return s;
  }

  private static void check(BitSet expected, RowRanges r) {
    assertEquals(expected.cardinality(), r.rowCount(), r.toString());
    BitSet got = new BitSet();
    for (int i = 0; i < r.rangeCount(); i++) {
      assertTrue(r.from(i) <= r.to(i), r.toString());
      if (i > 0) {
        assertTrue(r.from(i) > r.to(i - 1) + 1, "ranges apart and in order: " + r);
      }
      got.set((int) r.from(i), (int) r.to(i) + 1);
    }
    assertEquals(expected, got, r.toString());
  }

  @Test
  void wholeRowGroupsAndBadInput() {
    assertEquals(RowRanges.EMPTY, RowRanges.all(0));
    assertEquals(RowRanges.of(0, 9), RowRanges.all(10));
    assertEquals("[[0, 9], [20, 29]]", RowRanges.union(RowRanges.of(20, 29),
        RowRanges.of(0, 9)).toString());
    assertEquals(RowRanges.EMPTY, RowRanges.of(5, 4));
    assertThrows(IllegalArgumentException.class, () -> RowRanges.of(-1, 3));
    RowRanges.Builder b = new RowRanges.Builder().add(10, 20);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.add(5, 6));
    assertTrue(e.getMessage().contains("ascending"), e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> RowRanges.EMPTY.from(0));
  }
}
