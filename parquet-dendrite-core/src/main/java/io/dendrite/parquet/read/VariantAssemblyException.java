package io.dendrite.parquet.read;

/**
 * A variant in a file breaks the shredding spec (VariantShredding.md): conflicting
 * {@code value} and {@code typed_value}, a shredded field repeated in the residual object, a
 * missing array element. Names the column path inside the variant.
 */
public final class VariantAssemblyException extends RuntimeException {
  private final String path;

  VariantAssemblyException(String path, String problem) {
    super(path + ": " + problem);
    this.path = path;
  }

  public String path() {
    return path;
  }
}
