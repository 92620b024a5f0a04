package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantCasts;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One row of a read: selected path (or column) to value, in selection order.
 *
 * <p>Ordinary columns hold the Java types listed in {@link DendriteReader}. Paths into VARIANT
 * columns give a {@link VariantValue} from {@link #get}/{@link #getVariant}, whatever the
 * file's layout; the typed getters ({@link #getString}, {@link #getLong}, {@link #getDecimal},
 * {@link #getInstant}, ...) cast like {@code variant_get(path, type)} (rules in
 * {@link VariantCasts}). A failed cast gives null, or throws when the reader was built with
 * {@code strictCasts(true)}.
 *
 * <p>Null means "no value": the column is null, or the path does not exist in this row. Use
 * {@link #isMissing} to tell a missing path from a variant holding JSON null (a non-null
 * VariantValue whose {@code isNull()} is true).
 */
public final class DendriteRow {
  private final RowShape shape;
  private final Object[] values;

  DendriteRow(RowShape shape, Object[] values) {
    this.shape = shape;
    this.values = values;
  }

  /** The value at a selected path: Java value for ordinary columns, VariantValue in variants. */
  public Object get(String path) {
    return get(indexOf(path));
  }

  public Object get(int i) {
    return SlotValues.get(values[i], shape.leafTypes[i]);
  }

  /** The slot as stored: a Java value, a VariantValue, null, or VariantRoot.MISSING. */
  Object raw(int i) {
    return values[i];
  }

  /** A variant value, or null when the column is null or the path is missing. */
  public VariantValue getVariant(String path) {
    int i = indexOf(path);
    Object v = get(i);
    if (v == null || v instanceof VariantValue) {
      return (VariantValue) v;
    }
    throw new IllegalArgumentException("'" + path + "' is not a VARIANT value");
  }

  /** A variant value as JSON text; null when there is no value. */
  public String getJson(String path) {
    VariantValue v = getVariant(path);
    return v == null ? null : v.toJson();
  }

  /** True when the path does not exist in this row's variant (distinct from a JSON null). */
  public boolean isMissing(String path) {
    return values[indexOf(path)] == VariantRoot.MISSING;
  }

  public String getString(String path) {
    return typed(path, String.class, VariantCasts::toText);
  }

  public Long getLong(String path) {
    return typed(path, Long.class, VariantCasts::toLong);
  }

  public Integer getInt(String path) {
    return typed(path, Integer.class, VariantCasts::toInt);
  }

  public Double getDouble(String path) {
    return typed(path, Double.class, VariantCasts::toDouble);
  }

  public Boolean getBoolean(String path) {
    return typed(path, Boolean.class, VariantCasts::toBoolean);
  }

  public BigDecimal getDecimal(String path) {
    return typed(path, BigDecimal.class, VariantCasts::toDecimal);
  }

  public Instant getInstant(String path) {
    return typed(path, Instant.class, VariantCasts::toInstant);
  }

  public LocalDate getLocalDate(String path) {
    return typed(path, LocalDate.class, VariantCasts::toLocalDate);
  }

  private <T> T typed(String path, Class<T> type, Function<VariantValue, T> cast) {
    int i = indexOf(path);
    return SlotValues.typed(values[i], shape.leafTypes[i], shape.strictCasts, path, type, cast);
  }

  /**
   * This row as a Java record whose components name the selected paths (see
   * {@link DendriteReader.Builder#select(Class)}): nested records for structs and variant
   * objects, typed getter casts for values, lists and maps converted element-wise.
   */
  public <R> R as(Class<R> recordType) {
    return RecordMapping.build(this, recordType);
  }

  /** Selected paths (or column names) in order. */
  public List<String> columns() {
    return shape.names;
  }

  public int size() {
    return values.length;
  }

  /** Path to value as {@link #get} returns it. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      m.put(shape.names.get(i), get(i));
    }
    return Collections.unmodifiableMap(m);
  }

  private int indexOf(String path) {
    Integer i = shape.index.get(path);
    if (i == null) {
      throw new IllegalArgumentException("'" + path + "' was not selected; selected: "
          + shape.names);
    }
    return i;
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
