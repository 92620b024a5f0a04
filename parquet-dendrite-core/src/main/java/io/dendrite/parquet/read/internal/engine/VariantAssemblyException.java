package io.dendrite.parquet.read.internal.engine;

/**
 * A variant in a file is invalid: a metadata or value binary breaks the encoding spec
 * (VariantEncoding.md), or its columns break the shredding spec (VariantShredding.md:
 * conflicting {@code value} and {@code typed_value}, a shredded field repeated in the residual
 * object). Names the path inside the variant ({@code payload.user}) where it was found.
 */
public final class VariantAssemblyException extends RuntimeException {
  private final String path;
  private final String problem;

  VariantAssemblyException(String path, String problem) {
    this(path, problem, null);
  }

  VariantAssemblyException(String path, String problem, Throwable cause) {
    super(path + ": " + problem, cause);
    this.path = path;
    this.problem = problem;
  }

  public String path() {
    return path;
  }

  /** What is wrong, without the path. */
  public String problem() {
    return problem;
  }
}
