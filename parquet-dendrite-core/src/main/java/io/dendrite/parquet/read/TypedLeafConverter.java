package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantBinary;
import io.dendrite.parquet.shred.ShreddedPrimitive;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The {@code typed_value} of a shredded primitive that a selection ends on, captured as a plain
 * Java value (no variant encoding): the fast path of projected reads. Java types follow
 * {@link io.dendrite.parquet.variant.VariantJava#toJava}.
 */
final class TypedLeafConverter extends PrimitiveConverter {
  private final VariantRoot root;
  private final ShreddedPrimitive type;
  private final PrimitiveTypeName physical;
  /** Values of the current dictionary page, decoded once each (strings are the common case). */
  private Object[] dictionary;

  TypedLeafConverter(VariantRoot root, PrimitiveTypeName physical) {
    this.root = root;
    this.type = root.leafType();
    this.physical = physical;
  }

  @Override
  public boolean hasDictionarySupport() {
    return true;
  }

  @Override
  public void setDictionary(Dictionary dict) {
    Object saved = root.typed;
    dictionary = new Object[dict.getMaxId() + 1];
    for (int id = 0; id < dictionary.length; id++) {
      decodeFromDictionary(dict, id);
      dictionary[id] = root.typed;
    }
    root.typed = saved;
  }

  private void decodeFromDictionary(Dictionary dict, int id) {
    switch (physical) {
      case BOOLEAN:
        addBoolean(dict.decodeToBoolean(id));
        break;
      case INT32:
        addInt(dict.decodeToInt(id));
        break;
      case INT64:
        addLong(dict.decodeToLong(id));
        break;
      case FLOAT:
        addFloat(dict.decodeToFloat(id));
        break;
      case DOUBLE:
        addDouble(dict.decodeToDouble(id));
        break;
      default:
        addBinary(dict.decodeToBinary(id));
        break;
    }
  }

  @Override
  public void addValueFromDictionary(int dictionaryId) {
    root.typed = dictionary[dictionaryId];
  }

  @Override
  public void addBoolean(boolean value) {
    root.typed = value;
  }

  @Override
  public void addInt(int value) {
    try {
      switch (type.kind()) {
        case INT8: root.typed = (byte) value; break;
        case INT16: root.typed = (short) value; break;
        case DATE: root.typed = LocalDate.ofEpochDay(value); break;
        case DECIMAL4:
        case DECIMAL8:
        case DECIMAL16:
          root.typed = decimal(BigDecimal.valueOf(value, type.scale()));
          break;
        default: root.typed = value; break;
      }
    } catch (RuntimeException e) {
      throw VariantChecks.invalid(root.path, "typed_value", e);
    }
  }

  @Override
  public void addLong(long value) {
    try {
      switch (type.kind()) {
        case TIME: root.typed = LocalTime.ofNanoOfDay(Math.multiplyExact(value, 1000L)); break;
        case TIMESTAMP: root.typed = EpochTime.instant(value, EpochTime.MICROS); break;
        case TIMESTAMP_NANOS: root.typed = EpochTime.instant(value, EpochTime.NANOS); break;
        case TIMESTAMP_NTZ: root.typed = EpochTime.local(value, EpochTime.MICROS); break;
        case TIMESTAMP_NTZ_NANOS: root.typed = EpochTime.local(value, EpochTime.NANOS); break;
        case DECIMAL4:
        case DECIMAL8:
        case DECIMAL16:
          root.typed = decimal(BigDecimal.valueOf(value, type.scale()));
          break;
        default: root.typed = value; break;
      }
    } catch (RuntimeException e) {
      throw VariantChecks.invalid(root.path, "typed_value", e);
    }
  }

  @Override
  public void addFloat(float value) {
    root.typed = value;
  }

  @Override
  public void addDouble(double value) {
    root.typed = value;
  }

  @Override
  public void addBinary(Binary value) {
    try {
      switch (type.kind()) {
        case STRING: {
          // toStringUsingUTF8 would replace bad bytes silently; the whole-value read rejects them.
          ByteBuffer b = value.toByteBuffer();
          byte[] bytes = b.hasArray() ? b.array() : value.getBytes();
          int off = b.hasArray() ? b.arrayOffset() + b.position() : 0;
          int len = value.length();
          VariantBinary.checkUtf8(bytes, off, len);
          root.typed = new String(bytes, off, len, java.nio.charset.StandardCharsets.UTF_8);
          break;
        }
        case UUID: {
          ByteBuffer b = value.toByteBuffer();
          root.typed = new UUID(b.getLong(b.position()), b.getLong(b.position() + 8));
          break;
        }
        case DECIMAL4:
        case DECIMAL8:
        case DECIMAL16:
          root.typed = decimal(new BigDecimal(new BigInteger(value.getBytes()), type.scale()));
          break;
        default:
          root.typed = value.getBytes();
          break;
      }
    } catch (RuntimeException e) {
      throw VariantChecks.invalid(root.path, "typed_value", e);
    }
  }

  /**
   * The decimal, if the variant decimal type of the leaf holds it (decimal4: 9 digits, decimal8:
   * 18, decimal16: 38): reassembling the whole variant rejects more, so a path must too.
   */
  private BigDecimal decimal(BigDecimal d) {
    int max = type.kind().maxPrecision();
    if (d.precision() > max) {
      throw new IllegalArgumentException("decimal " + d + " has more than " + max + " digits");
    }
    return d;
  }
}
