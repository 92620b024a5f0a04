package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row read from a file: top-level column name to value. Ordinary columns hold the Java
 * types listed in {@link DendriteReader}; VARIANT columns hold a {@link VariantValue}. A null
 * means the column is null in this row (a variant holding JSON null is a non-null VariantValue
 * whose {@code isNull()} is true).
 */
public final class DendriteRow {
  private final List<String> columns;
  private final Map<String, Integer> index;
  private final Object[] values;

  DendriteRow(List<String> columns, Map<String, Integer> index, Object[] values) {
    this.columns = columns;
    this.index = index;
    this.values = values;
  }

  /** The value of a top-level column. */
  public Object get(String column) {
    return values[indexOf(column)];
  }

  public Object get(int i) {
    return values[i];
  }

  /** A VARIANT column's value, or null when the column is null in this row. */
  public VariantValue getVariant(String column) {
    Object v = get(column);
    if (v == null || v instanceof VariantValue) {
      return (VariantValue) v;
    }
    throw new IllegalArgumentException("column '" + column + "' is not a VARIANT column");
  }

  /** A VARIANT column rendered as JSON text, or null when the column is null in this row. */
  public String getJson(String column) {
    VariantValue v = getVariant(column);
    return v == null ? null : v.toJson();
  }

  public List<String> columns() {
    return columns;
  }

  /** Column name to value; variants as {@link VariantValue}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      m.put(columns.get(i), values[i]);
    }
    return Collections.unmodifiableMap(m);
  }

  private int indexOf(String column) {
    Integer i = index.get(column);
    if (i == null) {
      throw new IllegalArgumentException("no column '" + column + "'; columns: " + columns);
    }
    return i;
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
