package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * An object's fields hashed by key bytes, so that matching the fields of two objects (of two
 * metadata dictionaries) by key takes linear time even when the objects list them in different
 * orders (VariantEncoding.md requires sorted fields, DuckDB writes insertion order), where a
 * lookup per field would be quadratic. Keys are compared as bytes, so a key an unsorted
 * dictionary holds under two ids is one key.
 */
final class FieldTable {
  private final VariantMetadata m;
  private final byte[] v;
  private final int ids;
  private final int idSize;
  /** Open addressing: field index + 1, or 0 for a free slot. */
  private final int[] slots;

  private FieldTable(VariantMetadata m, byte[] v, int ids, int n, int idSize) {
    this.m = m;
    this.v = v;
    this.ids = ids;
    this.idSize = idSize;
    this.slots = new int[Integer.highestOneBit(Math.max(2, n) * 2 - 1) << 1]; // a power of two >= 2n
  }

  /** A table of every field of the (valid) object at {@code v[pos]}. */
  static FieldTable of(VariantMetadata m, byte[] v, int pos) {
    int h = v[pos] & 0xFF;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantObjects.size(v, pos);
    FieldTable t = new FieldTable(m, v, pos + 1 + countSize, n, ((h >> 4) & 3) + 1);
    byte[] mb = m.bytes();
    for (int i = 0; i < n; i++) {
      int id = t.id(i);
      int ko = m.keyOffset(id);
      int slot = t.find(mb, ko, m.keyLength(id));
      if (t.slots[slot] == 0) { // a valid object has no repeated key; keep the first if it had
        t.slots[slot] = i + 1;
      }
    }
    return t;
  }

  /** Index of the field whose key is {@code k[off, off+len)}, or -1. */
  int indexOf(byte[] k, int off, int len) {
    return slots[find(k, off, len)] - 1;
  }

  /** The slot holding the key, or the free slot where it would go. */
  private int find(byte[] k, int off, int len) {
    int h = 0;
    for (int b = off, end = off + len; b < end; b++) {
      h = 31 * h + k[b];
    }
    byte[] mb = m.bytes();
    int mask = slots.length - 1;
    int slot = (h ^ (h >>> 16)) & mask;
    while (slots[slot] != 0) {
      int other = id(slots[slot] - 1);
      int oo = m.keyOffset(other);
      if (Arrays.equals(mb, oo, oo + m.keyLength(other), k, off, off + len)) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private int id(int i) {
    return Bytes.readUnsigned(v, ids + i * idSize, idSize);
  }
}
