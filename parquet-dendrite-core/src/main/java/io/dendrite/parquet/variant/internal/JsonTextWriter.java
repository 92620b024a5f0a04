package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

/**
 * JSON text written as UTF-8 into one growable byte array, made into a {@code String} once at the
 * end. Variant strings and keys are already UTF-8, so most of the text is copied as byte runs
 * instead of being decoded to {@code String}s and appended char by char; ASCII output (the common
 * case, tracked while writing) then becomes a compact Latin-1 string with a single copy.
 *
 * <p>The array is recycled per thread (up to {@link #MAX_RETAINED} bytes), so rendering many
 * values does not allocate and zero a fresh buffer each time. Not thread-safe; one instance per
 * rendering.
 */
final class JsonTextWriter {
  /** Largest buffer kept for reuse: big enough for typical documents, small enough to not pin. */
  private static final int MAX_RETAINED = 1 << 20;
  /**
   * This thread's spare buffer, in a mutable holder so taking and returning it costs one
   * ThreadLocal lookup per rendering (small documents render in well under a microsecond).
   */
  private static final ThreadLocal<Spare> RECYCLED = ThreadLocal.withInitial(Spare::new);

  private static final class Spare {
    byte[] buf;
  }

  private static final byte[] HEX_UPPER = ascii("0123456789ABCDEF");
  private static final byte[] HEX_LOWER = ascii("0123456789abcdef");

  /** {@link #ESCAPE} entry of a byte copied unchanged. */
  private static final byte PLAIN = 0;
  /** {@link #ESCAPE} entry of a byte of a multi-byte UTF-8 sequence (copied, but not ASCII). */
  private static final byte NON_ASCII = 1;
  /**
   * Per unsigned byte: {@link #PLAIN}, {@link #NON_ASCII}, or the character after the backslash
   * of its JSON escape ({@code 'u'} for the {@code \}{@code u00XX} form).
   */
  private static final byte[] ESCAPE = new byte[256];

  /** 10^0 .. 10^18. */
  private static final long[] POWERS_OF_TEN = new long[19];
  /** "00", "01", ... "99" as consecutive ASCII pairs. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    long p = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = p;
      p *= 10;
    }
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPE[c] = 'u';
    }
    ESCAPE['\b'] = 'b';
    ESCAPE['\t'] = 't';
    ESCAPE['\n'] = 'n';
    ESCAPE['\f'] = 'f';
    ESCAPE['\r'] = 'r';
    ESCAPE['"'] = '"';
    ESCAPE['\\'] = '\\';
    for (int c = 0x80; c < 0x100; c++) {
      ESCAPE[c] = NON_ASCII;
    }
  }

  private final Spare spare;
  private byte[] buf;
  private int len;
  /** Whether every byte written so far is ASCII, so the text is Latin-1 and needs no decoding. */
  private boolean ascii = true;

  /**
   * A writer on this thread's recycled buffer, or else a new one of about {@code sizeHint} bytes
   * (capped: a hint derived from a large enclosing array can overshoot a small value by far).
   */
  JsonTextWriter(int sizeHint) {
    spare = RECYCLED.get();
    byte[] b = spare.buf;
    if (b != null) {
      spare.buf = null; // taken: a nested rendering on this thread must not share it
      buf = b;
    } else {
      buf = new byte[Math.max(64, Math.min(sizeHint, MAX_RETAINED))];
    }
  }

  /** The text written so far; hands the buffer back for reuse, so the writer is done after. */
  String finish() {
    String s = new String(buf, 0, len, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    if (buf.length <= MAX_RETAINED && (spare.buf == null || spare.buf.length < buf.length)) {
      spare.buf = buf;
    }
    buf = null;
    return s;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private void ensure(int extra) {
    if (buf.length - len < extra) {
      grow(extra);
    }
  }

  private void grow(int extra) {
    long wanted = Math.max((long) buf.length * 2, (long) len + extra);
    if (wanted > Integer.MAX_VALUE - 8) {
      if ((long) len + extra > Integer.MAX_VALUE - 8) {
        throw new OutOfMemoryError("JSON text longer than the largest Java array");
      }
      wanted = Integer.MAX_VALUE - 8;
    }
    buf = java.util.Arrays.copyOf(buf, (int) wanted);
  }

  // ---------------------------------------------------------------- literals and numbers

  void writeByte(char c) {
    ensure(1);
    buf[len++] = (byte) c;
  }

  /** Writes {@code s}, which the caller knows to be ASCII (number and literal text). */
  void writeAscii(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[len++] = (byte) s.charAt(i);
    }
  }

  void writeBoolean(boolean b) {
    writeAscii(b ? "true" : "false");
  }

  /** Decimal digits of {@code v}, straight into the buffer (no {@code Long.toString} garbage). */
  void writeLong(long v) {
    if (v == Long.MIN_VALUE) {
      writeAscii("-9223372036854775808"); // the one value whose magnitude is not a long
      return;
    }
    ensure(20);
    if (v < 0) {
      buf[len++] = '-';
      v = -v;
    }
    int n = digitCount(v);
    writeDigits(v, len + n);
    len += n;
  }

  /** Number of decimal digits of a non-negative value (1 for 0). */
  private static int digitCount(long v) {
    // t is floor(log10(v)) or one more: bit length times log10(2) (~1233/4096), then one
    // comparison corrects it. Bit lengths up to 63 give t <= 18, inside the table.
    int t = ((64 - Long.numberOfLeadingZeros(v)) * 1233) >>> 12;
    int digits = t + (v < POWERS_OF_TEN[t] ? 0 : 1);
    return Math.max(digits, 1);
  }

  /**
   * Writes the digits of non-negative {@code v} backwards so that the last one lands at end-1,
   * two at a time (half the divisions).
   */
  private void writeDigits(long v, int end) {
    int p = end;
    while (v >= 100) {
      long q = v / 100;
      int r = (int) (v - q * 100);
      buf[--p] = DIGIT_PAIRS[2 * r + 1];
      buf[--p] = DIGIT_PAIRS[2 * r];
      v = q;
    }
    int r = (int) v;
    buf[--p] = DIGIT_PAIRS[2 * r + 1];
    if (r >= 10) {
      buf[--p] = DIGIT_PAIRS[2 * r];
    }
  }

  /** Writes {@code v} zero-padded on the left to {@code width} digits (v non-negative). */
  private void writePadded(long v, int width) {
    ensure(Math.max(width, 19));
    int n = digitCount(v);
    for (int i = n; i < width; i++) {
      buf[len++] = '0';
    }
    writeDigits(v, len + n);
    len += n;
  }

  /**
   * Plain text of the decimal {@code unscaled * 10^-scale} as {@code BigDecimal.toPlainString}
   * prints it; with {@code stripZeros}, as {@code stripTrailingZeros().toPlainString()} does.
   * {@code unscaled} must not be {@code Long.MIN_VALUE} and {@code scale} must be non-negative.
   */
  void writeDecimal(long unscaled, int scale, boolean stripZeros) {
    if (stripZeros) {
      // Zeros left of the point survive toPlainString, so only the fraction loses its zeros.
      while (scale > 0 && unscaled % 10 == 0) {
        unscaled /= 10;
        scale--;
      }
    }
    if (scale == 0) {
      writeLong(unscaled);
      return;
    }
    long abs = Math.abs(unscaled);
    int digits = digitCount(abs);
    // Either "int.frac" or "0." followed by leading zeros of the fraction.
    int width = digits > scale ? digits + 1 : scale + 2;
    ensure(width + 1);
    if (unscaled < 0) {
      buf[len++] = '-';
    }
    int end = len + width;
    int p = end;
    for (int i = 0; i < scale; i++) {
      buf[--p] = (byte) ('0' + (int) (abs % 10));
      abs /= 10;
    }
    buf[--p] = '.';
    do {
      buf[--p] = (byte) ('0' + (int) (abs % 10));
      abs /= 10;
    } while (abs != 0);
    len = end;
  }

  /**
   * A finite double's shortest round-trip digits in scientific notation ({@code 1500.0 ->
   * 1.5E3}), from the text {@code Double.toString} or {@code Float.toString} produced: Java prints
   * plain notation between 1e-3 and 1e7, which would re-parse as a decimal.
   */
  void writeScientific(String javaText) {
    if (javaText.indexOf('E') >= 0) {
      writeAscii(javaText);
      return;
    }
    int n = javaText.length();
    ensure(n + 8);
    int i = 0;
    if (javaText.charAt(0) == '-') {
      buf[len++] = '-';
      i = 1;
    }
    int dot = javaText.indexOf('.');
    int exp;
    int first; // index of the first significant digit
    if (dot - i == 1 && javaText.charAt(i) == '0') { // 0.000ddd: the exponent counts the zeros
      first = dot + 1;
      while (first < n && javaText.charAt(first) == '0') {
        first++;
      }
      if (first == n) {
        writeAscii("0.0E0");
        return;
      }
      exp = dot - first;
    } else {
      first = i;
      exp = dot - i - 1;
    }
    buf[len++] = (byte) javaText.charAt(first);
    buf[len++] = '.';
    int fractionStart = len;
    for (int k = first + 1; k < n; k++) {
      char c = javaText.charAt(k);
      if (c != '.') {
        buf[len++] = (byte) c;
      }
    }
    while (len > fractionStart && buf[len - 1] == '0') {
      len--;
    }
    if (len == fractionStart) {
      buf[len++] = '0';
    }
    buf[len++] = 'E';
    writeLong(exp);
  }

  // ---------------------------------------------------------------- dates and times

  /** {@code yyyy-mm-dd}, exactly as {@code LocalDate.toString} prints it (any year). */
  void writeDate(long epochDay) {
    LocalDate d = LocalDate.ofEpochDay(epochDay);
    writeYear(d.getYear());
    ensure(6);
    buf[len++] = '-';
    writePadded(d.getMonthValue(), 2);
    buf[len++] = '-';
    writePadded(d.getDayOfMonth(), 2);
  }

  /** ISO-8601 years: at least 4 digits, a sign before negative ones and before more than 4. */
  private void writeYear(int year) {
    if (year < 0) {
      writeByte('-');
    } else if (year > 9999) {
      writeByte('+');
    }
    writePadded(Math.abs((long) year), 4);
  }

  /**
   * {@code hh:mm:ss} of the second of the day, then {@code .} and the fraction in {@code digits}
   * digits; with {@code trimFraction} the fraction loses its trailing zeros and disappears when
   * zero (the SQL form).
   */
  void writeClock(long secondOfDay, long fraction, int digits, boolean trimFraction) {
    ensure(3 * 3 + 1 + digits);
    writePadded(secondOfDay / 3600, 2);
    buf[len++] = ':';
    writePadded(secondOfDay / 60 % 60, 2);
    buf[len++] = ':';
    writePadded(secondOfDay % 60, 2);
    if (trimFraction) {
      if (fraction == 0) {
        return;
      }
      while (fraction % 10 == 0) {
        fraction /= 10;
        digits--;
      }
    }
    buf[len++] = '.';
    writePadded(fraction, digits);
  }

  /**
   * An epoch timestamp in micros or nanos: {@code yyyy-mm-ddThh:mm:ss.ffffff[fff]} or, with
   * {@code sql}, {@code yyyy-mm-dd hh:mm:ss[.f]} (the fraction without trailing zeros).
   */
  void writeTimestamp(long value, boolean nanos, boolean sql) {
    long unit = nanos ? Temporal.NANOS_PER_SECOND : Temporal.MICROS_PER_SECOND;
    long seconds = Math.floorDiv(value, unit);
    writeDate(Math.floorDiv(seconds, 86_400L));
    writeByte(sql ? ' ' : 'T');
    writeClock(Math.floorMod(seconds, 86_400L), Math.floorMod(value, unit), nanos ? 9 : 6, sql);
  }

  /** Canonical lower-case UUID text {@code 8-4-4-4-12} of the two big-endian halves. */
  void writeUuid(long msb, long lsb) {
    ensure(36);
    writeHex(msb >>> 32, 8);
    buf[len++] = '-';
    writeHex(msb >>> 16, 4);
    buf[len++] = '-';
    writeHex(msb, 4);
    buf[len++] = '-';
    writeHex(lsb >>> 48, 4);
    buf[len++] = '-';
    writeHex(lsb, 12);
  }

  /** The low {@code digits} hex digits of {@code v}, lower case. */
  private void writeHex(long v, int digits) {
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
      buf[len++] = HEX_LOWER[(int) (v >>> shift) & 0xF];
    }
  }

  // ---------------------------------------------------------------- strings

  /**
   * Writes well-formed UTF-8 bytes (callers validated them: {@link VariantValidator#validate} checks
   * strings, {@link VariantMetadata#validate()} keys) as a quoted JSON string. Runs that need no
   * escaping are copied as they are; only ASCII control characters, quotes and backslashes are
   * escaped.
   */
  void writeQuotedUtf8(byte[] s, int off, int n) {
    // Slack of one word past the text: copyPlain stores whole words.
    ensure(n + 2 + 8);
    buf[len++] = '"';
    int end = off + n;
    int i = off;
    boolean nonAscii = false;
    while ((i = copyPlain(s, i, end, nonAscii)) < end) {
      int b = s[i] & 0xFF;
      if (ESCAPE[b] == NON_ASCII) {
        nonAscii = true; // from here on non-ASCII bytes are copied too
        ascii = false;
      } else {
        writeEscape(b);
        i++;
        ensure(end - i + 1 + 8); // escapes are longer than their byte: restore the slack
      }
    }
    buf[len++] = '"';
  }

  /**
   * Copies the bytes of {@code s[i, end)} that need no escaping (and, unless {@code
   * copyNonAscii}, are ASCII) to the buffer, eight at a time, and returns the index of the first one that does
   * (or {@code end}). Whole words are stored even when only some of their bytes count, so the
   * buffer must have {@code end - i + 8} free bytes; the length only advances over the bytes
   * that count. Near the end of the string a word may be read past {@code end} (never past the
   * array): its extra bytes are masked out of the check and not counted.
   */
  private int copyPlain(byte[] s, int i, int end, boolean copyNonAscii) {
    long nonAscii = copyNonAscii ? 0 : HIGH_BITS;
    byte[] b = buf;
    int p = len;
    while (end - i >= 8) {
      long x = (long) Bytes.LONG_LE.get(s, i);
      Bytes.LONG_LE.set(b, p, x);
      long special = escapeBits(x) | (x & nonAscii);
      if (special != 0) {
        return stopAt(special, i, p);
      }
      i += 8;
      p += 8;
    }
    int left = end - i;
    if (left > 0 && s.length - i >= 8) {
      long x = (long) Bytes.LONG_LE.get(s, i);
      Bytes.LONG_LE.set(b, p, x);
      long special = (escapeBits(x) | (x & nonAscii)) & ((1L << (left << 3)) - 1);
      if (special != 0) {
        return stopAt(special, i, p);
      }
      len = p + left;
      return end;
    }
    while (i < end && ESCAPE[s[i] & 0xFF] <= (copyNonAscii ? NON_ASCII : PLAIN)) {
      b[p++] = s[i++];
    }
    len = p;
    return i;
  }

  /**
   * Ends a copy at the first special byte of a word: the lowest flagged lane (flags above a
   * real match can be spurious, below it they cannot). Little-endian: lane k is byte i + k.
   */
  private int stopAt(long special, int i, int p) {
    int lanes = Long.numberOfTrailingZeros(special) >>> 3;
    len = p + lanes;
    return i + lanes;
  }

  /**
   * Non-zero when one of the eight bytes of {@code x} is below 0x20, a quote or a backslash
   * (the classic "word has a byte less than n / equal to n" bit tricks: a byte that matches
   * borrows into its own high bit; a borrow can spill into higher bytes only above a real match,
   * so the answer is exact for the word as a whole). Bytes from 0x80 on never match.
   */
  private static long escapeBits(long x) {
    long control = (x - 0x2020202020202020L) & ~x;
    long q = x ^ 0x2222222222222222L;
    long quote = (q - ONES) & ~q;
    long b = x ^ 0x5C5C5C5C5C5C5C5CL;
    long backslash = (b - ONES) & ~b;
    return (control | quote | backslash) & HIGH_BITS;
  }

  /** The escape of an ASCII character that JSON does not allow raw in a string. */
  private void writeEscape(int c) {
    byte e = ESCAPE[c];
    if (e == 'u') {
      writeUnicodeEscape((char) c);
    } else {
      ensure(2);
      buf[len++] = '\\';
      buf[len++] = e;
    }
  }

  private void writeUnicodeEscape(char c) {
    ensure(6);
    buf[len++] = '\\';
    buf[len++] = 'u';
    buf[len++] = HEX_UPPER[c >> 12];
    buf[len++] = HEX_UPPER[(c >> 8) & 0xF];
    buf[len++] = HEX_UPPER[(c >> 4) & 0xF];
    buf[len++] = HEX_UPPER[c & 0xF];
  }

  /**
   * Writes a Java string as a quoted JSON string: quotes, backslashes and control characters
   * escaped, and unpaired surrogates as {@code \}{@code u} escapes so the UTF-8 output stays
   * well-formed.
   */
  void writeQuotedString(String s) {
    int n = s.length();
    ensure(n + 2);
    buf[len++] = '"';
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        if (ESCAPE[c] == PLAIN) {
          writeByte(c);
        } else {
          writeEscape(c);
        }
      } else if (!Character.isSurrogate(c)) {
        writeUtf8Char(c);
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        writeUtf8CodePoint(Character.toCodePoint(c, s.charAt(++i)));
      } else {
        writeUnicodeEscape(c);
      }
    }
    writeByte('"');
  }

  /** UTF-8 of a non-ASCII, non-surrogate char (2 or 3 bytes). */
  private void writeUtf8Char(char c) {
    ascii = false;
    ensure(3);
    if (c < 0x800) {
      buf[len++] = (byte) (0xC0 | (c >> 6));
    } else {
      buf[len++] = (byte) (0xE0 | (c >> 12));
      buf[len++] = (byte) (0x80 | ((c >> 6) & 0x3F));
    }
    buf[len++] = (byte) (0x80 | (c & 0x3F));
  }

  /** UTF-8 of a supplementary code point (4 bytes). */
  private void writeUtf8CodePoint(int cp) {
    ascii = false;
    ensure(4);
    buf[len++] = (byte) (0xF0 | (cp >> 18));
    buf[len++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
    buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
    buf[len++] = (byte) (0x80 | (cp & 0x3F));
  }
}
