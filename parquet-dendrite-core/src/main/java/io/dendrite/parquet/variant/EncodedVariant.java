package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.Bytes;
import io.dendrite.parquet.variant.internal.VariantEquality;
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
