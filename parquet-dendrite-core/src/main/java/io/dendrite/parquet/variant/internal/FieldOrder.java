package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import java.util.Arrays;

/**
 * Puts an object's fields in key order and rejects duplicate keys (VariantEncoding.md, "Object
 * field ID order and uniqueness"), for a {@link VariantEncoder} and its {@link KeyDictionary}.
 * Fields are parallel arrays of key ids and value positions, sorted in place over {@code [base,
 * base+n)}: by id (ints) while ids ascend with their keys, else by the key bytes. The scratch
 * arrays are kept between calls, so ordering allocates only when an object is the widest yet.
 */
final class FieldOrder {
  private final KeyDictionary dict;
  // Merge sort scratch.
  private int[] sortKey = new int[0];
  private int[] sortPos = new int[0];
  /** seenStamp[id] == objectStamp when the closing object already has a field with key id. */
  private int[] seenStamp = new int[0];
  private int objectStamp;
  /** Scratch for ordering fields by id by counting: position + 1 per id, zero between uses. */
  private int[] offsetById = new int[0];
  private long[] packedFields = new long[0];

  FieldOrder(KeyDictionary dict) {
    this.dict = dict;
  }

  /** Throws if two of the fields [base, base+n) have the same key id (one id per key). */
  void rejectDuplicateIds(int[] keys, int base, int n) {
    if (seenStamp.length < dict.size) {
      seenStamp = new int[dict.keyStart.length];
      objectStamp = 0;
    }
    if (++objectStamp == 0) { // wrapped: stamps from long ago could look current
      Arrays.fill(seenStamp, 0);
      objectStamp = 1;
    }
    int stamp = objectStamp;
    int[] seen = seenStamp;
    for (int i = base, end = base + n; i < end; i++) {
      int id = keys[i];
      if (seen[id] == stamp) {
        throw duplicateKey(id);
      }
      seen[id] = stamp;
    }
  }

  /**
   * Orders the fields [base, base+n) by id, which is key order while the dictionary's keys are
   * in order; equal neighbours are duplicate keys.
   */
  void sortById(int[] keys, int[] pos, int base, int n) {
    int end = base + n;
    for (int i = base + 1; i < end; i++) {
      if (keys[i - 1] >= keys[i]) {
        sortSlotsById(keys, pos, base, n);
        for (int j = base + 1; j < end; j++) {
          if (keys[j - 1] == keys[j]) {
            throw duplicateKey(keys[j]);
          }
        }
        return;
      }
    }
  }

  /** Sorts keys/pos[base, base+n) by keys as ints; the ids are distinct or reported after. */
  void sortSlotsById(int[] keys, int[] pos, int base, int n) {
    int end = base + n;
    if (n <= 16) {
      for (int i = base + 1; i < end; i++) {
        int k = keys[i];
        int p = pos[i];
        int j = i - 1;
        while (j >= base && keys[j] > k) {
          keys[j + 1] = keys[j];
          pos[j + 1] = pos[j];
          j--;
        }
        keys[j + 1] = k;
        pos[j + 1] = p;
      }
      return;
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int i = base; i < end; i++) {
      min = Math.min(min, keys[i]);
      max = Math.max(max, keys[i]);
    }
    if (max - min < 4 * n && placeSlotsById(keys, pos, base, n, min, max - min + 1)) {
      return;
    }
    long[] f = packedFieldScratch(n);
    for (int i = 0; i < n; i++) { // ids and positions are non-negative: longs sort by id first
      f[i] = (long) keys[base + i] << 32 | pos[base + i];
    }
    Arrays.sort(f, 0, n);
    for (int i = 0; i < n; i++) {
      keys[base + i] = (int) (f[i] >>> 32);
      pos[base + i] = (int) f[i];
    }
  }

  /**
   * Counting placement of slots whose ids lie in [min, min + range), for ids dense enough that
   * a scan of the range beats a comparison sort. Returns false, leaving the slots unchanged, if
   * an id repeats (a duplicate key, which the caller reports).
   */
  private boolean placeSlotsById(int[] keys, int[] pos, int base, int n, int min, int range) {
    int[] slot = offsetByIdScratch(range); // all zero between uses
    for (int i = base, end = base + n; i < end; i++) {
      int k = keys[i] - min;
      if (slot[k] != 0) {
        for (int j = base; j < i; j++) {
          slot[keys[j] - min] = 0;
        }
        return false;
      }
      slot[k] = pos[i] + 1;
    }
    int i = base;
    for (int k = 0; k < range; k++) {
      if (slot[k] != 0) {
        keys[i] = min + k;
        pos[i++] = slot[k] - 1;
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
   * Orders the fields keys/pos[base, base+n) by key bytes and rejects duplicates. Copies from
   * sorted sources arrive in order, so an already-sorted check comes first.
   */
  void sortFields(int[] keys, int[] pos, int base, int n) {
    int end = base + n;
    boolean sorted = true;
    for (int i = base + 1; i < end; i++) {
      int c = dict.compare(keys[i - 1], keys[i]);
      if (c == 0) {
        throw duplicateKey(keys[i]);
      }
      if (c > 0) {
        sorted = false;
        break;
      }
    }
    if (sorted) {
      return;
    }
    sortByKey(keys, pos, base, n);
    for (int i = base + 1; i < end; i++) {
      if (dict.compare(keys[i - 1], keys[i]) == 0) {
        throw duplicateKey(keys[i]);
      }
    }
  }

  /** Sorts keys/pos[base, base+n) by key: insertion sort when small, else merge sort. */
  void sortByKey(int[] keys, int[] pos, int base, int n) {
    int end = base + n;
    if (n <= 16) {
      for (int i = base + 1; i < end; i++) {
        int k = keys[i];
        int p = pos[i];
        int j = i - 1;
        while (j >= base && dict.compare(keys[j], k) > 0) {
          keys[j + 1] = keys[j];
          pos[j + 1] = pos[j];
          j--;
        }
        keys[j + 1] = k;
        pos[j + 1] = p;
      }
      return;
    }
    if (sortKey.length < n) {
      sortKey = new int[Math.max(n, sortKey.length * 2)];
      sortPos = new int[sortKey.length];
    }
    mergeSort(keys, pos, base, end);
  }

  /** Bottom-up merge sort of slots [from, to) using sortKey/sortPos as scratch. */
  private void mergeSort(int[] keys, int[] pos, int from, int to) {
    int n = to - from;
    int[] srcK = keys;
    int[] srcP = pos;
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
          if (dict.compare(srcK[srcOff + i], srcK[srcOff + j]) <= 0) {
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
    if (srcK != keys) {
      System.arraycopy(srcK, srcOff, keys, from, n);
      System.arraycopy(srcP, srcOff, pos, from, n);
    }
  }

  VariantFormatException duplicateKey(int id) {
    return new VariantFormatException("duplicate object key '" + dict.key(id) + "'");
  }
}
