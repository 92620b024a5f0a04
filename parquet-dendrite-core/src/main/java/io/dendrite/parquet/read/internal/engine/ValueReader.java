package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.plan.VariantRoot;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Assembles the values of one node of a Parquet schema (a column, struct field, list element,
 * map key or value) from the leaf cursors below it, one instance per {@link #read}: the
 * columnar engine's record assembly, compiled once per file and plan ({@link ValueReaders}) into
 * one small reader per shape ({@link ShapeReaders}). A reader decides from its first leaf's
 * definition level whether its node is null, empty or present, and a list reads elements
 * while the next entry's repetition level says the list goes on.
 */
abstract class ValueReader {
  /** Every leaf below the node, the first one deciding presence. */
  final LeafCursor[] cursors;
  /** The node's repetition level: an instance's entries after its first repeat deeper. */
  final int rep;

  ValueReader(LeafCursor[] cursors, int rep) {
    this.cursors = cursors;
    this.rep = rep;
  }

  /**
   * The value of the instance at the cursors (null, or {@link VariantRoot#MISSING} for a path
   * a variant does not have), moving every cursor below past it.
   */
  abstract Object read();

  /** Moves every cursor below past the instance at the cursors, without assembling it. */
  final void skip() {
    for (LeafCursor c : cursors) {
      c.skip(rep);
    }
  }

  final LeafCursor first() {
    return cursors[0];
  }

  /** The cursors of {@code children}, in order, each once. */
  static LeafCursor[] cursorsOf(ValueReader... children) {
    Set<LeafCursor> all = new LinkedHashSet<>();
    for (ValueReader c : children) {
      for (LeafCursor l : c.cursors) {
        all.add(l);
      }
    }
    return all.toArray(new LeafCursor[0]);
  }
}
