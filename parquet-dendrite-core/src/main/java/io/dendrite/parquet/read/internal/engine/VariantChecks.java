package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantValidator;

/**
 * Validates the variant binaries of a file once each, before anything else reads them: a value
 * is bytes {@code [pos, pos+len)} of a page buffer, and only a value validated with exactly that
 * extent is safe to navigate (DESIGN.md §6). Failures, here and for typed values a variant type
 * cannot hold, name the path inside the variant.
 */
final class VariantChecks {
  private VariantChecks() {}

  /** Parses and validates the metadata occupying exactly {@code bytes[off, off+len)}. */
  static VariantMetadata metadata(byte[] bytes, int off, int len, String path) {
    try {
      return VariantMetadata.parse(bytes, off, len).validate();
    } catch (RuntimeException e) {
      throw invalid(path, VariantSchemas.METADATA, e);
    }
  }

  /** Validates the value occupying exactly {@code v[pos, pos+len)} against its metadata. */
  static void value(VariantMetadata metadata, byte[] v, int pos, int len, String path) {
    try {
      VariantValidator.validate(metadata, v, pos, len);
    } catch (RuntimeException e) {
      throw invalid(path, VariantSchemas.VALUE, e);
    }
  }

  /**
   * A view of the value occupying exactly {@code v[pos, pos+len)}, validated once: the view
   * remembers it, so later operations on it do not validate again.
   */
  static VariantValue view(VariantMetadata metadata, byte[] v, int pos, int len, String path) {
    try {
      return VariantValue.of(metadata, v, pos, len).validate();
    } catch (RuntimeException e) {
      throw invalid(path, VariantSchemas.VALUE, e);
    }
  }

  /** The failure to read a {@code what} (metadata, value, typed_value) found at {@code path}. */
  static VariantAssemblyException invalid(String path, String what, RuntimeException e) {
    String problem = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new VariantAssemblyException(path, "invalid " + what + ": " + problem, e);
  }
}
