package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;

/**
 * The dictionary ids of a fixed list of keys in the metadata of the objects being read, for
 * callers that find the same keys in many objects: with the ids, finding a field is an integer
 * search ({@link VariantObjects#fieldIndexOfId}, {@link VariantValue#fieldOfId}) instead
 * of comparing UTF-8 keys. Only meaningful for a sorted dictionary ({@link
 * VariantMetadata#isSorted()}), which holds each key once, so that a key missing from it is
 * missing from the object.
 *
 * <p>The ids are computed once per metadata instance and the last four are kept: rows share a
 * metadata instance while its bytes repeat, and rows with different optional fields alternate
 * between a few. Safe on several threads: each kept entry is immutable and names its metadata,
 * so a thread finds a right one or computes it again.
 */
public final class KeyIds {
  private static final int KEPT = 4;

  private final String[] keys;
  private final Entry[] kept = new Entry[KEPT];
  private int next;

  private record Entry(VariantMetadata metadata, int[] ids) {}

  /** @param keys the keys, in the order of the ids returned */
  public KeyIds(String... keys) {
    this.keys = keys.clone();
  }

  /**
   * The id of each key in {@code m} (-1: not in it), in the order of the keys. The array is
   * shared: do not modify it.
   */
  public int[] in(VariantMetadata m) {
    for (Entry e : kept) {
      if (e != null && e.metadata == m) {
        return e.ids;
      }
    }
    int[] ids = new int[keys.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = m.id(keys[i]);
    }
    kept[next++ & (KEPT - 1)] = new Entry(m, ids);
    return ids;
  }
}
