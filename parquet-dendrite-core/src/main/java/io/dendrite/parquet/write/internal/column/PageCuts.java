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
    if (rep == null && def == null && (valueBits > 0 || leaf.defAll != maxDef)) {
      cutEvenly(leaf, leaf.defAll == maxDef ? valueBits : 0, pageBits, pageRows);
      return;
    }
    boolean uniformHasValue = leaf.defAll == maxDef; // every entry's, while def is null
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
      if (def == null ? uniformHasValue : def[e] == maxDef) {
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

  /**
   * The cuts of the loop above where every entry is a row and takes {@code valueBits} (0: no
   * value): every page but the last has the same rows, the fewest that reach the page size or
   * the row limit, so the pages are counted, not the entries.
   */
  private void cutEvenly(LeafBuffer leaf, int valueBits, long pageBits, int pageRows) {
    long toFill = valueBits == 0 ? (pageBits <= 0 ? 1 : Long.MAX_VALUE)
        : Math.max(1, (pageBits + valueBits - 1) / valueBits);
    int perPage = (int) Math.max(1, Math.min(pageRows, toFill));
    boolean hasValues = valueBits > 0;
    for (int start = 0; start < leaf.entries; start += perPage) {
      int end = (int) Math.min(leaf.entries, (long) start + perPage);
      add(end, hasValues ? end : 0, end - start);
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
