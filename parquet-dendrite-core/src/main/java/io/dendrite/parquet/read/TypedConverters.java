package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedArray;
import io.dendrite.parquet.shred.ShreddedObject;
import io.dendrite.parquet.shred.ShreddedPrimitive;
import io.dendrite.parquet.shred.ShreddedType;
import io.dendrite.parquet.variant.VariantBinary;
import io.dendrite.parquet.variant.VariantEncoder;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
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
      try {
        switch (type.kind()) {
          case INT8: encoder.writeInt8((byte) value); break;
          case INT16: encoder.writeInt16((short) value); break;
          case DATE: encoder.writeDate(value); break;
          case DECIMAL4: encoder.writeDecimal4(value, type.scale()); break;
          case DECIMAL8: encoder.writeDecimal8(value, type.scale()); break;
          case INT64: encoder.writeInt64(value); break;
          default: encoder.writeInt32(value); break;
        }
      } catch (RuntimeException e) {
        throw VariantChecks.invalid(slot.path, "typed_value", e);
      }
    }

    @Override
    public void addLong(long value) {
      slot.beginTyped(false);
      try {
        switch (type.kind()) {
          case TIME: encoder.writeTime(value); break;
          case TIMESTAMP: encoder.writeTimestamp(value); break;
          case TIMESTAMP_NTZ: encoder.writeTimestampNtz(value); break;
          case TIMESTAMP_NANOS: encoder.writeTimestampNanos(value); break;
          case TIMESTAMP_NTZ_NANOS: encoder.writeTimestampNtzNanos(value); break;
          case DECIMAL4: encoder.writeDecimal4(Math.toIntExact(value), type.scale()); break;
          case DECIMAL8: encoder.writeDecimal8(value, type.scale()); break;
          case DECIMAL16:
            encoder.writeDecimal16(java.math.BigInteger.valueOf(value), type.scale());
            break;
          default: encoder.writeInt64(value); break;
        }
      } catch (RuntimeException e) {
        throw VariantChecks.invalid(slot.path, "typed_value", e);
      }
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
      try {
        binary(value);
      } catch (RuntimeException e) {
        throw VariantChecks.invalid(slot.path, "typed_value", e);
      }
    }

    private void binary(Binary value) {
      switch (type.kind()) {
        case STRING: {
          ByteBuffer b = value.toByteBuffer();
          // Parquet does not check a string column's UTF-8; a variant string must be valid.
          if (b.hasArray()) {
            VariantBinary.checkUtf8(b.array(), b.arrayOffset() + b.position(), b.remaining());
            encoder.writeString(b.array(), b.arrayOffset() + b.position(), b.remaining());
          } else {
            byte[] bytes = value.getBytes();
            VariantBinary.checkUtf8(bytes, 0, bytes.length);
            encoder.writeString(bytes, 0, bytes.length);
          }
          break;
        }
        case UUID: {
          ByteBuffer b = value.toByteBuffer();
          encoder.writeUuid(b.getLong(b.position()), b.getLong(b.position() + 8));
          break;
        }
        case DECIMAL4:
        case DECIMAL8:
        case DECIMAL16: {
          java.math.BigInteger unscaled = new java.math.BigInteger(value.getBytes());
          switch (type.kind()) {
            case DECIMAL4: encoder.writeDecimal4(unscaled.intValueExact(), type.scale()); break;
            case DECIMAL8: encoder.writeDecimal8(unscaled.longValueExact(), type.scale()); break;
            default: encoder.writeDecimal16(unscaled, type.scale()); break;
          }
          break;
        }
        default: {
          byte[] bytes = value.getBytes();
          encoder.writeBinary(bytes, 0, bytes.length);
          break;
        }
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
    private final Set<String> names = new HashSet<>();

    ObjectTyped(GroupType group, ShreddedObject type, Slot slot, VariantContext context) {
      this.slot = slot;
      this.context = context;
      this.fields = new Converter[group.getFieldCount()];
      Map<String, ShreddedType> types = type.fields();
      for (int i = 0; i < fields.length; i++) {
        GroupType field = group.getType(i).asGroupType();
        String name = field.getName();
        names.add(name);
        Slot fieldSlot = new Slot(context, e -> e.key(name), slot.path + "." + name,
            Slot.Missing.SKIP);
        fields[i] = FieldOrder.inSpecOrder(field,
            new SlotConverter(field, fieldSlot, context, types.get(name)));
      }
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
        if (VariantBinary.type(residual, 0) != VariantType.OBJECT) {
          throw new VariantAssemblyException(slot.path, "conflicting value and typed_value: "
              + "typed_value is an object but value is " + VariantBinary.type(residual, 0));
        }
        VariantMetadata m = context.metadata;
        VariantEncoder e = context.encoder;
        int n = VariantBinary.objectSize(residual, 0);
        for (int i = 0; i < n; i++) {
          int id = VariantBinary.objectFieldId(residual, 0, i);
          String key = m.key(id);
          if (names.contains(key)) {
            throw new VariantAssemblyException(slot.path + "." + key,
                "shredded field is also present in the residual value (spec: invalid)");
          }
          int pos = VariantBinary.objectFieldValuePos(residual, 0, i);
          e.key(key);
          e.writeRawValue(residual, pos, VariantBinary.valueSize(residual, pos));
        }
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
