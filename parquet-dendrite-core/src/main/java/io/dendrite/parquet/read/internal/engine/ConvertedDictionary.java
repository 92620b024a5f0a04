package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;

/**
 * A column chunk's dictionary entries as Java values, each converted on first use and kept
 * while values come from the same dictionary: a dictionary-encoded column converts once per
 * entry, not once per row. Mutable values (byte arrays) are converted per use instead.
 *
 * <p>Rows read lazily from their batch's vectors, so the reading thread may convert entries
 * while a decoding thread converts entries of a later batch (with {@code parallelism(n)}). The
 * dictionary and its entries are therefore one immutable pair read once per call: a race only
 * converts an entry twice, and every cached value is immutable (final fields), so another
 * thread sees it whole.
 */
public final class ConvertedDictionary {
  /** One dictionary's entries converted so far (null: not yet). */
  private record Entries(ColumnDictionary dictionary, Object[] values) {}

  private final JavaValues values;
  private Entries entries;

  public ConvertedDictionary(JavaValues values) {
    this.values = values;
  }

  /** Entry {@code id} of {@code d} as a Java value. */
  public Object get(ColumnDictionary d, int id) {
    Entries e = entries;
    if (e == null || e.dictionary != d) {
      e = new Entries(d, new Object[d.size]);
      entries = e;
    }
    Object v = e.values[id];
    if (v == null) {
      v = values.ofEntry(d, id);
      if (!(v instanceof byte[])) {
        e.values[id] = v;
      }
    }
    return v;
  }
}
