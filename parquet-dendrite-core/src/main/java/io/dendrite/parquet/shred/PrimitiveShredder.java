package io.dendrite.parquet.shred;

import io.dendrite.parquet.schema.DecimalBytes;
import io.dendrite.parquet.variant.VariantBinary;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * A path shredded as one primitive type. Values of that type, and exact numerics that the column
 * holds without loss (an int8 in an int64 column, 1.5 in a decimal(9,2) column), go to
 * {@code typed_value}; everything else stays in {@code value}. Float and double are never mixed.
 */
final class PrimitiveShredder extends Shredder {
  private static final BigInteger[] POW10 = new BigInteger[39];

  static {
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  private final VariantPrimitive kind;
  private final int precision;
  private final int scale;

  PrimitiveShredder(ShreddedPrimitive type, int valueIndex, int typedIndex, PathCounter counter) {
    super(valueIndex, typedIndex, counter);
    this.kind = type.kind();
    this.precision = type.precision();
    this.scale = type.scale();
  }

  @Override
  void write(RecordConsumer rc, VariantMetadata m, byte[] v, int pos) {
    if (!tryTyped(rc, v, pos)) {
      writeResidual(rc, v, pos);
    }
  }

  private boolean tryTyped(RecordConsumer rc, byte[] v, int pos) {
    VariantType t = VariantBinary.type(v, pos);
    switch (kind) {
      case BOOLEAN:
        if (t != VariantType.BOOLEAN) {
          return false;
        }
        start(rc);
        rc.addBoolean(VariantBinary.getBoolean(v, pos));
        break;
      case INT8:
      case INT16:
      case INT32:
      case INT64: {
        if (!t.isInteger()) {
          return false;
        }
        long x = VariantBinary.getLong(v, pos);
        if (!fitsInt(x)) {
          return false;
        }
        start(rc);
        if (kind == VariantPrimitive.INT64) {
          rc.addLong(x);
        } else {
          rc.addInteger((int) x);
        }
        break;
      }
      case FLOAT:
        if (t != VariantType.FLOAT) {
          return false;
        }
        start(rc);
        rc.addFloat(VariantBinary.getFloat(v, pos));
        break;
      case DOUBLE:
        if (t != VariantType.DOUBLE) {
          return false;
        }
        start(rc);
        rc.addDouble(VariantBinary.getDouble(v, pos));
        break;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        if (!tryDecimal(rc, v, pos, t)) {
          return false;
        }
        break;
      case DATE:
        if (t != VariantType.DATE) {
          return false;
        }
        start(rc);
        rc.addInteger(VariantBinary.getDate(v, pos));
        break;
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        if (t != temporalType()) {
          return false;
        }
        start(rc);
        rc.addLong(VariantBinary.getTimestamp(v, pos));
        break;
      case STRING:
        if (t != VariantType.STRING) {
          return false;
        }
        start(rc);
        rc.addBinary(Binary.fromConstantByteArray(
            v, VariantBinary.stringOffset(v, pos), VariantBinary.stringLength(v, pos)));
        break;
      case BINARY:
        if (t != VariantType.BINARY) {
          return false;
        }
        start(rc);
        rc.addBinary(Binary.fromConstantByteArray(
            v, VariantBinary.binaryOffset(v, pos), VariantBinary.binaryLength(v, pos)));
        break;
      case UUID:
        if (t != VariantType.UUID) {
          return false;
        }
        start(rc);
        // Variant and Parquet both store a UUID as its 16 big-endian bytes.
        rc.addBinary(Binary.fromConstantByteArray(v, pos + 1, 16));
        break;
      default:
        throw new IllegalStateException("unhandled shredded type " + kind);
    }
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
    return true;
  }

  private void start(RecordConsumer rc) {
    rc.startField(TYPED_VALUE, typedIndex);
  }

  private VariantType temporalType() {
    switch (kind) {
      case TIME: return VariantType.TIME;
      case TIMESTAMP: return VariantType.TIMESTAMP;
      case TIMESTAMP_NTZ: return VariantType.TIMESTAMP_NTZ;
      case TIMESTAMP_NANOS: return VariantType.TIMESTAMP_NANOS;
      default: return VariantType.TIMESTAMP_NTZ_NANOS;
    }
  }

  private boolean fitsInt(long x) {
    switch (kind) {
      case INT8: return x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE;
      case INT16: return x >= Short.MIN_VALUE && x <= Short.MAX_VALUE;
      case INT32: return x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE;
      default: return true;
    }
  }

  /** Integers and decimals go in when rescaling to the column's scale loses nothing. */
  private boolean tryDecimal(RecordConsumer rc, byte[] v, int pos, VariantType t) {
    BigInteger unscaled;
    if (t.isInteger()) {
      unscaled = BigInteger.valueOf(VariantBinary.getLong(v, pos)).multiply(POW10[scale]);
    } else if (t.isDecimal()) {
      BigDecimal d = VariantBinary.getDecimal(v, pos);
      if (d.scale() > scale) {
        try {
          d = d.setScale(scale);
        } catch (ArithmeticException inexact) {
          return false;
        }
      } else {
        d = d.setScale(scale);
      }
      unscaled = d.unscaledValue();
    } else {
      return false;
    }
    if (unscaled.abs().compareTo(POW10[precision]) >= 0) {
      return false;
    }
    start(rc);
    switch (kind) {
      case DECIMAL4:
        rc.addInteger(unscaled.intValueExact());
        break;
      case DECIMAL8:
        rc.addLong(unscaled.longValueExact());
        break;
      default:
        rc.addBinary(Binary.fromConstantByteArray(DecimalBytes.toFixed(unscaled, 16)));
        break;
    }
    return true;
  }
}
