package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.Temporal;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Turns a typed leaf's Java value back into the variant it stands for, keeping the exact
 * variant type of the shredded column (an int8 column gives int8, a nanosecond timestamp column
 * gives timestamp_nanos). Only used when a caller asks a typed leaf for a variant.
 */
public final class TypedLeafValues {
  private TypedLeafValues() {}

  /**
   * One encoder per thread, reset per value: a fresh encoder allocates its dictionary tables,
   * which made casting a typed leaf (e.g. {@code getDecimal} of an int64 leaf) cost more than
   * reading it. {@code finish()} copies the bytes out, so values never share its buffer.
   */
  private static final ThreadLocal<VariantEncoder> ENCODER =
      ThreadLocal.withInitial(() -> new VariantEncoder(true));

  public static VariantValue toVariant(ShreddedPrimitive type, Object value) {
    VariantEncoder e = ENCODER.get().reset();
    switch (type.kind()) {
      case BOOLEAN: e.writeBoolean((Boolean) value); break;
      case INT8: e.writeInt8((Byte) value); break;
      case INT16: e.writeInt16((Short) value); break;
      case INT32: e.writeInt32((Integer) value); break;
      case INT64: e.writeInt64((Long) value); break;
      case FLOAT: e.writeFloat((Float) value); break;
      case DOUBLE: e.writeDouble((Double) value); break;
      case DECIMAL4: {
        BigDecimal d = (BigDecimal) value;
        e.writeDecimal4(d.unscaledValue().intValueExact(), d.scale());
        break;
      }
      case DECIMAL8: {
        BigDecimal d = (BigDecimal) value;
        e.writeDecimal8(d.unscaledValue().longValueExact(), d.scale());
        break;
      }
      case DECIMAL16: {
        BigDecimal d = (BigDecimal) value;
        e.writeDecimal16(d.unscaledValue(), d.scale());
        break;
      }
      case DATE: e.writeDate(Math.toIntExact(((LocalDate) value).toEpochDay())); break;
      case TIME: e.writeTime(((LocalTime) value).toNanoOfDay() / 1000L); break;
      case TIMESTAMP: e.writeTimestamp(micros((Instant) value)); break;
      case TIMESTAMP_NANOS: e.writeTimestampNanos(nanos((Instant) value)); break;
      case TIMESTAMP_NTZ:
        e.writeTimestampNtz(micros(((LocalDateTime) value).toInstant(ZoneOffset.UTC)));
        break;
      case TIMESTAMP_NTZ_NANOS:
        e.writeTimestampNtzNanos(nanos(((LocalDateTime) value).toInstant(ZoneOffset.UTC)));
        break;
      case STRING: e.writeString((String) value); break;
      case BINARY: {
        byte[] b = (byte[]) value;
        e.writeBinary(b, 0, b.length);
        break;
      }
      case UUID: e.writeUuid((UUID) value); break;
      default: throw new IllegalStateException("unhandled shredded type " + type);
    }
    return VariantValue.of(e.finish());
  }

  private static long micros(Instant i) {
    return Temporal.toMicros(i.getEpochSecond(), i.getNano());
  }

  private static long nanos(Instant i) {
    return Temporal.toNanos(i.getEpochSecond(), i.getNano());
  }
}
