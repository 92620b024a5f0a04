package io.dendrite.parquet.schema;

/**
 * A VARIANT column (Parquet LogicalTypes.md, "VARIANT"): a group holding the binary
 * {@code metadata} and {@code value} of a Variant, optionally shredded into
 * {@code typed_value} columns (VariantShredding.md). How a column is shredded is not part of
 * the record schema; it is chosen per file (see {@code io.dendrite.parquet.shred}).
 */
public final class VariantFieldType implements FieldType {

  /** The only instance. */
  public static final VariantFieldType INSTANCE = new VariantFieldType();

  private VariantFieldType() {}

  @Override
  public String toString() {
    return "variant";
  }
}
