package io.dendrite.parquet.write;

/**
 * Turns one user value into the normalized form the Parquet field writers expect, or explains
 * why it cannot. One instance per schema node, built once per writer.
 */
interface Coercer {
  /** A normalized non-null value; {@code value} is never null here. */
  Object coerce(Object value, String path);

  static IllegalArgumentException mismatch(String expected, Object value) {
    String shown = String.valueOf(value);
    if (shown.length() > 60) {
      shown = shown.substring(0, 57) + "...";
    }
    return new IllegalArgumentException("expected " + expected + ", got "
        + value.getClass().getSimpleName() + " " + (value instanceof CharSequence ? '"' + shown + '"' : shown));
  }
}
