package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;

/**
 * The package-private members of the API types ({@code io.dendrite.parquet.variant}) that this
 * package needs: trusted constructors and caches that are not API. The JDK's "shared secrets"
 * pattern: the API package installs the one implementation when {@link VariantMetadata} is
 * initialized, and callers keep it in a static final field, through which the JIT inlines the
 * calls like direct ones.
 */
public abstract class ApiAccess {
  private static volatile ApiAccess installed;

  protected ApiAccess() {}

  /**
   * Installs the implementation; called once, by {@code io.dendrite.parquet.variant}.
   *
   * @param access the implementation
   * @throws IllegalStateException if one is installed already or it is not the API package's
   */
  public static synchronized void install(ApiAccess access) {
    if (installed != null || !access.getClass().getPackageName().equals("io.dendrite.parquet.variant")) {
      throw new IllegalStateException("ApiAccess is installed by io.dendrite.parquet.variant only");
    }
    installed = access;
  }

  /** The implementation, initializing the API package first if needed. */
  static ApiAccess get() {
    ApiAccess a = installed;
    if (a == null) {
      VariantMetadata.EMPTY.size(); // initializing VariantMetadata installs the implementation
      a = installed;
    }
    return a;
  }

  /** VariantMetadata's trusted constructor: the caller produced a valid layout. */
  public abstract VariantMetadata newMetadata(byte[] bytes, int offset, int length, int size,
      int offsetSize, boolean sorted);

  /** {@code VariantMetadata.canonicalIds()}: for each id the smallest id of equal key bytes, or null. */
  public abstract int[] canonicalIds(VariantMetadata m);

  /** End (exclusive) of dictionary string {@code id}, unchecked: after {@code keyOffset(id)}. */
  public abstract int keyEnd(VariantMetadata m, int id);

  /**
   * The id of {@code key} by binary search of a sorted dictionary: the id, -1 if absent, or
   * another negative value when the search cannot tell (see {@code VariantMetadata.sortedId}).
   */
  public abstract int sortedId(VariantMetadata m, String key);

  /** As {@link #sortedId(VariantMetadata, String)} for the UTF-8 key {@code k[off, off+len)}. */
  public abstract int sortedId(VariantMetadata m, byte[] k, int off, int len);

  /** The cheap cast failure of {@link VariantCasts}: no stack trace, message built when asked. */
  public abstract VariantCastException castFailure(VariantValue value, String target);

  /** Writes a parquet-java {@code Variant}, passed as Object so callers need not load its class. */
  public abstract void writeParquetVariant(Object variant, VariantEncoder encoder);
}
