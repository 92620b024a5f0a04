package io.dendrite.parquet.write;

import io.dendrite.parquet.variant.internal.Utf8;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads lines of UTF-8 text from bytes, checking each line's encoding on its own, so that one bad
 * line is reported by its number (and can be skipped) instead of failing the whole input
 * somewhere near it, as a decoding {@link java.io.Reader} does.
 *
 * <ul>
 *   <li>Lines end at {@code \n}, {@code \r\n} or {@code \r}, as
 *       {@link java.io.BufferedReader#readLine()} has it; the terminator is not returned.</li>
 *   <li>A UTF-8 byte-order mark ({@code EF BB BF}) at the very start of the input is skipped;
 *       anywhere else it is the character U+FEFF.</li>
 *   <li>A line that is not well-formed UTF-8 (a stray continuation byte, a truncated sequence,
 *       an overlong form, a surrogate, a code point above U+10FFFF) makes {@link #readLine()}
 *       throw an {@link InvalidRecordException} whose row is the line number; the line has then
 *       been consumed and the next call returns the next line.</li>
 * </ul>
 * Not thread-safe; {@link #close()} closes the stream. {@link DendriteWriter#readJsonLines} is
 * the public way to read lines by these rules.
 */
final class Utf8LineReader implements Closeable {
  /** The longest line: about the largest Java array. */
  private static final int MAX_LINE = Integer.MAX_VALUE - 16;
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private final InputStream in;
  private byte[] buf = new byte[1 << 16];
  private int pos;
  private int end;
  private boolean eof;
  private boolean started;
  /** The last line ended with {@code \r}: a {@code \n} right after it belongs to it. */
  private boolean skipLf;
  private long lineNumber;
  private int lineStart;
  private int lineLength;
  private CharsetDecoder strict;

  /** Reads from {@code in}, which is read in large blocks (no need to buffer it). */
  Utf8LineReader(InputStream in) {
    this.in = in;
  }

  /**
   * Hands each non-blank line of {@code in} to {@code visitor}, and each line that is not
   * well-formed UTF-8 to {@link DendriteWriter.LineVisitor#invalid}, until the input ends or
   * the visitor returns false. Returns the number of lines read (blank ones too).
   */
  static long forEachLine(InputStream in, DendriteWriter.LineVisitor visitor)
      throws IOException {
    Utf8LineReader lines = new Utf8LineReader(in);
    while (true) {
      String line;
      try {
        line = lines.readLine();
      } catch (InvalidRecordException e) {
        if (!visitor.invalid(e)) {
          break;
        }
        continue;
      }
      if (line == null) {
        break;
      }
      if (!line.isBlank() && !visitor.line(line, lines.lineNumber())) {
        break;
      }
    }
    return lines.lineNumber();
  }

  /**
   * The next line, or null at the end of the input.
   *
   * @throws InvalidRecordException when the line is not well-formed UTF-8 (its row is
   *     {@link #lineNumber()}; the line is consumed)
   * @throws IOException from the stream
   */
  String readLine() throws IOException {
    return advance() ? decode(lineStart, lineLength) : null;
  }

  /**
   * Moves to the next line and leaves it as bytes: {@code buffer()[lineStart(), lineStart() +
   * lineLength())}, valid until the next call. False at the end of the input. For callers that
   * parse bytes: no String is made.
   *
   * @throws InvalidRecordException as {@link #readLine()}
   * @throws IOException from the stream
   */
  boolean nextLine() throws IOException {
    if (!advance()) {
      return false;
    }
    if (Utf8.firstInvalid(buf, lineStart, lineLength) >= 0) {
      int bad = firstMalformed(lineStart, lineLength); // the JDK's verdict, as readLine's
      if (bad >= 0) {
        throw malformed(lineStart, bad);
      }
    }
    return true;
  }

  byte[] buffer() {
    return buf;
  }

  int lineStart() {
    return lineStart;
  }

  int lineLength() {
    return lineLength;
  }

  /** Finds the next line's bytes (lineStart, lineLength) and counts it; false at the end. */
  private boolean advance() throws IOException {
    if (!started) {
      started = true;
      skipByteOrderMark();
    }
    if (skipLf) {
      skipLf = false;
      if (pos == end && !fill()) {
        return false;
      }
      if (buf[pos] == '\n') {
        pos++;
      }
    }
    int scanned = 0; // bytes after pos known to hold no line end (fill() may move them)
    while (true) {
      for (int i = lineEndFrom(buf, pos + scanned, end); i < end; i++) {
        byte b = buf[i];
        if (b == '\n' || b == '\r') {
          lineStart = pos;
          lineLength = i - pos;
          pos = i + 1;
          skipLf = b == '\r';
          lineNumber++;
          return true;
        }
      }
      scanned = end - pos;
      if (!fill()) {
        if (pos == end) {
          return false;
        }
        lineStart = pos;
        lineLength = end - pos;
        pos = end;
        lineNumber++;
        return true;
      }
    }
  }

  /**
   * Skips from {@code i} the bytes up to {@code end} that hold no {@code \n} or {@code \r}
   * eight at a time (the byte-by-byte scan was a fifth of the reading thread's time): returns
   * where the first word that may hold one starts, or where fewer than eight bytes are left.
   */
  private static int lineEndFrom(byte[] b, int i, int end) {
    while (i + Long.BYTES <= end) {
      long w = (long) LONGS.get(b, i);
      long lf = w ^ 0x0A0A0A0A0A0A0A0AL;
      long cr = w ^ 0x0D0D0D0D0D0D0D0DL;
      // A byte of lf or cr is 0 where w holds a line end; (x - ONES) & ~x & HIGHS is not 0
      // exactly when x has a 0 byte. Which byte it is, the byte-by-byte scan after finds.
      if (((((lf - ONES) & ~lf) | ((cr - ONES) & ~cr)) & HIGHS) != 0) {
        return i;
      }
      i += Long.BYTES;
    }
    return i;
  }

  /** Lines returned or rejected so far; the number of the last one. */
  long lineNumber() {
    return lineNumber;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private void skipByteOrderMark() throws IOException {
    while (end - pos < BOM.length && fill()) {
      // keep reading: a stream may hand out fewer than three bytes at a time
    }
    if (end - pos >= BOM.length && buf[pos] == BOM[0] && buf[pos + 1] == BOM[1]
        && buf[pos + 2] == BOM[2]) {
      pos += BOM.length;
    }
  }

  /**
   * Reads more bytes after {@code end}, first moving the unread part to the start of the buffer
   * (or growing it for a line longer than the buffer). False at the end of the input.
   */
  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, end - pos);
      end -= pos;
      pos = 0;
    }
    if (end == buf.length) {
      if (buf.length >= MAX_LINE) {
        throw new IOException("line " + (lineNumber + 1) + " is longer than " + MAX_LINE
            + " bytes");
      }
      buf = Arrays.copyOf(buf, (int) Math.min(2L * buf.length, MAX_LINE));
    }
    int n = in.read(buf, end, buf.length - end);
    if (n < 0) {
      eof = true;
      return false;
    }
    end += n;
    return true;
  }

  /**
   * Decodes one line. Java's decoder replaces malformed input with U+FFFD; only a line holding
   * U+FFFD (rare, and never an ASCII or Latin-1 line) is checked again strictly.
   */
  private String decode(int start, int length) {
    String line = new String(buf, start, length, StandardCharsets.UTF_8);
    if (line.indexOf('\uFFFD') >= 0) {
      int bad = firstMalformed(start, length);
      if (bad >= 0) {
        throw malformed(start, bad);
      }
    }
    return line;
  }

  private InvalidRecordException malformed(int start, int bad) {
    return new InvalidRecordException(lineNumber, null, String.format(
        "not valid UTF-8: byte 0x%02X at byte %d of the line", buf[start + bad] & 0xFF,
        bad + 1), null);
  }

  /** Offset within the line of the first malformed byte, or -1 when the line is well-formed. */
  private int firstMalformed(int start, int length) {
    if (strict == null) {
      strict = StandardCharsets.UTF_8.newDecoder(); // reports errors by default
    }
    strict.reset();
    ByteBuffer bytes = ByteBuffer.wrap(buf, start, length);
    CharBuffer chars = CharBuffer.allocate(length);
    CoderResult r = strict.decode(bytes, chars, true);
    if (r.isError()) {
      return bytes.position() - start;
    }
    return -1;
  }
}
