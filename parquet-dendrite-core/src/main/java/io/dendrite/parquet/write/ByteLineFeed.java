package io.dendrite.parquet.write;

import java.io.InputStream;

/**
 * {@link LineFeed} for lines of UTF-8 bytes: the input of one long-lived byte-reading Jackson
 * parser, so that a line read from a file is parsed from its bytes, never made a String (which
 * cost a decode, and Jackson's character parser then copied the String into characters again).
 *
 * <p>A new parser is made before a line is fed and first gets four spaces: Jackson guesses the
 * encoding of a byte stream from its first four bytes as the parser is made, and must guess
 * UTF-8 (a line starting with zero bytes could look like UTF-32). Each line is then served once
 * and followed by one space, as {@link LineFeed} does.
 */
final class ByteLineFeed extends InputStream {
  private static final byte[] PRIMER = {' ', ' ', ' ', ' '};

  private byte[] buf = PRIMER;
  private int pos;
  private int end = PRIMER.length;
  private boolean separatorServed = true;

  /** Serves the four spaces a new parser reads first (see the class). */
  void prime() {
    buf = PRIMER;
    pos = 0;
    end = PRIMER.length;
    separatorServed = true;
  }

  /** Makes {@code b[off, off + len)} the bytes served from now on (read, not copied). */
  void feed(byte[] b, int off, int len) {
    buf = b;
    pos = off;
    end = off + len;
    separatorServed = false;
  }

  @Override
  public int read(byte[] dst, int off, int len) {
    if (len == 0) {
      return 0;
    }
    int left = end - pos;
    if (left > 0) {
      int n = Math.min(left, len);
      System.arraycopy(buf, pos, dst, off, n);
      pos += n;
      return n;
    }
    if (!separatorServed) {
      separatorServed = true;
      dst[off] = ' ';
      return 1;
    }
    return -1;
  }

  @Override
  public int read() {
    if (pos < end) {
      return buf[pos++] & 0xFF;
    }
    if (!separatorServed) {
      separatorServed = true;
      return ' ';
    }
    return -1;
  }

  /** Whether the part of the line the parser has not read yet holds anything but whitespace. */
  boolean unreadTextRemains() {
    return !isBlank(buf, pos, end);
  }

  /** Whether {@code b[from, to)} is JSON whitespace only. */
  static boolean isBlank(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() {
    // Nothing to release; the parser is closed by its owner.
  }

  /**
   * Receives what a parser had buffered but not parsed ({@code JsonParser.releaseBuffered}) and
   * remembers whether any of it is more than JSON whitespace.
   */
  static final class Whitespace extends java.io.OutputStream {
    private boolean text;

    void reset() {
      text = false;
    }

    boolean sawText() {
      return text;
    }

    @Override
    public void write(int b) {
      text |= b != ' ' && b != '\t' && b != '\n' && b != '\r';
    }

    @Override
    public void write(byte[] b, int off, int len) {
      text |= !isBlank(b, off, off + len);
    }
  }
}
