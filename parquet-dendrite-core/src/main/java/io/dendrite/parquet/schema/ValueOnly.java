package io.dendrite.parquet.schema;

/**
 * An object field or array element that is in the shredding schema with only a
 * {@code value} column and no {@code typed_value} (VariantShredding.md: "The
 * {@code typed_value} field may be omitted when not shredding fields as a specific type").
 * Writers use it to pin a field out of the residual object; readers meet it in files from
 * other writers. Text form: {@code variant}. For a whole Variant column it is the same as
 * not shredding at all.
 */
public final class ValueOnly implements ShreddedType {

  /** The only instance. */
  public static final ValueOnly INSTANCE = new ValueOnly();

  private ValueOnly() {}

  @Override
  public String toString() {
    return "variant";
  }
}
