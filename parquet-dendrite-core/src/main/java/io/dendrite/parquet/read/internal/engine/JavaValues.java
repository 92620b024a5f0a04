package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.variant.internal.Temporal;
import io.dendrite.parquet.variant.internal.VariantBinary;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.UUID;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Turns one Parquet physical value into the Java value a reader returns, for one column: an
 * ordinary column ({@link #forColumn}: types as {@link DendriteReader} lists them) or a shredded
 * {@code typed_value} leaf ({@link #forTypedLeaf}: types as {@code VariantJava#toJava}, checked
 * as strictly as reassembling the variant would). The one place these conversions live; the
 * readers of every shape call it.
 */
public abstract class JavaValues {
  /**
   * True when {@link #ofInt} and {@link #ofLong} give the number itself (an integer column or
   * integer typed leaf): a filter then compares the primitive without boxing it.
   */
  final boolean wholeNumbers;
  /**
   * True when a conversion can reject a stored value (a date or time out of range, a typed
   * leaf the variant type cannot hold): rows then convert it as they are read, so that the
   * failure names the row ({@link ColumnVector#settle}).
   */
  final boolean checked;

  /** Conversions that cannot fail. */
  JavaValues() {
    this(false, false);
  }

  JavaValues(boolean wholeNumbers, boolean checked) {
    this.wholeNumbers = wholeNumbers;
    this.checked = checked;
  }

  public Object ofBoolean(boolean v) {
    return v;
  }

  public Object ofInt(int v) {
    return v;
  }

  public Object ofLong(long v) {
    return v;
  }

  public Object ofFloat(float v) {
    return v;
  }

  public Object ofDouble(double v) {
    return v;
  }

  /** BINARY, FIXED_LEN_BYTE_ARRAY and INT96 values. */
  public Object ofBinary(byte[] b, int off, int len) {
    return Arrays.copyOfRange(b, off, off + len);
  }

  /**
   * Plain value {@code vi} of a leaf batch of physical type {@code physical} (a batch holding
   * values, not dictionary ids).
   */
  public final Object ofValue(LeafBatch b, int vi, PrimitiveTypeName physical) {
    switch (physical) {
      case BOOLEAN: return ofBoolean(b.booleans[vi]);
      case INT32: return ofInt(b.ints[vi]);
      case INT64: return ofLong(b.longs[vi]);
      case FLOAT: return ofFloat(b.floats[vi]);
      case DOUBLE: return ofDouble(b.doubles[vi]);
      default: return ofBinary(b.bytes, b.offsets[vi], b.offsets[vi + 1] - b.offsets[vi]);
    }
  }

  /** Entry {@code id} of a column chunk's dictionary. */
  public final Object ofEntry(ColumnDictionary d, int id) {
    if (d.longs != null) {
      return ofLong(d.longs[id]);
    }
    if (d.ints != null) {
      return ofInt(d.ints[id]);
    }
    if (d.doubles != null) {
      return ofDouble(d.doubles[id]);
    }
    if (d.floats != null) {
      return ofFloat(d.floats[id]);
    }
    return ofBinary(d.bytes, d.offsets[id], d.offsets[id + 1] - d.offsets[id]);
  }

  /**
   * An ordinary column's values (DendriteReader's documented Java types), for its Parquet type:
   * the physical type and annotation tell the unit (TIMESTAMP and TIME in MILLIS, MICROS or
   * NANOS), the signedness (UINT_32 as a long, UINT_64 as a 20-digit decimal) and FLOAT16.
   */
  public static JavaValues forColumn(PrimitiveType parquet) {
    return forColumn((PrimitiveFieldType) ValueReaders.primitiveType(parquet), parquet);
  }

  private static JavaValues forColumn(PrimitiveFieldType type, PrimitiveType parquet) {
    LogicalTypeAnnotation a = parquet.getLogicalTypeAnnotation();
    PrimitiveTypeName physical = parquet.getPrimitiveTypeName();
    boolean unsigned = a instanceof IntLogicalTypeAnnotation i && !i.isSigned();
    switch (type.kind()) {
      case INT64:
        if (unsigned) { // UINT_32
          return new JavaValues() {
            @Override
            public Object ofInt(int v) {
              return Integer.toUnsignedLong(v);
            }
          };
        }
        return new JavaValues(true, false) {};
      case INT32:
        return new JavaValues(true, false) {};
      case FLOAT:
        if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
          return new JavaValues() {
            @Override
            public Object ofBinary(byte[] b, int off, int len) {
              return halfToFloat((short) ((b[off] & 0xff) | (b[off + 1] << 8)));
            }
          };
        }
        return new JavaValues() {};
      case DATE:
        return new JavaValues(false, true) {
          @Override
          public Object ofInt(int v) {
            return LocalDate.ofEpochDay(v);
          }
        };
      case TIMESTAMP:
      case TIMESTAMP_NANOS: {
        long perSecond = perSecond(a);
        return new JavaValues(false, true) {
          @Override
          public Object ofLong(long v) {
            return Temporal.instant(v, perSecond);
          }

          @Override
          public Object ofBinary(byte[] b, int off, int len) {
            return EpochTime.fromInt96(Binary.fromConstantByteArray(b, off, len));
          }
        };
      }
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS: {
        long perSecond = perSecond(a);
        return new JavaValues(false, true) {
          @Override
          public Object ofLong(long v) {
            return Temporal.localDateTime(v, perSecond);
          }
        };
      }
      case TIME: {
        long nanosPerUnit = Temporal.NANOS_PER_SECOND / perSecond(a);
        return new JavaValues(false, true) {
          @Override
          public Object ofInt(int v) { // TIME(MILLIS)
            return LocalTime.ofNanoOfDay(Math.multiplyExact((long) v, nanosPerUnit));
          }

          @Override
          public Object ofLong(long v) {
            return LocalTime.ofNanoOfDay(Math.multiplyExact(v, nanosPerUnit));
          }
        };
      }
      case STRING:
        return new JavaValues() {
          @Override
          public Object ofBinary(byte[] b, int off, int len) {
            return new String(b, off, len, StandardCharsets.UTF_8);
          }
        };
      case UUID:
        return new JavaValues() {
          @Override
          public Object ofBinary(byte[] b, int off, int len) {
            return uuid(b, off);
          }
        };
      case DECIMAL: {
        int scale = type.scale();
        return new JavaValues(false, true) { // an empty binary is no number
          @Override
          public Object ofInt(int v) {
            return BigDecimal.valueOf(v, scale);
          }

          @Override
          public Object ofLong(long v) {
            return unsigned ? new BigDecimal(Long.toUnsignedString(v)) // UINT_64
                : BigDecimal.valueOf(v, scale);
          }

          @Override
          public Object ofBinary(byte[] b, int off, int len) {
            return new BigDecimal(new BigInteger(b, off, len), scale);
          }
        };
      }
      default:
        return new JavaValues() {};
    }
  }

  /**
   * A shredded primitive's {@code typed_value}. A value the variant type cannot hold (a decimal
   * with too many digits, a time outside one day, a string that is not UTF-8) fails as
   * reassembling the whole variant would, naming {@code path}.
   */
  public static JavaValues forTypedLeaf(ShreddedPrimitive type, String path) {
    // Not INT8 or INT16: ofInt narrows those, and a filter must compare the value the getters
    // return, also for an out-of-range int32 in a damaged file.
    boolean whole = switch (type.kind()) {
      case INT32, INT64 -> true;
      default -> false;
    };
    boolean checked = switch (type.kind()) {
      case INT32, INT64, BOOLEAN, FLOAT, DOUBLE, BINARY -> false;
      default -> true;
    };
    return new JavaValues(whole, checked) {
      @Override
      public Object ofInt(int v) {
        try {
          switch (type.kind()) {
            case INT8: return (byte) v;
            case INT16: return (short) v;
            case DATE: return LocalDate.ofEpochDay(v);
            case DECIMAL4:
            case DECIMAL8:
            case DECIMAL16:
              return decimal(BigDecimal.valueOf(v, type.scale()));
            default: return v;
          }
        } catch (RuntimeException e) {
          throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, e);
        }
      }

      @Override
      public Object ofLong(long v) {
        try {
          switch (type.kind()) {
            case TIME: return LocalTime.ofNanoOfDay(Math.multiplyExact(v, 1000L));
            case TIMESTAMP: return Temporal.instant(v, Temporal.MICROS_PER_SECOND);
            case TIMESTAMP_NANOS: return Temporal.instant(v, Temporal.NANOS_PER_SECOND);
            case TIMESTAMP_NTZ: return Temporal.localDateTime(v, Temporal.MICROS_PER_SECOND);
            case TIMESTAMP_NTZ_NANOS: return Temporal.localDateTime(v, Temporal.NANOS_PER_SECOND);
            case DECIMAL4:
            case DECIMAL8:
            case DECIMAL16:
              return decimal(BigDecimal.valueOf(v, type.scale()));
            default: return v;
          }
        } catch (RuntimeException e) {
          throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, e);
        }
      }

      @Override
      public Object ofBinary(byte[] b, int off, int len) {
        try {
          switch (type.kind()) {
            case STRING:
              // new String would replace bad bytes silently; the whole-value read rejects them.
              VariantBinary.checkUtf8(b, off, len);
              return new String(b, off, len, StandardCharsets.UTF_8);
            case UUID:
              return uuid(b, off);
            case DECIMAL4:
            case DECIMAL8:
            case DECIMAL16:
              return decimal(new BigDecimal(new BigInteger(b, off, len), type.scale()));
            default:
              return Arrays.copyOfRange(b, off, off + len);
          }
        } catch (RuntimeException e) {
          throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, e);
        }
      }

      /**
       * The decimal, if the variant decimal type of the leaf holds it (decimal4: 9 digits,
       * decimal8: 18, decimal16: 38): reassembling the whole variant rejects more.
       */
      private BigDecimal decimal(BigDecimal d) {
        int max = type.kind().maxPrecision();
        if (d.precision() > max) {
          throw new IllegalArgumentException("decimal " + d + " has more than " + max
              + " digits");
        }
        return d;
      }
    };
  }

  /** Units per second of a TIMESTAMP or TIME annotation; INT96 (no annotation) is nanos. */
  private static long perSecond(LogicalTypeAnnotation a) {
    TimeUnit unit = a instanceof TimestampLogicalTypeAnnotation ts ? ts.getUnit()
        : a instanceof TimeLogicalTypeAnnotation t ? t.getUnit() : TimeUnit.NANOS;
    switch (unit) {
      case MILLIS: return Temporal.MILLIS_PER_SECOND;
      case MICROS: return Temporal.MICROS_PER_SECOND;
      default: return Temporal.NANOS_PER_SECOND;
    }
  }

  /** An IEEE 754 half-precision value (Parquet's FLOAT16) as a float, exactly. */
  public static float halfToFloat(short half) {
    int sign = (half >>> 15) & 1;
    int exponent = (half >>> 10) & 0x1f;
    int mantissa = half & 0x3ff;
    float magnitude;
    if (exponent == 0x1f) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else if (exponent == 0) {
      magnitude = mantissa * 0x1p-24f; // subnormal
    } else {
      magnitude = (1024 + mantissa) * (float) Math.scalb(1.0, exponent - 25);
    }
    return sign == 1 ? -magnitude : magnitude;
  }

  private static UUID uuid(byte[] b, int off) {
    ByteBuffer buf = ByteBuffer.wrap(b, off, 16);
    return new UUID(buf.getLong(off), buf.getLong(off + 8));
  }
}
