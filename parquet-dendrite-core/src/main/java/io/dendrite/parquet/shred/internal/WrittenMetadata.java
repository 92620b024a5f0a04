package io.dendrite.parquet.shred.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import org.apache.parquet.io.api.Binary;

/**
 * A metadata a column's rows were written with: the bytes a variant came with, what was written
 * for them and its parsed form. A column keeps the last few (rows of some datasets alternate
 * between a few key sets).
 */
final class WrittenMetadata {
  final byte[] in;
  final VariantMetadata parsed;
  final Binary binary;
  /**
   * {@link #in} parsed when what is written differs from it (it lacks a shredded name): the
   * value of a variant that came with it is then re-encoded with the ids of {@link #parsed}.
   * Null when {@link #in} itself is written.
   */
  final VariantMetadata inParsed;

  WrittenMetadata(byte[] in, VariantMetadata parsed, VariantMetadata inParsed) {
    this.in = in;
    this.parsed = parsed;
    this.inParsed = inParsed;
    // Never modified afterwards, so the writer may keep references to it.
    this.binary = Binary.fromConstantByteArray(parsed.bytes());
  }
}
