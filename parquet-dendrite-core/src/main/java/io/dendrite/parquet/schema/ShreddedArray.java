package io.dendrite.parquet.schema;

/**
 * A value shredded as an array whose elements are shredded as {@code element}
 * (VariantShredding.md, "Arrays"): a 3-level LIST whose required {@code element} group holds
 * {@code value} and {@code typed_value}. Text form: {@code [element]}.
 *
 * @param element how each element is shredded; {@link ValueOnly} for elements with only a
 *     {@code value} column
 */
public record ShreddedArray(ShreddedType element) implements ShreddedType {

  /** Rejects a missing element type. */
  public ShreddedArray {
    if (element == null) {
      throw new IllegalArgumentException(
          "a shredded array needs an element type (use variant for value-only elements)");
    }
  }

  @Override
  public String toString() {
    return "[" + element + "]";
  }
}
