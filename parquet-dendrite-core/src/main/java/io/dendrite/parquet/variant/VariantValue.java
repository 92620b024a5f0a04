package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.variant.internal.VariantToJson;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * An immutable, user-friendly view of one Variant value: metadata, value bytes and the position of
 * the value inside them, plus the range the value must lie in. Navigation ({@link #field}, {@link
 * #element}) returns views of nested values without copying; accessors mirror {@link
 * VariantBinary}. {@link #equals} and {@link #hashCode} are logical ({@link VariantEquality});
 * {@link #toString} is the JSON rendering.
 *
 * <p>Creating a view does not validate the bytes. {@link #validate()} does, once: the result is
 * kept, and views navigated to from a validated view count as validated. The whole-value
 * operations ({@link #toJson()}, {@link #toJava()}, {@link #toEncoded()}, {@link #equals}, {@link
 * #hashCode}, and {@link VariantCasts}) validate first, so on invalid bytes they throw {@link
 * VariantFormatException} rather than return a wrong answer. The typed getters and navigation read
 * only the bytes they need, as {@link VariantBinary}'s accessors do (bounded by the array, not by
 * the view's range): call {@link #validate()} first on untrusted input.
 */
public final class VariantValue {
  /**
   * The one nesting limit of this library: how many arrays and objects may be nested inside each
   * other in one variant value, the outermost included (a scalar has depth 0, {@code {"a":[1]}}
   * depth 2). Every input the writer takes (maps and lists, Jackson nodes, JSON text, encoded
   * variants) is held to it, deeper records being rejected as invalid, and every decoder of this
   * library (validation, copying, rendering, equality) accepts exactly this depth and rejects
   * deeper values with a {@link VariantFormatException}, instead of risking a stack overflow; so
   * whatever the writer accepts reads back. The JSON parsers of this library allow this many
   * levels inside a variant plus the levels of the record around it. Equals Jackson's default
   * nesting limit.
   */
  public static final int MAX_NESTING_DEPTH = 1000;

  private final VariantMetadata metadata;
  private final byte[] value;
  private final int pos;
  /** End (exclusive) of the range the value must lie in. */
  private final int limit;
  /** Whether the value must end exactly at {@link #limit} (its length is known) or only by it. */
  private final boolean exact;
  /** Set once validated (a benign race at worst validates twice); inherited by nested views. */
  private boolean validated;

  private VariantValue(VariantMetadata metadata, byte[] value, int pos, int limit, boolean exact, boolean validated) {
    this.metadata = Objects.requireNonNull(metadata, "metadata");
    this.value = Objects.requireNonNull(value, "value");
    this.pos = pos;
    this.limit = limit;
    this.exact = exact;
    this.validated = validated;
  }

  /**
   * A view of a complete variant.
   *
   * @param variant the variant
   * @return the view of its top-level value
   */
  public static VariantValue of(EncodedVariant variant) {
    return of(variant.parsedMetadata(), variant.value(), 0, variant.value().length);
  }

  /**
   * A view of a complete variant given as its two binaries (not copied); the value must occupy
   * all of {@code value}.
   *
   * @param metadata metadata bytes
   * @param value value bytes
   * @return the view of the top-level value
   * @throws VariantFormatException if the metadata cannot be parsed
   */
  public static VariantValue of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.parse(metadata), value, 0, value.length);
  }

  /**
   * A view of the value at {@code pos}, which may be followed by other bytes; {@link #validate()}
   * checks that it fits in the array. Prefer {@link #of(VariantMetadata, byte[], int, int)} when
   * the value's length is known.
   *
   * @param metadata the variant's metadata
   * @param value value bytes
   * @param pos start of the value
   * @return the view
   */
  public static VariantValue of(VariantMetadata metadata, byte[] value, int pos) {
    return new VariantValue(metadata, value, pos, value.length, false, false);
  }

  /**
   * A view of the value occupying exactly {@code value[pos, pos+len)}, for example one value in a
   * page's buffer: {@link #validate()} checks that it ends exactly there and that nothing in it
   * points outside that range.
   *
   * @param metadata the variant's metadata
   * @param value array holding the value
   * @param pos start of the value
   * @param len exact length of the value
   * @return the view
   * @throws IndexOutOfBoundsException if the range is outside the array
   */
  public static VariantValue of(VariantMetadata metadata, byte[] value, int pos, int len) {
    Objects.checkFromIndexSize(pos, len, value.length);
    return new VariantValue(metadata, value, pos, pos + len, true, false);
  }

  /**
   * Fully validates this value and its metadata (see {@link VariantValidator#validate(VariantMetadata,
   * byte[], int, int)}): against its exact range for views made with a length (or from complete
   * variants), else within the array (or, for a navigated view, within its root's range). The
   * result is kept, so later calls and the whole-value operations do not validate again.
   *
   * @return this view
   * @throws VariantFormatException describing the first problem, with positions relative to the
   *     value's first byte
   */
  public VariantValue validate() {
    if (!validated) {
      if (exact) {
        VariantValidator.validate(metadata, value, pos, limit - pos);
      } else {
        if (pos < 0 || pos >= limit) {
          throw new VariantFormatException("value position " + pos + " is outside the value (length " + limit + ")");
        }
        VariantValidator.validate(metadata, value, pos, limit, false);
      }
      validated = true;
    }
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
    return VariantObjects.size(value, pos);
  }

  /**
   * The field named {@code key} of this object.
   *
   * @param key the key
   * @return a view of the field's value, or null when the object has no such field
   */
  public VariantValue field(String key) {
    int p = VariantObjects.findField(metadata, value, pos, key);
    return p < 0 ? null : nested(p);
  }

  /**
   * The field whose key has id {@code id} in this value's metadata ({@link VariantMetadata#id}),
   * for callers that look the same keys up in many objects of one metadata. Use it with a sorted
   * dictionary, which holds each key once (an unsorted one may repeat a key under two ids; look
   * such keys up with {@link #field(String)}).
   *
   * @param id the key's dictionary id (negative: absent)
   * @return a view of the field's value, or null when the object has no field with that id
   */
  public VariantValue fieldOfId(int id) {
    if (id < 0) {
      return null;
    }
    int i = VariantObjects.fieldIndexOfId(value, pos, id);
    return i < 0 ? null : nested(VariantObjects.fieldValuePos(value, pos, i));
  }

  /**
   * The keys of this object in stored order (the spec's unsigned UTF-8 order, or the order
   * another writer chose).
   *
   * @return an unmodifiable list of keys
   */
  public List<String> keys() {
    int n = VariantObjects.size(value, pos);
    List<String> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(metadata.key(VariantObjects.fieldId(value, pos, i)));
    }
    return Collections.unmodifiableList(keys);
  }

  /**
   * The value of the i-th field of this object, in stored order (the order of {@link #keys()}),
   * for walks over all fields that need no lookup by key.
   *
   * <pre>{@code
   * List<String> keys = object.keys();
   * for (int i = 0; i < keys.size(); i++) {
   *   visit(keys.get(i), object.fieldAt(i));
   * }
   * }</pre>
   *
   * @param i the field's index, {@code 0 <= i < objectSize()}
   * @return a view of the field's value
   * @throws IndexOutOfBoundsException if i is not a valid index
   * @throws VariantFormatException if this value is not an object
   */
  public VariantValue fieldAt(int i) {
    return nested(VariantObjects.fieldValuePos(value, pos, i));
  }

  /**
   * Number of elements of this array.
   *
   * @return the element count
   */
  public int arraySize() {
    return VariantArrays.size(value, pos);
  }

  /**
   * The i-th element of this array.
   *
   * @param i the index
   * @return a view of the element
   * @throws IndexOutOfBoundsException if i is not a valid index
   */
  public VariantValue element(int i) {
    return nested(VariantArrays.elementPos(value, pos, i));
  }

  /** A child's view: within this view's range, and valid if this view is. */
  private VariantValue nested(int p) {
    return new VariantValue(metadata, value, p, limit, false, validated);
  }

  /**
   * The JSON rendering (see {@link VariantJson}).
   *
   * @return the JSON text
   */
  public String toJson() {
    return toJson(JsonStyle.EXACT);
  }

  /**
   * This value as JSON text in the given style (see {@link JsonStyle}), after {@link #validate()}.
   *
   * @param style the style
   * @return the JSON text
   * @throws VariantFormatException if the value is invalid
   */
  public String toJson(JsonStyle style) {
    validate();
    return VariantToJson.toJsonValidated(metadata, value, pos, style);
  }

  /**
   * The Java rendering (see {@link VariantJava#toJava}).
   *
   * @return the Java value
   */
  public Object toJava() {
    validate();
    return VariantJava.toJavaValidated(metadata, value, pos);
  }

  /**
   * This value as a standalone variant. A top-level value filling its array is returned as is
   * (metadata copied out of its range); a nested value is re-encoded with a minimal sorted
   * metadata holding only the keys it uses.
   *
   * @return the encoded variant
   */
  public EncodedVariant toEncoded() {
    validate();
    if (pos == 0 && VariantBinary.valueSize(value, 0) == value.length) {
      return new EncodedVariant(metadata.toByteArray(), value);
    }
    VariantEncoder enc = new VariantEncoder();
    enc.writeVariantValidated(metadata, value, pos);
    return enc.finish();
  }

  /**
   * Logical equality, see {@link VariantEquality}.
   *
   * @throws VariantFormatException if either value is invalid
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof VariantValue)) {
      return false;
    }
    VariantValue other = (VariantValue) o;
    validate();
    other.validate();
    return VariantEquality.equalValidated(metadata, value, pos, other.metadata, other.value, other.pos);
  }

  /**
   * Consistent with the logical {@link #equals}.
   *
   * @throws VariantFormatException if the value is invalid
   */
  @Override
  public int hashCode() {
    validate();
    return VariantEquality.hashValidated(metadata, value, pos);
  }

  /** The JSON rendering, or for invalid bytes a description of the problem (never throws). */
  @Override
  public String toString() {
    try {
      return toJson();
    } catch (VariantFormatException e) {
      return "VariantValue[invalid: " + e.getMessage() + "]";
    }
  }

  /** How variant values that JSON has no type for are written as JSON text. */
  public enum JsonStyle {
    /**
     * Keeps the variant types recoverable (the default, rules in {@link VariantJson}): doubles
     * always with an exponent so they re-parse as doubles, decimals with their scale, ISO-8601
     * dates and timestamps.
     */
    EXACT,
    /**
     * Text identical to Spark 4.1's {@code to_json} with session time zone UTC: decimals without
     * trailing zeros, doubles and floats as Java prints them ({@code 150.0}, {@code 1.0E20}),
     * timestamps as {@code 2024-01-02 03:04:05.5+00:00} and without time zone as
     * {@code 2024-01-02 03:04:05.5}.
     */
    SPARK
  }
}
