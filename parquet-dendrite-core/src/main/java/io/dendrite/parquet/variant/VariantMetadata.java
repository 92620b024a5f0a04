package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.ApiAccess;
import io.dendrite.parquet.variant.internal.Bytes;
import io.dendrite.parquet.variant.internal.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed, structurally validated view over Variant metadata bytes: the header, the key
 * dictionary's offsets and its UTF-8 strings (VariantEncoding.md, section "Metadata encoding").
 *
 * <p>Parsing checks the structure and does not copy the bytes; {@link #validate()} checks the
 * strings, and readers of untrusted input reach it through {@link
 * VariantValidator#validate(VariantMetadata, byte[], int, int)}:
 *
 * <table>
 *   <caption>Metadata problems and what readers do with them</caption>
 *   <tr><th>Input</th><th>Reader</th></tr>
 *   <tr><td>version other than 1</td><td>rejected by parsing (the spec does not expect readers
 *       to parse a higher version)</td></tr>
 *   <tr><td>header bit 5 (unused by version 1) set</td><td>tolerated (ignored)</td></tr>
 *   <tr><td>offset table or strings reaching past the metadata, first offset not 0, an offset
 *       smaller than the one before</td><td>rejected by parsing</td></tr>
 *   <tr><td>bytes after the last string ({@link #parse(byte[], int, int)} is exact)</td>
 *       <td>rejected by parsing</td></tr>
 *   <tr><td>a key that is not well-formed UTF-8</td><td>rejected by {@link #validate()}</td></tr>
 *   <tr><td>{@code sorted_strings=1} with keys not unique and strictly increasing in unsigned
 *       UTF-8 order</td><td>rejected by {@link #validate()}, except keys strictly increasing in
 *       Java String (UTF-16) order, as parquet-java and Spark wrote them before fixing their
 *       ordering: tolerated</td></tr>
 *   <tr><td>{@code sorted_strings=0} with keys in any order, or a key repeated</td><td>valid (the
 *       spec allows it); lookups find a repeated key under any of its ids</td></tr>
 * </table>
 *
 * <p>Instances are immutable views and safe to share between threads; the lazily decoded key
 * strings and the lookup index are benign caches. The underlying array must not be modified.
 */
public final class VariantMetadata {
  /** The metadata of a variant without object keys: bytes {@code 01 00 00}. */
  public static final VariantMetadata EMPTY = new VariantMetadata(new byte[] {1, 0, 0}, 0, 3, 0, 1, false);

  static {
    // Gives variant.internal the package-private members below (trusted constructor, caches).
    ApiAccess.install(new InternalAccess());
  }

  private final byte[] bytes;
  private final int offset;
  private final int length;
  private final int size;
  private final int offsetSize;
  private final boolean sorted;
  /** Absolute position of the first entry of the offset list. */
  private final int offsetsPos;
  /** Absolute position of the first string byte. */
  private final int stringsPos;

  private String[] keyCache;
  private volatile Map<String, Integer> index;
  private volatile boolean validated;
  /** See {@link #canonicalIds()}; {@link #DISTINCT} once known to hold no repeated key. */
  private volatile int[] canonical;

  private static final int[] DISTINCT = new int[0];

  /** Trusted constructor: callers have checked the layout (parse) or produced it (encoder). */
  VariantMetadata(byte[] bytes, int offset, int length, int size, int offsetSize, boolean sorted) {
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
    this.size = size;
    this.offsetSize = offsetSize;
    this.sorted = sorted;
    this.offsetsPos = offset + 1 + offsetSize;
    this.stringsPos = offsetsPos + (size + 1) * offsetSize;
  }

  /**
   * Parses metadata occupying all of {@code bytes}.
   *
   * @param bytes the metadata binary
   * @return a view over {@code bytes} (not copied)
   * @throws VariantFormatException if the bytes are not valid metadata
   */
  public static VariantMetadata parse(byte[] bytes) {
    return parse(bytes, 0, bytes.length);
  }

  /**
   * Parses metadata occupying exactly {@code bytes[offset, offset+length)}.
   *
   * @param bytes array holding the metadata
   * @param offset start of the metadata
   * @param length length of the metadata; trailing bytes after the last string are an error
   * @return a view over the range (not copied)
   * @throws VariantFormatException if the range is not valid metadata
   */
  public static VariantMetadata parse(byte[] bytes, int offset, int length) {
    return parse(bytes, offset, length, true);
  }

  /**
   * Parses metadata that starts at {@code offset} and may be followed by other data (for example
   * a value stored right after it). The returned view's {@link #length()} is the metadata's own
   * encoded length, so {@code offset + length()} is where the following data starts.
   *
   * @param bytes array holding the metadata
   * @param offset start of the metadata
   * @param maxLength number of bytes available from {@code offset}
   * @return a view over exactly the metadata's bytes
   * @throws VariantFormatException if the bytes are not valid metadata
   */
  public static VariantMetadata parsePrefix(byte[] bytes, int offset, int maxLength) {
    return parse(bytes, offset, maxLength, false);
  }

  private static VariantMetadata parse(byte[] bytes, int offset, int length, boolean exact) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    if (length < 1) {
      throw new VariantFormatException("metadata is empty; expected at least a header byte");
    }
    int header = bytes[offset] & 0xFF;
    int version = header & 0x0F;
    if (version != 1) {
      throw new VariantFormatException("metadata version must be 1, found " + version);
    }
    boolean sorted = (header & 0x10) != 0;
    int offsetSize = ((header >> 6) & 3) + 1;
    if (length < 1 + offsetSize) {
      throw new VariantFormatException("metadata of length " + length
          + " is too short for its " + offsetSize + "-byte dictionary_size");
    }
    long size = Bytes.readUnsigned(bytes, offset + 1, offsetSize) & 0xFFFFFFFFL;
    long stringsStart = 1 + offsetSize + (size + 1) * offsetSize;
    if (stringsStart > length) {
      throw new VariantFormatException("metadata dictionary_size " + size + " needs " + stringsStart
          + " bytes of header and offsets, but the metadata length is " + length);
    }
    int n = (int) size;
    int p = offset + 1 + offsetSize;
    long first = Bytes.readUnsigned(bytes, p, offsetSize) & 0xFFFFFFFFL;
    if (first != 0) {
      throw new VariantFormatException("metadata string offset 0 must be 0, found " + first);
    }
    long prev = 0;
    for (int i = 1; i <= n; i++) {
      p += offsetSize;
      long o = Bytes.readUnsigned(bytes, p, offsetSize) & 0xFFFFFFFFL;
      if (o < prev) {
        throw new VariantFormatException("metadata string offset " + i + " is " + o
            + ", less than offset " + (i - 1) + " (" + prev + ")");
      }
      prev = o;
    }
    long end = stringsStart + prev;
    if (end > length) {
      throw new VariantFormatException("metadata strings end at byte " + end
          + ", past the end of the metadata (length " + length + ")");
    }
    if (exact && end != length) {
      throw new VariantFormatException("metadata has " + (length - end)
          + " trailing bytes after its last dictionary string (expected length " + end + ", found " + length + ")");
    }
    return new VariantMetadata(bytes, offset, (int) end, n, offsetSize, sorted);
  }

  /**
   * Number of strings in the dictionary ({@code dictionary_size}).
   *
   * @return the dictionary size
   */
  public int size() {
    return size;
  }

  /**
   * Whether the header's {@code sorted_strings} bit is set, promising unique keys in unsigned
   * UTF-8 byte order.
   *
   * @return the sorted_strings flag
   */
  public boolean isSorted() {
    return sorted;
  }

  /**
   * Width in bytes (1-4) of the dictionary size and offset entries ({@code offset_size}).
   *
   * @return the offset size
   */
  public int offsetSize() {
    return offsetSize;
  }

  /**
   * Dictionary string {@code id}, decoded from UTF-8 on first use and cached.
   *
   * @param id dictionary index, {@code 0 <= id < size()}
   * @return the key
   * @throws VariantFormatException if id is out of range
   */
  public String key(int id) {
    checkId(id);
    String[] cache = keyCache;
    if (cache == null) {
      cache = new String[size];
      keyCache = cache;
    }
    String k = cache[id];
    if (k == null) {
      k = new String(bytes, keyOffset(id), keyLength(id), StandardCharsets.UTF_8);
      cache[id] = k;
    }
    return k;
  }

  /**
   * Absolute position in {@link #bytes()} of the UTF-8 bytes of dictionary string {@code id}.
   *
   * @param id dictionary index
   * @return the position of the first byte of the key
   * @throws VariantFormatException if id is out of range
   */
  public int keyOffset(int id) {
    checkId(id);
    return stringsPos + Bytes.readUnsigned(bytes, offsetsPos + id * offsetSize, offsetSize);
  }

  /**
   * Length in bytes of the UTF-8 encoding of dictionary string {@code id}.
   *
   * @param id dictionary index
   * @return the key length in bytes
   * @throws VariantFormatException if id is out of range
   */
  public int keyLength(int id) {
    checkId(id);
    int p = offsetsPos + id * offsetSize;
    return Bytes.readUnsigned(bytes, p + offsetSize, offsetSize) - Bytes.readUnsigned(bytes, p, offsetSize);
  }

  /**
   * End (exclusive) in {@link #bytes()} of dictionary string {@code id}, without the range check:
   * for hot loops that already called {@link #keyOffset(int)} with the same id.
   */
  int keyEndUnchecked(int id) {
    return stringsPos + Bytes.readUnsigned(bytes, offsetsPos + (id + 1) * offsetSize, offsetSize);
  }

  /**
   * A copy of the UTF-8 bytes of dictionary string {@code id}; prefer {@link #keyOffset(int)}
   * and {@link #keyLength(int)} on hot paths.
   *
   * @param id dictionary index
   * @return a new array with the key's bytes
   */
  public byte[] keyUtf8(int id) {
    int o = keyOffset(id);
    return Arrays.copyOfRange(bytes, o, o + keyLength(id));
  }

  /**
   * Looks up the id of {@code key}: binary search in unsigned UTF-8 order when the dictionary is
   * sorted, otherwise a hash index built on first use (the first id wins if an unsorted
   * dictionary repeats a key). The index is also consulted when a sorted search misses a key
   * with characters at or above U+E000, whose position differs in dictionaries that older
   * writers sorted in Java String (UTF-16) order.
   *
   * @param key the key to find
   * @return its id, or -1 if the dictionary does not contain it
   */
  public int id(String key) {
    if (sorted) {
      int id = sortedId(key);
      if (id != UNKNOWN_ID) {
        return id;
      }
      // A dictionary sorted in Java String order (older parquet-java/Spark) can hide only keys
      // with characters at or above U+E000 from the UTF-8 binary search: fall through to the index.
    }
    Map<String, Integer> idx = index;
    if (idx == null) {
      idx = new HashMap<>(Math.max(16, size * 2));
      for (int i = 0; i < size; i++) {
        idx.putIfAbsent(key(i), i);
      }
      index = idx;
    }
    Integer id = idx.get(key);
    return id == null ? -1 : id;
  }

  /** Returned by {@link #sortedId} when a binary search cannot tell. */
  static final int UNKNOWN_ID = -2;

  /**
   * The id of {@code key} by a binary search of a sorted dictionary, which holds each key once:
   * the id, -1 if the key is absent, or {@link #UNKNOWN_ID} when the dictionary is not sorted or
   * the key has characters that a dictionary sorted in UTF-16 order (older writers) may place
   * elsewhere.
   */
  int sortedId(String key) {
    if (!sorted) {
      return UNKNOWN_ID;
    }
    int lo = 0;
    int hi = size - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Utf8.compare(key, bytes, keyOffset(mid), keyLength(mid));
      if (c == 0) {
        return mid;
      }
      if (c > 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return Utf8.mayOrderDifferently(key) ? UNKNOWN_ID : -1;
  }

  /** Same as {@link #sortedId(String)} for the UTF-8 key {@code k[off, off+len)}. */
  int sortedId(byte[] k, int off, int len) {
    if (!sorted) {
      return UNKNOWN_ID;
    }
    int lo = 0;
    int hi = size - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int o = keyOffset(mid);
      int c = Arrays.compareUnsigned(bytes, o, o + keyLength(mid), k, off, off + len);
      if (c == 0) {
        return mid;
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return Utf8.mayOrderDifferently(k, off, len) ? UNKNOWN_ID : -1;
  }

  /**
   * The array this view reads from; the metadata occupies {@code [offset(), offset()+length())}.
   * Must not be modified.
   *
   * @return the backing array
   */
  public byte[] bytes() {
    return bytes;
  }

  /**
   * Start of the metadata in {@link #bytes()}.
   *
   * @return the offset
   */
  public int offset() {
    return offset;
  }

  /**
   * Encoded length of the metadata in bytes.
   *
   * @return the length
   */
  public int length() {
    return length;
  }

  /**
   * A copy of exactly this metadata's bytes.
   *
   * @return a new array of {@link #length()} bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(bytes, offset, offset + length);
  }

  /**
   * Checks what parsing leaves out: every key is well-formed UTF-8, and, if {@code sorted_strings}
   * is set, keys are unique and strictly increasing in unsigned byte order (spec: "strings in the
   * dictionary must be unique and sorted"). Dictionaries strictly increasing in Java String order,
   * as parquet-java and Spark sorted them before fixing their ordering, are accepted for
   * compatibility. The result is cached.
   *
   * @return this metadata
   * @throws VariantFormatException naming the first offending key
   */
  public VariantMetadata validate() {
    if (validated) {
      return this;
    }
    int prevOff = 0;
    int prevLen = 0;
    boolean checkOrder = sorted;
    for (int i = 0; i < size; i++) {
      int o = keyOffset(i);
      int l = keyLength(i);
      int bad = Utf8.firstInvalid(bytes, o, l);
      if (bad >= 0) {
        throw new VariantFormatException("metadata key " + i + " is not valid UTF-8 (bad byte 0x"
            + Integer.toHexString(bytes[o + bad] & 0xFF) + " at offset " + bad + " of the key)");
      }
      if (checkOrder && i > 0 && Arrays.compareUnsigned(bytes, prevOff, prevOff + prevLen, bytes, o, o + l) >= 0) {
        if (isUtf16Sorted()) {
          checkOrder = false; // legacy Java String order, accepted for compatibility
          continue;
        }
        throw new VariantFormatException("metadata has sorted_strings=1 but key " + i + " '" + key(i)
            + "' does not sort after key " + (i - 1) + " '" + key(i - 1) + "'");
      }
      prevOff = o;
      prevLen = l;
    }
    validated = true;
    return this;
  }

  /**
   * For each id, the smallest id whose key has the same bytes; null when no key is repeated (so
   * equal keys are equal ids), which validated sorted dictionaries guarantee. Lets checks of
   * objects compare field ids instead of key bytes. Computed once, in time linear in the
   * metadata's size (expected).
   */
  int[] canonicalIds() {
    int[] c = canonical;
    if (c == null) {
      c = sorted && validated ? DISTINCT : repeatedKeys();
      canonical = c;
    }
    return c == DISTINCT ? null : c;
  }

  /** Hashes every key once; returns the canonical ids, or DISTINCT if no key repeats. */
  private int[] repeatedKeys() {
    int cap = Integer.highestOneBit(Math.max(2, size) * 2 - 1) << 1; // a power of two >= 2 * size
    int[] table = new int[cap]; // id + 1, or 0 when free
    int[] canon = null;
    for (int id = 0; id < size; id++) {
      int o = keyOffset(id);
      int l = keyLength(id);
      int h = 0;
      for (int b = o; b < o + l; b++) {
        h = 31 * h + bytes[b];
      }
      int slot = (h ^ (h >>> 16)) & (cap - 1);
      int same = -1;
      while (table[slot] != 0) {
        int other = table[slot] - 1;
        int oo = keyOffset(other);
        if (Arrays.equals(bytes, oo, oo + keyLength(other), bytes, o, o + l)) {
          same = other;
          break;
        }
        slot = (slot + 1) & (cap - 1);
      }
      if (same < 0) {
        table[slot] = id + 1;
      } else {
        if (canon == null) {
          canon = new int[size];
          for (int i = 0; i < size; i++) {
            canon[i] = i;
          }
        }
        canon[id] = same;
      }
    }
    return canon == null ? DISTINCT : canon;
  }

  /** Whether the keys are strictly increasing in Java String (UTF-16 code unit) order. */
  private boolean isUtf16Sorted() {
    for (int i = 1; i < size; i++) {
      if (key(i - 1).compareTo(key(i)) >= 0) {
        return false;
      }
    }
    return true;
  }

  private void checkId(int id) {
    if (id < 0 || id >= size) {
      throw new VariantFormatException("field id " + id + " is out of range for a metadata dictionary of size " + size);
    }
  }

  /** Equal when the encoded bytes are identical. */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof VariantMetadata)) {
      return false;
    }
    VariantMetadata m = (VariantMetadata) o;
    return length == m.length
        && Arrays.equals(bytes, offset, offset + length, m.bytes, m.offset, m.offset + m.length);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = offset; i < offset + length; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  /** Lists the first keys, for debugging. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("VariantMetadata[size=").append(size).append(", sorted=")
        .append(sorted).append(", keys=[");
    int n = Math.min(size, 20);
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(key(i));
    }
    return sb.append(size > n ? ", ...]]" : "]]").toString();
  }
}
