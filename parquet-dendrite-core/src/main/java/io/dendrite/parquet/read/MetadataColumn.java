package io.dendrite.parquet.read;

import io.dendrite.parquet.read.column.LeafBatch;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * A VARIANT column's {@code metadata}: decoded and validated only for rows whose residual is
 * navigated, and reused while rows repeat the same dictionary bytes (the common case). Shared
 * by the path readers of one column.
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
    return parse(BinaryValues.array(b), BinaryValues.start(b, vi), BinaryValues.end(b, vi));
  }

  /** The metadata in {@code array[off, end)}, parsed and validated unless it repeats the last. */
  VariantMetadata parse(byte[] array, int off, int end) {
    if (last == null || !Arrays.equals(last, 0, last.length, array, off, end)) {
      byte[] bytes = Arrays.copyOfRange(array, off, end);
      last = null; // not reused if invalid
      metadata = VariantChecks.metadata(bytes, 0, bytes.length, column);
      last = bytes;
    }
    return metadata;
  }
}
