package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;

/**
 * Where binary value {@code vi} of a leaf batch sits, whether the batch holds plain values or
 * dictionary ids (then the bytes are the chunk's dictionary's, which no later batch changes).
 */
final class BinaryValues {
  private BinaryValues() {}

  static byte[] array(LeafBatch b) {
    return b.dictionary != null ? b.dictionary.bytes : b.bytes;
  }

  static int start(LeafBatch b, int vi) {
    return b.dictionary != null ? b.dictionary.offsets[b.ids[vi]] : b.offsets[vi];
  }

  static int end(LeafBatch b, int vi) {
    return b.dictionary != null ? b.dictionary.offsets[b.ids[vi] + 1] : b.offsets[vi + 1];
  }
}
