package io.dendrite.parquet.read;

import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.RecordAssembly;
import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.read.internal.engine.Rows;
import io.dendrite.parquet.read.internal.records.RecordValues;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a read: selected path (or column) to value, in selection order.
 *
 * <p>Ordinary columns hold the Java types listed in {@link DendriteReader}. Paths into VARIANT
 * columns give a {@link VariantValue} from {@link #get}/{@link #getVariant}, whatever the
 * file's layout; the typed getters ({@link #getString}, {@link #getLong}, {@link #getDecimal},
 * {@link #getInstant}, ...) cast like {@code variant_get(path, type)} (rules in
 * {@code VariantCasts}). A failed cast gives null, or throws when the reader was built with
 * {@code strictCasts(true)}.
 *
 * <p>Null means "no value": the column is null, or the path does not exist in this row. Use
 * {@link #isMissing} to tell a missing path from a variant holding JSON null (a non-null
 * VariantValue whose {@code isNull()} is true).
 *
 * <p>Every getter also takes the path's position instead of its name ({@link #indexOf}, or
 * {@link DendriteReader#indexOf} before the first row), so a loop need not look paths up; and
 * {@code getLong}, {@code getInt} and {@code getDouble} take a value for "null" and return a
 * primitive, so that an int64 or int32 column or typed leaf is read without boxing:
 * <pre>{@code
 * int amount = reader.indexOf("payload.amount");
 * for (DendriteRow row : reader) {
 *   long a = row.getLong(amount, 0);
 * }
 * }</pre>
 *
 * <p>A row of a {@code select(Class)} read is built as that record by the engine: {@link #as}
 * returns it, and the getters read the record's components as it holds them (a nested record
 * or a list of records as maps of their components; a component of a variant path as its Java
 * value, not a VariantValue).
 *
 * <p>A row reads its values from the column arrays of the batch it was decoded in (up to the
 * read's batch of rows; a filtered batch keeping few rows copies them), so rows kept one per
 * batch keep those arrays: copy what you keep ({@link #toMap}, {@link #as}) when that matters.
 */
public final class DendriteRow {
  private final RowShape shape;
  /**
   * The values of the batch this row was read in, detached (never refilled); for a row built
   * as a record by the engine, one-row vectors of the record's values, made on first use.
   */
  private ColumnVector[] vectors;
  private final int row;
  /**
   * This row as the read's {@code select(Class)} record: mapped by a decoding thread, or built
   * by the engine (a {@link RecordAssembly.Failure} when it could not be).
   */
  private Object mapped;

  static {
    // The engine makes rows through this (it has no access to the constructor) and reads
    // their raw slots; see Rows.
    Rows.install(new Rows.Access() {
      @Override
      public DendriteRow row(RowShape shape, ColumnVector[] vectors, int row) {
        return new DendriteRow(shape, vectors, row);
      }

      @Override
      public DendriteRow recordRow(RowShape shape, Object record) {
        return new DendriteRow(shape, null, 0, record);
      }

      @Override
      public Object raw(DendriteRow row, int i) {
        return row.raw(i);
      }

      @Override
      public Object component(DendriteRow row, int i, RecordMapping.SlotReader reader) {
        return reader.read(row.vector(i), row.row);
      }

      @Override
      public void premap(DendriteRow row, RecordMapping<?> mapping) {
        row.premap(mapping);
      }
    });
  }

  private DendriteRow(RowShape shape, ColumnVector[] vectors, int row) {
    this(shape, vectors, row, null);
  }

  private DendriteRow(RowShape shape, ColumnVector[] vectors, int row, Object record) {
    this.shape = shape;
    this.vectors = vectors;
    this.row = row;
    this.mapped = record;
  }

  /**
   * The vector of selection {@code i}. A row the engine built as a record holds no vectors:
   * its getters read the record's components ({@link RecordValues}), as they were converted.
   */
  private ColumnVector vector(int i) {
    ColumnVector[] v = vectors;
    if (v == null) {
      if (mapped instanceof RecordAssembly.Failure f) {
        throw new IllegalArgumentException(f.error().getMessage(), f.error());
      }
      v = RecordValues.vectors(shape, mapped);
      vectors = v;
    }
    return v[i];
  }

  /** The value at a selected path: Java value for ordinary columns, VariantValue in variants. */
  public Object get(String path) {
    return get(indexOf(path));
  }

  /** As {@link #get(String)}, by position ({@link #indexOf}); likewise every getter below. */
  public Object get(int i) {
    return vector(i).get(row);
  }

  /** The slot as stored: a Java value, a VariantValue, null, or VariantRoot.MISSING. */
  private Object raw(int i) {
    return vector(i).raw(row);
  }

  /** A variant value, or null when the column is null or the path is missing. */
  public VariantValue getVariant(String path) {
    return getVariant(indexOf(path));
  }

  /** As {@link #getVariant(String)}, by position in the selection. */
  public VariantValue getVariant(int i) {
    return vector(i).getVariant(row);
  }

  /** A variant value as JSON text; null when there is no value. */
  public String getJson(String path) {
    return getJson(indexOf(path));
  }

  public String getJson(int i) {
    VariantValue v = getVariant(i);
    return v == null ? null : v.toJson();
  }

  /** True when the path does not exist in this row's variant (distinct from a JSON null). */
  public boolean isMissing(String path) {
    return isMissing(indexOf(path));
  }

  public boolean isMissing(int i) {
    return vector(i).isMissing(row);
  }

  public String getString(String path) {
    return getString(indexOf(path));
  }

  public String getString(int i) {
    return vector(i).getString(row);
  }

  public Long getLong(String path) {
    return getLong(indexOf(path));
  }

  public Long getLong(int i) {
    return vector(i).getLong(row);
  }

  /**
   * As {@link #getLong(String)}, without boxing: {@code ifNull} where that gives null (no
   * value, or a failed cast that is not strict).
   */
  public long getLong(String path, long ifNull) {
    return getLong(indexOf(path), ifNull);
  }

  public long getLong(int i, long ifNull) {
    return vector(i).getLong(row, ifNull);
  }

  public Integer getInt(String path) {
    return getInt(indexOf(path));
  }

  public Integer getInt(int i) {
    return vector(i).getInt(row);
  }

  /** As {@link #getInt(String)}, without boxing: {@code ifNull} where that gives null. */
  public int getInt(String path, int ifNull) {
    return getInt(indexOf(path), ifNull);
  }

  public int getInt(int i, int ifNull) {
    return vector(i).getInt(row, ifNull);
  }

  public Double getDouble(String path) {
    return getDouble(indexOf(path));
  }

  public Double getDouble(int i) {
    return vector(i).getDouble(row);
  }

  /** As {@link #getDouble(String)}, but {@code ifNull} where that gives null. */
  public double getDouble(String path, double ifNull) {
    return getDouble(indexOf(path), ifNull);
  }

  public double getDouble(int i, double ifNull) {
    return vector(i).getDouble(row, ifNull);
  }

  public Boolean getBoolean(String path) {
    return getBoolean(indexOf(path));
  }

  public Boolean getBoolean(int i) {
    return vector(i).getBoolean(row);
  }

  public BigDecimal getDecimal(String path) {
    return getDecimal(indexOf(path));
  }

  public BigDecimal getDecimal(int i) {
    return vector(i).getDecimal(row);
  }

  public Instant getInstant(String path) {
    return getInstant(indexOf(path));
  }

  public Instant getInstant(int i) {
    return vector(i).getInstant(row);
  }

  public LocalDate getLocalDate(String path) {
    return getLocalDate(indexOf(path));
  }

  public LocalDate getLocalDate(int i) {
    return vector(i).getLocalDate(row);
  }

  /**
   * This row as a Java record whose components name the selected paths (see
   * {@link DendriteReader.Builder#select(Class)}): nested records for structs and variant
   * objects, typed getter casts for values, lists and maps converted element-wise.
   */
  public <R> R as(Class<R> recordType) {
    if (mapped != null && mapped.getClass() == recordType) {
      return recordType.cast(mapped);
    }
    if (mapped instanceof RecordAssembly.Failure f) {
      throw new IllegalArgumentException(f.error().getMessage(), f.error());
    }
    return shape.mapping(recordType).build(this);
  }

  /**
   * Maps this row to {@code mapping}'s record now (on a decoding thread), for {@link #as} to
   * hand out. A row that does not map is left as it is: {@link #as} then fails as it would
   * have without this.
   */
  private void premap(RecordMapping<?> mapping) {
    try {
      mapped = mapping.build(this);
    } catch (RuntimeException e) {
      mapped = null;
    }
  }

  /** Selected paths (or column names) in order. */
  public List<String> columns() {
    return shape.names;
  }

  public int size() {
    return shape.names.size();
  }

  /** Path to value as {@link #get} returns it. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < size(); i++) {
      m.put(shape.name(i), get(i));
    }
    return Collections.unmodifiableMap(m);
  }

  /**
   * The position of a selected path (or column), for the getters taking an {@code int}: a loop
   * over many rows looks each path up once. Positions follow the selection order (or the file's
   * columns when nothing was selected) and are the same for every row of a read.
   *
   * @throws IllegalArgumentException when the path was not selected
   */
  public int indexOf(String path) {
    return shape.indexOf(path);
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
