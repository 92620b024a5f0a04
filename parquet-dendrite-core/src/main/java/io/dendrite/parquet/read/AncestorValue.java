package io.dendrite.parquet.read;

import java.util.List;

/**
 * A shredded object above a {@link VariantRoot}. When its {@code typed_value} is null in a row,
 * its {@code value} may still hold an object (the spec allows any variant there), and the
 * root's path must be navigated in that value: the shredded columns below hold nothing for the
 * row. The engine reads this value column beside the root's ({@link VariantPathReader}).
 */
final class AncestorValue {
  /** Field names from the column to this object. */
  final List<String> node;
  /** The object's dotted path, for errors. */
  final String path;

  AncestorValue(List<String> node, String path) {
    this.node = List.copyOf(node);
    this.path = path;
  }
}
