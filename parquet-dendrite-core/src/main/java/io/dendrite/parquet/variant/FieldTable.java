package io.dendrite.parquet.variant;

import java.util.Arrays;

/**
 * An object's fields hashed by key bytes, for the work that a sorted object allows by comparing
 * neighbours or by binary search but an unsorted one (VariantEncoding.md permits none, DuckDB
 * writes them) would otherwise make quadratic: finding duplicate keys, and matching the fields
 * of two objects. Keys are compared as bytes, so a key an unsorted dictionary holds under two
 * ids is one key. Reusable: {@link #reset} clears it for the next object.
 */
final class FieldTable {
  private VariantMetadata m;
  private byte[] v;
  private int ids;
  private int idSize;
  /** Open addressing: field index + 1, or 0 for a free slot. */
  private int[] slots = new int[0];
  private int mask;

  /** A table holding every field of the (valid) object at {@code v[pos]}. */
  static FieldTable of(VariantMetadata m, byte[] v, int pos) {
    int h = v[pos] & 0xFF;
    int countSize = (h & 0x40) != 0 ? 4 : 1;
    int n = VariantBinary.objectSize(v, pos);
    FieldTable t = new FieldTable().reset(m, v, pos + 1 + countSize, n, ((h >> 4) & 3) + 1);
    for (int i = 0; i < n; i++) {
      t.add(i);
    }
    return t;
  }

  /**
   * Clears the table for the object whose {@code n} field ids (each {@code idSize} bytes, below
   * the dictionary size) start at {@code v[ids]}.
   */
  FieldTable reset(VariantMetadata m, byte[] v, int ids, int n, int idSize) {
    this.m = m;
    this.v = v;
    this.ids = ids;
    this.idSize = idSize;
    int cap = Integer.highestOneBit(Math.max(2, n) * 2 - 1) << 1; // a power of two >= 2n
    if (slots.length < cap) {
      slots = new int[cap];
    } else {
      Arrays.fill(slots, 0, cap, 0);
    }
    mask = cap - 1;
    return this;
  }

  /** Adds field {@code i}; returns the index of an earlier field with the same key, or -1. */
  int add(int i) {
    int id = id(i);
    byte[] mb = m.bytes();
    int ko = m.keyOffset(id);
    int kl = m.keyLength(id);
    int slot = find(mb, ko, kl);
    if (slots[slot] != 0) {
      return slots[slot] - 1;
    }
    slots[slot] = i + 1;
    return -1;
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
