package io.dendrite.parquet.schema;

import io.dendrite.parquet.variant.VariantType;
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
public sealed interface ShreddedType permits ShreddedPrimitive, ShreddedObject, ShreddedArray,
    ValueOnly {

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
}
