package io.dendrite.parquet.variant;

/** A variant value that cannot be cast to the requested type (see {@link VariantCasts}). */
public final class VariantCastException extends RuntimeException {
  public VariantCastException(String message) {
    super(message);
  }
}
