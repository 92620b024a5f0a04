package io.dendrite.parquet.variant.internal;

import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * Finds what a JSON object's keys stand for (a column, a shredded field) by remembering, per
 * position in the object, the last key seen there and what it was: rows repeat their key order
 * and Jackson hands out one String per name, so a key is mostly found by identity at its
 * position, without hashing. Keys in another order, or other keys, fall back to the lookup.
 */
public final class KeyPositions {
  private final ToIntFunction<String> lookup;
  private String[] keys = new String[8];
  private int[] found = new int[8];

  /** {@code lookup}: what a key stands for (any int, e.g. -1 for nothing). */
  public KeyPositions(ToIntFunction<String> lookup) {
    this.lookup = lookup;
  }

  /** What {@code key}, the object's {@code k}-th key (from 0), stands for. */
  public int find(int k, String key) {
    if (k < keys.length && keys[k] == key) {
      return found[k];
    }
    int f = lookup.applyAsInt(key);
    if (k >= keys.length) {
      keys = Arrays.copyOf(keys, Math.max(k + 1, keys.length * 2));
      found = Arrays.copyOf(found, keys.length);
    }
    keys[k] = key;
    found[k] = f;
    return f;
  }
}
