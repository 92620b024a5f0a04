package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantEncoder;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * Per-column assembly state shared by the converters of one VARIANT column: the row's metadata
 * and the encoder the reconstructed value streams into. Consecutive rows often share one
 * metadata dictionary, so its parse is reused when the bytes repeat.
 */
final class VariantContext {
  final VariantEncoder encoder = new VariantEncoder(false);
  VariantMetadata metadata;
  private byte[] lastMetadata;

  void metadata(byte[] bytes) {
    if (lastMetadata == null || !Arrays.equals(lastMetadata, bytes)) {
      metadata = VariantMetadata.parse(bytes);
      lastMetadata = bytes;
    }
    encoder.reset(metadata);
  }

  /** Starts a row whose metadata another converter already parsed. */
  void metadata(VariantMetadata parsed) {
    metadata = parsed;
    encoder.reset(parsed);
  }
}
