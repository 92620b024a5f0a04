package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantBinary;
import io.dendrite.parquet.variant.VariantMetadata;

/**
 * Validates the variant binaries of a file once each, before anything else reads them: a value
 * is bytes {@code [pos, pos+len)} of a page buffer, and only a value validated with exactly that
 * extent is safe to navigate (DESIGN.md §6). Failures name the path inside the variant.
 */
final class VariantChecks {
  private VariantChecks() {}

  /** Parses and validates the metadata occupying exactly {@code bytes[off, off+len)}. */
  static VariantMetadata metadata(byte[] bytes, int off, int len, String path) {
    try {
      return VariantMetadata.parse(bytes, off, len).validate();
    } catch (RuntimeException e) {
      throw new VariantAssemblyException(path, "invalid metadata: " + message(e), e);
    }
  }

  /** Validates the value occupying exactly {@code v[pos, pos+len)} against its metadata. */
  static void value(VariantMetadata metadata, byte[] v, int pos, int len, String path) {
    try {
      VariantBinary.validate(metadata, v, pos, len);
    } catch (RuntimeException e) {
      throw new VariantAssemblyException(path, "invalid value: " + message(e), e);
    }
  }

  private static String message(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
