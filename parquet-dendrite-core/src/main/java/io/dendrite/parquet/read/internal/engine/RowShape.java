package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the rows of one read hold: selection names, and how each slot's value is stored. */
public final class RowShape {
  /** Selections up to this size are searched by reference first ({@link #indexOf}). */
  private static final int SCANNED = 8;

  public final List<String> names;
  /** {@link #names} as an array: a getter's slot name, or identity match, in one load. */
  private final String[] nameArray;
  final Map<String, Integer> index;
  /** For slots read from a shredded primitive as a Java value: its type; else null. */
  public final ShreddedPrimitive[] leafTypes;
  /** Slots whose value is (inside) a variant: VariantValue, typed leaf, or missing. */
  public final boolean[] variant;
  /** Whether typed getters throw on a failed cast instead of giving null. */
  public final boolean strictCasts;
  /** The last record mapping asked for: reads map every row to the same record type. */
  private volatile RecordMapping<?> mapping;

  public RowShape(List<String> names, ShreddedPrimitive[] leafTypes, boolean[] variant,
      boolean strictCasts) {
    this.strictCasts = strictCasts;
    this.names = Collections.unmodifiableList(names);
    this.nameArray = names.toArray(new String[0]);
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
  public <R> RecordMapping<R> mapping(Class<R> type) {
    RecordMapping<?> m = mapping;
    if (m == null || m.type != type) {
      m = RecordMapping.forRows(type, this);
      mapping = m;
    }
    return (RecordMapping<R>) m;
  }

  /** The slot of a selected path; fails naming the selection when it was not selected. */
  public int indexOf(String path) {
    // A loop names its paths with the very strings it selected them with: in a small selection
    // comparing references finds the slot faster than hashing.
    if (nameArray.length <= SCANNED) {
      for (int k = 0; k < nameArray.length; k++) {
        if (nameArray[k] == path) {
          return k;
        }
      }
    }
    Integer i = index.get(path);
    if (i == null) {
      throw new IllegalArgumentException("'" + path + "' was not selected; selected: "
          + names);
    }
    return i;
  }

  /** The selection name of slot {@code i}. */
  public String name(int i) {
    return nameArray[i];
  }

  public int size() {
    return names.size();
  }
}
