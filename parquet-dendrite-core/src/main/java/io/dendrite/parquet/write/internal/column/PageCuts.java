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
    int[] rep = leaf.rep;
    int[] def = leaf.def;
    int maxDef = leaf.maxDef;
    long bits = 0;
    int rowsInPage = 0;
    int v = 0;
    for (int e = 0; e < leaf.entries; e++) {
      boolean rowStart = rep == null || rep[e] == 0;
      if (rowStart) {
        if (rowsInPage > 0 && (bits >= pageBits || rowsInPage >= pageRows)) {
          add(e, v, rowsInPage);
          bits = 0;
          rowsInPage = 0;
        }
        rowsInPage++;
      }
      if (def == null || def[e] == maxDef) {
        if (valueBits > 0) {
          bits += valueBits;
        } else {
          long plain = 8L * (4 + leaf.valueEnds[v] - leaf.valueStart(v));
          bits += byteArrayScale == 1 ? plain : (long) Math.ceil(plain * byteArrayScale);
        }
        v++;
      }
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
