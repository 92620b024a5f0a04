package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The type of a {@link Field} of a {@link RecordSchema}: an ordinary Parquet type
 * ({@link PrimitiveFieldType}, {@link StructType}, {@link ListType}, {@link MapType}) or a
 * {@link VariantFieldType VARIANT} column (Parquet LogicalTypes.md, "VARIANT").
 *
 * <p>{@link #toString()} is the type's text form (see {@link RecordSchema}), e.g.
 * {@code decimal(10,2)}, {@code list<string not null>}, {@code struct<city string>}.
 * Java keywords rule out {@code boolean()}, {@code float()} and {@code double()} as factory
 * names; they are {@link #bool()}, {@link #float32()} and {@link #float64()}.
 */
public sealed interface FieldType {

  /** {@code boolean}. */
  static PrimitiveFieldType bool() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.BOOLEAN);
  }

  /** {@code int32}. */
  static PrimitiveFieldType int32() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.INT32);
  }

  /** {@code int64}. */
  static PrimitiveFieldType int64() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.INT64);
  }

  /** {@code float} (32-bit IEEE 754). */
  static PrimitiveFieldType float32() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.FLOAT);
  }

  /** {@code double} (64-bit IEEE 754). */
  static PrimitiveFieldType float64() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.DOUBLE);
  }

  /** {@code string} (UTF-8). */
  static PrimitiveFieldType string() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.STRING);
  }

  /** {@code binary}. */
  static PrimitiveFieldType binary() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.BINARY);
  }

  /** {@code date} (days since the epoch). */
  static PrimitiveFieldType date() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.DATE);
  }

  /** {@code timestamp}: microseconds, adjusted to UTC. */
  static PrimitiveFieldType timestamp() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP);
  }

  /** {@code timestamp_ntz}: microseconds, local (not adjusted to UTC). */
  static PrimitiveFieldType timestampNtz() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP_NTZ);
  }

  /** {@code timestamp_nanos}: nanoseconds, adjusted to UTC. */
  static PrimitiveFieldType timestampNanos() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP_NANOS);
  }

  /** {@code timestamp_ntz_nanos}: nanoseconds, local. */
  static PrimitiveFieldType timestampNtzNanos() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP_NTZ_NANOS);
  }

  /** {@code time}: microseconds since midnight, local. */
  static PrimitiveFieldType time() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIME);
  }

  /** {@code uuid}. */
  static PrimitiveFieldType uuid() {
    return PrimitiveFieldType.of(PrimitiveFieldType.Kind.UUID);
  }

  /** {@code decimal(precision,scale)}; precision 1..38, scale 0..precision. */
  static PrimitiveFieldType decimal(int precision, int scale) {
    return PrimitiveFieldType.decimal(precision, scale);
  }

  /** {@code variant}. */
  static VariantFieldType variant() {
    return VariantFieldType.INSTANCE;
  }

  /** {@code list<element>} with nullable elements. */
  static ListType list(FieldType element) {
    return new ListType(element, true);
  }

  /** {@code list<element>}, elements nullable or not. */
  static ListType list(FieldType element, boolean elementNullable) {
    return new ListType(element, elementNullable);
  }

  /** {@code map<string, value>} with nullable values. */
  static MapType map(FieldType value) {
    return new MapType(string(), value, true);
  }

  /** {@code map<key, value>} with nullable values. */
  static MapType map(FieldType key, FieldType value) {
    return new MapType(key, value, true);
  }

  /** {@code map<key, value>}, values nullable or not. */
  static MapType map(FieldType key, FieldType value, boolean valueNullable) {
    return new MapType(key, value, valueNullable);
  }

  /** {@code struct<...>} of the given fields. */
  static StructType struct(Field... fields) {
    return new StructType(List.of(fields));
  }

  /** {@code struct<...>} built like a record: {@code struct(s -> s.string("city"))}. */
  static StructType struct(Consumer<RecordSchema.Builder> fields) {
    RecordSchema.Builder builder = RecordSchema.builder();
    fields.accept(builder);
    return builder.buildStruct();
  }

  /** The canonical text form of this type, which {@link RecordSchema#parse} accepts. */
  @Override
  String toString();

  /**
   * A struct: an ordered list of uniquely named fields, stored as a Parquet group.
   * Text form: {@code struct<city string, zip int32 not null>}.
   *
   * @param fields the fields in order; at least one (Parquet has no empty groups)
   */
  public record StructType(List<Field> fields) implements FieldType {

    /** Copies the fields and rejects empty structs and duplicate names. */
    public StructType {
      fields = checkFields(fields, "a struct");
    }

    static List<Field> checkFields(List<Field> fields, String what) {
      if (fields == null || fields.isEmpty()) {
        throw new IllegalArgumentException(what + " needs at least one field");
      }
      List<Field> copy = List.copyOf(fields);
      Set<String> seen = new HashSet<>();
      for (Field f : copy) {
        if (!seen.add(f.name())) {
          throw new IllegalArgumentException("duplicate field name " + FieldPath.quote(f.name()));
        }
      }
      return copy;
    }

    /** The field called {@code name}, or null. */
    public Field field(String name) {
      for (Field f : fields) {
        if (f.name().equals(name)) {
          return f;
        }
      }
      return null;
    }

    @Override
    public String toString() {
      return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "struct<", ">"));
    }
  }

  /**
   * A list, stored as a 3-level Parquet {@code LIST} (LogicalTypes.md, "Lists").
   * Text form: {@code list<string>} (nullable elements) or {@code list<string not null>}.
   *
   * @param element the element type
   * @param elementNullable whether elements may be null
   */
  public record ListType(FieldType element, boolean elementNullable) implements FieldType {

    /** Rejects a missing element type. */
    public ListType {
      if (element == null) {
        throw new IllegalArgumentException("a list needs an element type");
      }
    }

    @Override
    public String toString() {
      return "list<" + element + (elementNullable ? "" : " not null") + ">";
    }
  }

  /**
   * A map, stored as a Parquet {@code MAP} (LogicalTypes.md, "Maps"). Keys are primitive and
   * never null. Text form: {@code map<string, int64>} or {@code map<string, int64 not null>}.
   *
   * @param key the key type, a {@link PrimitiveFieldType}
   * @param value the value type
   * @param valueNullable whether values may be null
   */
  public record MapType(FieldType key, FieldType value, boolean valueNullable) implements FieldType {

    /** Rejects non-primitive keys. */
    public MapType {
      if (key == null || value == null) {
        throw new IllegalArgumentException("a map needs a key and a value type");
      }
      if (!(key instanceof PrimitiveFieldType)) {
        throw new IllegalArgumentException("map keys must be a primitive type, not " + key);
      }
    }

    @Override
    public String toString() {
      return "map<" + key + ", " + value + (valueNullable ? "" : " not null") + ">";
    }
  }

  /**
   * An ordinary (non-Variant) primitive column type. {@link Kind#DECIMAL} carries a precision
   * and scale; every other kind has precision and scale 0.
   *
   * <p>Parquet mapping (LogicalTypes.md): see {@link RecordSchema#toParquet}.
   *
   * @param kind which primitive
   * @param precision decimal precision (1..38), else 0
   * @param scale decimal scale (0..precision), else 0
   */
  public record PrimitiveFieldType(Kind kind, int precision, int scale) implements FieldType {

    /** The largest decimal precision supported (that of Variant decimal16 and Spark). */
    public static final int MAX_DECIMAL_PRECISION = 38;

    /** The primitive kinds; {@link #textName()} is the keyword of the text form. */
    public enum Kind {
      BOOLEAN,
      INT32,
      INT64,
      FLOAT,
      DOUBLE,
      STRING,
      BINARY,
      DATE,
      /** Microseconds since the epoch, adjusted to UTC. */
      TIMESTAMP,
      /** Microseconds, local time (not adjusted to UTC). */
      TIMESTAMP_NTZ,
      /** Nanoseconds since the epoch, adjusted to UTC. */
      TIMESTAMP_NANOS,
      /** Nanoseconds, local time. */
      TIMESTAMP_NTZ_NANOS,
      /** Microseconds since midnight, local time. */
      TIME,
      UUID,
      DECIMAL;

      /** The lowercase keyword used in the text form. */
      public String textName() {
        return name().toLowerCase(Locale.ROOT);
      }
    }

    private static final Map<Kind, PrimitiveFieldType> SIMPLE = new EnumMap<>(Kind.class);

    static {
      for (Kind k : Kind.values()) {
        if (k != Kind.DECIMAL) {
          SIMPLE.put(k, new PrimitiveFieldType(k, 0, 0));
        }
      }
    }

    /** Validates precision and scale against the kind. */
    public PrimitiveFieldType {
      if (kind == null) {
        throw new IllegalArgumentException("primitive kind must not be null");
      }
      if (kind == Kind.DECIMAL) {
        checkDecimal(precision, scale);
      } else if (precision != 0 || scale != 0) {
        throw new IllegalArgumentException(
            "only decimals have a precision and scale, not " + kind.textName());
      }
    }

    /** The (shared) type of a non-decimal kind. */
    public static PrimitiveFieldType of(Kind kind) {
      if (kind == Kind.DECIMAL) {
        throw new IllegalArgumentException("a decimal needs a precision and scale: use decimal(p, s)");
      }
      return SIMPLE.get(kind);
    }

    /** {@code decimal(precision,scale)}. */
    public static PrimitiveFieldType decimal(int precision, int scale) {
      return new PrimitiveFieldType(Kind.DECIMAL, precision, scale);
    }

    static void checkDecimal(int precision, int scale) {
      if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
        throw new IllegalArgumentException(
            "decimal precision must be between 1 and 38, got " + precision);
      }
      if (scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal scale must be between 0 and the precision " + precision + ", got " + scale);
      }
    }

    @Override
    public String toString() {
      return kind == Kind.DECIMAL ? "decimal(" + precision + "," + scale + ")" : kind.textName();
    }
  }

  /**
   * A VARIANT column (Parquet LogicalTypes.md, "VARIANT"): a group holding the binary
   * {@code metadata} and {@code value} of a Variant, optionally shredded into
   * {@code typed_value} columns (VariantShredding.md). How a column is shredded is not part of
   * the record schema; it is chosen per file (see {@code io.dendrite.parquet.shred}).
   */
  public static final class VariantFieldType implements FieldType {

    /** The only instance. */
    public static final VariantFieldType INSTANCE = new VariantFieldType();

    private VariantFieldType() {}

    @Override
    public String toString() {
      return "variant";
    }
  }
}
