package io.dendrite.parquet.read;

import java.util.List;
import org.apache.parquet.io.api.Binary;

/**
 * A shredded object above a {@link VariantRoot}, as seen in the current row. When its
 * {@code typed_value} is null, its {@code value} may still hold an object (the spec allows any
 * variant there), and the root's path must be navigated in that value: the shredded columns
 * below hold nothing for the row.
 */
final class AncestorValue {
  /** Field names from the column to this object. */
  final List<String> node;
  /** The object's dotted path, for errors. */
  final String path;

  // Per-row state.
  Binary value;
  boolean typedPresent;

  AncestorValue(List<String> node, String path) {
    this.node = List.copyOf(node);
    this.path = path;
  }

  void startRow() {
    value = null;
    typedPresent = false;
  }

  /** True when this row's value lives in {@link #value}, not in the columns below. */
  boolean holdsRow() {
    return !typedPresent && value != null;
  }
}
