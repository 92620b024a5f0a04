package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.internal.RecordClassSchema;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The schema of the records a file holds: an ordered list of top-level {@link Field}s, each
 * an ordinary Parquet column or a VARIANT column.
 *
 * <h2>Text form</h2>
 *
 * <p>{@link #parse} reads and {@link #toString()} writes a compact text form: fields separated
 * by commas, each {@code name type}, optionally followed by {@code not null}:
 *
 * <pre>
 * id int64 not null,
 * category string,
 * price decimal(10,2),
 * tags list&lt;string not null&gt;,
 * attrs map&lt;string, int64&gt;,
 * addr struct&lt;city string, zip int32&gt;,
 * `odd name` variant
 * </pre>
 *
 * <ul>
 *   <li>Types (case-insensitive, written lowercase): {@code boolean int32 int64 float double
 *       string binary date timestamp timestamp_ntz timestamp_nanos timestamp_ntz_nanos time
 *       uuid decimal(P,S) variant list<T> map<K,V> struct<name type, ...>}. Aliases:
 *       {@code bool}=boolean, {@code int}=int32, {@code long}=int64, {@code bigint}=int64.
 *   <li>{@code timestamp} is microseconds adjusted to UTC, {@code timestamp_ntz} local
 *       microseconds, the {@code _nanos} forms nanoseconds; {@code time} is local
 *       microseconds since midnight. {@code decimal} precision is 1..38, scale 0..precision.
 *   <li>Fields, list elements and map values are nullable unless followed by {@code not null}
 *       ({@code list<string not null>}, {@code map<string, int64 not null>}). Map keys must be
 *       primitive and are never null (a redundant {@code not null} is accepted).
 *   <li>A name is bare (letters, digits, {@code _}, not starting with a digit) or back-quoted
 *       with back-quotes doubled ({@code `odd name`}, {@code `a``b`}); a JSON double-quoted
 *       string is also accepted. Names are unique within a record or struct.
 *   <li>Whitespace, including newlines, is free between tokens.
 * </ul>
 *
 * <p>Errors are {@link IllegalArgumentException}s naming the position and what was expected,
 * e.g. {@code expected a type at position 12 in "id int64, x"}.
 *
 * <h2>Parquet</h2>
 *
 * <p>{@link #toParquet} maps the schema to a Parquet {@link MessageType}, VARIANT columns via
 * {@link io.dendrite.parquet.schema.internal.VariantSchemas#variantGroup}; {@link #fromParquet} maps a
 * file's schema back.
 */
public final class RecordSchema {

  private final List<Field> fields;
  private final Map<String, Integer> indexByName;

  private RecordSchema(List<Field> fields) {
    this.fields = StructType.checkFields(fields, "a record schema");
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < this.fields.size(); i++) {
      index.put(this.fields.get(i).name(), i);
    }
    this.indexByName = index;
  }

  /** A schema of the given fields (at least one, unique names). */
  public static RecordSchema of(List<Field> fields) {
    return new RecordSchema(fields);
  }

  /** A schema of the given fields (at least one, unique names). */
  public static RecordSchema of(Field... fields) {
    return new RecordSchema(List.of(fields));
  }

  /**
   * Parses the text form described in the class documentation.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  public static RecordSchema parse(String text) {
    return new RecordSchema(RecordSchemaParser.parseFields(text));
  }

  /**
   * The schema of a Java record class, as {@code DendriteWriter} writes its records and
   * {@code DendriteReader.select(Class)} reads them back: a field per component in declaration
   * order. Component types: {@code boolean}, {@code int}, {@code long}, {@code float},
   * {@code double} (or boxed), {@code String}, {@code byte[]} (binary), {@code BigDecimal}
   * ({@code decimal(p,s)} from {@link Decimal}), {@code LocalDate} (date), {@code LocalTime}
   * (time, µs), {@code Instant} (timestamp, µs), {@code LocalDateTime} (timestamp_ntz, µs),
   * {@code UUID}, an enum (string: the constant's name), {@code VariantValue} (variant), a record (struct), {@code List<T>} (list)
   * and {@code Map<String, T>} (map) of these. Primitives are {@code not null}; every other
   * field, list element and map value is nullable unless marked {@link NotNull}.
   *
   * <pre>{@code
   * record Order(long id, @NotNull String customer, List<@NotNull Line> lines) {}
   * record Line(String sku, @Decimal(precision = 12, scale = 2) BigDecimal price) {}
   * // id int64 not null, customer string not null,
   * // lines list<struct<sku string, price decimal(12,2)> not null>
   * }</pre>
   *
   * @throws IllegalArgumentException for a class that is not a record, a recursive record, or
   *     a component of another type (naming the record class and the component)
   */
  public static RecordSchema ofRecord(Class<? extends Record> type) {
    return RecordClassSchema.of(type);
  }

  /**
   * Marks a record component, or a list element or map value type
   * ({@code List<@NotNull String>}), as never null: its column is {@code not null}, and
   * writing a record where it is null is an invalid record ({@link #ofRecord}).
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.RECORD_COMPONENT,
      ElementType.TYPE_USE})
  public @interface NotNull {}

  /**
   * The {@code decimal(precision, scale)} column of a {@code BigDecimal} record component or
   * type argument ({@link #ofRecord}); required there, since a BigDecimal has no fixed scale.
   * Values are stored at this scale: {@code 1.5} in {@code scale = 2} reads back as
   * {@code 1.50}, and a value needing more places is an invalid record.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.RECORD_COMPONENT,
      ElementType.TYPE_USE})
  public @interface Decimal {
    /** Digits in all, 1..38. */
    int precision();

    /** Digits after the point, 0..precision. */
    int scale();
  }

  /** A fluent builder: {@code RecordSchema.builder().int64("id").required().build()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The top-level fields in order. */
  public List<Field> fields() {
    return fields;
  }

  /** The number of top-level fields. */
  public int size() {
    return fields.size();
  }

  /** The top-level field called {@code name}, or null. */
  public Field field(String name) {
    Integer i = indexByName.get(name);
    return i == null ? null : fields.get(i);
  }

  /** The position of the top-level field called {@code name}, or -1. */
  public int indexOf(String name) {
    Integer i = indexByName.get(name);
    return i == null ? -1 : i;
  }

  /**
   * The dotted {@link FieldPath paths} of every VARIANT field, in schema order, including
   * those inside structs ({@code addr.payload}), list elements ({@code events.element}) and
   * map values ({@code attrs.value}). These are the keys of a
   * {@link io.dendrite.parquet.schema.ShreddingSchema}.
   */
  public List<String> variantColumns() {
    List<String> out = new ArrayList<>();
    for (Field f : fields) {
      collectVariants(f.type(), FieldPath.quote(f.name()), out);
    }
    return Collections.unmodifiableList(out);
  }

  private static void collectVariants(FieldType type, String path, List<String> out) {
    if (type instanceof VariantFieldType) {
      out.add(path);
    } else if (type instanceof StructType s) {
      for (Field f : s.fields()) {
        collectVariants(f.type(), FieldPath.child(path, f.name()), out);
      }
    } else if (type instanceof ListType l) {
      collectVariants(l.element(), FieldPath.child(path, FieldPath.LIST_ELEMENT), out);
    } else if (type instanceof MapType m) {
      collectVariants(m.value(), FieldPath.child(path, FieldPath.MAP_VALUE), out);
    }
  }

  /**
   * The Parquet schema of this record schema (LogicalTypes.md). Ordinary types use the
   * standard annotations: {@code string} = BINARY (STRING), {@code date} = INT32 (DATE),
   * timestamps = INT64 TIMESTAMP(isAdjustedToUTC, MICROS|NANOS), {@code time} = INT64
   * TIME(false, MICROS), {@code uuid} = FIXED_LEN_BYTE_ARRAY(16) (UUID), {@code decimal} =
   * INT32 (precision ≤ 9), INT64 (≤ 18) or the smallest FIXED_LEN_BYTE_ARRAY; lists are
   * 3-level LIST groups, maps MAP groups with a {@code key_value} group; nullable fields are
   * {@code optional}, others {@code required}. VARIANT columns are built by
   * {@link io.dendrite.parquet.schema.internal.VariantSchemas#variantGroup}.
   *
   * @param messageName the name of the Parquet message
   * @param shredding the shredded type of each VARIANT column, looked up by its
   *     {@link #variantColumns() path}; a null result (or a null function) leaves the column
   *     unshredded. A {@link ShreddingSchema} may be passed directly; then every path it names
   *     must be a VARIANT column of this schema, which catches typos in shredding files.
   * @throws IllegalArgumentException when a {@link ShreddingSchema} names a path that is not
   *     a VARIANT column, or a shredded type has no Parquet layout (an empty object)
   */
  public MessageType toParquet(String messageName, Function<String, ShreddedType> shredding) {
    if (shredding instanceof ShreddingSchema schema) {
      checkShreddingPaths(schema);
    }
    return ParquetSchemaWriter.toParquet(this, messageName, shredding);
  }

  private void checkShreddingPaths(ShreddingSchema shredding) {
    List<String> variants = variantColumns();
    for (String path : shredding.paths()) {
      if (!variants.contains(path)) {
        throw new IllegalArgumentException(
            "the shredding schema names " + path + ", which is not a VARIANT column; "
                + "VARIANT columns: " + (variants.isEmpty() ? "none" : String.join(", ", variants)));
      }
    }
  }

  /** {@link #toParquet(String, Function)} with every VARIANT column unshredded. */
  public MessageType toParquet(String messageName) {
    return toParquet(messageName, null);
  }

  /**
   * The record schema of a Parquet file's schema. A group annotated VARIANT, or an
   * unannotated group whose fields are exactly a binary {@code metadata} and a binary
   * {@code value} (plus, optionally, {@code typed_value}), is a VARIANT field; its shredding
   * is validated (see {@link io.dendrite.parquet.schema.internal.VariantSchemas#shreddedTypeOf}).
   * Legacy layouts are accepted where they map cleanly: 2-level and unannotated repeated
   * lists, MAP_KEY_VALUE maps, INT(8|16) and UINT(8|16) as {@code int32}, unannotated BINARY
   * as {@code binary}, ENUM and JSON as {@code string}, INT96 (Spark's legacy timestamp) as
   * {@code timestamp_nanos}.
   *
   * @throws IllegalArgumentException naming the column path for anything else (
   *     32/64-bit unsigned integers, TIMESTAMP/TIME in MILLIS, TIME in NANOS, INTERVAL, ...)
   */
  public static RecordSchema fromParquet(MessageType schema) {
    return new RecordSchema(ParquetSchemaReader.fields(schema));
  }

  /**
   * The element of a LIST-annotated group, found by the backward-compatibility rules of
   * LogicalTypes.md ("Lists") that {@link #fromParquet} applies: the repeated field itself (a
   * legacy 2-level list, whose elements are required) or, in the standard 3-level form, its
   * single field.
   *
   * @throws IllegalArgumentException when the group is not a valid LIST
   */
  public static Type listElement(GroupType list) {
    return ParquetSchemaReader.listElement(list);
  }

  /**
   * The Parquet group of every VARIANT column of a file's schema, keyed by the path
   * {@link #variantColumns()} gives it in {@code fromParquet(schema)}, in schema order.
   * Only the structure leading to VARIANT groups is examined, so unsupported ordinary
   * columns elsewhere do not cause errors; the groups themselves are not validated.
   */
  public static Map<String, GroupType> variantGroups(MessageType schema) {
    return ParquetSchemaReader.variantGroups(schema);
  }

  /** The canonical text form, which {@link #parse} turns back into an equal schema. */
  @Override
  public String toString() {
    return fields.stream().map(Field::toString).collect(Collectors.joining(", "));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecordSchema other && fields.equals(other.fields);
  }

  @Override
  public int hashCode() {
    return fields.hashCode();
  }

  /**
   * Builds a {@link RecordSchema} (or, via {@link FieldType#struct(Consumer)}, a struct) field
   * by field. Each type-named method adds a nullable field; {@link #required()} makes the
   * field just added not null:
   *
   * <pre>{@code
   * RecordSchema.builder()
   *     .int64("id").required()
   *     .string("category")
   *     .variant("payload")
   *     .decimal("price", 10, 2)
   *     .list("tags", FieldType.string())
   *     .struct("addr", s -> s.string("city").int32("zip"))
   *     .build();
   * }</pre>
   */
  public static final class Builder {

    private final List<Field> fields = new ArrayList<>();

    private Builder() {}

    /** Adds a field. */
    public Builder field(Field field) {
      for (Field f : fields) {
        if (f.name().equals(field.name())) {
          throw new IllegalArgumentException(
              "duplicate field name " + FieldPath.quote(field.name()));
        }
      }
      fields.add(field);
      return this;
    }

    /** Adds a field. */
    public Builder field(String name, FieldType type, boolean nullable) {
      return field(new Field(name, type, nullable));
    }

    /** Adds a nullable field. */
    public Builder optional(String name, FieldType type) {
      return field(name, type, true);
    }

    /** Adds a required (not null) field. */
    public Builder required(String name, FieldType type) {
      return field(name, type, false);
    }

    /** Makes the field added last required (not null). */
    public Builder required() {
      if (fields.isEmpty()) {
        throw new IllegalStateException("required() follows the field it applies to");
      }
      Field last = fields.remove(fields.size() - 1);
      fields.add(new Field(last.name(), last.type(), false));
      return this;
    }

    /** Adds a nullable {@code boolean} field. */
    public Builder bool(String name) {
      return optional(name, FieldType.bool());
    }

    /** Adds a nullable {@code int32} field. */
    public Builder int32(String name) {
      return optional(name, FieldType.int32());
    }

    /** Adds a nullable {@code int64} field. */
    public Builder int64(String name) {
      return optional(name, FieldType.int64());
    }

    /** Adds a nullable {@code float} field. */
    public Builder float32(String name) {
      return optional(name, FieldType.float32());
    }

    /** Adds a nullable {@code double} field. */
    public Builder float64(String name) {
      return optional(name, FieldType.float64());
    }

    /** Adds a nullable {@code string} field. */
    public Builder string(String name) {
      return optional(name, FieldType.string());
    }

    /** Adds a nullable {@code binary} field. */
    public Builder binary(String name) {
      return optional(name, FieldType.binary());
    }

    /** Adds a nullable {@code date} field. */
    public Builder date(String name) {
      return optional(name, FieldType.date());
    }

    /** Adds a nullable {@code timestamp} (UTC-adjusted microseconds) field. */
    public Builder timestamp(String name) {
      return optional(name, FieldType.timestamp());
    }

    /** Adds a nullable {@code timestamp_ntz} (local microseconds) field. */
    public Builder timestampNtz(String name) {
      return optional(name, FieldType.timestampNtz());
    }

    /** Adds a nullable {@code timestamp_nanos} field. */
    public Builder timestampNanos(String name) {
      return optional(name, FieldType.timestampNanos());
    }

    /** Adds a nullable {@code timestamp_ntz_nanos} field. */
    public Builder timestampNtzNanos(String name) {
      return optional(name, FieldType.timestampNtzNanos());
    }

    /** Adds a nullable {@code time} field. */
    public Builder time(String name) {
      return optional(name, FieldType.time());
    }

    /** Adds a nullable {@code uuid} field. */
    public Builder uuid(String name) {
      return optional(name, FieldType.uuid());
    }

    /** Adds a nullable {@code decimal(precision,scale)} field. */
    public Builder decimal(String name, int precision, int scale) {
      return optional(name, FieldType.decimal(precision, scale));
    }

    /** Adds a nullable {@code variant} field. */
    public Builder variant(String name) {
      return optional(name, FieldType.variant());
    }

    /** Adds a nullable {@code list<element>} field with nullable elements. */
    public Builder list(String name, FieldType element) {
      return optional(name, FieldType.list(element));
    }

    /** Adds a nullable {@code list<element>} field. */
    public Builder list(String name, FieldType element, boolean elementNullable) {
      return optional(name, FieldType.list(element, elementNullable));
    }

    /** Adds a nullable {@code map<key, value>} field with nullable values. */
    public Builder map(String name, FieldType key, FieldType value) {
      return optional(name, FieldType.map(key, value));
    }

    /** Adds a nullable {@code struct<...>} field whose fields {@code fields} adds. */
    public Builder struct(String name, Consumer<Builder> fields) {
      return optional(name, FieldType.struct(fields));
    }

    /** The record schema of the fields added. */
    public RecordSchema build() {
      return new RecordSchema(fields);
    }

    /** A struct type of the fields added. */
    public StructType buildStruct() {
      return new StructType(fields);
    }
  }

  /**
   * Checks a selected path against this schema: the column must exist, struct fields must exist,
   * lists take indexes; inside a VARIANT anything goes (values are schemaless).
   *
   * @throws IllegalArgumentException naming the column or field and what there is instead
   */
  public void checkPath(SelectionPath path) {
    Field f = field(path.column());
    if (f == null) {
      throw new IllegalArgumentException("names column '" + path.column()
          + "', which the file does not have; columns: "
          + fields().stream().map(Field::name).collect(Collectors.joining(", ")));
    }
    FieldType type = f.type();
    String at = path.column();
    for (Segment step : path.tail(1)) {
      if (type instanceof VariantFieldType) {
        return;
      }
      if (type instanceof StructType st) {
        if (step.name() == null) {
          throw new IllegalArgumentException(path.text() + ": " + at + " is a struct; use .field");
        }
        Field child = st.fields().stream().filter(x -> x.name().equals(step.name()))
            .findFirst().orElse(null);
        if (child == null) {
          throw new IllegalArgumentException(path.text() + ": struct " + at + " has no field '"
              + step.name() + "'; fields: "
              + st.fields().stream().map(Field::name).collect(Collectors.joining(", ")));
        }
        type = child.type();
      } else if (type instanceof ListType lt) {
        if (step.name() != null) {
          throw new IllegalArgumentException(path.text() + ": " + at + " is a list; use [N]");
        }
        type = lt.element();
      } else if (type instanceof MapType mt) {
        type = mt.value();
      } else {
        throw new IllegalArgumentException(path.text() + ": column " + at + " is " + type
            + " and has no fields or elements");
      }
      at = at + (step.name() == null ? step.toString() : "." + step.name());
    }
  }

  /**
   * A named, typed field of a {@link RecordSchema} or {@link StructType}.
   *
   * <p>{@link #toString()} is its text form: {@code name type} followed by {@code not null}
   * when the field is required, e.g. {@code id int64 not null}, {@code `odd name` string}.
   *
   * @param name the field name (any non-empty string)
   * @param type the field type
   * @param nullable whether the field may be null (Parquet {@code optional}); otherwise
   *     {@code required}
   */
  public record Field(String name, FieldType type, boolean nullable) {

    /** Validates name and type. */
    public Field {
      if (name == null || name.isEmpty()) {
        throw new IllegalArgumentException("field name must not be empty");
      }
      if (type == null) {
        throw new IllegalArgumentException("field " + FieldPath.quote(name) + " has no type");
      }
    }

    /** A nullable field. */
    public static Field optional(String name, FieldType type) {
      return new Field(name, type, true);
    }

    /** A required (not null) field. */
    public static Field required(String name, FieldType type) {
      return new Field(name, type, false);
    }

    @Override
    public String toString() {
      return FieldPath.quote(name) + " " + type + (nullable ? "" : " not null");
    }
  }
}
