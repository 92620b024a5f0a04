package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.schema.internal.VariantNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a selected path lives in one file's VARIANT column: the nodes it passes, as far as the
 * file shreds it, and the {@code value} columns above its end that can hide it (an object or
 * array whose {@code typed_value} is null in a row holds the path's value in its own
 * {@code value}). The one resolution that the read plan ({@link VariantProjection}) and filter
 * planning ({@link PathColumns}) build on, each with its own decisions on top.
 */
final class LayoutWalk {
  /** The nodes passed, the column's first; the last is where the walk ended. */
  private final List<VariantNode> nodes;
  /** The field names stepped through, one per node after the first (null: an array element). */
  private final List<String> names;
  /** The segments left below the last node. */
  final List<Segment> remaining;

  private LayoutWalk(List<VariantNode> nodes, List<String> names, List<Segment> remaining) {
    this.nodes = nodes;
    this.names = names;
    this.remaining = remaining;
  }

  /**
   * Walks {@code segments} from {@code column} through shredded object fields and, when
   * {@code intoArrays}, shredded array elements ({@code [N]} and {@code [*]} step into the
   * element), stopping at the first segment the file does not shred.
   */
  static LayoutWalk walk(VariantNode column, List<Segment> segments, boolean intoArrays) {
    List<VariantNode> nodes = new ArrayList<>(List.of(column));
    List<String> names = new ArrayList<>();
    VariantNode at = column;
    int i = 0;
    for (; i < segments.size(); i++) {
      Segment seg = segments.get(i);
      VariantNode next = seg.name() != null ? at.field(seg.name())
          : intoArrays ? at.element() : null;
      if (next == null) {
        break;
      }
      nodes.add(next);
      names.add(seg.name());
      at = next;
    }
    return new LayoutWalk(nodes, names, segments.subList(i, segments.size()));
  }

  /** The node the walk ended on. */
  VariantNode end() {
    return nodes.get(nodes.size() - 1);
  }

  /** The field names from the column to the end (a walk not into arrays). */
  List<String> fieldNames() {
    return names;
  }

  /** The node {@code depth} steps below the column. */
  VariantNode node(int depth) {
    return nodes.get(depth);
  }

  /**
   * The depths of the nodes above the end that have a {@code value} column, top first: in a
   * row where such a node's {@code typed_value} is null, the path's value is in that column,
   * not below.
   */
  List<Integer> hiders() {
    List<Integer> out = new ArrayList<>();
    for (int depth = 0; depth < nodes.size() - 1; depth++) {
      if (nodes.get(depth).hasValue()) {
        out.add(depth);
      }
    }
    return out;
  }
}
