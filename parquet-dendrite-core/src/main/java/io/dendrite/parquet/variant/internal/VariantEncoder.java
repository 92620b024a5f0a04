package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Objects;
import java.util.UUID;

/**
 * Reusable streaming builder of Variant values and their metadata (VariantEncoding.md, sections
 * "Metadata encoding", "Value encoding" and "Encoding types").
 *
 * <p>Values are appended to one growable byte buffer. Containers are written children first: the
 * encoder remembers where each child started (int arrays, no per-value objects) and at {@code
 * endObject()}/{@code endArray()} inserts the header in front of the children, choosing the smallest
 * {@code field_id_size} and {@code field_offset_size} and setting {@code is_large} only above 255
 * entries. Object fields are ordered by key in unsigned UTF-8 byte order as the spec requires; the
 * values stay where they were written (the spec allows any value order).
 *
 * <p>Keys are collected into a dictionary as they come. {@link #finish()} writes metadata with
 * {@code sorted_strings=1} by default: if keys arrived out of order it sorts the dictionary once
 * and rewrites the field ids inside the finished value, ordering each object's fields by the new
 * ids (objects closed while the keys were out of order keep insertion order until then, since a
 * byte-wise sort at {@code endObject()} would be redone anyway). If a variant's keys arrived
 * exactly as in the previous one, the previous sort order and metadata bytes are reused.
 * {@link #seeded(VariantMetadata)} instead starts from an existing dictionary and preserves its
 * ids, so already-encoded value bytes that reference it can be appended verbatim with {@link
 * #writeRawValue(byte[], int, int)}.
 *
 * <p>Typical use: {@code enc.reset(); enc.startObject(); enc.key("a"); enc.writeInt32(1);
 * enc.endObject(); EncodedVariant v = enc.finish();}. Misuse (a key outside an object, a value
 * without a key inside an object, unbalanced containers, finishing twice without reset) throws
 * {@link IllegalStateException}. Nesting deeper than {@link VariantBinary#MAX_NESTING_DEPTH}, counted
 * over the whole value including copied variants, throws {@link VariantFormatException}. Not
 * thread-safe.
 */
public final class VariantEncoder {
  private static final byte OBJECT_FRAME = 0;
  private static final byte ARRAY_FRAME = 1;
  /** Strings with more chars than this are encoded through String.getBytes (fast intrinsic). */
  private static final int LARGE_STRING_CHARS = 4096;

  private static final ApiAccess API = ApiAccess.get();

  private final boolean sortDictionary;

  // ---- value buffer
  private byte[] buf = new byte[256];
  private int len;
  private boolean hasValue;
  private boolean finished;

  // ---- open containers (a stack of frames)
  private int depth;
  private byte[] frameKind = new byte[16];
  private int[] frameStart = new int[16];
  private int[] frameSlotBase = new int[16];
  /** Key id waiting for its value in the innermost object, or -1. */
  private int pendingKey = -1;

  // ---- children of open containers: key id (objects only) and start position in buf
  private int[] slotKey = new int[64];
  private int[] slotPos = new int[64];
  private int slotTop;
  private int[] sortKey = new int[0];
  private int[] sortPos = new int[0];

  // ---- dictionary: UTF-8 bytes in one pool, an open-addressing hash table of id+1
  private byte[] keyPool = new byte[256];
  private int keyPoolLen;
  private int[] keyStart = new int[32];
  private int[] keyLen = new int[32];
  private int[] keyHash = new int[32];
  /**
   * First 8 key bytes, big-endian, zero-padded: most key comparisons are decided by these alone,
   * also for keys sharing a short common prefix ("field_1", "field_2", ...).
   */
  private long[] keyPrefix = new long[32];
  private int dictSize;
  /**
   * Whether keys [0, dictSize) are strictly ascending in unsigned UTF-8 byte order, kept up to
   * date by appendKey. While it holds, comparing ids is comparing keys, so fields sort as ints.
   */
  private boolean dictInOrder = true;
  private int[] table = new int[64];
  /**
   * String keys seen by this encoder, kept across variants: their UTF-8 bytes and hash, and
   * their id in the current variant (valid when {@code gen == generation}). Rows of one dataset
   * repeat the same keys, so after the first rows key(String) neither encodes nor allocates.
   */
  private HashMap<String, KeyEntry> keyCache = new HashMap<>();
  private int generation = 1;
  // Scratch arrays reused when sorting the dictionary at finish: order[newId] = oldId and
  // remap[oldId] = newId. They stay valid for the saved key set below.
  private int[] order = new int[0];
  private int[] remap = new int[0];

  // ---- fields left in insertion order until finish (sortDictionary, not seeded)
  /** seenStamp[id] == objectStamp when the closing object already has a field with key id. */
  private int[] seenStamp = new int[0];
  private int objectStamp;
  /** Smallest field_id_size of the objects written: ids wider than this may not fit at finish. */
  private int narrowestIdSize = 4;
  /** Scratch for ordering fields by id by counting: position + 1 per id, zero between uses. */
  private int[] offsetById = new int[0];
  private long[] packedFields = new long[0];

  // ---- the previous finish()'s dictionary in insertion order, to reuse its sort and metadata
  private byte[] prevKeyPool = new byte[0];
  private int prevKeyPoolLen;
  private int[] prevKeyLen = new int[0];
  /** Size of the saved dictionary, or -1 if nothing is saved. */
  private int prevDictSize = -1;
  /** The saved key set's metadata; if it needed sorting, order/remap hold its permutation. */
  private VariantMetadata prevResult;

  // ---- seeded mode
  private VariantMetadata seed;
  private boolean seedLoaded;

  // ---- writeVariant: source key id -> our id, valid where stamp == remapGen
  private int[] remapId = new int[0];
  private int[] remapStamp = new int[0];
  private int remapGen;

  private VariantMetadata result;

  /** A cached String key; see {@link #keyCache}. */
  private static final class KeyEntry {
    final byte[] utf8;
    final int hash;
    int id;
    int gen;

    KeyEntry(byte[] utf8, int hash) {
      this.utf8 = utf8;
      this.hash = hash;
    }
  }

  /** Creates an encoder that writes sorted metadata ({@code sorted_strings=1}). */
  public VariantEncoder() {
    this(true);
  }

  /**
   * Creates an encoder.
   *
   * @param sortDictionary if true, {@link #finish()} sorts the dictionary (rewriting field ids in
   *     the value) and sets {@code sorted_strings=1}; if false, keys keep their insertion order and
   *     the flag is set only when that order happens to be sorted
   */
  public VariantEncoder(boolean sortDictionary) {
    this.sortDictionary = sortDictionary;
  }

  /**
   * Creates an encoder whose dictionary starts as {@code existing} with its ids preserved; see
   * {@link #reset(VariantMetadata)}.
   *
   * @param existing metadata whose ids already-encoded values reference
   * @return a seeded encoder
   */
  public static VariantEncoder seeded(VariantMetadata existing) {
    VariantEncoder e = new VariantEncoder(false);
    e.reset(existing);
    return e;
  }

  /**
   * Discards the current variant (keeping allocated buffers) so a new one can be written with an
   * empty dictionary.
   *
   * @return this encoder
   */
  public VariantEncoder reset() {
    clear();
    return this;
  }

  /**
   * Discards the current variant and seeds the dictionary with {@code existing}'s keys and ids.
   * Value bytes that reference {@code existing} can then be appended with {@link
   * #writeRawValue(byte[], int, int)} or {@link #writeVariant(VariantMetadata, byte[], int)}
   * (copied verbatim); new keys get ids after the existing ones. {@link #finish()} returns {@code
   * existing}'s bytes unchanged if no key was added, else metadata with the old ids preserved
   * (never re-sorted; flagged sorted only if the combined keys still are). The seed's keys are
   * only loaded into the hash table when a key lookup needs them.
   *
   * @param existing the metadata to extend
   * @return this encoder
   */
  public VariantEncoder reset(VariantMetadata existing) {
    Objects.requireNonNull(existing, "existing metadata");
    if (existing == seed && seedLoaded && dictSize == existing.size()) {
      // The same metadata again (a reader's rows share it) and the last variant added no key:
      // the loaded keys, their hash table and the ids cached per String key all still hold.
      clearValue();
      return this;
    }
    clear();
    seed = existing;
    return this;
  }

  /** Forgets the value written, keeping the dictionary. */
  private void clearValue() {
    len = 0;
    hasValue = false;
    finished = false;
    depth = 0;
    pendingKey = -1;
    slotTop = 0;
    result = null;
    narrowestIdSize = 4;
  }

  private void clear() {
    clearValue();
    if (dictSize > 0) {
      // A table grown by one wide variant should not make every later reset slow.
      if (table.length > 1024 && dictSize * 8 < table.length) {
        table = new int[64];
      } else {
        Arrays.fill(table, 0);
      }
    }
    newGeneration();
    dictSize = 0;
    dictInOrder = true;
    keyPoolLen = 0;
    seed = null;
    seedLoaded = false;
  }

  // ================================================================ primitives

  /** Writes a null (primitive type id 0). */
  public void writeNull() {
    beforeValue();
    ensure(1);
    buf[len++] = (byte) VariantBinary.H_NULL;
  }

  /**
   * Writes a boolean (primitive type id 1 for true, 2 for false).
   *
   * @param value the value
   */
  public void writeBoolean(boolean value) {
    beforeValue();
    ensure(1);
    buf[len++] = (byte) (value ? VariantBinary.H_TRUE : VariantBinary.H_FALSE);
  }

  /**
   * Writes an int8 (primitive type id 3).
   *
   * @param value the value
   */
  public void writeInt8(byte value) {
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
  public void writeInt16(short value) {
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
  public void writeInt32(int value) {
    beforeValue();
    primitive4(VariantBinary.H_INT32, value);
  }

  /**
   * Writes an int64 (primitive type id 6).
   *
   * @param value the value
   */
  public void writeInt64(long value) {
    beforeValue();
    primitive8(VariantBinary.H_INT64, value);
  }

  /**
   * Writes an integer using the smallest of int8, int16, int32 and int64 that holds it.
   *
   * @param value the value
   */
  public void writeLong(long value) {
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
  public void writeDouble(double value) {
    beforeValue();
    primitive8(VariantBinary.H_DOUBLE, Double.doubleToRawLongBits(value));
  }

  /**
   * Writes a float (primitive type id 14).
   *
   * @param value the value
   */
  public void writeFloat(float value) {
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
  public void writeDecimal(BigDecimal value) {
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
  public void writeDecimal4(int unscaled, int scale) {
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
  public void writeDecimal8(long unscaled, int scale) {
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
  public void writeDecimal16(BigInteger unscaled, int scale) {
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
  public void writeDecimal16(long hi, long lo, int scale) {
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
  public void writeDate(int daysSinceEpoch) {
    beforeValue();
    primitive4(VariantBinary.H_DATE, daysSinceEpoch);
  }

  /**
   * Writes a UTC-adjusted timestamp in microseconds (primitive type id 12).
   *
   * @param micros microseconds since 1970-01-01T00:00:00Z
   */
  public void writeTimestamp(long micros) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP, micros);
  }

  /**
   * Writes a timestamp without time zone in microseconds (primitive type id 13).
   *
   * @param micros microseconds since 1970-01-01T00:00:00 (local)
   */
  public void writeTimestampNtz(long micros) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NTZ, micros);
  }

  /**
   * Writes a UTC-adjusted timestamp in nanoseconds (primitive type id 18).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00:00Z
   */
  public void writeTimestampNanos(long nanos) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NANOS, nanos);
  }

  /**
   * Writes a timestamp without time zone in nanoseconds (primitive type id 19).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00:00 (local)
   */
  public void writeTimestampNtzNanos(long nanos) {
    beforeValue();
    primitive8(VariantBinary.H_TIMESTAMP_NTZ_NANOS, nanos);
  }

  /**
   * Writes a time of day without time zone in microseconds (primitive type id 17).
   *
   * @param micros microseconds since midnight, in [0, 86,400,000,000)
   * @throws IllegalArgumentException if outside one day
   */
  public void writeTime(long micros) {
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
  public void writeBinary(byte[] b, int off, int n) {
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
  public void writeBinary(byte[] b) {
    writeBinary(b, 0, b.length);
  }

  /**
   * Writes a string: a short string (basic type 1) when its UTF-8 encoding has at most 63 bytes,
   * else a long string (primitive type id 16). Unpaired surrogates become {@code '?'}.
   *
   * @param s the string
   */
  public void writeString(String s) {
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
  public void writeString(char[] chars, int off, int n) {
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
  public void writeString(byte[] utf8, int off, int n) {
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
  public void writeUuid(UUID uuid) {
    writeUuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
  }

  /**
   * Writes a UUID (primitive type id 20) from its two halves.
   *
   * @param msb most significant 64 bits
   * @param lsb least significant 64 bits
   */
  public void writeUuid(long msb, long lsb) {
    beforeValue();
    ensure(17);
    buf[len] = (byte) VariantBinary.H_UUID;
    Bytes.LONG_BE.set(buf, len + 1, msb);
    Bytes.LONG_BE.set(buf, len + 9, lsb);
    len += 17;
  }

  // ================================================================ containers

  /** Starts an object; follow with {@code key(..)}/value pairs and {@link #endObject()}. */
  public void startObject() {
    beforeValue();
    pushFrame(OBJECT_FRAME);
  }

  /** Starts an array; follow with values and {@link #endArray()}. */
  public void startArray() {
    beforeValue();
    pushFrame(ARRAY_FRAME);
  }

  /**
   * Sets the key of the next value inside the innermost open object.
   *
   * @param key the key
   * @throws IllegalStateException if no object is open or the previous key has no value yet
   */
  public void key(String key) {
    checkKeyAllowed(key);
    KeyEntry e = keyCache.get(key);
    if (e == null) {
      e = cacheKey(key);
    }
    if (e.gen != generation) {
      e.id = idFor(e.utf8, 0, e.utf8.length, e.hash);
      e.gen = generation;
    }
    pendingKey = e.id;
  }

  /**
   * Sets the key of the next value from its UTF-8 bytes (not validated).
   *
   * @param utf8 array holding the key
   * @param off start of the key
   * @param n length of the key
   */
  public void key(byte[] utf8, int off, int n) {
    Objects.checkFromIndexSize(off, n, utf8.length);
    checkKeyAllowed(null);
    pendingKey = idFor(utf8, off, n, hash(utf8, off, n));
  }

  private KeyEntry cacheKey(String key) {
    // Unbounded key sets (e.g. map-like data): start over. The bound is well above the key count
    // of wide documents, which would otherwise miss the cache on every key of every row.
    if (keyCache.size() >= 65536) {
      keyCache = new HashMap<>();
    }
    byte[] utf8 = key.getBytes(StandardCharsets.UTF_8); // same bytes as Utf8.encode
    KeyEntry e = new KeyEntry(utf8, hash(utf8, 0, utf8.length));
    keyCache.put(key, e);
    return e;
  }

  /** Invalidates the ids cached in {@link #keyCache} (new variant, or ids renumbered). */
  private void newGeneration() {
    if (++generation == 0) { // wrapped: entries stamped long ago could look current
      for (KeyEntry e : keyCache.values()) {
        e.gen = 0;
      }
      generation = 1;
    }
  }

  private void checkKeyAllowed(String key) {
    if (finished) {
      throw new IllegalStateException("the variant is finished; call reset() before writing another");
    }
    if (depth == 0 || frameKind[depth - 1] != OBJECT_FRAME) {
      throw new IllegalStateException("key(" + (key == null ? "..." : "'" + key + "'") + ") called outside an object"
          + (depth == 0 ? "" : " (the innermost open container is an array)"));
    }
    if (pendingKey >= 0) {
      throw new IllegalStateException("key(" + (key == null ? "..." : "'" + key + "'") + ") called, but the previous key '"
          + keyString(pendingKey) + "' has no value yet");
    }
  }

  /**
   * Ends the innermost object: inserts the object header in front of the already-written field
   * values, with the fields in key order (unsigned UTF-8 bytes). An encoder that sorts its
   * dictionary at {@link #finish()} may leave the fields in insertion order until then, since
   * finish() rewrites every field id anyway; duplicate keys are rejected here in every mode.
   *
   * @throws VariantFormatException if two fields have the same key
   * @throws IllegalStateException if the innermost open container is not an object or a key has
   *     no value
   */
  public void endObject() {
    if (depth == 0 || frameKind[depth - 1] != OBJECT_FRAME) {
      throw new IllegalStateException(depth == 0 ? "endObject() called without a matching startObject()"
          : "endObject() called while an array is open; call endArray() first");
    }
    if (pendingKey >= 0) {
      throw new IllegalStateException("endObject() called, but key '" + keyString(pendingKey) + "' has no value");
    }
    depth--;
    int start = frameStart[depth];
    int base = frameSlotBase[depth];
    int n = slotTop - base;
    int dataSize = len - start;
    arrangeFields(base, n);
    int maxId = 0;
    for (int i = base; i < slotTop; i++) {
      maxId = Math.max(maxId, slotKey[i]);
    }
    int idSize = Bytes.widthFor(maxId);
    narrowestIdSize = Math.min(narrowestIdSize, idSize);
    int offSize = Bytes.widthFor(dataSize);
    boolean large = n > 255;
    long headerSize = 1L + (large ? 4 : 1) + (long) n * idSize + (long) (n + 1) * offSize;
    ensure(headerSize);
    int hdr = (int) headerSize;
    System.arraycopy(buf, start, buf, start + hdr, dataSize);
    int p = start;
    buf[p++] = (byte) (VariantBinary.BASIC_OBJECT | (offSize - 1) << 2 | (idSize - 1) << 4 | (large ? 0x40 : 0));
    p = writeCount(p, n, large);
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotKey[i], idSize);
      p += idSize;
    }
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotPos[i] - start, offSize);
      p += offSize;
    }
    Bytes.writeUnsigned(buf, p, dataSize, offSize);
    len += hdr;
    slotTop = base;
  }

  /**
   * Ends the innermost array, inserting the array header in front of the elements.
   *
   * @throws IllegalStateException if the innermost open container is not an array
   */
  public void endArray() {
    if (depth == 0 || frameKind[depth - 1] != ARRAY_FRAME) {
      throw new IllegalStateException(depth == 0 ? "endArray() called without a matching startArray()"
          : "endArray() called while an object is open; call endObject() first");
    }
    depth--;
    int start = frameStart[depth];
    int base = frameSlotBase[depth];
    int n = slotTop - base;
    int dataSize = len - start;
    int offSize = Bytes.widthFor(dataSize);
    boolean large = n > 255;
    long headerSize = 1L + (large ? 4 : 1) + (long) (n + 1) * offSize;
    ensure(headerSize);
    int hdr = (int) headerSize;
    System.arraycopy(buf, start, buf, start + hdr, dataSize);
    int p = start;
    buf[p++] = (byte) (VariantBinary.BASIC_ARRAY | (offSize - 1) << 2 | (large ? 0x10 : 0));
    p = writeCount(p, n, large);
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotPos[i] - start, offSize);
      p += offSize;
    }
    Bytes.writeUnsigned(buf, p, dataSize, offSize);
    len += hdr;
    slotTop = base;
  }

  private int writeCount(int p, int n, boolean large) {
    if (large) {
      Bytes.INT_LE.set(buf, p, n);
      return p + 4;
    }
    buf[p] = (byte) n;
    return p + 1;
  }

  /**
   * Puts the closing object's fields slotKey/slotPos[base, base+n) in key order, or leaves them
   * for finish() to order, and rejects duplicate keys.
   */
  private void arrangeFields(int base, int n) {
    if (dictInOrder) {
      sortFieldsById(base, n); // ids ascend with their keys: cheap int comparisons
    } else if (sortDictionary && seed == null) {
      // finish() renumbers the keys and then orders each object's fields by the new ids, so a
      // byte-wise sort here would be wasted work.
      rejectDuplicateIds(base, n);
    } else {
      sortFields(base, n); // ids are final and not in key order
    }
  }

  /** Throws if two of the fields [base, base+n) have the same key id (one id per key). */
  private void rejectDuplicateIds(int base, int n) {
    if (seenStamp.length < dictSize) {
      seenStamp = new int[keyStart.length];
      objectStamp = 0;
    }
    if (++objectStamp == 0) { // wrapped: stamps from long ago could look current
      Arrays.fill(seenStamp, 0);
      objectStamp = 1;
    }
    int stamp = objectStamp;
    int[] seen = seenStamp;
    for (int i = base, end = base + n; i < end; i++) {
      int id = slotKey[i];
      if (seen[id] == stamp) {
        throw duplicateKey(id);
      }
      seen[id] = stamp;
    }
  }

  /**
   * Orders the fields [base, base+n) by id, which is key order while {@link #dictInOrder}
   * holds; equal neighbours are duplicate keys.
   */
  private void sortFieldsById(int base, int n) {
    int end = base + n;
    for (int i = base + 1; i < end; i++) {
      if (slotKey[i - 1] >= slotKey[i]) {
        sortSlotsById(base, n);
        for (int j = base + 1; j < end; j++) {
          if (slotKey[j - 1] == slotKey[j]) {
            throw duplicateKey(slotKey[j]);
          }
        }
        return;
      }
    }
  }

  /** Sorts slotKey/slotPos[base, base+n) by slotKey as ints. */
  private void sortSlotsById(int base, int n) {
    int end = base + n;
    if (n <= 16) {
      for (int i = base + 1; i < end; i++) {
        int k = slotKey[i];
        int p = slotPos[i];
        int j = i - 1;
        while (j >= base && slotKey[j] > k) {
          slotKey[j + 1] = slotKey[j];
          slotPos[j + 1] = slotPos[j];
          j--;
        }
        slotKey[j + 1] = k;
        slotPos[j + 1] = p;
      }
      return;
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int i = base; i < end; i++) {
      min = Math.min(min, slotKey[i]);
      max = Math.max(max, slotKey[i]);
    }
    if (max - min < 4 * n && placeSlotsById(base, n, min, max - min + 1)) {
      return;
    }
    long[] f = packedFieldScratch(n);
    for (int i = 0; i < n; i++) { // ids and positions are non-negative: longs sort by id first
      f[i] = (long) slotKey[base + i] << 32 | slotPos[base + i];
    }
    Arrays.sort(f, 0, n);
    for (int i = 0; i < n; i++) {
      slotKey[base + i] = (int) (f[i] >>> 32);
      slotPos[base + i] = (int) f[i];
    }
  }

  /**
   * Counting placement of slots whose ids lie in [min, min + range), for ids dense enough that
   * a scan of the range beats a comparison sort. Returns false, leaving the slots unchanged, if
   * an id repeats (a duplicate key, which the caller reports).
   */
  private boolean placeSlotsById(int base, int n, int min, int range) {
    int[] slot = offsetByIdScratch(range); // all zero between uses
    for (int i = base, end = base + n; i < end; i++) {
      int k = slotKey[i] - min;
      if (slot[k] != 0) {
        for (int j = base; j < i; j++) {
          slot[slotKey[j] - min] = 0;
        }
        return false;
      }
      slot[k] = slotPos[i] + 1;
    }
    int i = base;
    for (int k = 0; k < range; k++) {
      if (slot[k] != 0) {
        slotKey[i] = min + k;
        slotPos[i++] = slot[k] - 1;
        slot[k] = 0;
      }
    }
    return true;
  }

  private int[] offsetByIdScratch(int range) {
    if (offsetById.length < range) {
      offsetById = new int[Math.max(range, offsetById.length * 2)];
    }
    return offsetById;
  }

  private long[] packedFieldScratch(int n) {
    if (packedFields.length < n) {
      packedFields = new long[Math.max(n, packedFields.length * 2)];
    }
    return packedFields;
  }

  /**
   * Orders the fields slotKey/slotPos[base, base+n) by key bytes and rejects duplicates. Copies
   * from sorted sources arrive in order, so an already-sorted check comes first.
   */
  private void sortFields(int base, int n) {
    int end = base + n;
    boolean sorted = true;
    for (int i = base + 1; i < end; i++) {
      int c = compareKeys(slotKey[i - 1], slotKey[i]);
      if (c == 0) {
        throw duplicateKey(slotKey[i]);
      }
      if (c > 0) {
        sorted = false;
        break;
      }
    }
    if (sorted) {
      return;
    }
    sortSlots(base, n);
    for (int i = base + 1; i < end; i++) {
      if (compareKeys(slotKey[i - 1], slotKey[i]) == 0) {
        throw duplicateKey(slotKey[i]);
      }
    }
  }

  /** Sorts slotKey/slotPos[base, base+n) by key: insertion sort when small, else merge sort. */
  private void sortSlots(int base, int n) {
    int end = base + n;
    if (n <= 16) {
      for (int i = base + 1; i < end; i++) {
        int k = slotKey[i];
        int p = slotPos[i];
        int j = i - 1;
        while (j >= base && compareKeys(slotKey[j], k) > 0) {
          slotKey[j + 1] = slotKey[j];
          slotPos[j + 1] = slotPos[j];
          j--;
        }
        slotKey[j + 1] = k;
        slotPos[j + 1] = p;
      }
      return;
    }
    if (sortKey.length < n) {
      sortKey = new int[Math.max(n, sortKey.length * 2)];
      sortPos = new int[sortKey.length];
    }
    mergeSort(base, end);
  }

  /** Bottom-up merge sort of slots [from, to) using sortKey/sortPos as scratch. */
  private void mergeSort(int from, int to) {
    int n = to - from;
    int[] srcK = slotKey;
    int[] srcP = slotPos;
    int[] dstK = sortKey;
    int[] dstP = sortPos;
    int srcOff = from;
    int dstOff = 0;
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          if (compareKeys(srcK[srcOff + i], srcK[srcOff + j]) <= 0) {
            dstK[dstOff + k] = srcK[srcOff + i];
            dstP[dstOff + k++] = srcP[srcOff + i++];
          } else {
            dstK[dstOff + k] = srcK[srcOff + j];
            dstP[dstOff + k++] = srcP[srcOff + j++];
          }
        }
        while (i < mid) {
          dstK[dstOff + k] = srcK[srcOff + i];
          dstP[dstOff + k++] = srcP[srcOff + i++];
        }
        while (j < hi) {
          dstK[dstOff + k] = srcK[srcOff + j];
          dstP[dstOff + k++] = srcP[srcOff + j++];
        }
      }
      int[] t = srcK;
      srcK = dstK;
      dstK = t;
      t = srcP;
      srcP = dstP;
      dstP = t;
      int o = srcOff;
      srcOff = dstOff;
      dstOff = o;
    }
    if (srcK != slotKey) {
      System.arraycopy(srcK, srcOff, slotKey, from, n);
      System.arraycopy(srcP, srcOff, slotPos, from, n);
    }
  }

  /** Unsigned UTF-8 byte order of keys a and b. */
  private int compareKeys(int a, int b) {
    if (a == b) {
      return 0;
    }
    int c = Long.compareUnsigned(keyPrefix[a], keyPrefix[b]);
    if (c != 0) {
      return c;
    }
    int sa = keyStart[a];
    int sb = keyStart[b];
    int la = keyLen[a];
    int lb = keyLen[b];
    int n = Math.min(la, lb);
    for (int i = 8; i < n; i++) { // the prefix covered bytes 0-7
      int d = (keyPool[sa + i] & 0xFF) - (keyPool[sb + i] & 0xFF);
      if (d != 0) {
        return d;
      }
    }
    return la - lb;
  }

  private VariantFormatException duplicateKey(int id) {
    return new VariantFormatException("duplicate object key '" + keyString(id) + "'");
  }

  private String keyString(int id) {
    return new String(keyPool, keyStart[id], keyLen[id], StandardCharsets.UTF_8);
  }

  // ================================================================ copying

  /**
   * Copies the value at {@code srcPos} of another variant, re-mapping its object keys into this
   * encoder's dictionary (recursively). Containers without objects, and every value when {@code
   * srcMeta} is this encoder's seed, are copied verbatim. The source is validated first ({@link
   * VariantBinary#validate(VariantMetadata, byte[], int)}), so invalid bytes are never copied.
   *
   * @param srcMeta the source variant's metadata
   * @param srcValue the source value bytes
   * @param srcPos start of the value to copy
   * @throws VariantFormatException if the source is invalid
   */
  public void writeVariant(VariantMetadata srcMeta, byte[] srcValue, int srcPos) {
    VariantBinary.validate(srcMeta, srcValue, srcPos);
    writeVariantValidated(srcMeta, srcValue, srcPos);
  }

  /** {@link #writeVariant(VariantMetadata, byte[], int)} of a value known to be valid. */
  public void writeVariantValidated(VariantMetadata srcMeta, byte[] srcValue, int srcPos) {
    if (seed != null && (srcMeta == seed || srcMeta.equals(seed))) {
      writeRawValue(srcValue, srcPos, checkedSize(srcValue, srcPos));
      return;
    }
    prepareRemap(srcMeta.size());
    // Counted from the containers already open here: the copy is nested inside them.
    copy(srcMeta, srcValue, srcPos, depth);
  }

  /**
   * Copies a complete variant; see {@link #writeVariant(VariantMetadata, byte[], int)}.
   *
   * @param variant the variant to copy
   */
  public void writeVariant(EncodedVariant variant) {
    writeVariant(VariantValue.of(variant));
  }

  /**
   * Copies a value view; see {@link #writeVariant(VariantMetadata, byte[], int)}.
   *
   * @param value the value to copy
   */
  public void writeVariant(VariantValue value) {
    value.validate();
    writeVariantValidated(value.metadata(), value.valueBytes(), value.pos());
  }

  private void prepareRemap(int n) {
    if (remapStamp.length < n) {
      int cap = Math.max(n, remapStamp.length * 2);
      remapStamp = new int[cap];
      remapId = new int[cap];
      remapGen = 0;
    }
    if (++remapGen == 0) { // wrapped: stale stamps could collide
      Arrays.fill(remapStamp, 0);
      remapGen = 1;
    }
  }

  /** {@code d}: containers around this value (the limit counts containers, not scalars). */
  private void copy(VariantMetadata m, byte[] v, int pos, int d) {
    int basic = VariantBinary.basicType(v, pos);
    if (basic == VariantBinary.BASIC_OBJECT) {
      VariantBinary.checkDepth(d, pos);
      int n = VariantBinary.objectSize(v, pos);
      startObject();
      for (int i = 0; i < n; i++) {
        int srcId = VariantBinary.objectFieldId(v, pos, i);
        if (srcId >= m.size()) {
          throw new VariantFormatException("object at position " + pos + ": field " + i + " has field id " + srcId
              + ", but the metadata dictionary has only " + m.size() + " keys");
        }
        int id;
        if (remapStamp[srcId] == remapGen) {
          id = remapId[srcId];
        } else {
          byte[] mb = m.bytes();
          int ko = m.keyOffset(srcId);
          int kl = m.keyLength(srcId);
          id = idFor(mb, ko, kl, hash(mb, ko, kl));
          remapId[srcId] = id;
          remapStamp[srcId] = remapGen;
        }
        pendingKey = id;
        copy(m, v, VariantBinary.objectFieldValuePos(v, pos, i), d + 1);
      }
      endObject();
    } else if (basic == VariantBinary.BASIC_ARRAY && containsObject(v, pos, d)) {
      int n = VariantBinary.arraySize(v, pos);
      startArray();
      for (int i = 0; i < n; i++) {
        copy(m, v, VariantBinary.arrayElementPos(v, pos, i), d + 1);
      }
      endArray();
    } else {
      appendRaw(v, pos, checkedSize(v, pos));
    }
  }

  private static boolean containsObject(byte[] v, int pos, int d) {
    int basic = VariantBinary.basicType(v, pos);
    if (basic == VariantBinary.BASIC_OBJECT) {
      return true;
    }
    if (basic != VariantBinary.BASIC_ARRAY) {
      return false;
    }
    VariantBinary.checkDepth(d, pos);
    int n = VariantBinary.arraySize(v, pos);
    for (int i = 0; i < n; i++) {
      if (containsObject(v, VariantBinary.arrayElementPos(v, pos, i), d + 1)) {
        return true;
      }
    }
    return false;
  }

  private static int checkedSize(byte[] v, int pos) {
    int n = VariantBinary.valueSize(v, pos);
    if (pos + (long) n > v.length) {
      throw new VariantFormatException("value at position " + pos + " of size " + n
          + " is past the end of the value (length " + v.length + ")");
    }
    return n;
  }

  /**
   * Appends already-encoded value bytes verbatim. Any field ids in them must refer to this
   * encoder's dictionary, which in practice means a seeded encoder and bytes from the seed's
   * variant. The bytes are not validated here: pass only values that passed {@link
   * VariantBinary#validate(VariantMetadata, byte[], int, int)} (an unseeded encoder may walk
   * them again at {@link #finish()}).
   *
   * @param v array holding the encoded value
   * @param off start of the value
   * @param n encoded length of the value
   */
  public void writeRawValue(byte[] v, int off, int n) {
    Objects.checkFromIndexSize(off, n, v.length);
    if (n > 0 && (v[off] & 2) != 0) {
      narrowestIdSize = 1; // objects of unknown id widths inside: let finish() check them all
    }
    appendRaw(v, off, n);
  }

  /** Appends value bytes that hold no object (so no field ids) verbatim. */
  private void appendRaw(byte[] v, int off, int n) {
    beforeValue();
    ensure(n);
    System.arraycopy(v, off, buf, len, n);
    len += n;
  }

  // ================================================================ finishing

  /**
   * Completes the variant and returns its metadata and a copy of its value. Metadata is sorted
   * unless disabled or seeded; in seeded mode without new keys it is the seed's bytes unchanged.
   * The encoder stays finished (further writes throw) until {@link #reset()}.
   *
   * <p>The metadata array may be shared: when the keys arrived in exactly the same order as in
   * the previous variant finished by this encoder (the usual case for rows of one dataset, each
   * written after {@link #reset()}), the previous result's metadata array is returned again, so
   * consecutive results can be recognized as having the same dictionary by an identity check.
   * Callers must therefore never modify the returned metadata array.
   *
   * @return the encoded variant
   * @throws IllegalStateException if no value was written or containers are still open
   */
  public EncodedVariant finish() {
    complete();
    VariantMetadata m = result;
    byte[] meta = m.offset() == 0 && m.length() == m.bytes().length && m != VariantMetadata.EMPTY && m != seed
        ? m.bytes() : m.toByteArray();
    return new EncodedVariant(meta, Arrays.copyOf(buf, len));
  }

  /**
   * Completes the variant like {@link #finish()} and returns a copy of the value bytes only; the
   * matching metadata is available from {@link #metadata()}.
   *
   * @return the value bytes
   */
  public byte[] finishValue() {
    complete();
    return Arrays.copyOf(buf, len);
  }

  /**
   * Completes the variant without copying: afterwards the value is {@code buffer()[0,
   * valueLength())} and the metadata is {@link #metadata()}.
   */
  public void finishInPlace() {
    complete();
  }

  /**
   * The metadata of the completed variant: the seed itself when seeded and no key was added.
   *
   * @return the metadata (its bytes must not be modified)
   * @throws IllegalStateException if the variant is not finished yet
   */
  public VariantMetadata metadata() {
    if (!finished) {
      throw new IllegalStateException("metadata() is available after finish(), finishValue() or finishInPlace()");
    }
    return result;
  }

  /**
   * The internal value buffer; the encoded bytes are {@code [0, valueLength())}. Valid until the
   * next write or reset.
   *
   * @return the buffer
   */
  public byte[] buffer() {
    return buf;
  }

  /**
   * Number of value bytes written so far (the complete value once finished).
   *
   * @return the length
   */
  public int valueLength() {
    return len;
  }

  /**
   * Whether the variant has been completed by one of the finish methods.
   *
   * @return true once finished, until reset
   */
  public boolean isFinished() {
    return finished;
  }

  /**
   * Number of keys in the dictionary so far (including a loaded seed's keys).
   *
   * @return the dictionary size
   */
  public int dictionarySize() {
    return seed != null && !seedLoaded ? seed.size() : dictSize;
  }

  private void complete() {
    if (finished) {
      return;
    }
    if (depth > 0) {
      throw new IllegalStateException("cannot finish: " + depth + " container(s) still open (innermost: "
          + (frameKind[depth - 1] == OBJECT_FRAME ? "object" : "array") + ")");
    }
    if (!hasValue) {
      throw new IllegalStateException("cannot finish: no value was written");
    }
    if (seed != null) {
      result = !seedLoaded || dictSize == seed.size() ? seed : buildMetadata(dictInOrder);
    } else if (dictSize == 0) {
      result = VariantMetadata.EMPTY;
    } else {
      completeDictionary();
    }
    finished = true;
  }

  /**
   * Sorts the dictionary if asked to and sets the result, reusing the previous finish()'s sort
   * order and metadata when the keys arrived exactly as then: rows of one dataset usually
   * repeat the same keys in the same order.
   */
  private void completeDictionary() {
    boolean sort = sortDictionary && !dictInOrder;
    if (sameKeysAsPrevious()) {
      if (sort) {
        applySortOrder();
      }
      result = prevResult;
      return;
    }
    prevDictSize = -1; // invalid until the new key set is complete
    saveKeys();
    if (sort) {
      computeSortOrder();
      applySortOrder();
    }
    result = buildMetadata(dictInOrder);
    prevResult = result;
    prevDictSize = dictSize;
  }

  /** Whether the dictionary, in insertion order, is the one saved by the previous finish(). */
  private boolean sameKeysAsPrevious() {
    int n = dictSize;
    return n == prevDictSize && keyPoolLen == prevKeyPoolLen
        && Arrays.equals(keyLen, 0, n, prevKeyLen, 0, n)
        && Arrays.equals(keyPool, 0, keyPoolLen, prevKeyPool, 0, keyPoolLen);
  }

  /**
   * Copies the dictionary in insertion order. Unseeded keys are appended to the pool one after
   * another, so the pool and the key lengths describe it completely.
   */
  private void saveKeys() {
    int n = dictSize;
    if (prevKeyLen.length < n) {
      prevKeyLen = new int[keyStart.length];
    }
    System.arraycopy(keyLen, 0, prevKeyLen, 0, n);
    if (prevKeyPool.length < keyPoolLen) {
      prevKeyPool = new byte[keyPool.length];
    }
    System.arraycopy(keyPool, 0, prevKeyPool, 0, keyPoolLen);
    prevKeyPoolLen = keyPoolLen;
  }

  /** Sorts the ids by key bytes into order (new id to old) and remap (old id to new). */
  private void computeSortOrder() {
    int n = dictSize;
    if (order.length < n) {
      order = new int[Math.max(n, order.length * 2)];
      remap = new int[order.length];
    }
    // Sort ids by key with the slot sorter: slots are free here (no open containers).
    ensureSlots(n);
    for (int i = 0; i < n; i++) {
      slotKey[i] = i;
    }
    sortSlots(0, n);
    for (int newId = 0; newId < n; newId++) {
      order[newId] = slotKey[newId];
      remap[slotKey[newId]] = newId;
    }
  }

  /**
   * Renumbers the dictionary by order/remap and rewrites every field id in the value, putting
   * each object's fields in new-id order (which is now key order). Ids are rewritten in place
   * when they fit the id width each object was written with; a new id can be wider (an object
   * that only used ids below 256, in a dictionary of more than 256 keys), and then the value is
   * re-encoded once with the new ids.
   */
  private void applySortOrder() {
    int n = dictSize;
    int[] map = remap;
    ensureSlots(n);
    permuteKeys(order, n);
    dictInOrder = true;
    newGeneration(); // cached String ids are stale now
    // narrowestIdSize saves the walk of idsFit when every object's ids are already wide enough.
    if (Bytes.widthFor(n - 1) <= narrowestIdSize || idsFit(0, map, 0)) {
      remapInPlace(0, map, 0);
    } else {
      rebuildTable();
      byte[] old = Arrays.copyOf(buf, len);
      len = 0;
      hasValue = false;
      copyRemapped(old, 0, map, 0);
    }
  }

  /** Reorders the per-key arrays so that new id i describes old id order[i]. */
  private void permuteKeys(int[] order, int n) {
    int[] tmp = slotPos; // free scratch of at least n entries (ensureSlots)
    for (int[] a : new int[][] {keyStart, keyLen, keyHash}) {
      for (int i = 0; i < n; i++) {
        tmp[i] = a[order[i]];
      }
      System.arraycopy(tmp, 0, a, 0, n);
    }
    long[] prefixes = packedFieldScratch(n); // free here: no object is being ordered
    for (int i = 0; i < n; i++) {
      prefixes[i] = keyPrefix[order[i]];
    }
    System.arraycopy(prefixes, 0, keyPrefix, 0, n);
  }

  /** Whether every field id, translated through map, fits its object's field_id_size. */
  private boolean idsFit(int pos, int[] map, int d) {
    int h = buf[pos] & 0xFF;
    int basic = h & 3;
    if (basic != VariantBinary.BASIC_OBJECT && basic != VariantBinary.BASIC_ARRAY) {
      return true;
    }
    VariantBinary.checkDepth(d, pos);
    boolean object = basic == VariantBinary.BASIC_OBJECT;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = object ? ((h >> 4) & 3) + 1 : 0;
    int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
    int n = Bytes.readUnsigned(buf, pos + 1, countSize);
    int ids = pos + 1 + countSize;
    int offsets = ids + n * idSize;
    int data = offsets + (n + 1) * offSize;
    long limit = idSize == 4 ? Integer.MAX_VALUE : (1L << (8 * idSize)) - 1;
    for (int i = 0; i < n; i++) {
      if (object && map[Bytes.readUnsigned(buf, ids + i * idSize, idSize)] > limit) {
        return false;
      }
      if (!idsFit(data + Bytes.readUnsigned(buf, offsets + i * offSize, offSize), map, d + 1)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Translates every field id of the value at pos through map, in place, and orders each
   * object's fields by the new ids.
   */
  private void remapInPlace(int pos, int[] map, int d) {
    int h = buf[pos] & 0xFF;
    int basic = h & 3;
    if (basic != VariantBinary.BASIC_OBJECT && basic != VariantBinary.BASIC_ARRAY) {
      return;
    }
    VariantBinary.checkDepth(d, pos);
    boolean object = basic == VariantBinary.BASIC_OBJECT;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = object ? ((h >> 4) & 3) + 1 : 0;
    int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
    int n = Bytes.readUnsigned(buf, pos + 1, countSize);
    int ids = pos + 1 + countSize;
    int offsets = ids + n * idSize;
    int data = offsets + (n + 1) * offSize;
    boolean ascending = true;
    int prev = -1;
    for (int i = 0; i < n; i++) {
      if (object) {
        int p = ids + i * idSize;
        int id = map[Bytes.readUnsigned(buf, p, idSize)];
        Bytes.writeUnsigned(buf, p, id, idSize);
        ascending &= id > prev;
        prev = id;
      }
      int child = data + Bytes.readUnsigned(buf, offsets + i * offSize, offSize);
      if ((buf[child] & 2) != 0) { // only objects and arrays (basic types 2, 3) hold ids
        remapInPlace(child, map, d + 1);
      }
    }
    if (!ascending) {
      orderFieldsById(ids, offsets, n, idSize, offSize);
    }
  }

  /**
   * Sorts an encoded object's field ids, with their offsets, ascending. They go through the slot
   * arrays, which are free at finish() (no container is open), so that {@link #sortSlotsById}
   * serves here as at endObject. The ids are distinct (duplicates were rejected at endObject).
   */
  private void orderFieldsById(int ids, int offsets, int n, int idSize, int offSize) {
    ensureSlots(n);
    for (int i = 0; i < n; i++) {
      slotKey[i] = Bytes.readUnsigned(buf, ids + i * idSize, idSize);
      slotPos[i] = Bytes.readUnsigned(buf, offsets + i * offSize, offSize);
    }
    sortSlotsById(0, n);
    for (int i = 0; i < n; i++) {
      Bytes.writeUnsigned(buf, ids + i * idSize, slotKey[i], idSize);
      Bytes.writeUnsigned(buf, offsets + i * offSize, slotPos[i], offSize);
    }
  }

  /** Re-encodes {@code src} into the (emptied) buffer with ids translated through {@code map}. */
  private void copyRemapped(byte[] src, int pos, int[] map, int d) {
    int h = src[pos] & 0xFF;
    int basic = h & 3;
    if (basic == VariantBinary.BASIC_OBJECT || basic == VariantBinary.BASIC_ARRAY) {
      VariantBinary.checkDepth(d, pos);
      // Our own bytes, so the header is read once here rather than per field by VariantBinary.
      boolean object = basic == VariantBinary.BASIC_OBJECT;
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = object ? ((h >> 4) & 3) + 1 : 0;
      int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(src, pos + 1, countSize);
      int ids = pos + 1 + countSize;
      int offsets = ids + n * idSize;
      int data = offsets + (n + 1) * offSize;
      if (object) {
        startObject();
      } else {
        startArray();
      }
      for (int i = 0; i < n; i++) {
        if (object) {
          pendingKey = map[Bytes.readUnsigned(src, ids + i * idSize, idSize)];
        }
        copyRemapped(src, data + Bytes.readUnsigned(src, offsets + i * offSize, offSize), map, d + 1);
      }
      if (object) {
        endObject();
      } else {
        endArray();
      }
    } else {
      appendRaw(src, pos, VariantBinary.valueSize(src, pos));
    }
  }

  /** Writes the dictionary in id order with the smallest offset size. */
  private VariantMetadata buildMetadata(boolean sorted) {
    int n = dictSize;
    int total = 0;
    for (int i = 0; i < n; i++) {
      total += keyLen[i];
    }
    int offSize = Bytes.widthFor(Math.max(n, total));
    long size = 1L + (long) (n + 2) * offSize + total;
    if (size > Integer.MAX_VALUE - 16) {
      throw new VariantFormatException("metadata of " + size + " bytes is too large for a Java array");
    }
    byte[] m = new byte[(int) size];
    m[0] = (byte) (1 | (sorted ? 0x10 : 0) | (offSize - 1) << 6);
    Bytes.writeUnsigned(m, 1, n, offSize);
    int op = 1 + offSize;
    int sp = 1 + (n + 2) * offSize;
    int acc = 0;
    for (int i = 0; i < n; i++) {
      Bytes.writeUnsigned(m, op, acc, offSize);
      op += offSize;
      System.arraycopy(keyPool, keyStart[i], m, sp + acc, keyLen[i]);
      acc += keyLen[i];
    }
    Bytes.writeUnsigned(m, op, acc, offSize);
    return API.newMetadata(m, 0, m.length, n, offSize, sorted);
  }

  // ================================================================ dictionary

  /** Finds or adds the key {@code b[off, off+n)} whose {@link #hash} is h; returns its id. */
  private int idFor(byte[] b, int off, int n, int h) {
    if (seed != null && !seedLoaded) {
      loadSeed();
    }
    int mask = table.length - 1;
    int i = h & mask;
    for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
      int id = e - 1;
      if (keyHash[id] == h && keyLen[id] == n
          && Arrays.equals(keyPool, keyStart[id], keyStart[id] + n, b, off, off + n)) {
        return id;
      }
    }
    int id = appendKey(b, off, n, h);
    table[i] = id + 1;
    if (dictSize * 2 > table.length) {
      rebuildTable();
    }
    return id;
  }

  private int appendKey(byte[] b, int off, int n, int h) {
    if (keyPoolLen + n > keyPool.length) {
      keyPool = Arrays.copyOf(keyPool, Math.max(keyPoolLen + n, keyPool.length * 2));
    }
    System.arraycopy(b, off, keyPool, keyPoolLen, n);
    if (dictSize == keyStart.length) {
      int cap = dictSize * 2;
      keyStart = Arrays.copyOf(keyStart, cap);
      keyLen = Arrays.copyOf(keyLen, cap);
      keyHash = Arrays.copyOf(keyHash, cap);
      keyPrefix = Arrays.copyOf(keyPrefix, cap);
    }
    int id = dictSize++;
    keyStart[id] = keyPoolLen;
    keyLen[id] = n;
    keyHash[id] = h;
    long prefix = 0;
    for (int i = 0; i < 8; i++) {
      prefix = prefix << 8 | (i < n ? b[off + i] & 0xFF : 0);
    }
    keyPrefix[id] = prefix;
    keyPoolLen += n;
    if (dictInOrder && id > 0 && compareKeys(id - 1, id) >= 0) {
      dictInOrder = false;
    }
    return id;
  }

  /** Rebuilds the hash table from keyHash, sized for the dictionary; the first id of a key wins. */
  private void rebuildTable() {
    int cap = 64;
    while (cap < dictSize * 2 + 2) {
      cap <<= 1;
    }
    if (table.length != cap) {
      table = new int[cap];
    } else {
      Arrays.fill(table, 0);
    }
    int mask = cap - 1;
    outer:
    for (int id = 0; id < dictSize; id++) {
      int i = keyHash[id] & mask;
      for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
        int other = e - 1;
        if (keyHash[other] == keyHash[id] && keyLen[other] == keyLen[id]
            && Arrays.equals(keyPool, keyStart[other], keyStart[other] + keyLen[id], keyPool, keyStart[id], keyStart[id] + keyLen[id])) {
          continue outer; // a repeated key in an unsorted seed: keep the first id
        }
      }
      table[i] = id + 1;
    }
  }

  /** Copies the seed's keys into the pool, keeping their ids. */
  private void loadSeed() {
    seedLoaded = true;
    VariantMetadata s = seed;
    byte[] sb = s.bytes();
    for (int id = 0; id < s.size(); id++) {
      int o = s.keyOffset(id);
      int n = s.keyLength(id);
      appendKey(sb, o, n, hash(sb, o, n));
    }
    rebuildTable();
  }

  private static int hash(byte[] b, int off, int n) {
    int h = 0;
    for (int i = off, end = off + n; i < end; i++) {
      h = 31 * h + b[i];
    }
    h *= 0x9E3779B9; // spread low-entropy polynomial hashes across the table's low bits
    return h ^ (h >>> 15);
  }

  // ================================================================ state

  private void beforeValue() {
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

  private void ensureSlots(int n) {
    if (n > slotKey.length) {
      int cap = Math.max(n, slotKey.length * 2);
      slotKey = Arrays.copyOf(slotKey, cap);
      slotPos = Arrays.copyOf(slotPos, cap);
    }
  }

  private void pushFrame(byte kind) {
    if (depth == VariantBinary.MAX_NESTING_DEPTH) {
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

  private void ensure(long extra) {
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
