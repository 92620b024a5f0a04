package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.ColumnDictionary;

/**
 * A column chunk's dictionary entries as Java values, each converted on first use and kept
 * while batches come from the same dictionary: a dictionary-encoded column converts once per
 * entry, not once per row. Mutable values (byte arrays) are handed out as copies.
 */
final class ConvertedDictionary {
  private final JavaValues values;
  private ColumnDictionary dictionary;
  private Object[] converted;
  /**
   * Whether entries are byte arrays (all entries of a column are the same Java type): decided
   * on the first conversion, so that a row's value is handed out without touching it.
   */
  private boolean arrays;

  ConvertedDictionary(JavaValues values) {
    this.values = values;
  }

  /** Entry {@code id} of {@code d} as a Java value. */
  Object get(ColumnDictionary d, int id) {
    if (d != dictionary) {
      dictionary = d;
      converted = new Object[d.size];
    }
    Object v = converted[id];
    if (v == null) {
      v = values.ofEntry(d, id);
      converted[id] = v;
      arrays = v instanceof byte[];
    }
    return arrays ? ((byte[]) v).clone() : v;
  }
}
