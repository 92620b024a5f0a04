package io.dendrite.parquet.shred.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import org.apache.parquet.io.api.RecordConsumer;

/** A path kept as variant binary only: every value goes to {@code value}. */
final class ValueOnlyShredder extends Shredder {

  ValueOnlyShredder(int valueIndex, PathCounter counter) {
    super(valueIndex, -1, counter);
  }

  @Override
  void write(RecordConsumer rc, VariantMetadata m, byte[] v, int pos) {
    writeResidual(rc, v, pos);
  }
}
