package io.dendrite.parquet.write.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The dictionary of one column chunk: an id per value (in order of first appearance) and the
 * buffer index of each distinct value's first occurrence, from which the dictionary page is
 * PLAIN-encoded. Building gives up, returning false, once the dictionary's PLAIN size passes
 * the limit: the chunk is then written PLAIN.
 */
final class ValueDictionary {
  /** Byte-array values hashed eight bytes at a time. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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
   * Builds the dictionary of {@code leaf}'s values; false (and the dictionary unusable) when
   * its PLAIN size would exceed {@code maxBytes}. Numbers are looked up as their bits in one
   * loop for every numeric type, byte arrays in another: a loop switching on the type per value
   * was compiled for the types seen first and compiled again as other columns came.
   */
  boolean build(LeafBuffer leaf, long maxBytes) {
    size = 0;
    plainBytes = 0;
    Arrays.fill(slots, 0);
    int n = leaf.values;
    if (ids.length < n) {
      ids = new int[Math.max(n, ids.length * 2)];
    }
    return leaf.plainWidth > 0 && leaf.fixedLength == 0
        ? buildNumbers(numericKeys(leaf), n, leaf.plainWidth, maxBytes)
        : buildByteArrays(leaf, n, maxBytes);
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
      int s = mix(Long.hashCode(key)) & mask;
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

  private boolean buildByteArrays(LeafBuffer leaf, int n, long maxBytes) {
    int width = leaf.fixedLength;
    for (int i = 0; i < n; i++) {
      if (i > 0 && same(leaf, i - 1, i)) {
        // A run (a VARIANT column's metadata is one value row after row): no hash or lookup.
        ids[i] = ids[i - 1];
        continue;
      }
      int mask = slots.length - 1;
      int s = mix(hash(leaf, i)) & mask;
      int id;
      while (true) {
        int slot = slots[s];
        if (slot == 0) {
          plainBytes += width > 0 ? width : 4L + leaf.valueEnds[i] - leaf.valueStart(i);
          if (plainBytes > maxBytes) {
            return false;
          }
          id = add(i, s);
          if (size * 2 > slots.length) {
            rehashByteArrays(leaf);
          }
          break;
        }
        if (same(leaf, firstIndex[slot - 1], i)) {
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
      place(id, mix(Long.hashCode(k[firstIndex[id]])) & mask, mask);
    }
  }

  private void rehashByteArrays(LeafBuffer leaf) {
    slots = new int[slots.length * 2];
    int mask = slots.length - 1;
    for (int id = 0; id < size; id++) {
      place(id, mix(hash(leaf, firstIndex[id])) & mask, mask);
    }
  }

  private void place(int id, int s, int mask) {
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = id + 1;
  }

  private static int mix(int h) {
    h *= 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /**
   * A byte array's hash, eight bytes per multiply: a byte at a time, hashing long strings took
   * most of the build. Only the table's slots depend on the hash, never the ids or the output.
   */
  private static int hash(LeafBuffer leaf, int i) {
    byte[] b = leaf.bytes;
    int k = leaf.valueStart(i);
    int end = leaf.valueEnds[i];
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

  private static boolean same(LeafBuffer leaf, int a, int b) {
    return Arrays.equals(leaf.bytes, leaf.valueStart(a), leaf.valueEnds[a],
        leaf.bytes, leaf.valueStart(b), leaf.valueEnds[b]);
  }
}
