package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantEncoder;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.util.Arrays;

/**
 * Per-column assembly state shared by the converters of one VARIANT column: the row's metadata
 * and the encoder the reconstructed value streams into. Consecutive rows often share one
 * metadata dictionary, so its parse and validation are reused when the bytes repeat.
 */
final class VariantContext {
  final VariantEncoder encoder = new VariantEncoder(false);
  /** The VARIANT column's path, naming it in errors about its metadata. */
  private final String path;
  VariantMetadata metadata;
  private byte[] lastMetadata;

  VariantContext(String path) {
    this.path = path;
  }

  void metadata(byte[] bytes) {
    if (lastMetadata == null || !Arrays.equals(lastMetadata, bytes)) {
      lastMetadata = null; // not reused if invalid
      metadata = VariantChecks.metadata(bytes, 0, bytes.length, path);
      lastMetadata = bytes;
    }
    encoder.reset(metadata);
  }

  /**
   * Starts a variant whose metadata is parsed and validated, without preparing the encoder:
   * {@link #metadata(VariantMetadata)} does that once a value must be reassembled.
   */
  void use(VariantMetadata parsed) {
    metadata = parsed;
  }

  /** Starts a row whose metadata another converter already parsed and validated. */
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
