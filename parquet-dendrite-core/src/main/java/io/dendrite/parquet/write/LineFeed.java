package io.dendrite.parquet.write;

import java.io.Reader;
import java.io.Writer;

/**
 * The input of one Jackson parser that is reused for many JSON lines. Creating a parser per line
 * (buffer recycling, a child symbol table, copying the line) cost about as much as parsing a
 * short record; a long-lived parser also keeps its interned field names.
 *
 * <p>Each line is served once, followed by one space so that a root-level scalar ({@code 12},
 * {@code true}) ends inside the line; the parser must then not ask for more. If it does (the
 * value is incomplete), the feed reports end of input, after which Jackson drops its reader: the
 * caller must then discard that parser.
 */
final class LineFeed extends Reader {
  private String line = "";
  private int pos;
  private boolean separatorServed = true;

  /** Makes {@code next} the text served from now on. */
  void feed(String next) {
    line = next;
    pos = 0;
    separatorServed = false;
  }

  @Override
  public int read(char[] cbuf, int off, int len) {
    if (len == 0) {
      return 0;
    }
    int left = line.length() - pos;
    if (left > 0) {
      int n = Math.min(left, len);
      line.getChars(pos, pos + n, cbuf, off);
      pos += n;
      return n;
    }
    if (!separatorServed) {
      separatorServed = true;
      cbuf[off] = ' ';
      return 1;
    }
    return -1;
  }

  /** Whether the part of the line the parser has not read yet holds anything but whitespace. */
  boolean unreadTextRemains() {
    return !Whitespace.isBlank(line, pos, line.length());
  }

  @Override
  public void close() {
    // Nothing to release; the parser is closed by its owner.
  }

  /**
   * Receives what a parser had buffered but not parsed ({@code JsonParser.releaseBuffered}) and
   * remembers whether any of it is more than JSON whitespace.
   */
  static final class Whitespace extends Writer {
    private boolean text;

    static boolean isBlank(CharSequence s, int from, int to) {
      for (int i = from; i < to; i++) {
        if (!isJsonWhitespace(s.charAt(i))) {
          return false;
        }
      }
      return true;
    }

    private static boolean isJsonWhitespace(char c) {
      return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    void reset() {
      text = false;
    }

    boolean sawText() {
      return text;
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
      for (int i = off; i < off + len && !text; i++) {
        text = !isJsonWhitespace(cbuf[i]);
      }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  }
}
