package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedType;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;

/**
 * A group holding one {@code value} / {@code typed_value} pair: a shredded object field, an
 * array element, or (with {@code metadata} in front) a whole VARIANT column.
 */
class SlotConverter extends GroupConverter {
  final Slot slot;
  private final Converter[] children;

  SlotConverter(GroupType group, Slot slot, VariantContext context, ShreddedType shredded) {
    this.slot = slot;
    this.children = new Converter[group.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      String name = group.getType(i).getName();
      if (name.equals("value")) {
        children[i] = new PrimitiveConverter() {
          @Override
          public void addBinary(Binary value) {
            slot.value(value);
          }
        };
      } else if (name.equals("typed_value")) {
        children[i] = TypedConverters.create(group.getType(i), shredded, slot, context);
      } else {
        children[i] = childFor(name, context);
      }
    }
  }

  /** Other fields of the group; only the column group has one ({@code metadata}). */
  Converter childFor(String name, VariantContext context) {
    throw new IllegalArgumentException(slot.path + ": unexpected field '" + name + "'");
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {
    slot.start();
  }

  @Override
  public void end() {
    slot.end();
  }
}
