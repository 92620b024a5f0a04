package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.MessageType;

/**
 * The Parquet leaf columns that store paths, for writer options that name paths (bloom filters,
 * encodings): an ordinary column's own leaf, or the {@code typed_value} leaf a file shreds a
 * VARIANT path to. The same resolution as {@code FilterPlanner}'s, so a bloom filter written
 * for a path is the one a filter on the path reads.
 */
public final class LeafColumns {
  private LeafColumns() {}

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
