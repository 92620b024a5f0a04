package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.read.internal.engine.VariantPathReader;
import io.dendrite.parquet.schema.internal.VariantNode;
import java.util.List;

/**
 * A shredded object above a {@link VariantRoot}. When its {@code typed_value} is null in a row,
 * its {@code value} may still hold an object (the spec allows any variant there), and the
 * root's path must be navigated in that value: the shredded columns below hold nothing for the
 * row. The engine reads this value column beside the root's ({@link VariantPathReader}).
 */
public final class AncestorValue {
  /** Field names from the column to this object. */
  public final List<String> node;
  /** The object's value/typed_value pair in the file's layout. */
  public final VariantNode at;
  /** The object's dotted path, for errors. */
  public final String path;

  AncestorValue(List<String> node, VariantNode at, String path) {
    this.node = List.copyOf(node);
    this.at = at;
    this.path = path;
  }
}
