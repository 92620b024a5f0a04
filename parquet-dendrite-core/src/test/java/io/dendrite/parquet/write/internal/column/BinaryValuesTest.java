package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryValues}: each value whole in one segment, values longer than a segment, values
 * written in pieces, bulk appends and segment reuse, checked against the values as byte arrays.
 */
class BinaryValuesTest {
  private static final int L = BinaryValues.LENGTH;

  /** Lengths from empty to several segments, mostly small. */
  private static byte[] value(Random r) {
    int kind = r.nextInt(40);
    int len = kind == 0 ? L + r.nextInt(3 * L) : kind == 1 ? L - 3 + r.nextInt(6)
        : kind == 2 ? r.nextInt(L / 2) : kind == 3 ? 0 : r.nextInt(60);
    byte[] b = new byte[len];
    r.nextBytes(b);
    return b;
  }

  private static void assertHolds(List<byte[]> expected, BinaryValues v) {
    assertEquals(expected.size(), v.size());
    long bytes = 0;
    for (int i = 0; i < expected.size(); i++) {
      int start = v.start(i);
      byte[] array = v.array(start);
      assertNotNull(array, "value " + i);
      int off = BinaryValues.offset(start);
      assertEquals(expected.get(i).length, v.length(i), "value " + i);
      assertTrue(off + v.length(i) <= array.length, "value " + i + " in one array");
      assertArrayEquals(expected.get(i), Arrays.copyOfRange(array, off, off + v.length(i)),
          "value " + i);
      // A segment is LENGTH bytes unless it was made for one value longer than that.
      assertTrue(array.length <= L || v.length(i) > L || off == 0, "value " + i);
      bytes += expected.get(i).length;
    }
    assertEquals(bytes, v.byteCount());
  }

  @Test
  void valuesOfAnySizeStayWholeInOneArray() {
    Random r = new Random(1);
    BinaryValues v = new BinaryValues("c");
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      byte[] b = value(r);
      v.add(b, 0, b.length);
      expected.add(b);
    }
    assertHolds(expected, v);
  }

  @Test
  void aValueWrittenInPiecesMovesWholeWhenItOutgrowsItsSegment() {
    Random r = new Random(2);
    BinaryValues v = new BinaryValues("c");
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      byte[] b = value(r);
      v.begin(0); // no length known ahead
      int off = 0;
      while (off < b.length) {
        int n = Math.min(b.length - off, 1 + r.nextInt(L / 3));
        if (n == 1) {
          v.write(b[off]);
        } else {
          v.write(b, off, n);
        }
        off += n;
      }
      assertEquals(b.length, v.end());
      expected.add(b);
    }
    assertHolds(expected, v);
  }

  @Test
  void anAbandonedValueLeavesNoBytes() {
    BinaryValues v = new BinaryValues("c");
    v.add(new byte[] {1, 2}, 0, 2);
    v.begin(5);
    v.write(new byte[5], 0, 5);
    v.abandon();
    v.add(new byte[] {3}, 0, 1);
    assertHolds(List.of(new byte[] {1, 2}, new byte[] {3}), v);
  }

  @Test
  void appendMovesRangesOfValues() {
    Random r = new Random(3);
    BinaryValues src = new BinaryValues("c");
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      byte[] b = value(r);
      src.add(b, 0, b.length);
      values.add(b);
    }
    for (int trial = 0; trial < 10; trial++) {
      BinaryValues to = new BinaryValues("c");
      List<byte[]> expected = new ArrayList<>();
      int prefill = r.nextInt(300);
      for (int i = 0; i < prefill; i++) {
        byte[] b = value(r);
        to.add(b, 0, b.length);
        expected.add(b);
      }
      int a = r.nextInt(values.size());
      int b = a + r.nextInt(values.size() - a + 1);
      to.appendFrom(src, a, b);
      expected.addAll(values.subList(a, b));
      byte[] after = {9, 8, 7};
      to.add(after, 0, 3);
      expected.add(after);
      assertHolds(expected, to);
    }
  }

  @Test
  void clearKeepsTheSegments() {
    BinaryValues v = new BinaryValues("c");
    byte[] b = new byte[1000];
    for (int i = 0; i < 1000; i++) {
      v.add(b, 0, b.length);
    }
    byte[] first = v.array(v.start(0));
    byte[] last = v.array(v.start(999));
    v.clear();
    assertEquals(0, v.size());
    assertEquals(0, v.byteCount());
    for (int i = 0; i < 1000; i++) {
      v.add(b, 0, b.length);
    }
    assertSame(first, v.array(v.start(0)));
    assertSame(last, v.array(v.start(999)));
  }

  @Test
  void emptyValuesHaveAnArray() {
    BinaryValues v = new BinaryValues("c");
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      v.add(new byte[0], 0, 0);
      expected.add(new byte[0]);
      byte[] b = new byte[i == 2 ? 2 * L : L];
      v.add(b, 0, b.length);
      expected.add(b);
    }
    assertHolds(expected, v);
  }
}
