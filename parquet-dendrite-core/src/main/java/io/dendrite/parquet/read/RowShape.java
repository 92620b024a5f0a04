package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedPrimitive;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the rows of one read hold: selection names, and how each slot's value is stored. */
final class RowShape {
  final List<String> names;
  final Map<String, Integer> index;
  /** For slots read from a shredded primitive as a Java value: its type; else null. */
  final ShreddedPrimitive[] leafTypes;
  /** Slots whose value is (inside) a variant: VariantValue, typed leaf, or missing. */
  final boolean[] variant;
  boolean strictCasts;
  /** The last record mapping asked for: reads map every row to the same record type. */
  private volatile RecordMapping<?> mapping;

  RowShape(List<String> names, ShreddedPrimitive[] leafTypes, boolean[] variant) {
    this.names = Collections.unmodifiableList(names);
    Map<String, Integer> idx = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      idx.put(names.get(i), i);
    }
    this.index = idx;
    this.leafTypes = leafTypes;
    this.variant = variant;
  }

  /** The mapping of these rows to {@code type}, compiled on first use. */
  @SuppressWarnings("unchecked")
  <R> RecordMapping<R> mapping(Class<R> type) {
    RecordMapping<?> m = mapping;
    if (m == null || m.type != type) {
      m = RecordMapping.forRows(type, this);
      mapping = m;
    }
    return (RecordMapping<R>) m;
  }

  /** The slot of a selected path; fails naming the selection when it was not selected. */
  int indexOf(String path) {
    Integer i = index.get(path);
    if (i == null) {
      throw new IllegalArgumentException("'" + path + "' was not selected; selected: "
          + names);
    }
    return i;
  }

  int size() {
    return names.size();
  }
}
