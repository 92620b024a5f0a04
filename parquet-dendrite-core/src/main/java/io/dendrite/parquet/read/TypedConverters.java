package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedArray;
import io.dendrite.parquet.shred.ShreddedObject;
import io.dendrite.parquet.shred.ShreddedPrimitive;
import io.dendrite.parquet.shred.ShreddedType;
import io.dendrite.parquet.variant.VariantEncoder;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/** Converters for {@code typed_value}: one class per shredded shape. */
final class TypedConverters {
  private TypedConverters() {}

  static Converter create(Type parquet, ShreddedType shredded, Slot slot, VariantContext context) {
    if (shredded instanceof ShreddedPrimitive) {
      return new PrimitiveTyped((ShreddedPrimitive) shredded, slot, context);
    }
    if (shredded instanceof ShreddedArray) {
      return new ArrayTyped(parquet.asGroupType(), (ShreddedArray) shredded, slot, context);
    }
    return new ObjectTyped(parquet.asGroupType(), (ShreddedObject) shredded, slot, context);
  }

  /**
   * A shredded primitive: the Parquet value becomes the variant primitive of the same type. A
   * value that type cannot hold (a decimal4 of 10 digits, a time outside one day) is invalid.
   */
  private static final class PrimitiveTyped extends PrimitiveConverter {
    private final ShreddedPrimitive type;
    private final Slot slot;
    private final VariantEncoder encoder;

    PrimitiveTyped(ShreddedPrimitive type, Slot slot, VariantContext context) {
      this.type = type;
      this.slot = slot;
      this.encoder = context.encoder;
    }

    @Override
    public void addBoolean(boolean value) {
      slot.beginTyped(false);
      encoder.writeBoolean(value);
    }

    @Override
    public void addInt(int value) {
      slot.beginTyped(false);
      Reconstruction.writeInt(encoder, type, value, slot.path);
    }

    @Override
    public void addLong(long value) {
      slot.beginTyped(false);
      Reconstruction.writeLong(encoder, type, value, slot.path);
    }

    @Override
    public void addFloat(float value) {
      slot.beginTyped(false);
      encoder.writeFloat(value);
    }

    @Override
    public void addDouble(double value) {
      slot.beginTyped(false);
      encoder.writeDouble(value);
    }

    @Override
    public void addBinary(Binary value) {
      slot.beginTyped(false);
      ByteBuffer b = value.toByteBuffer();
      if (b.hasArray()) {
        Reconstruction.writeBinary(encoder, type, b.array(), b.arrayOffset() + b.position(),
            b.remaining(), slot.path);
      } else {
        byte[] bytes = value.getBytes();
        Reconstruction.writeBinary(encoder, type, bytes, 0, bytes.length, slot.path);
      }
    }
  }

  /**
   * A shredded object: its fields stream into an object, then the residual object's fields
   * (from {@code value}) are merged in. Shredded fields must not reappear in the residual.
   */
  private static final class ObjectTyped extends GroupConverter {
    private final Slot slot;
    private final VariantContext context;
    private final Converter[] fields;
    private final ShreddedFieldNames names;

    ObjectTyped(GroupType group, ShreddedObject type, Slot slot, VariantContext context) {
      this.slot = slot;
      this.context = context;
      this.fields = new Converter[group.getFieldCount()];
      Map<String, ShreddedType> types = type.fields();
      Set<String> shredded = new HashSet<>();
      for (int i = 0; i < fields.length; i++) {
        GroupType field = group.getType(i).asGroupType();
        String name = field.getName();
        shredded.add(name);
        Slot fieldSlot = new Slot(context, e -> e.key(name), slot.path + "." + name,
            Slot.Missing.SKIP);
        fields[i] = FieldOrder.inSpecOrder(field,
            new SlotConverter(field, fieldSlot, context, types.get(name)));
      }
      this.names = new ShreddedFieldNames(shredded);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      slot.beginTyped(true);
      context.encoder.startObject();
    }

    @Override
    public void end() {
      byte[] residual = slot.residual;
      if (residual != null) {
        Reconstruction.mergeResidual(context.encoder, context.metadata, residual, 0, names,
            slot.path);
      }
      context.encoder.endObject();
    }
  }

  /** A shredded array: a 3-level LIST whose elements are value/typed_value pairs. */
  private static final class ArrayTyped extends GroupConverter {
    private final Slot slot;
    private final VariantContext context;
    private final GroupConverter repeated;

    ArrayTyped(GroupType list, ShreddedArray type, Slot slot, VariantContext context) {
      this.slot = slot;
      this.context = context;
      GroupType repeatedType = list.getType(0).asGroupType();
      GroupType elementType = repeatedType.getType(0).asGroupType();
      Slot elementSlot = new Slot(context, Slot.NO_KEY, slot.path + "[]", Slot.Missing.NULL);
      SlotConverter element = new SlotConverter(elementType, elementSlot, context, type.element());
      this.repeated = new PassThroughConverter(FieldOrder.inSpecOrder(elementType, element));
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      slot.beginTyped(false);
      context.encoder.startArray();
    }

    @Override
    public void end() {
      context.encoder.endArray();
    }
  }
}
