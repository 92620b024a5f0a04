package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * Where a column chunk's pages end. A page ends before a row starts (repetition level 0), so
 * every page holds whole rows, as the offset index's first row indexes need, once its encoded
 * values reach the page size or its rows the row limit.
 */
final class PageCuts {
  int pages;
  /** Per page: the entry and the value after its last, and its row count. */
  int[] entryEnds = new int[8];
  int[] valueEnds = new int[8];
  int[] rows = new int[8];

  /**
   * Cuts {@code leaf}'s entries. {@code valueBits}: encoded bits per value, or 0 for PLAIN
   * byte arrays (4 bytes of length plus the value's bytes).
   */
  void cut(LeafBuffer leaf, int valueBits, long pageBytes, int pageRows) {
    cut(leaf, valueBits, 1, pageBytes, pageRows);
  }

  /**
   * As {@link #cut(LeafBuffer, int, long, int)}, a byte array's PLAIN bits scaled by
   * {@code byteArrayScale}: what a DELTA encoding makes of them, estimated.
   */
  void cut(LeafBuffer leaf, int valueBits, double byteArrayScale, long pageBytes,
      int pageRows) {
    pages = 0;
    long pageBits = pageBytes * 8;
    IntSegments rep = leaf.rep;
    IntSegments def = leaf.def;
    IntSegments lengths = leaf.binary == null ? null : leaf.binary.lengths;
    int maxDef = leaf.maxDef;
    long bits = 0;
    int rowsInPage = 0;
    int v = 0;
    int[] valueLengths = null;
    // Entries one segment at a time; the values' lengths, counted apart, by their own segments.
    for (int i = 0; i < leaf.entries; ) {
      int s = i >>> Segments.SHIFT;
      int[] reps = rep == null ? null : rep.segment(s);
      int[] defs = def == null ? null : def.segment(s);
      int end = Segments.segmentEnd(i, leaf.entries);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        if (reps == null || reps[k] == 0) {
          if (rowsInPage > 0 && (bits >= pageBits || rowsInPage >= pageRows)) {
            add(i + k - (i & Segments.MASK), v, rowsInPage);
            bits = 0;
            rowsInPage = 0;
          }
          rowsInPage++;
        }
        if (defs == null || defs[k] == maxDef) {
          if (valueBits > 0) {
            bits += valueBits;
          } else {
            if ((v & Segments.MASK) == 0) {
              valueLengths = lengths.segment(v >>> Segments.SHIFT);
            }
            long plain = 8L * (4 + valueLengths[v & Segments.MASK]);
            bits += byteArrayScale == 1 ? plain : (long) Math.ceil(plain * byteArrayScale);
          }
          v++;
        }
      }
      i = end;
    }
    if (rowsInPage > 0) {
      add(leaf.entries, v, rowsInPage);
    }
  }

  int entryStart(int page) {
    return page == 0 ? 0 : entryEnds[page - 1];
  }

  int valueStart(int page) {
    return page == 0 ? 0 : valueEnds[page - 1];
  }

  private void add(int entryEnd, int valueEnd, int rowCount) {
    if (pages == entryEnds.length) {
      entryEnds = Arrays.copyOf(entryEnds, pages * 2);
      valueEnds = Arrays.copyOf(valueEnds, pages * 2);
      rows = Arrays.copyOf(rows, pages * 2);
    }
    entryEnds[pages] = entryEnd;
    valueEnds[pages] = valueEnd;
    rows[pages] = rowCount;
    pages++;
  }
}
