package io.dendrite.parquet.filter;

import io.dendrite.parquet.variant.VariantValue;

/**
 * One row's values of a filter's {@link Filter#paths()}, by index, as a reader holds them. The
 * read engine implements it over its own row or batch; {@link FilterEvaluator} reads it.
 */
public interface FilterValues {
  /** Whether path {@code i} does not exist in this row (a variant field or element not there). */
  boolean isMissing(int i);

  /**
   * The value at path {@code i}: null when there is none (SQL NULL or missing), a
   * {@link VariantValue}, or a Java value (a typed leaf or an ordinary column, as
   * {@code DendriteReader} documents them).
   */
  Object get(int i);

  /**
   * Whether the value at path {@code i} is a whole number the reader holds unboxed (an integer
   * column or typed leaf), which {@link #wholeNumber} gives: comparing it with a whole literal
   * then allocates nothing.
   */
  default boolean isWholeNumber(int i) {
    return false;
  }

  /** The value at path {@code i} when {@link #isWholeNumber} is true. */
  default long wholeNumber(int i) {
    throw new IllegalStateException("path " + i + " holds no unboxed whole number");
  }

  /**
   * The value at path {@code i} as the variant the reader would give for it, when it is held as
   * a Java value of a variant path (a typed leaf); null otherwise. Casts of types without a
   * shortcut use it, so a nanosecond timestamp leaf casts as a nanosecond timestamp.
   */
  default VariantValue asVariant(int i) {
    return null;
  }
}
