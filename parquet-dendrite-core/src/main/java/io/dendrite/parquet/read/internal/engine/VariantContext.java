package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantEncoder;

/**
 * Per-column assembly state shared by the readers of one VARIANT column: the row's metadata
 * (parsed and validated once per distinct dictionary by {@link MetadataColumn}) and the encoder
 * the reconstructed value streams into.
 */
final class VariantContext {
  final VariantEncoder encoder = new VariantEncoder(false);
  /** The VARIANT column's path, naming it in errors about its metadata. */
  private final String path;
  VariantMetadata metadata;

  VariantContext(String path) {
    this.path = path;
  }

  /**
   * Starts a variant whose metadata is parsed and validated, without preparing the encoder:
   * {@link #metadata(VariantMetadata)} does that once a value must be reassembled.
   */
  void use(VariantMetadata parsed) {
    metadata = parsed;
  }

  /** Starts a row whose metadata another reader already parsed and validated. */
  void metadata(VariantMetadata parsed) {
    metadata = parsed;
    encoder.reset(parsed);
  }

  /**
   * The variant written since the last {@link #metadata(VariantMetadata)}, as a value of its
   * own (the encoder is reused for the next one).
   */
  VariantValue finish() {
    byte[] value = encoder.finishValue();
    return VariantValue.of(encoder.metadata(), value, 0, value.length);
  }

  /**
   * Validates a residual {@code value} of this row, exactly {@code v[pos, pos+len)}, found at
   * {@code path} (a shredded field's path names that field).
   */
  void checkValue(byte[] v, int pos, int len, String path) {
    VariantChecks.value(metadata, v, pos, len, path);
  }
}
