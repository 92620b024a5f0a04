package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.LeafBatch;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * A VARIANT column's {@code metadata} as the engine reads it: decoded and validated only for
 * rows whose residual is navigated, and reused while rows repeat the same dictionary bytes
 * (the common case). Shared by the path readers of one column.
 */
final class MetadataColumn {
  private final String column;
  private byte[] last;
  private VariantMetadata metadata;

  MetadataColumn(String column) {
    this.column = column;
  }

  /** Value {@code vi} of the metadata leaf batch, parsed. */
  VariantMetadata at(LeafBatch b, int vi) {
    byte[] array = BinaryValues.array(b);
    int off = BinaryValues.start(b, vi);
    int end = BinaryValues.end(b, vi);
    if (last == null || !Arrays.equals(last, 0, last.length, array, off, end)) {
      byte[] bytes = Arrays.copyOfRange(array, off, end);
      last = null; // not reused if invalid
      metadata = VariantChecks.metadata(bytes, 0, bytes.length, column);
      last = bytes;
    }
    return metadata;
  }
}
