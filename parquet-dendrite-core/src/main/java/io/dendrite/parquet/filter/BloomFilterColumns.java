package io.dendrite.parquet.filter;

import io.dendrite.parquet.read.SelectionPath;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.MessageType;

/**
 * The Parquet columns to write bloom filters for, so that {@code path = literal} filters can
 * use them: an ordinary column's own leaf, or the {@code typed_value} leaf a file shreds a
 * VARIANT path to. The same resolution as {@link FilterPlanner}'s, so what is written is what
 * a filter on the path reads.
 */
public final class BloomFilterColumns {
  private BloomFilterColumns() {}

  /**
   * The dotted Parquet column paths of {@code paths} in {@code schema}; a path that is not an
   * ordinary primitive column or a shredded primitive in this schema has none and is left out.
   */
  public static List<String> of(MessageType schema, List<String> paths) {
    List<String> out = new ArrayList<>();
    for (String p : paths) {
      PathColumns c = PathColumns.resolve(schema, SelectionPath.parse(p));
      if (c.kind != PathColumns.Kind.OPAQUE && !out.contains(c.column.toDotString())) {
        out.add(c.column.toDotString());
      }
    }
    return out;
  }
}
