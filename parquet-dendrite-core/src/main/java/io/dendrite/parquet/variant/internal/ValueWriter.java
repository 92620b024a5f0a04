package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * The value half of {@link VariantEncoder}: the growable value buffer, the stack of open
 * containers with the start (and key id) of each child written into them, and the encodings of
 * the primitive types (VariantEncoding.md, "Encoding types"). {@link VariantEncoder} adds what
 * needs the key dictionary: container headers, keys, copies and finishing.
 *
 * <p>A base class rather than a field of the encoder so that the per-value path stays as it
 * was: each write is one call on the encoder, reading its own fields. Sealed: the encoder is the
 * only subclass.
 */
public abstract sealed class ValueWriter permits VariantEncoder {
  static final byte OBJECT_FRAME = 0;
  static final byte ARRAY_FRAME = 1;
  /**
   * Strings with more chars than this are encoded through String.getBytes (an intrinsic that
   * tests and copies a Latin-1 string's bytes many at a time) and copied; shorter ones char by
   * char, which costs less than the array getBytes allocates.
   */
  private static final int LARGE_STRING_CHARS = 32;

  // ---- value buffer
  byte[] buf = new byte[256];
  int len;
  boolean hasValue;
  boolean finished;

  // ---- open containers (a stack of frames)
  int depth;
  /**
   * Containers a value may nest: {@link VariantBinary#MAX_NESTING_DEPTH}, less for an encoder
   * writing a part of a variant below containers written elsewhere.
   */
  int depthLimit = VariantBinary.MAX_NESTING_DEPTH;
  byte[] frameKind = new byte[16];
  int[] frameStart = new int[16];
  int[] frameSlotBase = new int[16];
  /** Key id waiting for its value in the innermost object, or -1. */
  int pendingKey = -1;

  // ---- children of open containers: key id (objects only) and start position in buf
  int[] slotKey = new int[64];
  int[] slotPos = new int[64];
  int slotTop;

  ValueWriter() {}

  // ================================================================ primitives


  /** Writes a null (primitive type id 0). */
  public final void writeNull() {
    beforeValue();
    ensure(1);
    buf[len++] = (byte) VariantBinary.H_NULL;
  }

  /**
   * Writes a boolean (primitive type id 1 for true, 2 for false).
   *
   * @param value the value
   */
  public final void writeBoolean(boolean value) {
    beforeValue();
    ensure(1);
    buf[len++] = (byte) (value ? VariantBinary.H_TRUE : VariantBinary.H_FALSE);
  }

  /**
   * Writes an int8 (primitive type id 3).
   *
   * @param value the value
   */
  public final void writeInt8(byte value) {
    beforeValue();
    ensure(2);
    buf[len] = (byte) VariantBinary.H_INT8;
    buf[len + 1] = value;
    len += 2;
  }

  /**
   * Writes an int16 (primitive type id 4).
   *
   * @param value the value
   */
  public final void writeInt16(short value) {
    beforeValue();
    ensure(3);
    buf[len] = (byte) VariantBinary.H_INT16;
    Bytes.SHORT_LE.set(buf, len + 1, value);
    len += 3;
  }

  /**
   * Writes an int32 (primitive type id 5).
   *
   * @param value the value
   */
  public final void writeInt32(int value) {
    beforeValue();
    primitive4(VariantBinary.H_INT32, value);
  }

  /**
   * Writes an int64 (primitive type id 6).
   *
   * @param value the value
   */
  public final void writeInt64(long value) {
    beforeValue();
    primitive8(VariantBinary.H_INT64, value);
  }

  /**
   * Writes an integer using the smallest of int8, int16, int32 and int64 that holds it.
   *
   * @param value the value
   */
  public final void writeLong(long value) {
    if (value == (byte) value) {
      writeInt8((byte) value);
    } else if (value == (short) value) {
      writeInt16((short) value);
    } else if (value == (int) value) {
      writeInt32((int) value);
    } else {
      writeInt64(value);
    }
  }

  /**
   * Writes a double (primitive type id 7); the bits are stored unchanged, including NaN payloads.
   *
   * @param value the value
   */
  public final void writeDouble(double value) {
    beforeValue();
    primitive8(VariantBinary.H_DOUBLE, Double.doubleToRawLongBits(value));
  }

  /**
   * Writes a float (primitive type id 14).
   *
   * @param value the value
   */
  public final void writeFloat(float value) {
    beforeValue();
    primitive4(VariantBinary.H_FLOAT, Float.floatToRawIntBits(value));
  }

  /**
   * Writes a decimal in the narrowest physical type for its precision (spec "Decimal table"):
   * decimal4 up to 9 digits, decimal8 up to 18, decimal16 up to 38. The precision used is
   * {@code max(precision, scale)} because the stored scale must fit the precision (0.001 needs
   * DECIMAL(3,3)). A negative scale is normalized to 0 (the spec's scale range is [0, 38]); a scale
   * above 38 is reduced by stripping trailing zeros when that is exact.
   *
   * @param value the value
   * @throws VariantFormatException if more than 38 digits are needed
   */
  public final void writeDecimal(BigDecimal value) {
    BigDecimal d = value;
    if (d.scale() > 38) {
      d = d.stripTrailingZeros();
    }
    if (d.scale() < 0) {
      d = d.setScale(0);
    }
    int scale = d.scale();
    int precision = Math.max(d.precision(), scale);
    if (scale > 38 || precision > 38) {
      throw new VariantFormatException("decimal " + value.toPlainString() + " needs precision " + precision
          + " and scale " + scale + "; a VARIANT decimal holds at most 38 digits with scale at most 38");
    }
    if (precision <= 9) {
      writeDecimal4(d.unscaledValue().intValue(), scale);
    } else if (precision <= 18) {
      writeDecimal8(d.unscaledValue().longValue(), scale);
    } else {
      writeDecimal16(d.unscaledValue(), scale);
    }
  }

  /**
   * Writes a decimal4 (primitive type id 8).
   *
   * @param unscaled unscaled value, at most 9 digits
   * @param scale scale in [0, 9] (at most the type's maximum precision)
   */
  public final void writeDecimal4(int unscaled, int scale) {
    checkScale(scale, 9, "decimal4");
    if (unscaled > VariantBinary.MAX_DECIMAL4_UNSCALED || unscaled < -VariantBinary.MAX_DECIMAL4_UNSCALED) {
      throw new VariantFormatException("decimal4 unscaled value " + unscaled + " has more than 9 digits");
    }
    beforeValue();
    ensure(6);
    buf[len] = (byte) VariantBinary.H_DECIMAL4;
    buf[len + 1] = (byte) scale;
    Bytes.INT_LE.set(buf, len + 2, unscaled);
    len += 6;
  }

  /**
   * Writes a decimal8 (primitive type id 9).
   *
   * @param unscaled unscaled value, at most 18 digits
   * @param scale scale in [0, 18] (at most the type's maximum precision)
   */
  public final void writeDecimal8(long unscaled, int scale) {
    checkScale(scale, 18, "decimal8");
    if (unscaled > VariantBinary.MAX_DECIMAL8_UNSCALED || unscaled < -VariantBinary.MAX_DECIMAL8_UNSCALED) {
      throw new VariantFormatException("decimal8 unscaled value " + unscaled + " has more than 18 digits");
    }
    beforeValue();
    ensure(10);
    buf[len] = (byte) VariantBinary.H_DECIMAL8;
    buf[len + 1] = (byte) scale;
    Bytes.LONG_LE.set(buf, len + 2, unscaled);
    len += 10;
  }

  /**
   * Writes a decimal16 (primitive type id 10).
   *
   * @param unscaled unscaled value, at most 38 digits
   * @param scale scale in [0, 38]
   */
  public final void writeDecimal16(BigInteger unscaled, int scale) {
    if (unscaled.bitLength() > 127) {
      throw new VariantFormatException("decimal16 unscaled value " + unscaled + " has more than 38 digits");
    }
    writeDecimal16(unscaled.shiftRight(64).longValue(), unscaled.longValue(), scale);
  }

  /**
   * Writes a decimal16 (primitive type id 10) from the two halves of a 128-bit two's complement
   * unscaled value.
   *
   * @param hi upper 64 bits
   * @param lo lower 64 bits
   * @param scale scale in [0, 38]
   */
  public final void writeDecimal16(long hi, long lo, int scale) {
    checkScale(scale, 38, "decimal16");
    if (!VariantBinary.fitsDecimal16(hi, lo)) {
      throw new VariantFormatException("decimal16 unscaled value "
          + BigInteger.valueOf(hi).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(lo)))
          + " has more than 38 digits");
    }
    beforeValue();
    ensure(18);
    buf[len] = (byte) VariantBinary.H_DECIMAL16;
    buf[len + 1] = (byte) scale;
    Bytes.LONG_LE.set(buf, len + 2, lo);
    Bytes.LONG_LE.set(buf, len + 10, hi);
    len += 18;
  }

  /** The scale of a DECIMAL(precision, scale) cannot exceed the type's maximum precision. */
  private static void checkScale(int scale, int maxPrecision, String type) {
    if (scale < 0 || scale > maxPrecision) {
      throw new VariantFormatException(type + " scale must be in [0, " + maxPrecision + "], found " + scale);
    }
  }

  /**
   * Writes a date (primitive type id 11).
   *
   * @param daysSinceEpoch days since 1970-01-01
   */
  public final void writeDate(int daysSinceEpoch) {
    beforeValue();
    primitive4(VariantBinary.H_DATE, daysSinceEpoch);
  }

  /**
   * Writes a UTC-adjusted timestamp in microseconds (primitive type id 12).
   *
   * @param micros microseconds since 1970-01-01T00:00:00Z
   */
  public final void writeTimestamp(long micros) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP, micros);
  }

  /**
   * Writes a timestamp without time zone in microseconds (primitive type id 13).
   *
   * @param micros microseconds since 1970-01-01T00:00:00 (local)
   */
  public final void writeTimestampNtz(long micros) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NTZ, micros);
  }

  /**
   * Writes a UTC-adjusted timestamp in nanoseconds (primitive type id 18).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00:00Z
   */
  public final void writeTimestampNanos(long nanos) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NANOS, nanos);
  }

  /**
   * Writes a timestamp without time zone in nanoseconds (primitive type id 19).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00:00 (local)
   */
  public final void writeTimestampNtzNanos(long nanos) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NTZ_NANOS, nanos);
  }

  /**
   * Writes a time of day without time zone in microseconds (primitive type id 17).
   *
   * @param micros microseconds since midnight, in [0, 86,400,000,000)
   * @throws IllegalArgumentException if outside one day
   */
  public final void writeTime(long micros) {
    if (!Temporal.isTimeOfDay(micros)) {
      throw new IllegalArgumentException("time must be in [0, 86400000000) microseconds since midnight, found " + micros);
    }
    beforeValue();
    primitive8(VariantBinary.H_TIME, micros);
  }

  private void primitive4(int header, int bits) {
    ensure(5);
    buf[len] = (byte) header;
    Bytes.INT_LE.set(buf, len + 1, bits);
    len += 5;
  }

  private void primitive8(int header, long bits) {
    ensure(9);
    buf[len] = (byte) header;
    Bytes.LONG_LE.set(buf, len + 1, bits);
    len += 9;
  }

  /**
   * Writes a binary value (primitive type id 15).
   *
   * @param b array holding the bytes
   * @param off start of the bytes
   * @param n number of bytes
   */
  public final void writeBinary(byte[] b, int off, int n) {
    Objects.checkFromIndexSize(off, n, b.length);
    beforeValue();
    ensure(5L + n);
    buf[len] = (byte) VariantBinary.H_BINARY;
    Bytes.INT_LE.set(buf, len + 1, n);
    System.arraycopy(b, off, buf, len + 5, n);
    len += 5 + n;
  }

  /**
   * Writes a binary value (primitive type id 15).
   *
   * @param b the bytes
   */
  public final void writeBinary(byte[] b) {
    writeBinary(b, 0, b.length);
  }

  /**
   * Writes a string: a short string (basic type 1) when its UTF-8 encoding has at most 63 bytes,
   * else a long string (primitive type id 16). Unpaired surrogates become {@code '?'}.
   *
   * @param s the string
   */
  public final void writeString(String s) {
    int n = s.length();
    if (n > LARGE_STRING_CHARS) {
      byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
      writeString(utf8, 0, utf8.length);
      return;
    }
    beforeValue();
    if (n <= 63 / Utf8.MAX_BYTES_PER_CHAR) { // certainly short
      ensure(1 + (long) n * Utf8.MAX_BYTES_PER_CHAR);
      int end = Utf8.encode(s, buf, len + 1);
      buf[len] = (byte) (VariantBinary.BASIC_SHORT_STRING | (end - len - 1) << 2);
      len = end;
      return;
    }
    ensure(5 + (long) n * Utf8.MAX_BYTES_PER_CHAR);
    finishEncodedString(Utf8.encode(s, buf, len + 5));
  }

  /**
   * Writes a string from UTF-16 chars (for example a JSON parser's text buffer) without creating
   * a String.
   *
   * @param chars array holding the chars
   * @param off start of the chars
   * @param n number of chars
   */
  public final void writeString(char[] chars, int off, int n) {
    Objects.checkFromIndexSize(off, n, chars.length);
    beforeValue();
    ensure(5 + (long) n * Utf8.MAX_BYTES_PER_CHAR);
    finishEncodedString(Utf8.encode(chars, off, n, buf, len + 5));
  }

  /** Completes a string encoded at len+5: long-string header, or moved down for a short one. */
  private void finishEncodedString(int end) {
    int n = end - len - 5;
    if (n <= 63) {
      System.arraycopy(buf, len + 5, buf, len + 1, n);
      buf[len] = (byte) (VariantBinary.BASIC_SHORT_STRING | n << 2);
      len += 1 + n;
    } else {
      buf[len] = (byte) VariantBinary.H_STRING;
      Bytes.INT_LE.set(buf, len + 1, n);
      len = end;
    }
  }

  /**
   * Writes a string given as UTF-8 bytes, which are copied without validation.
   *
   * @param utf8 array holding the UTF-8 bytes
   * @param off start of the bytes
   * @param n number of bytes
   */
  public final void writeString(byte[] utf8, int off, int n) {
    Objects.checkFromIndexSize(off, n, utf8.length);
    beforeValue();
    if (n <= 63) {
      ensure(1 + n);
      buf[len] = (byte) (VariantBinary.BASIC_SHORT_STRING | n << 2);
      System.arraycopy(utf8, off, buf, len + 1, n);
      len += 1 + n;
    } else {
      ensure(5L + n);
      buf[len] = (byte) VariantBinary.H_STRING;
      Bytes.INT_LE.set(buf, len + 1, n);
      System.arraycopy(utf8, off, buf, len + 5, n);
      len += 5 + n;
    }
  }

  /**
   * Writes a UUID (primitive type id 20) as 16 big-endian bytes.
   *
   * @param uuid the value
   */
  public final void writeUuid(UUID uuid) {
    writeUuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
  }

  /**
   * Writes a UUID (primitive type id 20) from its two halves.
   *
   * @param msb most significant 64 bits
   * @param lsb least significant 64 bits
   */
  public final void writeUuid(long msb, long lsb) {
    beforeValue();
    ensure(17);
    buf[len] = (byte) VariantBinary.H_UUID;
    Bytes.LONG_BE.set(buf, len + 1, msb);
    Bytes.LONG_BE.set(buf, len + 9, lsb);
    len += 17;
  }

  /** Appends value bytes that hold no object (so no field ids) verbatim. */
  final void appendRaw(byte[] v, int off, int n) {
    beforeValue();
    ensure(n);
    System.arraycopy(v, off, buf, len, n);
    len += n;
  }

  // ================================================================ state


  final void beforeValue() {
    if (finished) {
      throw new IllegalStateException("the variant is finished; call reset() before writing another");
    }
    if (depth == 0) {
      if (hasValue) {
        throw new IllegalStateException("a variant holds exactly one top-level value; wrap several values in an array or call reset()");
      }
      hasValue = true;
      return;
    }
    int key;
    if (frameKind[depth - 1] == OBJECT_FRAME) {
      if (pendingKey < 0) {
        throw new IllegalStateException("a value inside an object must be preceded by key(...)");
      }
      key = pendingKey;
      pendingKey = -1;
    } else {
      key = 0;
    }
    if (slotTop == slotKey.length) {
      ensureSlots(slotTop + 1);
    }
    slotKey[slotTop] = key;
    slotPos[slotTop++] = len;
  }

  final void ensureSlots(int n) {
    if (n > slotKey.length) {
      int cap = Math.max(n, slotKey.length * 2);
      slotKey = Arrays.copyOf(slotKey, cap);
      slotPos = Arrays.copyOf(slotPos, cap);
    }
  }

  final void pushFrame(byte kind) {
    if (depth >= depthLimit) {
      throw new VariantFormatException("value is nested deeper than " + VariantBinary.MAX_NESTING_DEPTH
          + " levels of arrays and objects (the limit, VariantBinary.MAX_NESTING_DEPTH)");
    }
    if (depth == frameKind.length) {
      int cap = depth * 2;
      frameKind = Arrays.copyOf(frameKind, cap);
      frameStart = Arrays.copyOf(frameStart, cap);
      frameSlotBase = Arrays.copyOf(frameSlotBase, cap);
    }
    frameKind[depth] = kind;
    frameStart[depth] = len;
    frameSlotBase[depth] = slotTop;
    depth++;
  }

  final void ensure(long extra) {
    long need = len + extra;
    if (need > buf.length) {
      if (need > Integer.MAX_VALUE - 16) {
        throw new VariantFormatException("variant value would exceed " + (Integer.MAX_VALUE - 16) + " bytes");
      }
      long cap = Math.max(need, Math.min((long) buf.length * 2, Integer.MAX_VALUE - 16));
      buf = Arrays.copyOf(buf, (int) cap);
    }
  }
}
