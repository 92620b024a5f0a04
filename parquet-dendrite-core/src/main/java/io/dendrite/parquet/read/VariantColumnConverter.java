package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedType;
import io.dendrite.parquet.variant.EncodedVariant;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;

/**
 * Reassembles whole variants of one VARIANT column, shredded or not, and hands each finished
 * {@link EncodedVariant} to a sink. The row's {@code metadata} seeds the encoder, so residual
 * values are copied byte for byte and only shredded parts are re-encoded.
 */
final class VariantColumnConverter extends SlotConverter {
  private final VariantContext context;
  private final Consumer<EncodedVariant> sink;

  private VariantColumnConverter(GroupType group, Slot slot, VariantContext context,
      ShreddedType shredded, Consumer<EncodedVariant> sink) {
    super(group, slot, context, shredded);
    this.context = context;
    this.sink = sink;
  }

  static VariantColumnConverter create(GroupType group, String path, ShreddedType shredded,
      Consumer<EncodedVariant> sink) {
    VariantContext context = new VariantContext(path);
    Slot slot = new Slot(context, Slot.NO_KEY, path, Slot.Missing.NULL);
    return new VariantColumnConverter(group, slot, context, shredded, sink);
  }

  @Override
  Converter childFor(String name, VariantContext context) {
    if (!name.equals("metadata")) {
      return super.childFor(name, context);
    }
    return new PrimitiveConverter() {
      @Override
      public void addBinary(Binary value) {
        context.metadata(value.getBytes());
      }
    };
  }

  @Override
  public void end() {
    super.end();
    sink.accept(context.encoder.finish());
  }
}
