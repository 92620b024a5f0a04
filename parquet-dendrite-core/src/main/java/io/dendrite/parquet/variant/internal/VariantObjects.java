package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * Objects in encoded values (VariantEncoding.md, "Value encoding", basic type 2): their fields by
 * index, by key and by key id, with the bounds checks of {@link VariantBinary}'s accessors, and
 * new objects made of a subset of another's fields. Fields are in stored order: the spec's
 * unsigned UTF-8 key order, or the order another writer chose (tolerated).
 */
public final class VariantObjects {
  private static final ApiAccess API = ApiAccess.get();
  private static final int OBJECT = 2;

  private VariantObjects() {}

  /**
   * Number of fields of an object ({@code num_elements}).
   *
   * @param v value bytes
   * @param pos start of the object
   * @return the number of fields
   */
  public static int size(byte[] v, int pos) {
    int h = header(v, pos);
    return VariantBinary.count(v, pos, (h & 0x40) != 0 ? 4 : 1);
  }

  /**
   * Dictionary id of the i-th field (in stored order: the spec's unsigned UTF-8 key order, or the
   * order another writer chose).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param i field index, {@code 0 <= i < size}
   * @return the field's key id in the metadata dictionary
   */
  public static int fieldId(byte[] v, int pos, int i) {
    int h = header(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantBinary.count(v, pos, countSize);
    VariantBinary.checkIndex(i, n, "object field", pos);
    long p = pos + 1L + countSize + (long) i * idSize;
    VariantBinary.need(v, p, idSize);
    return VariantBinary.fieldId(v, (int) p, idSize, pos);
  }

  /**
   * Key of the i-th field, looked up in the metadata (decoded strings are cached there).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param i field index
   * @return the key
   */
  public static String fieldKey(VariantMetadata m, byte[] v, int pos, int i) {
    return m.key(fieldId(v, pos, i));
  }

  /**
   * Absolute position of the i-th field's value (fields in stored order).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param i field index
   * @return start of the field's value
   */
  public static int fieldValuePos(byte[] v, int pos, int i) {
    int h = header(v, pos);
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantBinary.count(v, pos, countSize);
    VariantBinary.checkIndex(i, n, "object field", pos);
    long offsets = pos + 1L + countSize + (long) n * idSize;
    return VariantBinary.childPos(v, pos, offsets, n, offSize, i);
  }

  /**
   * Finds a field by key. The spec requires fields sorted by key in unsigned UTF-8 order
   * (section "Object field ID order and uniqueness"), so a binary search comes first; when it
   * misses, the object may still hold the key out of order (DuckDB writes fields in insertion
   * order, older writers sorted in UTF-16 order), so a linear scan decides: in objects of more
   * than 16 fields under a sorted dictionary, over the field ids for the key's id (a key absent
   * from such a dictionary is absent from every object, without a scan), otherwise over the key
   * bytes. A miss costs time linear in the number of fields.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param key the key
   * @return absolute position of the field's value, or -1 if the object has no such field
   */
  public static int findField(VariantMetadata m, byte[] v, int pos, String key) {
    return fieldPos(v, pos, indexOf(m, v, pos, key, null, 0, 0));
  }

  /**
   * Same as {@link #findField(VariantMetadata, byte[], int, String)} with a pre-encoded
   * UTF-8 key, for hot paths that look up the same key in many values.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param keyUtf8 the key's UTF-8 bytes
   * @return absolute position of the field's value, or -1 if absent
   */
  public static int findField(VariantMetadata m, byte[] v, int pos, byte[] keyUtf8) {
    return fieldPos(v, pos, indexOf(m, v, pos, null, keyUtf8, 0, keyUtf8.length));
  }

  /**
   * Same as {@link #findField(VariantMetadata, byte[], int, byte[])} for a key range.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param key array holding the key's UTF-8 bytes
   * @param keyOff start of the key
   * @param keyLen length of the key
   * @return absolute position of the field's value, or -1 if absent
   */
  public static int findField(VariantMetadata m, byte[] v, int pos, byte[] key, int keyOff, int keyLen) {
    return fieldPos(v, pos, indexOf(m, v, pos, null, key, keyOff, keyLen));
  }

  /**
   * Index of the field with the given key, found as by {@link #findField(VariantMetadata, byte[],
   * int, byte[])} (sorted or not), for callers that need the field's index rather than
   * its value's position.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the object
   * @param keyUtf8 the key's UTF-8 bytes
   * @return the field's index in the object, or -1 if absent
   */
  public static int fieldIndex(VariantMetadata m, byte[] v, int pos, byte[] keyUtf8) {
    return indexOf(m, v, pos, null, keyUtf8, 0, keyUtf8.length);
  }

  /**
   * Finds the field whose key has dictionary id {@code id}: a binary search over the field ids
   * (they ascend with the keys when the dictionary is sorted and the object is too), then a
   * linear scan when it misses, so fields of unsorted objects are found as well. A key that an
   * unsorted dictionary holds twice has two ids; callers with such a dictionary search by key
   * ({@link #fieldIndex}).
   *
   * @param v value bytes
   * @param pos start of the object
   * @param id the key's dictionary id
   * @return the field's index in the object (not its position), or -1
   */
  public static int fieldIndexOfId(byte[] v, int pos, int id) {
    int h = header(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantBinary.count(v, pos, countSize);
    int ids = pos + 1 + countSize;
    VariantBinary.need(v, ids, (long) n * idSize);
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int found = VariantBinary.fieldId(v, ids + mid * idSize, idSize, pos);
      if (found < id) {
        lo = mid + 1;
      } else if (found > id) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return scanIds(v, ids, n, idSize, id);
  }

  /**
   * Linear search for a field id, for objects whose fields are not in id order. This is what a
   * miss in a sorted object costs too, so 1- and 2-byte ids (the usual widths) are compared eight
   * bytes at a time.
   */
  private static int scanIds(byte[] v, int ids, int n, int idSize, int id) {
    int i = 0;
    if (idSize <= 2 && id >>> (8 * idSize) == 0) {
      // A lane of x is zero where the id is; the classic "has a zero lane" test flags it (and
      // can flag spurious lanes only above a real match, which the exact loop below rejects).
      long lanes = idSize == 1 ? 0x0101010101010101L : 0x0001000100010001L;
      long high = lanes << (8 * idSize - 1);
      long pattern = lanes * id;
      int perWord = 8 / idSize;
      for (; i + perWord <= n; i += perWord) {
        long x = Bytes.readLong(v, ids + i * idSize) ^ pattern;
        if (((x - lanes) & ~x & high) != 0) {
          break;
        }
      }
    }
    for (; i < n; i++) {
      if (Bytes.readUnsigned(v, ids + i * idSize, idSize) == id) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Index of the field whose key is {@code s}, or else {@code k[kOff, kOff+kLen)}; -1 if none.
   * See {@link #findField(VariantMetadata, byte[], int, String)} for the search order.
   */
  private static int indexOf(VariantMetadata m, byte[] v, int pos, String s, byte[] k, int kOff, int kLen) {
    int h = header(v, pos);
    int idSize = ((h >> 4) & 3) + 1;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantBinary.count(v, pos, countSize);
    int ids = pos + 1 + countSize;
    VariantBinary.need(v, ids, (long) n * idSize);
    byte[] mb = m.bytes();
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = VariantBinary.fieldId(v, ids + mid * idSize, idSize, pos);
      int ko = m.keyOffset(id);
      int kl = m.keyLength(id);
      // Sign: field key compared with the searched key.
      int c = s != null ? -Utf8.compare(s, mb, ko, kl) : Arrays.compareUnsigned(mb, ko, ko + kl, k, kOff, kOff + kLen);
      if (c == 0) {
        return mid;
      }
      if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    // Missed: the key is absent, or the object is not sorted. A large object under a sorted
    // dictionary is scanned by the key's id (none if the key is not in the dictionary); others
    // by key bytes, their lengths compared first.
    if (n > 16) {
      int id = s != null ? API.sortedId(m, s) : API.sortedId(m, k, kOff, kLen);
      if (id >= 0) {
        return scanIds(v, ids, n, idSize, id);
      }
      if (id == -1) {
        return -1;
      }
    }
    int len = s != null ? Utf8.encodedLength(s) : kLen;
    for (int i = 0; i < n; i++) {
      int fid = VariantBinary.fieldId(v, ids + i * idSize, idSize, pos);
      int ko = m.keyOffset(fid);
      if (m.keyLength(fid) == len
          && (s != null ? Utf8.compare(s, mb, ko, len) == 0 : Arrays.equals(mb, ko, ko + len, k, kOff, kOff + len))) {
        return i;
      }
    }
    return -1;
  }

  /** Position of the value of field {@code i} (-1 stays -1). */
  private static int fieldPos(byte[] v, int pos, int i) {
    return i < 0 ? -1 : fieldValuePos(v, pos, i);
  }

  /** The header of the object at pos, checked to be an object's. */
  private static int header(byte[] v, int pos) {
    int h = VariantBinary.header(v, pos);
    if ((h & 3) != VariantBinary.BASIC_OBJECT) {
      throw VariantBinary.wrongType("object", v, pos);
    }
    return h;
  }

  // ---------------------------------------------------------------- subsets

  /**
   * A new object value holding fields {@code keep[0..count)} (indexes in field order, ascending)
   * of the object at {@code v[pos]}, in the same order: sorted if the object's fields are,
   * because a subsequence of a sorted list is sorted (VariantEncoding.md, "Value encoding" for
   * objects). An unsorted object (tolerated on read) gives an unsorted subset. The values keep
   * their relative order in {@code v} (the spec lets values lie in any order), so the subset is
   * the object an encoder gives when it is written with only those fields, in the order they
   * were written: a shredder that writes residual objects straight from JSON makes the same
   * bytes.
   */
  public static byte[] subset(byte[] v, int pos, int[] keep, int count) {
    int maxId = 0;
    long dataSize = 0;
    int[] starts = new int[count];
    for (int k = 0; k < count; k++) {
      int i = keep[k];
      maxId = Math.max(maxId, VariantObjects.fieldId(v, pos, i));
      starts[k] = VariantObjects.fieldValuePos(v, pos, i);
      dataSize += VariantBinary.valueSize(v, starts[k]);
    }
    if (dataSize > Integer.MAX_VALUE - 64) {
      throw new VariantFormatException("object of " + dataSize + " bytes is too large");
    }
    int idSize = Bytes.widthFor(maxId);
    int offsetSize = Bytes.widthFor((int) dataSize);
    boolean large = count > 0xFF;
    int headerSize = 1 + (large ? 4 : 1) + count * idSize + (count + 1) * offsetSize;
    byte[] out = new byte[headerSize + (int) dataSize];
    out[0] = (byte) (OBJECT | ((offsetSize - 1) << 2) | ((idSize - 1) << 4) | (large ? 1 << 6 : 0));
    int p = 1;
    p = writeLE(out, p, count, large ? 4 : 1);
    for (int k = 0; k < count; k++) {
      p = writeLE(out, p, VariantObjects.fieldId(v, pos, keep[k]), idSize);
    }
    int offsetsStart = p;
    int dataStart = offsetsStart + (count + 1) * offsetSize;
    // Fields by where their values lie (insertion sort: objects are small, often in order).
    int[] byStart = new int[count];
    for (int k = 0; k < count; k++) {
      int j = k;
      while (j > 0 && starts[byStart[j - 1]] > starts[k]) {
        byStart[j] = byStart[j - 1];
        j--;
      }
      byStart[j] = k;
    }
    int cursor = 0;
    for (int s = 0; s < count; s++) {
      int k = byStart[s];
      writeLE(out, offsetsStart + k * offsetSize, cursor, offsetSize);
      int size = VariantBinary.valueSize(v, starts[k]);
      System.arraycopy(v, starts[k], out, dataStart + cursor, size);
      cursor += size;
    }
    writeLE(out, offsetsStart + count * offsetSize, cursor, offsetSize);
    return out;
  }

  private static int writeLE(byte[] out, int p, int value, int width) {
    for (int i = 0; i < width; i++) {
      out[p + i] = (byte) (value >>> (8 * i));
    }
    return p + width;
  }
}
