package io.dendrite.parquet.variant;

/**
 * Thrown when Variant bytes do not follow the Variant Binary Encoding (parquet-format
 * {@code VariantEncoding.md}), or when an encoder is asked to produce bytes the spec forbids
 * (for example duplicate object keys, or a decimal wider than 38 digits).
 *
 * <p>Messages state what was expected and what was found, so a reader can report them to users
 * without further context, e.g. {@code "metadata version must be 1, found 2"}.
 */
public final class VariantFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a message describing the expected and the actual encoding.
   *
   * @param message what was expected and what was found
   */
  public VariantFormatException(String message) {
    super(message);
  }

  /**
   * Creates an exception that wraps a lower-level cause.
   *
   * @param message what was expected and what was found
   * @param cause the underlying failure
   */
  public VariantFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
