package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The dictionary of one chunk of numbers, built when it is encoded: an id per value (in order
 * of first appearance) and the buffer index of each distinct value's first occurrence, from
 * which the dictionary page is PLAIN-encoded. Building gives up, returning false, once the
 * dictionary's PLAIN size passes the limit: the chunk is then written PLAIN. (Byte arrays keep
 * theirs as they are added: {@link ByteArrayDictionary}.)
 */
final class ValueDictionary {
  /** Buffer index of each distinct value's first occurrence, by id. */
  int[] firstIndex = new int[64];
  int size;
  /** The id of each value of the buffer. */
  int[] ids = new int[64];
  /** Bytes of the dictionary PLAIN-encoded. */
  long plainBytes;

  /** Open addressing: slot holds id + 1, 0 when empty. */
  private int[] slots = new int[128];

  /** Int32 and floating point values as longs of their bits ({@link #numericKeys}). */
  private long[] keys = new long[64];

  /**
   * Builds the dictionary of {@code leaf}'s numbers; false (and the dictionary unusable) when
   * its PLAIN size would exceed {@code maxBytes}. Numbers are looked up as their bits in one
   * loop for every numeric type: a loop switching on the type per value was compiled for the
   * types seen first and compiled again as other columns came.
   */
  boolean build(LeafBuffer leaf, long maxBytes) {
    size = 0;
    plainBytes = 0;
    Arrays.fill(slots, 0);
    int n = leaf.values;
    if (ids.length < n) {
      ids = new int[Math.max(n, ids.length * 2)];
    }
    return buildNumbers(numericKeys(leaf), n, leaf.plainWidth, maxBytes);
  }

  /**
   * The leaf's numbers as longs with the same bits: floating point values by their raw bits,
   * so distinct NaN payloads and -0.0 stay distinct.
   */
  private long[] numericKeys(LeafBuffer leaf) {
    if (leaf.type == PrimitiveTypeName.INT64) {
      return leaf.longs; // already the keys
    }
    int n = leaf.values;
    if (keys.length < n) {
      keys = new long[Math.max(n, keys.length * 2)];
    }
    long[] k = keys;
    switch (leaf.type) {
      case INT32: {
        int[] v = leaf.ints;
        for (int i = 0; i < n; i++) {
          k[i] = v[i];
        }
        break;
      }
      case FLOAT: {
        float[] v = leaf.floats;
        for (int i = 0; i < n; i++) {
          k[i] = Float.floatToRawIntBits(v[i]);
        }
        break;
      }
      case DOUBLE: {
        double[] v = leaf.doubles;
        for (int i = 0; i < n; i++) {
          k[i] = Double.doubleToRawLongBits(v[i]);
        }
        break;
      }
      default:
        throw new IllegalArgumentException("not a numeric column: " + leaf.type);
    }
    return k;
  }

  private boolean buildNumbers(long[] k, int n, int width, long maxBytes) {
    for (int i = 0; i < n; i++) {
      long key = k[i];
      if (i > 0 && key == k[i - 1]) {
        ids[i] = ids[i - 1]; // a run: no lookup
        continue;
      }
      int mask = slots.length - 1;
      int s = ByteArrayDictionary.mix(Long.hashCode(key)) & mask;
      int id;
      while (true) {
        int slot = slots[s];
        if (slot == 0) {
          plainBytes += width;
          if (plainBytes > maxBytes) {
            return false;
          }
          id = add(i, s);
          if (size * 2 > slots.length) {
            rehashNumbers(k);
          }
          break;
        }
        if (k[firstIndex[slot - 1]] == key) {
          id = slot - 1;
          break;
        }
        s = (s + 1) & mask;
      }
      ids[i] = id;
    }
    return true;
  }

  /** A new id for the value at buffer index {@code i}, in empty slot {@code s}. */
  private int add(int i, int s) {
    int id = size;
    if (size == firstIndex.length) {
      firstIndex = Arrays.copyOf(firstIndex, size * 2);
    }
    firstIndex[size++] = i;
    slots[s] = id + 1;
    return id;
  }

  private void rehashNumbers(long[] k) {
    slots = new int[slots.length * 2];
    int mask = slots.length - 1;
    for (int id = 0; id < size; id++) {
      place(id, ByteArrayDictionary.mix(Long.hashCode(k[firstIndex[id]])) & mask, mask);
    }
  }

  private void place(int id, int s, int mask) {
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = id + 1;
  }
}
