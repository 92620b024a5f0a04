package io.dendrite.parquet.write.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The dictionary of a byte-array chunk: an id per value, in order of first appearance, and each
 * distinct value's bytes once ({@link #distinct}). A leaf keeps it as its values are added
 * while it is small ({@link LeafBuffer}): each value is looked up while its bytes are at hand
 * and only its id is stored, so a row group of low-cardinality strings holds 4 bytes per value
 * instead of the strings and is not hashed again when encoded. Otherwise the encoding thread
 * builds it from the raw values, a column at a time. Either way the same ids. {@link #add}
 * refuses a new value that would take the dictionary's PLAIN size past a limit.
 */
final class ByteArrayDictionary {
  /** Byte arrays hashed eight bytes at a time. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** The short key of a value longer than 7 bytes: no short key has all top bits set. */
  private static final long LONG_VALUE = -1L;

  /** The distinct values in id order: value {@code k} of this buffer is id {@code k}'s. */
  final LeafBuffer distinct;
  /** The id of each value of the leaf. */
  int[] ids = new int[64];
  /** The leaf's values' bytes, length prefixes not counted (what raw bytes would hold). */
  long valueBytes;
  /** The dictionary page's PLAIN size. */
  long plainBytes;
  /** Per id, the leaf value where it first appeared: what a taken-back row drops. */
  private int[] firstValue = new int[64];
  /**
   * Per id, its value packed in a long when it is at most 7 bytes ({@link #shortKey}), else
   * {@link #LONG_VALUE}: short values (the common case of low-cardinality strings) are matched
   * by one compare instead of a call comparing arrays, which took most of a lookup.
   */
  private long[] shortKeys = new long[64];
  /** Open addressing: slot holds id + 1, 0 when empty. */
  private int[] slots = new int[128];
  /**
   * Strings added lately and their ids ({@link #idOf}), placed by the String's hash (which the
   * String caches) in one of two neighbouring slots: a string value seen before costs no UTF-8
   * encoding, and no hashing or comparing of its bytes. A collision only misses. Null until a
   * string is remembered.
   */
  private String[] strings;
  private int[] stringIds;

  /** A dictionary of {@code column}'s values (a byte-array type). */
  ByteArrayDictionary(ColumnDescriptor column) {
    this(column.getPath(), column.getPrimitiveType());
  }

  /** A dictionary of values of {@code type} (BINARY, or FIXED_LEN_BYTE_ARRAY of a length). */
  ByteArrayDictionary(PrimitiveType type) {
    this(new String[] {"dictionary"}, type);
  }

  private ByteArrayDictionary(String[] path, PrimitiveType type) {
    // The distinct values have no levels: one entry per value.
    this.distinct = new LeafBuffer(new ColumnDescriptor(path, type, 0, 0));
  }

  /** The number of distinct values. */
  int size() {
    return distinct.values;
  }

  /** Empties the dictionary for the next row group, keeping its arrays. */
  void clear() {
    distinct.clear();
    valueBytes = 0;
    plainBytes = 0;
    Arrays.fill(slots, 0);
    forgetStrings();
  }

  /** The id of string {@code s} when it was {@link #remember remembered} lately, else -1. */
  int idOf(String s) {
    if (strings == null) {
      return -1;
    }
    int slot = mix(s.hashCode()) & (strings.length - 1);
    String known = strings[slot];
    if (known != null && known.equals(s)) {
      return stringIds[slot];
    }
    known = strings[slot ^ 1];
    return known != null && known.equals(s) ? stringIds[slot ^ 1] : -1;
  }

  /** Remembers that string {@code s} (its UTF-8 bytes) has id {@code id}. */
  void remember(String s, int id) {
    if (strings == null || distinct.values * 2 > strings.length) {
      int size = Math.max(64, Integer.highestOneBit(Math.max(1, distinct.values)) * 4);
      strings = new String[size]; // the strings forgotten come back as they are met again
      stringIds = new int[size];
    }
    // Two places per hash (the slot and its neighbour): two strings of a few dozen whose hashes
    // met in one slot took turns evicting each other, a miss every time either came.
    int slot = mix(s.hashCode()) & (strings.length - 1);
    if (strings[slot] != null && strings[slot ^ 1] == null) {
      slot ^= 1;
    }
    strings[slot] = s;
    stringIds[slot] = id;
  }

  /** Gives the leaf's value {@code index} (the next) id {@code id}, from {@link #idOf}. */
  void addId(int index, int id) {
    if (index == ids.length) {
      ids = Arrays.copyOf(ids, index * 2);
    }
    ids[index] = id;
    valueBytes += length(id);
  }

  private void forgetStrings() {
    if (strings != null) {
      Arrays.fill(strings, null);
    }
  }

  /**
   * Gives the leaf's value {@code index} (the next) the id of bytes {@code [off, off + len)} of
   * {@code b}, a new id when they are new. False, with nothing changed, when a new value would
   * take the PLAIN size past {@code limit}.
   */
  boolean add(int index, byte[] b, int off, int len, long limit) {
    int id;
    long key = shortKey(b, off, len);
    if (index > 0 && same(ids[index - 1], key, b, off, len)) {
      // A run (a VARIANT column's metadata is one value row after row): no hash or lookup.
      id = ids[index - 1];
    } else {
      int mask = slots.length - 1;
      int s = mix(slotHash(key, b, off, off + len)) & mask;
      while (true) {
        int slot = slots[s];
        if (slot == 0) {
          long bytes = plainBytes + (distinct.fixedLength > 0 ? distinct.fixedLength : 4L + len);
          if (bytes > limit) {
            return false;
          }
          plainBytes = bytes;
          id = distinct.values;
          distinct.addBytes(0, b, off, len);
          if (id == firstValue.length) {
            firstValue = Arrays.copyOf(firstValue, id * 2);
          }
          firstValue[id] = index;
          if (id == shortKeys.length) {
            shortKeys = Arrays.copyOf(shortKeys, id * 2);
          }
          shortKeys[id] = key;
          slots[s] = id + 1;
          if (distinct.values * 2 > slots.length) {
            rehash();
          }
          break;
        }
        if (same(slot - 1, key, b, off, len)) {
          id = slot - 1;
          break;
        }
        s = (s + 1) & mask;
      }
    }
    if (index == ids.length) {
      ids = Arrays.copyOf(ids, index * 2);
    }
    ids[index] = id;
    valueBytes += len;
    return true;
  }

  /**
   * Takes back the leaf's values from {@code valueCount} up to {@code values}, and the ids that
   * first appeared among them: the dictionary is as if those values were never added.
   */
  void truncate(int values, int valueCount) {
    for (int i = valueCount; i < values; i++) {
      valueBytes -= length(ids[i]);
    }
    int size = distinct.values;
    int keep = size;
    while (keep > 0 && firstValue[keep - 1] >= valueCount) {
      keep--;
    }
    // Ids are removed last-added first: an earlier id's probe never passed a later one's slot,
    // so emptying the later slots breaks no other lookup.
    int mask = slots.length - 1;
    for (int id = size - 1; id >= keep; id--) {
      int start = distinct.valueStart(id);
      int end = distinct.valueEnds[id];
      int s = mix(slotHash(shortKeys[id], distinct.bytes, start, end)) & mask;
      while (slots[s] != id + 1) {
        s = (s + 1) & mask;
      }
      slots[s] = 0;
      plainBytes -= distinct.fixedLength > 0 ? distinct.fixedLength : 4L + end - start;
    }
    distinct.truncate(keep, keep);
    if (keep < size) {
      forgetStrings(); // some may name the ids taken back
    }
  }

  /** Appends the bytes of the leaf's value {@code i} to {@code leaf}'s raw bytes. */
  void appendValueTo(int i, LeafBuffer leaf) {
    int id = ids[i];
    int start = distinct.valueStart(id);
    leaf.appendBytes(distinct.bytes, start, distinct.valueEnds[id] - start);
  }

  /** The bytes of values {@code [from, to)} of the leaf, length prefixes not counted. */
  long bytesOf(int from, int to) {
    long n = 0;
    for (int i = from; i < to; i++) {
      n += length(ids[i]);
    }
    return n;
  }

  private int length(int id) {
    return distinct.valueEnds[id] - distinct.valueStart(id);
  }

  /** Whether id {@code id}'s value is bytes {@code [off, off + len)}, of short key {@code key}. */
  private boolean same(int id, long key, byte[] b, int off, int len) {
    return key != LONG_VALUE ? shortKeys[id] == key : equals(id, b, off, len);
  }

  /**
   * Bytes {@code [off, off + len)} packed in a long, the length in the top byte, when they are
   * at most 7 (so two short values have the same key exactly when they are equal), else
   * {@link #LONG_VALUE}.
   */
  static long shortKey(byte[] b, int off, int len) {
    if (len > 7) {
      return LONG_VALUE;
    }
    long key = (long) len << 56;
    for (int i = 0; i < len; i++) {
      key |= (b[off + i] & 0xFFL) << (8 * i);
    }
    return key;
  }

  /**
   * The slot hash of a value: of its short {@code key}, or of its bytes {@code [start, end)}
   * when it has none (longer than 7 bytes).
   */
  private static int slotHash(long key, byte[] b, int start, int end) {
    return key != LONG_VALUE ? hash(key) : hash(b, start, end);
  }

  /** A short key's hash: the high half of a multiply, which depends on every bit. */
  private static int hash(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32);
  }

  private boolean equals(int id, byte[] b, int off, int len) {
    int start = distinct.valueStart(id);
    int end = distinct.valueEnds[id];
    return end - start == len && Arrays.equals(distinct.bytes, start, end, b, off, off + len);
  }

  private void rehash() {
    slots = new int[slots.length * 2];
    int mask = slots.length - 1;
    for (int id = 0; id < distinct.values; id++) {
      int start = distinct.valueStart(id);
      int s = mix(slotHash(shortKeys[id], distinct.bytes, start, distinct.valueEnds[id]))
          & mask;
      while (slots[s] != 0) {
        s = (s + 1) & mask;
      }
      slots[s] = id + 1;
    }
  }

  static int mix(int h) {
    h *= 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /**
   * Bytes {@code [k, end)} of {@code b} hashed eight bytes per multiply: a byte at a time,
   * hashing long strings took most of the lookups. Only the table's slots depend on the hash,
   * never the ids or the output.
   */
  private static int hash(byte[] b, int k, int end) {
    long h = end - k;
    for (; k <= end - 8; k += 8) {
      h = (h ^ (long) LONGS.get(b, k)) * 0x9E3779B97F4A7C15L;
    }
    for (; k < end; k++) {
      h = (h ^ b[k]) * 0x100000001B3L;
    }
    // A multiply carries each bit only upwards: the product's high half depends on every bit,
    // so values differing in one high byte do not share the table's low slot bits.
    h ^= h >>> 32;
    return (int) ((h * 0x9E3779B97F4A7C15L) >>> 32);
  }
}
