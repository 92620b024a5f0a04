package io.dendrite.parquet.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A fixed-width text table: a header, rows, columns separated by two spaces. */
final class TextTable {
  private final String[] header;
  private final boolean[] rightAligned;
  private final List<String[]> rows = new ArrayList<>();
  private final int maxCell;

  /**
   * Columns named in {@code header}; a name starting with {@code >} is right-aligned (numbers).
   * Cells longer than {@code maxCell} are cut with {@code ...}.
   */
  TextTable(int maxCell, String... header) {
    this.maxCell = maxCell;
    this.header = new String[header.length];
    this.rightAligned = new boolean[header.length];
    for (int i = 0; i < header.length; i++) {
      rightAligned[i] = header[i].startsWith(">");
      this.header[i] = rightAligned[i] ? header[i].substring(1) : header[i];
    }
  }

  /** A table whose columns are all left-aligned, names taken literally. */
  static TextTable leftAligned(int maxCell, String... header) {
    TextTable t = new TextTable(maxCell, header);
    for (int i = 0; i < header.length; i++) {
      t.header[i] = header[i];
      t.rightAligned[i] = false;
    }
    return t;
  }

  void add(String... cells) {
    String[] row = new String[header.length];
    for (int i = 0; i < header.length; i++) {
      String c = i < cells.length && cells[i] != null ? cells[i] : "";
      c = c.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
      row[i] = c.length() > maxCell ? c.substring(0, Math.max(0, maxCell - 3)) + "..." : c;
    }
    rows.add(row);
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  void print(PrintWriter out, String indent) {
    int[] width = new int[header.length];
    for (int i = 0; i < header.length; i++) {
      width[i] = header[i].length();
      for (String[] r : rows) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    line(out, indent, header, width);
    for (String[] r : rows) {
      line(out, indent, r, width);
    }
  }

  private void line(PrintWriter out, String indent, String[] cells, int[] width) {
    StringBuilder sb = new StringBuilder(indent);
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        sb.append("  ");
      }
      String pad = " ".repeat(width[i] - cells[i].length());
      if (rightAligned[i]) {
        sb.append(pad).append(cells[i]);
      } else {
        sb.append(cells[i]);
        if (i < cells.length - 1) {
          sb.append(pad);
        }
      }
    }
    out.println(sb);
  }
}
