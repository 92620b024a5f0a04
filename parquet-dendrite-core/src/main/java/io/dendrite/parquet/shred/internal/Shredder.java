package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.VALUE;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.VariantBinary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes one variant value into the {@code value} / {@code typed_value} pair of the Parquet group
 * the record consumer is positioned in (VariantShredding.md, "Value Shredding").
 *
 * <p>One subclass per shredded shape; a tree of them is built once per file from the
 * {@link ShreddedType} and reused for every row.
 */
abstract class Shredder {

  final int valueIndex;
  final int typedIndex;
  final PathCounter counter;

  Shredder(int valueIndex, int typedIndex, PathCounter counter) {
    this.valueIndex = valueIndex;
    this.typedIndex = typedIndex;
    this.counter = counter;
  }

  /** Writes the value encoded at {@code v[pos]}; {@code m} is the row's metadata. */
  abstract void write(RecordConsumer rc, VariantMetadata m, byte[] v, int pos);

  /** Stores the value unchanged in the residual {@code value} column. */
  final void writeResidual(RecordConsumer rc, byte[] v, int pos) {
    writeResidual(rc, v, pos, VariantBinary.valueSize(v, pos));
  }

  final void writeResidual(RecordConsumer rc, byte[] v, int pos, int length) {
    rc.startField(VALUE, valueIndex);
    // The encoded row is never mutated after encoding, so parquet may keep a reference to it.
    rc.addBinary(Binary.fromConstantByteArray(v, pos, length));
    rc.endField(VALUE, valueIndex);
    counter.residual++;
  }
}
