package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.Bytes;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.util.Arrays;
import java.util.Objects;

/**
 * One complete Variant: its metadata and value binaries, as stored in the {@code metadata} and
 * {@code value} fields of a Parquet VARIANT group (VariantEncoding.md, "Variant in Parquet"). The
 * value starts at index 0 and occupies the whole array.
 *
 * <p>The arrays are held without copying for speed; treat them as immutable. Equality and hash
 * code compare array contents (byte-for-byte, not logically; see {@link VariantEquality}).
 *
 * @param metadata the metadata bytes
 * @param value the value bytes
 */
public record EncodedVariant(byte[] metadata, byte[] value) {
  /**
   * Checks that both arrays are present.
   *
   * @param metadata the metadata bytes
   * @param value the value bytes
   */
  public EncodedVariant {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(value, "value");
  }

  /**
   * Wraps two binaries without copying or validating them.
   *
   * @param metadata the metadata bytes
   * @param value the value bytes
   * @return the variant
   */
  public static EncodedVariant of(byte[] metadata, byte[] value) {
    return new EncodedVariant(metadata, value);
  }

  /**
   * Wraps parsed metadata (copied out of its range) and value bytes.
   *
   * @param metadata the metadata
   * @param value the value bytes
   * @return the variant
   */
  public static EncodedVariant of(VariantMetadata metadata, byte[] value) {
    return new EncodedVariant(metadata.toByteArray(), value);
  }

  /**
   * Encodes a Java value as a new variant with sorted metadata, by the mapping the writer uses
   * for VARIANT columns: null, Boolean, boxed integers at their declared width (Byte is int8,
   * Long int64), BigInteger and BigDecimal at the narrowest integer or decimal, Float, Double,
   * CharSequence, LocalDate, Instant/OffsetDateTime/ZonedDateTime (UTC timestamps),
   * LocalDateTime, LocalTime, UUID, byte[] and ByteBuffer (binary); Map with String keys as an
   * object; Iterable and arrays as an array; Jackson JsonNode by node type; EncodedVariant and
   * VariantValue copied. The reverse of {@link VariantValue#toJava()} for the types it returns.
   *
   * <pre>{@code
   * EncodedVariant v = EncodedVariant.fromJava(Map.of("id", 7L, "tags", List.of("a", "b")));
   * v.toJson(); // {"id":7,"tags":["a","b"]}
   * }</pre>
   *
   * @param value the value; may be null
   * @return the encoded variant
   * @throws IllegalArgumentException for an unsupported type (naming its class), a map key that
   *     is not a String, a value outside a variant type's range, or nesting deeper than {@link
   *     VariantValue#MAX_NESTING_DEPTH} (which also catches cyclic structures)
   * @throws VariantFormatException for a decimal wider than 38 digits, or a repeated key
   */
  public static EncodedVariant fromJava(Object value) {
    VariantEncoder enc = new VariantEncoder();
    VariantJava.write(value, enc);
    return enc.finish();
  }

  /**
   * Parses the metadata bytes (structural checks only; no copy).
   *
   * @return the parsed metadata
   * @throws VariantFormatException if the metadata is malformed
   */
  public VariantMetadata parsedMetadata() {
    return VariantMetadata.parse(metadata);
  }

  /**
   * Fully validates the variant (see {@link VariantValidator#validate(VariantMetadata, byte[], int,
   * int)}).
   *
   * @return this variant
   * @throws VariantFormatException describing the first problem
   */
  public EncodedVariant validate() {
    VariantValidator.validate(parsedMetadata(), value, 0, value.length);
    return this;
  }

  /**
   * A convenience view over this variant.
   *
   * @return the view
   */
  public VariantValue toValue() {
    return VariantValue.of(this);
  }

  /**
   * Renders the variant as JSON (see {@link VariantJson}), after validating it.
   *
   * @return the JSON text
   * @throws VariantFormatException if the variant is invalid
   */
  public String toJson() {
    return toValue().toJson();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EncodedVariant
        && Arrays.equals(metadata, ((EncodedVariant) o).metadata)
        && Arrays.equals(value, ((EncodedVariant) o).value);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(metadata) + Arrays.hashCode(value);
  }

  /** Shows both binaries in hex (truncated), which works even for malformed bytes. */
  @Override
  public String toString() {
    return "EncodedVariant[metadata=" + Bytes.hex(metadata, 0, metadata.length, 64)
        + ", value=" + Bytes.hex(value, 0, value.length, 64) + "]";
  }
}
