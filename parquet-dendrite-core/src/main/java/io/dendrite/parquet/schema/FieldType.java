package io.dendrite.parquet.schema;

import java.util.List;
import java.util.function.Consumer;

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
public sealed interface FieldType
    permits PrimitiveFieldType, VariantFieldType, StructType, ListType, MapType {

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
}
