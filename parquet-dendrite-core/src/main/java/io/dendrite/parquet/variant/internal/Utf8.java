package io.dendrite.parquet.variant.internal;

/**
 * UTF-8 helpers without intermediate allocation: encoding into a caller's buffer, comparing a
 * Java string with UTF-8 bytes in unsigned byte order (the order the spec requires for object
 * keys, section "Object field ID order and uniqueness"), and validation (section "String values
 * must be UTF-8 encoded").
 *
 * <p>Unpaired surrogates in Java strings are encoded as {@code '?'}, exactly like
 * {@code String.getBytes(UTF_8)}, so both paths produce the same bytes for the same string.
 */
public final class Utf8 {
  /** Reads eight bytes of an array at any offset, as one long. */
  private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles
      .byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  /** The high bit of each byte of a long: zero for eight ASCII bytes. */
  private static final long ASCII_MASK = 0x8080808080808080L;

  /** Worst-case UTF-8 bytes per UTF-16 char (a surrogate pair is 2 chars and 4 bytes). */
  public static final int MAX_BYTES_PER_CHAR = 3;

  private Utf8() {}

  /** Writes the UTF-8 encoding of {@code s} at {@code dp}; returns the position after it. */
  static int encode(String s, byte[] dst, int dp) {
    int n = s.length();
    int i = 0;
    // ASCII is by far the common case for keys and short strings.
    while (i < n) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      dst[dp++] = (byte) c;
      i++;
    }
    while (i < n) {
      char c = s.charAt(i++);
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i < n && Character.isLowSurrogate(s.charAt(i))) {
          dp = encode4(Character.toCodePoint(c, s.charAt(i++)), dst, dp);
        } else {
          dst[dp++] = '?';
        }
      } else {
        dst[dp++] = (byte) (0xE0 | (c >> 12));
        dst[dp++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return dp;
  }

  /** Same as {@link #encode(String, byte[], int)} for a char range (Jackson's text buffers). */
  public static int encode(char[] s, int off, int len, byte[] dst, int dp) {
    int i = off;
    int end = off + len;
    while (i < end) {
      char c = s[i];
      if (c >= 0x80) {
        break;
      }
      dst[dp++] = (byte) c;
      i++;
    }
    while (i < end) {
      char c = s[i++];
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i < end && Character.isLowSurrogate(s[i])) {
          dp = encode4(Character.toCodePoint(c, s[i++]), dst, dp);
        } else {
          dst[dp++] = '?';
        }
      } else {
        dst[dp++] = (byte) (0xE0 | (c >> 12));
        dst[dp++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return dp;
  }

  private static int encode4(int cp, byte[] dst, int dp) {
    dst[dp++] = (byte) (0xF0 | (cp >> 18));
    dst[dp++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
    dst[dp++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
    dst[dp++] = (byte) (0x80 | (cp & 0x3F));
    return dp;
  }

  /** Exact number of UTF-8 bytes {@link #encode(String, byte[], int)} writes for {@code s}. */
  static int encodedLength(String s) {
    int n = s.length();
    long total = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        total += 1;
      } else if (c < 0x800) {
        total += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        total += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        total += 1;
      } else {
        total += 3;
      }
    }
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("string of " + n + " chars is too long to encode as UTF-8");
    }
    return (int) total;
  }

  /**
   * Compares the UTF-8 encoding of {@code s} with {@code b[off, off+len)} in unsigned byte order,
   * without encoding {@code s} into a temporary array.
   *
   * @return negative, zero or positive as the encoding of {@code s} is less than, equal to or
   *     greater than the bytes
   */
  public static int compare(String s, byte[] b, int off, int len) {
    int n = s.length();
    int bi = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      int cp;
      if (c < 0x80) {
        if (bi >= len) {
          return 1;
        }
        int d = c - (b[off + bi] & 0xFF);
        if (d != 0) {
          return d;
        }
        bi++;
        continue;
      }
      if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        cp = Character.toCodePoint(c, s.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        cp = '?';
      } else {
        cp = c;
      }
      // Compare the 1-4 bytes of this code point one at a time.
      int count = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      for (int k = 0; k < count; k++) {
        int sb = byteOf(cp, count, k);
        if (bi >= len) {
          return 1;
        }
        int d = sb - (b[off + bi] & 0xFF);
        if (d != 0) {
          return d;
        }
        bi++;
      }
    }
    return bi == len ? 0 : -1;
  }

  /** The k-th UTF-8 byte (0-based) of code point {@code cp} encoded in {@code count} bytes. */
  private static int byteOf(int cp, int count, int k) {
    if (count == 1) {
      return cp;
    }
    int shift = 6 * (count - 1 - k);
    if (k == 0) {
      int lead = count == 2 ? 0xC0 : count == 3 ? 0xE0 : 0xF0;
      return lead | (cp >> shift);
    }
    return 0x80 | ((cp >> shift) & 0x3F);
  }

  /**
   * Whether the UTF-8 and the UTF-16 (Java {@code String.compareTo}) orders can disagree for a key
   * containing these bytes: only characters at or above U+E000 (lead bytes 0xEE-0xF4) sort
   * differently. Keys without them compare the same way in both orders against any other key.
   */
  public static boolean mayOrderDifferently(byte[] b, int off, int len) {
    for (int i = off, end = off + len; i < end; i++) {
      if ((b[i] & 0xFF) >= 0xEE) {
        return true;
      }
    }
    return false;
  }

  /** Same as {@link #mayOrderDifferently(byte[], int, int)} for a Java string. */
  public static boolean mayOrderDifferently(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (s.charAt(i) >= 0xD800) {
        return true;
      }
    }
    return false;
  }

  /**
   * Finds the first byte that makes {@code b[off, off+len)} ill-formed UTF-8 (overlong forms,
   * surrogates, code points above U+10FFFF, truncated sequences).
   *
   * @return the offset relative to {@code off} of the first bad byte, or -1 if well-formed
   */
  public static int firstInvalid(byte[] b, int off, int len) {
    int i = off;
    int end = off + len;
    while (i < end) {
      // ASCII, the common case, eight bytes at a time (a byte at a time this loop was an
      // eighth of a shredded variant read's time, validating typed strings).
      while (i + Long.BYTES <= end && ((long) LONGS.get(b, i) & ASCII_MASK) == 0) {
        i += Long.BYTES;
      }
      if (i >= end) {
        break;
      }
      int c = b[i];
      if (c >= 0) {
        i++;
        continue;
      }
      c &= 0xFF;
      if (c < 0xC2) {
        return i - off;
      } else if (c < 0xE0) {
        if (i + 1 >= end || (b[i + 1] & 0xC0) != 0x80) {
          return i - off;
        }
        i += 2;
      } else if (c < 0xF0) {
        if (i + 2 >= end) {
          return i - off;
        }
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80
            || (c == 0xE0 && c1 < 0xA0) // overlong
            || (c == 0xED && c1 >= 0xA0)) { // UTF-16 surrogate
          return i - off;
        }
        i += 3;
      } else if (c < 0xF5) {
        if (i + 3 >= end) {
          return i - off;
        }
        int c1 = b[i + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80 || (b[i + 3] & 0xC0) != 0x80
            || (c == 0xF0 && c1 < 0x90) // overlong
            || (c == 0xF4 && c1 >= 0x90)) { // above U+10FFFF
          return i - off;
        }
        i += 4;
      } else {
        return i - off;
      }
    }
    return -1;
  }
}
