package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.LeafCursor;

/**
 * The steps generated assemblers take on a {@link LeafCursor} besides its own ({@code def()},
 * {@code rep()}, {@code skip(rep)}): small static methods, so the code generated per record
 * type stays short and the JIT inlines them into it. A value is read only after
 * {@link #present} said the entry holds one.
 */
public final class Leaves {
  private Leaves() {}

  /**
   * Whether the cursor's entry holds a value (is defined down to the leaf); if not, moves past
   * the entry (a null or absent value takes one entry and no value).
   */
  public static boolean present(LeafCursor c) {
    if (c.hasValue()) {
      return true;
    }
    c.entry++;
    return false;
  }

  /** Moves each cursor past one instance of a node at repetition level {@code rep}. */
  public static void skip(LeafCursor[] cursors, int rep) {
    for (LeafCursor c : cursors) {
      c.skip(rep);
    }
  }

  public static long int64(LeafCursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.longs[vi] : d.longs[b.ids[vi]];
  }

  public static int int32(LeafCursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.ints[vi] : d.ints[b.ids[vi]];
  }

  public static double float64(LeafCursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.doubles[vi] : d.doubles[b.ids[vi]];
  }

  public static float float32(LeafCursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    ColumnDictionary d = b.dictionary;
    return d == null ? b.floats[vi] : d.floats[b.ids[vi]];
  }

  public static boolean bool(LeafCursor c) {
    LeafBatch b = c.batch;
    int vi = c.value++;
    c.entry++;
    return b.booleans[vi];
  }

  /** The value as the Java value rows hold (dictionary entries converted once each). */
  public static Object object(LeafCursor c, LeafObjects values) {
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
