package io.dendrite.parquet.variant;

/** How variant values that JSON has no type for are written as JSON text. */
public enum JsonStyle {
  /**
   * Keeps the variant types recoverable (the default, rules in {@link VariantJson}): doubles
   * always with an exponent so they re-parse as doubles, decimals with their scale, ISO-8601
   * dates and timestamps.
   */
  EXACT,
  /**
   * Text identical to Spark 4.1's {@code to_json} with session time zone UTC: decimals without
   * trailing zeros, doubles and floats as Java prints them ({@code 150.0}, {@code 1.0E20}),
   * timestamps as {@code 2024-01-02 03:04:05.5+00:00} and without time zone as
   * {@code 2024-01-02 03:04:05.5}.
   */
  SPARK
}
