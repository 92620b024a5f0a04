package io.dendrite.parquet.read;

import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The values of one selected path for the rows of a {@link DendriteBatch}. Where the file
 * stores the path as a plain Parquet column (an ordinary column, or a shredded variant leaf's
 * {@code typed_value}), its values sit in a primitive array indexed by row, with
 * {@link #isTyped(int)} telling which rows hold one:
 *
 * <pre>{@code
 * PathVector v = batch.vector(0);          // e.g. "payload.amount", shredded as int64
 * long[] longs = v.longs();                // null when this file does not store it as int64
 * for (int row = 0; row < batch.size(); row++) {
 *   if (v.isTyped(row)) {
 *     sum += longs[row];
 *   } else if (!v.isNull(row)) {
 *     sum += v.getLong(row);               // a value in a residual: variant_get cast rules
 *   }
 * }
 * }</pre>
 *
 * Dictionary-encoded binaries come as {@link #dictionaryIds()} into the column chunk's
 * dictionary; other binaries as {@link #bytes()} with {@link #offsets()} and {@link #lengths()}.
 * Every row can also be read as a Java value ({@link #get}) or cast ({@link #getLong}, ...)
 * exactly as {@link DendriteRow}'s getters do. Arrays are reused: valid until the next batch.
 */
public final class PathVector {
  /** Which primitive array holds this vector's typed rows. */
  public enum Storage { NONE, BOOLEAN, INT, LONG, FLOAT, DOUBLE, BINARY, DICTIONARY }

  private final ColumnVector v;

  /** The view of one of the engine's vectors; made once per vector by {@link DendriteBatch}. */
  PathVector(ColumnVector v) {
    this.v = v;
  }

  /** The selected path, as given. */
  public String path() {
    return v.path();
  }

  public int size() {
    return v.size();
  }

  /** Which array holds the typed rows in this batch. */
  public Storage storage() {
    return v.storage();
  }

  /** True when the row's value is in this vector's primitive array (see {@link #storage()}). */
  public boolean isTyped(int row) {
    return v.isTyped(row);
  }

  /** True when the row has no value: the column is null, or the path is missing. */
  public boolean isNull(int row) {
    return v.isNull(row);
  }

  /** True when the path does not exist in this row's variant (distinct from a JSON null). */
  public boolean isMissing(int row) {
    return v.isMissing(row);
  }

  public boolean[] booleans() {
    return v.booleans();
  }

  public int[] ints() {
    return v.ints();
  }

  public long[] longs() {
    return v.longs();
  }

  public float[] floats() {
    return v.floats();
  }

  public double[] doubles() {
    return v.doubles();
  }

  /** Binary storage: row {@code r} is {@code bytes()[offsets()[r] .. + lengths()[r])}. */
  public byte[] bytes() {
    return v.bytes();
  }

  public int[] offsets() {
    return v.offsets();
  }

  public int[] lengths() {
    return v.lengths();
  }

  /** Dictionary storage: row {@code r} is dictionary entry {@code dictionaryIds()[r]}. */
  public int[] dictionaryIds() {
    return v.dictionaryIds();
  }

  /** Entries in this batch's dictionary (0 without dictionary storage). */
  public int dictionarySize() {
    return v.dictionarySize();
  }

  /**
   * Dictionary entry {@code id} as a Java value, converted once per entry (as {@link #get}
   * returns a row holding it).
   */
  public Object dictionaryValue(int id) {
    return v.dictionaryValue(id);
  }

  /** The row's value as {@link DendriteRow#get} gives it. */
  public Object get(int row) {
    return v.get(row);
  }

  public VariantValue getVariant(int row) {
    return v.getVariant(row);
  }

  public String getString(int row) {
    return v.getString(row);
  }

  public Long getLong(int row) {
    return v.getLong(row);
  }

  /**
   * As {@link #getLong(int)}, without boxing: {@code ifNull} where that gives null. An int64
   * column or typed leaf is read straight from {@link #longs()}.
   */
  public long getLong(int row, long ifNull) {
    return v.getLong(row, ifNull);
  }

  public Integer getInt(int row) {
    return v.getInt(row);
  }

  /** As {@link #getInt(int)}, without boxing: {@code ifNull} where that gives null. */
  public int getInt(int row, int ifNull) {
    return v.getInt(row, ifNull);
  }

  public Double getDouble(int row) {
    return v.getDouble(row);
  }

  /** As {@link #getDouble(int)}, but {@code ifNull} where that gives null. */
  public double getDouble(int row, double ifNull) {
    return v.getDouble(row, ifNull);
  }

  public Boolean getBoolean(int row) {
    return v.getBoolean(row);
  }

  public BigDecimal getDecimal(int row) {
    return v.getDecimal(row);
  }

  public Instant getInstant(int row) {
    return v.getInstant(row);
  }

  public LocalDate getLocalDate(int row) {
    return v.getLocalDate(row);
  }
}
