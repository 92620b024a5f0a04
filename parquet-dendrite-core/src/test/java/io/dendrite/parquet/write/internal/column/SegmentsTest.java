package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Segments}: elements kept across segments of at most {@link Segments#LENGTH}, bulk
 * appends across segment boundaries, and segments reused after {@code clear}. Checked against
 * plain arrays filled alongside.
 */
class SegmentsTest {
  private static final int L = Segments.LENGTH;

  @Test
  void growsAcrossSegmentsWithoutLargeArrays() {
    IntSegments s = new IntSegments();
    int n = 3 * L + 5;
    for (int i = 0; i < n; i++) {
      s.add(i * 7 + 1);
    }
    assertEquals(n, s.size());
    for (int i = 0; i < n; i++) {
      assertEquals(i * 7 + 1, s.get(i), "element " + i);
    }
    for (int k = 0; k <= (n - 1) / L; k++) {
      assertTrue(s.segment(k).length <= L, "segment " + k);
    }
  }

  @Test
  void aFewElementsTakeASmallSegment() {
    LongSegments s = new LongSegments();
    for (int i = 0; i < 10; i++) {
      s.add(i);
    }
    assertTrue(s.segment(0).length < 1024, "a small column's buffer stays small");
  }

  @Test
  void segmentsFilledEarlierAreNotCopied() {
    IntSegments s = new IntSegments();
    for (int i = 0; i < L + 1; i++) {
      s.add(i);
    }
    int[] first = s.segment(0);
    int[] second = s.segment(1);
    for (int i = 0; i < 2 * L; i++) {
      s.add(i);
    }
    assertSame(first, s.segment(0));
    assertSame(second, s.segment(1));
  }

  @Test
  void appendCopiesRangesAcrossSegmentBoundaries() {
    Random r = new Random(5);
    int[] src = new int[5 * L / 2];
    IntSegments from = new IntSegments();
    for (int i = 0; i < src.length; i++) {
      src[i] = r.nextInt();
      from.add(src[i]);
    }
    for (int trial = 0; trial < 20; trial++) {
      int prefill = r.nextInt(2 * L);
      int a = r.nextInt(src.length);
      int b = a + r.nextInt(src.length - a + 1);
      IntSegments to = new IntSegments();
      int[] expected = new int[prefill + (b - a) + 3];
      for (int i = 0; i < prefill; i++) {
        to.add(-i);
        expected[i] = -i;
      }
      to.appendFrom(from, a, b);
      System.arraycopy(src, a, expected, prefill, b - a);
      // Adds after an append continue where it ended.
      for (int i = 0; i < 3; i++) {
        to.add(1000 + i);
        expected[prefill + (b - a) + i] = 1000 + i;
      }
      assertEquals(expected.length, to.size());
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], to.get(i), "trial " + trial + " element " + i);
      }
    }
  }

  @Test
  void clearKeepsTheSegments() {
    DoubleSegments s = new DoubleSegments();
    for (int i = 0; i < 2 * L + 9; i++) {
      s.add(i);
    }
    double[] first = s.segment(0);
    double[] third = s.segment(2);
    s.clear();
    assertEquals(0, s.size());
    for (int i = 0; i < 2 * L + 9; i++) {
      s.add(-i);
    }
    assertSame(first, s.segment(0));
    assertSame(third, s.segment(2));
    assertEquals(-(2.0 * L + 8), s.get(2 * L + 8));
    assertEquals(-5.0, s.get(5));
  }

  @Test
  void everyKindKeepsItsValues() {
    BooleanSegments z = new BooleanSegments();
    FloatSegments f = new FloatSegments();
    LongSegments l = new LongSegments();
    int n = L + L / 2;
    for (int i = 0; i < n; i++) {
      z.add(i % 3 == 0);
      f.add(i * 0.5f);
      l.add((long) i << 33);
    }
    for (int i = 0; i < n; i += 997) {
      assertEquals(i % 3 == 0, z.get(i));
      assertEquals(i * 0.5f, f.get(i));
      assertEquals((long) i << 33, l.get(i));
    }
    BooleanSegments z2 = new BooleanSegments();
    z2.appendFrom(z, L - 2, L + 2);
    assertEquals(4, z2.size());
    assertEquals((L - 2) % 3 == 0, z2.get(0));
    assertEquals((L + 1) % 3 == 0, z2.get(3));
  }
}
