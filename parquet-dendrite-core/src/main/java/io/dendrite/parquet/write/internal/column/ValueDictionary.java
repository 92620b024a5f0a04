package io.dendrite.parquet.write.internal.column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

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

  /**
   * Builds the dictionary of {@code leaf}'s values; false (and the dictionary unusable) when
   * its PLAIN size would exceed {@code maxBytes}.
   */
  boolean build(LeafBuffer leaf, long maxBytes) {
    size = 0;
    plainBytes = 0;
    Arrays.fill(slots, 0);
    int n = leaf.values;
    if (ids.length < n) {
      ids = new int[Math.max(n, ids.length * 2)];
    }
    int width = leaf.plainWidth;
    for (int i = 0; i < n; i++) {
      int h = mix(hash(leaf, i));
      int mask = slots.length - 1;
      int s = h & mask;
      int id;
      while (true) {
        int slot = slots[s];
        if (slot == 0) {
          id = size;
          long bytes = width > 0 ? width : 4L + leaf.valueEnds[i] - leaf.valueStart(i);
          plainBytes += bytes;
          if (plainBytes > maxBytes) {
            return false;
          }
          if (size == firstIndex.length) {
            firstIndex = Arrays.copyOf(firstIndex, size * 2);
          }
          firstIndex[size++] = i;
          slots[s] = id + 1;
          if (size * 2 > slots.length) {
            rehash(leaf);
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

  private void rehash(LeafBuffer leaf) {
    slots = new int[slots.length * 2];
    int mask = slots.length - 1;
    for (int id = 0; id < size; id++) {
      int s = mix(hash(leaf, firstIndex[id])) & mask;
      while (slots[s] != 0) {
        s = (s + 1) & mask;
      }
      slots[s] = id + 1;
    }
  }

  private static int mix(int h) {
    h *= 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /** Floating point values by their bits: distinct NaN payloads and -0.0 stay distinct. */
  private static int hash(LeafBuffer leaf, int i) {
    switch (leaf.type) {
      case INT32:
        return leaf.ints[i];
      case INT64:
        return Long.hashCode(leaf.longs[i]);
      case FLOAT:
        return Float.floatToRawIntBits(leaf.floats[i]);
      case DOUBLE:
        return Long.hashCode(Double.doubleToRawLongBits(leaf.doubles[i]));
      default: {
        // Eight bytes per multiply: a byte at a time, hashing long strings took most of the
        // build. Only the table's slots depend on the hash, never the ids or the output.
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
        // A multiply carries each bit only upwards: the product's high half depends on every
        // bit, so values differing in one high byte do not share the table's low slot bits.
        h ^= h >>> 32;
        return (int) ((h * 0x9E3779B97F4A7C15L) >>> 32);
      }
    }
  }

  private static boolean same(LeafBuffer leaf, int a, int b) {
    switch (leaf.type) {
      case INT32:
        return leaf.ints[a] == leaf.ints[b];
      case INT64:
        return leaf.longs[a] == leaf.longs[b];
      case FLOAT:
        return Float.floatToRawIntBits(leaf.floats[a])
            == Float.floatToRawIntBits(leaf.floats[b]);
      case DOUBLE:
        return Double.doubleToRawLongBits(leaf.doubles[a])
            == Double.doubleToRawLongBits(leaf.doubles[b]);
      default:
        return Arrays.equals(leaf.bytes, leaf.valueStart(a), leaf.valueEnds[a],
            leaf.bytes, leaf.valueStart(b), leaf.valueEnds[b]);
    }
  }
}
