package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.PathVector.Storage;
import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * The values of one selected path for the rows of a batch, as the engine fills them: a status
 * per row ({@link #NULL}, {@link #TYPED}, {@link #OBJECT}, {@link #MISSING}) and the typed rows in
 * a primitive array, or Java and variant values as objects. The API's
 * {@code io.dendrite.parquet.read.PathVector} shows its getters to users; path readers fill its
 * fields directly. Arrays are reused: valid until the next batch.
 */
public final class ColumnVector {
  public static final byte NULL = 0;
  public static final byte TYPED = 1;
  public static final byte OBJECT = 2;
  public static final byte MISSING = 3;
  private static final Object[] NO_OBJECTS = new Object[0];

  private final String path;
  private final ShreddedPrimitive leafType;
  private final JavaValues values;
  private final boolean strictCasts;
  public int size;
  public byte[] status = new byte[0];
  public Storage storage = Storage.NONE;
  public boolean[] booleans;
  public int[] ints;
  public long[] longs;
  public float[] floats;
  public double[] doubles;
  public byte[] bytes;
  public int[] offsets;
  public int[] lengths;
  public int[] ids;
  public ColumnDictionary dictionary;
  private final ConvertedDictionary converted;
  public Object[] objects = NO_OBJECTS;
  /** Whether a detached vector holds these arrays: {@link #reset} then allocates new ones. */
  private boolean handedOver;
  /** The same for {@link #objects}, handed over only when some row of the batch holds one. */
  private boolean objectsHandedOver;
  /** Whether a row of this batch is an {@link #OBJECT} ({@link #setRaw}). */
  private boolean holdsObjects;

  /**
   * @param leafType the shredded type of a typed leaf (its Java values stand for variants), or
   *     null for an ordinary column
   * @param values converts the typed storage to Java values (null when nothing is typed)
   */
  public ColumnVector(String path, ShreddedPrimitive leafType, JavaValues values, boolean strictCasts) {
    this(path, leafType, values, strictCasts,
        values == null ? null : new ConvertedDictionary(values));
  }

  private ColumnVector(String path, ShreddedPrimitive leafType, JavaValues values,
      boolean strictCasts, ConvertedDictionary converted) {
    this.path = path;
    this.leafType = leafType;
    this.values = values;
    this.strictCasts = strictCasts;
    this.converted = converted;
  }

  /**
   * This batch's values in a vector of their own, never refilled, for rows that outlive the
   * batch ({@code DendriteRow}). A batch mostly kept hands its arrays over (this vector then
   * allocates new ones for the next batch); a filtered batch keeping a small part of them gets
   * copies, so that its rows do not hold whole batch-sized arrays.
   */
  public ColumnVector detach() {
    ColumnVector d = new ColumnVector(path, leafType, values, strictCasts, converted);
    d.size = size;
    d.storage = storage;
    d.dictionary = dictionary;
    boolean copy = size * 4 < status.length;
    d.status = copy ? Arrays.copyOf(status, size) : status;
    // Objects are read only where a row's status is OBJECT: a batch without one (typed
    // values, nulls) keeps its array, saving an allocation per vector and batch.
    boolean objectRows = holdsObjects || settles();
    d.objects = !objectRows ? NO_OBJECTS : copy ? Arrays.copyOf(objects, size) : objects;
    objectsHandedOver |= objectRows && !copy;
    switch (storage) {
      case BOOLEAN -> d.booleans = copy ? Arrays.copyOf(booleans, size) : booleans;
      case INT -> d.ints = copy ? Arrays.copyOf(ints, size) : ints;
      case LONG -> d.longs = copy ? Arrays.copyOf(longs, size) : longs;
      case FLOAT -> d.floats = copy ? Arrays.copyOf(floats, size) : floats;
      case DOUBLE -> d.doubles = copy ? Arrays.copyOf(doubles, size) : doubles;
      case DICTIONARY -> d.ids = copy ? Arrays.copyOf(ids, size) : ids;
      case BINARY -> {
        // The bytes are the leaf's buffer, which the next batch overwrites: always copied.
        int end = 0;
        for (int r = 0; r < size; r++) {
          if (status[r] == TYPED) {
            end = Math.max(end, offsets[r] + lengths[r]);
          }
        }
        d.bytes = bytes == null ? null : Arrays.copyOf(bytes, end);
        d.offsets = copy ? Arrays.copyOf(offsets, size) : offsets;
        d.lengths = copy ? Arrays.copyOf(lengths, size) : lengths;
      }
      default -> { }
    }
    handedOver |= !copy;
    return d;
  }

  /** Whether typed values convert as rows are taken ({@link #settle}). */
  public boolean settles() {
    return values != null && values.checked;
  }

  /**
   * Converts the row's typed value now, for vectors that {@link #settles}: the conversion can
   * reject it (see {@link JavaValues#checked}). Keeps the result: a row handed out fails as it
   * is read, not later in a getter.
   */
  public void settle(int row) {
    if (status[row] == TYPED) {
      objects[row] = typedValue(row);
      status[row] = OBJECT;
    }
  }

  /** Prepares for {@code rows} rows; keeps the arrays unless they were handed over. */
  public void reset(int rows) {
    if (handedOver) {
      // A detached vector has them: this batch gets new ones (the old stay readable till now).
      handedOver = false;
      status = new byte[0];
      booleans = null;
      ints = null;
      longs = null;
      floats = null;
      doubles = null;
      ids = null;
      offsets = null;
      lengths = null;
    }
    if (objectsHandedOver) {
      objectsHandedOver = false;
      objects = NO_OBJECTS;
    }
    holdsObjects = false;
    size = rows;
    // objects[r] is read only where status[r] is OBJECT, so the last batch's objects are not
    // cleared (a pass over every row of typed batches): rows overwrite them as they fill.
    if (status.length < rows) {
      status = new byte[rows];
    }
    if (objects.length < rows) {
      objects = new Object[rows];
    }
    storage = Storage.NONE;
    dictionary = null;
  }

  /**
   * Keeps rows {@code keep[0 .. n)} (ascending) as rows {@code 0 .. n-1}: the rows of a
   * filtered batch that pass. Moves status, objects and the typed array in place.
   */
  public void compact(int[] keep, int n) {
    for (int j = 0; j < n; j++) {
      status[j] = status[keep[j]];
      objects[j] = objects[keep[j]];
    }
    switch (storage) {
      case BOOLEAN:
        for (int j = 0; j < n; j++) {
          booleans[j] = booleans[keep[j]];
        }
        break;
      case INT:
        keepInts(ints, keep, n);
        break;
      case LONG:
        for (int j = 0; j < n; j++) {
          longs[j] = longs[keep[j]];
        }
        break;
      case FLOAT:
        for (int j = 0; j < n; j++) {
          floats[j] = floats[keep[j]];
        }
        break;
      case DOUBLE:
        for (int j = 0; j < n; j++) {
          doubles[j] = doubles[keep[j]];
        }
        break;
      case BINARY:
        keepInts(offsets, keep, n);
        keepInts(lengths, keep, n);
        break;
      case DICTIONARY:
        keepInts(ids, keep, n);
        break;
      default:
        break;
    }
    Arrays.fill(objects, n, size, null); // values of dropped rows are not kept alive
    size = n;
  }

  private static void keepInts(int[] a, int[] keep, int n) {
    for (int j = 0; j < n; j++) {
      a[j] = a[keep[j]];
    }
  }

  /** The selected path, as given. */
  public String path() {
    return path;
  }

  public int size() {
    return size;
  }

  /** Which array holds the typed rows in this batch. */
  public Storage storage() {
    return storage;
  }

  /** True when the row's value is in this vector's primitive array (see {@link #storage()}). */
  public boolean isTyped(int row) {
    check(row);
    return status[row] == TYPED;
  }

  /** True when the row has no value: the column is null, or the path is missing. */
  public boolean isNull(int row) {
    check(row);
    return status[row] == NULL || status[row] == MISSING;
  }

  /** True when the path does not exist in this row's variant (distinct from a JSON null). */
  public boolean isMissing(int row) {
    check(row);
    return status[row] == MISSING;
  }

  public boolean[] booleans() {
    return storage == Storage.BOOLEAN ? booleans : null;
  }

  public int[] ints() {
    return storage == Storage.INT ? ints : null;
  }

  public long[] longs() {
    return storage == Storage.LONG ? longs : null;
  }

  public float[] floats() {
    return storage == Storage.FLOAT ? floats : null;
  }

  public double[] doubles() {
    return storage == Storage.DOUBLE ? doubles : null;
  }

  /** Binary storage: row {@code r} is {@code bytes()[offsets()[r] .. + lengths()[r])}. */
  public byte[] bytes() {
    return storage == Storage.BINARY ? bytes : null;
  }

  public int[] offsets() {
    return storage == Storage.BINARY ? offsets : null;
  }

  public int[] lengths() {
    return storage == Storage.BINARY ? lengths : null;
  }

  /** Dictionary storage: row {@code r} is dictionary entry {@code dictionaryIds()[r]}. */
  public int[] dictionaryIds() {
    return storage == Storage.DICTIONARY ? ids : null;
  }

  /** Entries in this batch's dictionary (0 without dictionary storage). */
  public int dictionarySize() {
    return storage == Storage.DICTIONARY ? dictionary.size : 0;
  }

  /**
   * Dictionary entry {@code id} as a Java value, converted once per entry (as {@link #get}
   * returns a row holding it).
   */
  public Object dictionaryValue(int id) {
    if (storage != Storage.DICTIONARY) {
      throw new IllegalStateException("'" + path + "' has no dictionary in this batch");
    }
    return converted.get(dictionary, id);
  }

  /** The row's value as {@code DendriteRow.get} gives it. */
  public Object get(int row) {
    return SlotValues.get(raw(row), leafType);
  }

  public VariantValue getVariant(int row) {
    Object v = get(row);
    if (v == null || v instanceof VariantValue) {
      return (VariantValue) v;
    }
    throw new IllegalArgumentException("'" + path + "' is not a VARIANT value");
  }

  public String getString(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.TEXT);
  }

  public Long getLong(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.LONG);
  }

  /**
   * As {@link #getLong(int)}, without boxing: {@code ifNull} where that gives null. An int64
   * column or typed leaf is read straight from {@link #longs()}.
   */
  public long getLong(int row, long ifNull) {
    check(row);
    if (status[row] == TYPED && storage == Storage.LONG && values.wholeNumbers) {
      return longs[row];
    }
    Long v = getLong(row);
    return v == null ? ifNull : v;
  }

  public Integer getInt(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.INT);
  }

  /** As {@link #getInt(int)}, without boxing: {@code ifNull} where that gives null. */
  public int getInt(int row, int ifNull) {
    check(row);
    if (status[row] == TYPED && storage == Storage.INT && values.wholeNumbers) {
      return ints[row];
    }
    Integer v = getInt(row);
    return v == null ? ifNull : v;
  }

  public Double getDouble(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.DOUBLE);
  }

  /** As {@link #getDouble(int)}, but {@code ifNull} where that gives null. */
  public double getDouble(int row, double ifNull) {
    Double v = getDouble(row);
    return v == null ? ifNull : v;
  }

  public Boolean getBoolean(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.BOOLEAN);
  }

  public BigDecimal getDecimal(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.DECIMAL);
  }

  public Instant getInstant(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.INSTANT);
  }

  public LocalDate getLocalDate(int row) {
    return SlotValues.typed(raw(row), leafType, strictCasts, path, TypedCast.LOCAL_DATE);
  }

  /**
   * Whether the row holds a whole number in primitive storage (an integer column or integer
   * typed leaf), which {@link #wholeNumber} reads without boxing.
   */
  public boolean isWholeNumber(int row) {
    check(row);
    if (status[row] != TYPED || !values.wholeNumbers) {
      return false;
    }
    return storage == Storage.LONG || storage == Storage.INT
        || storage == Storage.DICTIONARY && (dictionary.longs != null || dictionary.ints != null);
  }

  /** The value of a row for which {@link #isWholeNumber} is true. */
  public long wholeNumber(int row) {
    switch (storage) {
      case LONG: return longs[row];
      case INT: return ints[row];
      default:
        return dictionary.longs != null ? dictionary.longs[ids[row]] : dictionary.ints[ids[row]];
    }
  }

  /**
   * Sets a row to a raw slot value (the inverse of {@link #raw}): null, {@link
   * VariantRoot#MISSING}, or a Java or variant value held as an object.
   */
  public void setRaw(int row, Object raw) {
    if (raw == null) {
      status[row] = NULL;
    } else if (raw == VariantRoot.MISSING) {
      status[row] = MISSING;
    } else {
      status[row] = OBJECT;
      objects[row] = raw;
      holdsObjects = true;
    }
  }

  /** The raw slot value of a row (see {@link SlotValues}). */
  public Object raw(int row) {
    check(row);
    switch (status[row]) {
      case NULL:
        return null;
      case MISSING:
        return VariantRoot.MISSING;
      case OBJECT:
        return objects[row];
      default:
        return typedValue(row);
    }
  }

  private Object typedValue(int row) {
    switch (storage) {
      case BOOLEAN: return values.ofBoolean(booleans[row]);
      case INT: return values.ofInt(ints[row]);
      case LONG: return values.ofLong(longs[row]);
      case FLOAT: return values.ofFloat(floats[row]);
      case DOUBLE: return values.ofDouble(doubles[row]);
      case BINARY: return values.ofBinary(bytes, offsets[row], lengths[row]);
      case DICTIONARY: return dictionaryValue(ids[row]);
      default: throw new IllegalStateException("no typed storage for '" + path + "'");
    }
  }

  private void check(int row) {
    if (row < 0 || row >= size) {
      throw new IndexOutOfBoundsException("row " + row + " of a batch of " + size);
    }
  }
}
