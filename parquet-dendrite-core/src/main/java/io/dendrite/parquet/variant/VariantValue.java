package io.dendrite.parquet.variant;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * An immutable, user-friendly view of one Variant value: metadata, value bytes and the position of
 * the value inside them. Navigation ({@link #field}, {@link #element}) returns views of nested
 * values without copying; accessors mirror {@link VariantBinary}. {@link #equals} and {@link
 * #hashCode} are logical ({@link VariantEquality}); {@link #toString} is the JSON rendering.
 *
 * <p>Creating a view does not validate the bytes; call {@link #validate()} for untrusted input.
 */
public final class VariantValue {
  private final VariantMetadata metadata;
  private final byte[] value;
  private final int pos;

  private VariantValue(VariantMetadata metadata, byte[] value, int pos) {
    this.metadata = Objects.requireNonNull(metadata, "metadata");
    this.value = Objects.requireNonNull(value, "value");
    this.pos = pos;
  }

  /**
   * A view of a complete variant.
   *
   * @param variant the variant
   * @return the view of its top-level value
   */
  public static VariantValue of(EncodedVariant variant) {
    return new VariantValue(variant.parsedMetadata(), variant.value(), 0);
  }

  /**
   * A view of a complete variant given as its two binaries (not copied).
   *
   * @param metadata metadata bytes
   * @param value value bytes
   * @return the view of the top-level value
   */
  public static VariantValue of(byte[] metadata, byte[] value) {
    return new VariantValue(VariantMetadata.parse(metadata), value, 0);
  }

  /**
   * A view of the value at {@code pos}.
   *
   * @param metadata the variant's metadata
   * @param value value bytes
   * @param pos start of the value
   * @return the view
   */
  public static VariantValue of(VariantMetadata metadata, byte[] value, int pos) {
    return new VariantValue(metadata, value, pos);
  }

  /**
   * Fully validates this value (see {@link VariantBinary#validate(VariantMetadata, byte[], int)}).
   *
   * @return this view
   */
  public VariantValue validate() {
    VariantBinary.validate(metadata, value, pos);
    return this;
  }

  /**
   * The metadata the value's field ids refer to.
   *
   * @return the metadata
   */
  public VariantMetadata metadata() {
    return metadata;
  }

  /**
   * The value bytes (shared, not copied; must not be modified).
   *
   * @return the array holding the value
   */
  public byte[] valueBytes() {
    return value;
  }

  /**
   * Start of this value in {@link #valueBytes()}.
   *
   * @return the position
   */
  public int pos() {
    return pos;
  }

  /**
   * The value's type.
   *
   * @return the type
   */
  public VariantType type() {
    return VariantBinary.type(value, pos);
  }

  /**
   * Whether this is a Variant null.
   *
   * @return true for null
   */
  public boolean isNull() {
    return VariantBinary.basicType(value, pos) == VariantBinary.BASIC_PRIMITIVE && value[pos] == 0;
  }

  /**
   * See {@link VariantBinary#getBoolean}.
   *
   * @return the boolean
   */
  public boolean getBoolean() {
    return VariantBinary.getBoolean(value, pos);
  }

  /**
   * See {@link VariantBinary#getLong}: any integer type.
   *
   * @return the integer
   */
  public long getLong() {
    return VariantBinary.getLong(value, pos);
  }

  /**
   * See {@link VariantBinary#getDouble}.
   *
   * @return the double
   */
  public double getDouble() {
    return VariantBinary.getDouble(value, pos);
  }

  /**
   * See {@link VariantBinary#getFloat}.
   *
   * @return the float
   */
  public float getFloat() {
    return VariantBinary.getFloat(value, pos);
  }

  /**
   * See {@link VariantBinary#getDecimal}.
   *
   * @return the decimal
   */
  public BigDecimal getDecimal() {
    return VariantBinary.getDecimal(value, pos);
  }

  /**
   * See {@link VariantBinary#getDate}.
   *
   * @return days since the epoch
   */
  public int getDate() {
    return VariantBinary.getDate(value, pos);
  }

  /**
   * See {@link VariantBinary#getTimestamp}: micros or nanos as stored.
   *
   * @return the stored timestamp or time value
   */
  public long getTimestamp() {
    return VariantBinary.getTimestamp(value, pos);
  }

  /**
   * See {@link VariantBinary#getString}.
   *
   * @return the string
   */
  public String getString() {
    return VariantBinary.getString(value, pos);
  }

  /**
   * See {@link VariantBinary#getBinary}.
   *
   * @return a copy of the bytes
   */
  public byte[] getBinary() {
    return VariantBinary.getBinary(value, pos);
  }

  /**
   * See {@link VariantBinary#getUuid}.
   *
   * @return the UUID
   */
  public UUID getUuid() {
    return VariantBinary.getUuid(value, pos);
  }

  /**
   * Number of fields of this object.
   *
   * @return the field count
   */
  public int objectSize() {
    return VariantBinary.objectSize(value, pos);
  }

  /**
   * The field named {@code key} of this object.
   *
   * @param key the key
   * @return a view of the field's value, or null when the object has no such field
   */
  public VariantValue field(String key) {
    int p = VariantBinary.objectFindField(metadata, value, pos, key);
    return p < 0 ? null : new VariantValue(metadata, value, p);
  }

  /**
   * The keys of this object in stored (unsigned UTF-8) order.
   *
   * @return an unmodifiable list of keys
   */
  public List<String> keys() {
    int n = VariantBinary.objectSize(value, pos);
    List<String> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(metadata.key(VariantBinary.objectFieldId(value, pos, i)));
    }
    return Collections.unmodifiableList(keys);
  }

  /**
   * Number of elements of this array.
   *
   * @return the element count
   */
  public int arraySize() {
    return VariantBinary.arraySize(value, pos);
  }

  /**
   * The i-th element of this array.
   *
   * @param i the index
   * @return a view of the element
   * @throws IndexOutOfBoundsException if i is not a valid index
   */
  public VariantValue element(int i) {
    return new VariantValue(metadata, value, VariantBinary.arrayElementPos(value, pos, i));
  }

  /**
   * The JSON rendering (see {@link VariantJson}).
   *
   * @return the JSON text
   */
  public String toJson() {
    return VariantJson.toJson(metadata, value, pos);
  }

  /** This value as JSON text in the given style (see {@link JsonStyle}). */
  public String toJson(JsonStyle style) {
    return VariantJson.toJson(metadata, value, pos, style);
  }

  /**
   * The Java rendering (see {@link VariantJava#toJava}).
   *
   * @return the Java value
   */
  public Object toJava() {
    return VariantJava.toJava(metadata, value, pos);
  }

  /**
   * This value as a standalone variant. A top-level value filling its array is returned as is
   * (metadata copied out of its range); a nested value is re-encoded with a minimal sorted
   * metadata holding only the keys it uses.
   *
   * @return the encoded variant
   */
  public EncodedVariant toEncoded() {
    if (pos == 0 && VariantBinary.valueSize(value, 0) == value.length) {
      return new EncodedVariant(metadata.toByteArray(), value);
    }
    VariantEncoder enc = new VariantEncoder();
    enc.writeVariant(metadata, value, pos);
    return enc.finish();
  }

  /** Logical equality, see {@link VariantEquality}. */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof VariantValue)) {
      return false;
    }
    VariantValue other = (VariantValue) o;
    return VariantEquality.equal(metadata, value, pos, other.metadata, other.value, other.pos);
  }

  /** Consistent with the logical {@link #equals}. */
  @Override
  public int hashCode() {
    return VariantEquality.hash(metadata, value, pos);
  }

  /** The JSON rendering. */
  @Override
  public String toString() {
    return toJson();
  }
}
