package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.ApiAccess;
import io.dendrite.parquet.variant.internal.VariantEncoder;

/** The package-private members that {@code variant.internal} needs; see {@link ApiAccess}. */
final class InternalAccess extends ApiAccess {
  @Override
  public VariantMetadata newMetadata(byte[] bytes, int offset, int length, int size, int offsetSize,
      boolean sorted) {
    return new VariantMetadata(bytes, offset, length, size, offsetSize, sorted);
  }

  @Override
  public int[] canonicalIds(VariantMetadata m) {
    return m.canonicalIds();
  }

  @Override
  public int keyEnd(VariantMetadata m, int id) {
    return m.keyEndUnchecked(id);
  }

  @Override
  public int sortedId(VariantMetadata m, String key) {
    return m.sortedId(key);
  }

  @Override
  public int sortedId(VariantMetadata m, byte[] k, int off, int len) {
    return m.sortedId(k, off, len);
  }

  @Override
  public VariantCastException castFailure(VariantValue value, String target) {
    return new VariantCastException(value, target);
  }

  @Override
  public void writeParquetVariant(Object variant, VariantEncoder encoder) {
    ParquetVariants.write(variant, encoder);
  }
}
