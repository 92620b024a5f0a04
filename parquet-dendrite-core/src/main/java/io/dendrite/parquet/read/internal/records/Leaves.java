package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * The steps generated assemblers take on a {@link Cursor}: small static methods, so the code
 * generated per record type stays short and the JIT inlines them into it (the Dremel rules of
 * {@code ShapeReaders}, one cursor at a time). A value is read only after {@link #present} said
 * the entry holds one.
 */
public final class Leaves {
  private Leaves() {}

  /**
   * Whether the cursor's entry holds a value (is defined down to the leaf); if not, moves past
   * the entry (a null or absent value takes one entry and no value).
   */
  public static boolean present(Cursor c) {
    int[] d = c.batch.def;
    if (d == null || d[c.entry] == c.maxDef) {
      return true;
    }
    c.entry++;
    return false;
  }

  /** The definition level of the cursor's entry. */
  public static int def(Cursor c) {
    int[] d = c.batch.def;
    return d == null ? c.maxDef : d[c.entry];
  }

  /**
   * The repetition level of the cursor's entry; 0 past the batch's last entry, which ends
   * every list (a batch holds whole rows).
   */
  public static int rep(Cursor c) {
    LeafBatch b = c.batch;
    int[] r = b.rep;
    return r == null || c.entry >= b.entries ? 0 : r[c.entry];
  }

  /** Moves each cursor past one instance of a node at repetition level {@code rep}. */
  public static void skip(Cursor[] cursors, int rep) {
    for (Cursor c : cursors) {
      skip(c, rep);
    }
  }

  static void skip(Cursor c, int rep) {
    next(c);
    LeafBatch b = c.batch;
    int[] r = b.rep;
    if (r != null) {
      int end = b.entries;
      while (c.entry < end && r[c.entry] > rep) {
        next(c);
      }
    }
  }

  private static void next(Cursor c) {
    int[] d = c.batch.def;
    if (d == null || d[c.entry] == c.maxDef) {
      c.value++;
    }
    c.entry++;
  }

  public static long int64(Cursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.longs[vi] : d.longs[b.ids[vi]];
  }

  public static int int32(Cursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.ints[vi] : d.ints[b.ids[vi]];
  }

  public static double float64(Cursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.doubles[vi] : d.doubles[b.ids[vi]];
  }

  public static float float32(Cursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.floats[vi] : d.floats[b.ids[vi]];
  }

  public static boolean bool(Cursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    return b.booleans[vi];
  }

  /** The value as the Java value rows hold (dictionary entries converted once each). */
  public static Object object(Cursor c, LeafObjects values) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d != null ? values.entry(d, b.ids[vi]) : values.value(b, vi);
  }

  /**
   * The error of a null value for a primitive component, as the interpreted path words it:
   * {@code path} with each {@code []} replaced by the index being read at that depth.
   */
  public static IllegalArgumentException nullPrimitive(String path, int[] ix, String component,
      String type) {
    StringBuilder at = new StringBuilder();
    int depth = 0;
    int from = 0;
    for (int i = path.indexOf("[]"); i >= 0; i = path.indexOf("[]", from)) {
      at.append(path, from, i).append('[').append(depth < ix.length ? ix[depth] : 0).append(']');
      depth++;
      from = i + 2;
    }
    at.append(path.substring(from));
    return new IllegalArgumentException("'" + at + "' is null in this row but " + component
        + " is a primitive " + type);
  }
}
