package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.variant.VariantType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one Variant value is shredded: the type of its {@code typed_value} column
 * (VariantShredding.md, "Value Shredding"). A value is shredded as a
 * {@link ShreddedPrimitive primitive}, an {@link ShreddedObject object} whose fields are
 * shredded in turn, an {@link ShreddedArray array} whose elements are, or — for an object
 * field or array element — {@link ValueOnly not typed at all} (only a {@code value} column).
 *
 * <h2>Text form</h2>
 *
 * <p>{@link #parse} reads and {@link #toString()} writes:
 *
 * <ul>
 *   <li>primitives by lowercase name: {@code boolean int8 int16 int32 int64 float double
 *       decimal(P,S) date time timestamp timestamp_ntz timestamp_nanos timestamp_ntz_nanos
 *       binary string uuid} ({@code timestamp} is UTC-adjusted microseconds, {@code _ntz}
 *       local, {@code _nanos} nanoseconds); aliases {@code bool}, {@code int} (int32),
 *       {@code long} and {@code bigint} (int64). {@code decimal(P,S)} is decimal4, decimal8
 *       or decimal16 as P is at most 9, 18 or 38.
 *   <li>objects {@code {name: type, other: type}}, fields in order, names unique; a name is
 *       bare (letters, digits, {@code _}), back-quoted ({@code `odd name`}, back-quotes
 *       doubled) or a JSON string ({@code "odd\tname"}); {@code {}} is an object with no
 *       shredded fields (which has no Parquet layout).
 *   <li>arrays {@code [type]}.
 *   <li>{@code variant}: a field or element with only a {@code value} column.
 *   <li>whitespace and newlines are free between tokens.
 * </ul>
 *
 * <p>Examples: {@code int64}, {@code [string]}, {@code {event_type: string, event_ts:
 * timestamp, location: {latitude: double, longitude: double}, tags: [string]}},
 * {@code {`user id`: int64, extra: variant}}. Errors name the position and what was
 * expected: {@code expected ':' after the field name at position 4 in "{a int64}"}.
 */
public sealed interface ShreddedType {

  /**
   * Parses the text form.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  static ShreddedType parse(String text) {
    return ShreddedTypeParser.parse(text);
  }

  /** {@code boolean}. */
  static ShreddedPrimitive bool() {
    return ShreddedPrimitive.of(VariantType.BOOLEAN);
  }

  /** {@code int8}. */
  static ShreddedPrimitive int8() {
    return ShreddedPrimitive.of(VariantType.INT8);
  }

  /** {@code int16}. */
  static ShreddedPrimitive int16() {
    return ShreddedPrimitive.of(VariantType.INT16);
  }

  /** {@code int32}. */
  static ShreddedPrimitive int32() {
    return ShreddedPrimitive.of(VariantType.INT32);
  }

  /** {@code int64}. */
  static ShreddedPrimitive int64() {
    return ShreddedPrimitive.of(VariantType.INT64);
  }

  /** {@code float}. */
  static ShreddedPrimitive float32() {
    return ShreddedPrimitive.of(VariantType.FLOAT);
  }

  /** {@code double}. */
  static ShreddedPrimitive float64() {
    return ShreddedPrimitive.of(VariantType.DOUBLE);
  }

  /** {@code decimal(precision,scale)}: decimal4, decimal8 or decimal16 by precision. */
  static ShreddedPrimitive decimal(int precision, int scale) {
    return ShreddedPrimitive.decimal(precision, scale);
  }

  /** {@code date}. */
  static ShreddedPrimitive date() {
    return ShreddedPrimitive.of(VariantType.DATE);
  }

  /** {@code time}: microseconds since midnight. */
  static ShreddedPrimitive time() {
    return ShreddedPrimitive.of(VariantType.TIME);
  }

  /** {@code timestamp}: UTC-adjusted microseconds. */
  static ShreddedPrimitive timestamp() {
    return ShreddedPrimitive.of(VariantType.TIMESTAMP);
  }

  /** {@code timestamp_ntz}: local microseconds. */
  static ShreddedPrimitive timestampNtz() {
    return ShreddedPrimitive.of(VariantType.TIMESTAMP_NTZ);
  }

  /** {@code timestamp_nanos}: UTC-adjusted nanoseconds. */
  static ShreddedPrimitive timestampNanos() {
    return ShreddedPrimitive.of(VariantType.TIMESTAMP_NANOS);
  }

  /** {@code timestamp_ntz_nanos}: local nanoseconds. */
  static ShreddedPrimitive timestampNtzNanos() {
    return ShreddedPrimitive.of(VariantType.TIMESTAMP_NTZ_NANOS);
  }

  /** {@code binary}. */
  static ShreddedPrimitive binary() {
    return ShreddedPrimitive.of(VariantType.BINARY);
  }

  /** {@code string}. */
  static ShreddedPrimitive string() {
    return ShreddedPrimitive.of(VariantType.STRING);
  }

  /** {@code uuid}. */
  static ShreddedPrimitive uuid() {
    return ShreddedPrimitive.of(VariantType.UUID);
  }

  /** An object shredding the given fields, in the map's iteration order. */
  static ShreddedObject object(Map<String, ShreddedType> fields) {
    return new ShreddedObject(fields);
  }

  /** A builder for an object: {@code ShreddedType.objectBuilder().field("a", int64()).build()}. */
  static ShreddedObject.Builder objectBuilder() {
    return ShreddedObject.builder();
  }

  /** An array whose elements are shredded as {@code element}. */
  static ShreddedArray array(ShreddedType element) {
    return new ShreddedArray(element);
  }

  /** {@code variant}: only a {@code value} column. */
  static ValueOnly valueOnly() {
    return ValueOnly.INSTANCE;
  }

  /** The canonical text form, which {@link #parse} turns back into an equal type. */
  @Override
  String toString();

  /**
   * A value shredded as an object whose named fields are shredded in turn
   * (VariantShredding.md, "Objects"): {@code typed_value} is a group holding, for each field, a
   * required group with {@code value} and {@code typed_value}. Fields not named here stay in the
   * object's {@code value}. Text form: {@code {name: type, other: type}}.
   *
   * <p>Field order is kept (it is the Parquet column order) and is significant for
   * {@link #equals}, matching {@link #toString()}.
   *
   * @param fields the shredded fields by name, in order; unmodifiable
   */
  public record ShreddedObject(Map<String, ShreddedType> fields) implements ShreddedType {

    /** Copies the fields, keeping their order. */
    public ShreddedObject {
      if (fields == null) {
        throw new IllegalArgumentException("fields must not be null");
      }
      Map<String, ShreddedType> copy = new LinkedHashMap<>();
      for (Map.Entry<String, ShreddedType> e : fields.entrySet()) {
        if (e.getKey() == null || e.getValue() == null) {
          throw new IllegalArgumentException("shredded object fields need a name and a type");
        }
        copy.put(e.getKey(), e.getValue());
      }
      fields = Collections.unmodifiableMap(copy);
    }

    /** A builder that adds fields in order and rejects duplicates. */
    public static Builder builder() {
      return new Builder();
    }

    /** How field {@code name} is shredded, or null if it is not. */
    public ShreddedType field(String name) {
      return fields.get(name);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ShreddedObject other && entries().equals(other.entries());
    }

    @Override
    public int hashCode() {
      return entries().hashCode();
    }

    private List<Map.Entry<String, ShreddedType>> entries() {
      return new ArrayList<>(fields.entrySet());
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("{");
      for (Map.Entry<String, ShreddedType> e : fields.entrySet()) {
        if (sb.length() > 1) {
          sb.append(", ");
        }
        sb.append(FieldPath.quote(e.getKey())).append(": ").append(e.getValue());
      }
      return sb.append('}').toString();
    }

    /** Builds a {@link ShreddedObject} field by field. */
    public static final class Builder {

      private final Map<String, ShreddedType> fields = new LinkedHashMap<>();

      private Builder() {}

      /** Adds a field; names must be unique. */
      public Builder field(String name, ShreddedType type) {
        if (name == null || type == null) {
          throw new IllegalArgumentException("shredded object fields need a name and a type");
        }
        if (fields.putIfAbsent(name, type) != null) {
          throw new IllegalArgumentException("duplicate field name " + FieldPath.quote(name));
        }
        return this;
      }

      /** The object of the fields added. */
      public ShreddedObject build() {
        return new ShreddedObject(fields);
      }
    }
  }

  /**
   * A value shredded as an array whose elements are shredded as {@code element}
   * (VariantShredding.md, "Arrays"): a 3-level LIST whose required {@code element} group holds
   * {@code value} and {@code typed_value}. Text form: {@code [element]}.
   *
   * @param element how each element is shredded; {@link ValueOnly} for elements with only a
   *     {@code value} column
   */
  public record ShreddedArray(ShreddedType element) implements ShreddedType {

    /** Rejects a missing element type. */
    public ShreddedArray {
      if (element == null) {
        throw new IllegalArgumentException(
            "a shredded array needs an element type (use variant for value-only elements)");
      }
    }

    @Override
    public String toString() {
      return "[" + element + "]";
    }
  }

  /**
   * A value shredded as a Variant primitive (VariantShredding.md, "Shredded Value Types"): any
   * {@link VariantType} but null, object and array. Decimal kinds carry a precision and a scale,
   * and the kind must be the one the precision implies ({@link VariantType#decimalFor}); other
   * kinds have precision and scale 0.
   *
   * @param kind the Variant primitive type
   * @param precision decimal precision (1..38), else 0
   * @param scale decimal scale (0..precision), else 0
   */
  public record ShreddedPrimitive(VariantType kind, int precision, int scale)
      implements ShreddedType {

    private static final Map<VariantType, ShreddedPrimitive> SIMPLE =
        new EnumMap<>(VariantType.class);

    static {
      for (VariantType k : VariantType.values()) {
        if (!k.isDecimal() && k != VariantType.NULL && k.isPrimitive()) {
          SIMPLE.put(k, new ShreddedPrimitive(k, 0, 0));
        }
      }
    }

    /** Validates precision and scale against the kind. */
    public ShreddedPrimitive {
      if (kind == null || kind == VariantType.NULL || !kind.isPrimitive()) {
        throw new IllegalArgumentException("not a shredded primitive type: " + kind);
      }
      if (kind.isDecimal()) {
        VariantType implied = VariantType.decimalFor(precision);
        if (implied != kind) {
          throw new IllegalArgumentException("a decimal of precision " + precision + " is "
              + implied.specName() + ", not " + kind.specName());
        }
        if (scale < 0 || scale > precision) {
          throw new IllegalArgumentException(
              "decimal scale must be between 0 and the precision " + precision + ", got " + scale);
        }
      } else if (precision != 0 || scale != 0) {
        throw new IllegalArgumentException(
            "only decimals have a precision and scale, not " + kind.specName());
      }
    }

    /** The (shared) instance of a non-decimal kind. */
    public static ShreddedPrimitive of(VariantType kind) {
      if (kind.isDecimal()) {
        throw new IllegalArgumentException("a decimal needs a precision and scale: use decimal(p, s)");
      }
      ShreddedPrimitive p = SIMPLE.get(kind);
      if (p == null) {
        throw new IllegalArgumentException("not a shredded primitive type: " + kind);
      }
      return p;
    }

    /** {@code decimal(precision,scale)}, of the decimal kind the precision implies. */
    public static ShreddedPrimitive decimal(int precision, int scale) {
      return new ShreddedPrimitive(VariantType.decimalFor(precision), precision, scale);
    }

    @Override
    public String toString() {
      return kind.isDecimal() ? "decimal(" + precision + "," + scale + ")" : kind.specName();
    }
  }

  /**
   * An object field or array element that is in the shredding schema with only a
   * {@code value} column and no {@code typed_value} (VariantShredding.md: "The
   * {@code typed_value} field may be omitted when not shredding fields as a specific type").
   * Writers use it to pin a field out of the residual object; readers meet it in files from
   * other writers. Text form: {@code variant}. For a whole Variant column it is the same as
   * not shredding at all.
   */
  public static final class ValueOnly implements ShreddedType {

    /** The only instance. */
    public static final ValueOnly INSTANCE = new ValueOnly();

    private ValueOnly() {}

    @Override
    public String toString() {
      return "variant";
    }
  }
}
