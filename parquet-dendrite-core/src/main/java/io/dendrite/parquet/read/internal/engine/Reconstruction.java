package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.math.BigInteger;

/**
 * The rules of VariantShredding.md, "Reconstructing a Shredded Variant", as one implementation
 * for every reader that reassembles variants: how a
 * shredded {@code typed_value} becomes the variant primitive of its type, how a partially
 * shredded object merges its residual {@code value}, and which layouts are invalid.
 */
final class Reconstruction {
  private Reconstruction() {}

  /** Both {@code value} and {@code typed_value} are set where only an object may have both. */
  static VariantAssemblyException conflict(String path) {
    return new VariantAssemblyException(path,
        "conflicting value and typed_value: both are set and typed_value is not an object");
  }

  /** An INT32 {@code typed_value}: int8/16/32, date, decimal4/8 or int64 by its shredded type. */
  static void writeInt(VariantEncoder e, ShreddedPrimitive type, int value, String path) {
    try {
      switch (type.kind()) {
        case INT8: e.writeInt8((byte) value); break;
        case INT16: e.writeInt16((short) value); break;
        case DATE: e.writeDate(value); break;
        case DECIMAL4: e.writeDecimal4(value, type.scale()); break;
        case DECIMAL8: e.writeDecimal8(value, type.scale()); break;
        case INT64: e.writeInt64(value); break;
        default: e.writeInt32(value); break;
      }
    } catch (RuntimeException ex) {
      throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, ex);
    }
  }

  /** An INT64 {@code typed_value}: int64, time, timestamps or decimals by its shredded type. */
  static void writeLong(VariantEncoder e, ShreddedPrimitive type, long value, String path) {
    try {
      switch (type.kind()) {
        case TIME: e.writeTime(value); break;
        case TIMESTAMP: e.writeTimestamp(value); break;
        case TIMESTAMP_NTZ: e.writeTimestampNtz(value); break;
        case TIMESTAMP_NANOS: e.writeTimestampNanos(value); break;
        case TIMESTAMP_NTZ_NANOS: e.writeTimestampNtzNanos(value); break;
        case DECIMAL4: e.writeDecimal4(Math.toIntExact(value), type.scale()); break;
        case DECIMAL8: e.writeDecimal8(value, type.scale()); break;
        case DECIMAL16: e.writeDecimal16(BigInteger.valueOf(value), type.scale()); break;
        default: e.writeInt64(value); break;
      }
    } catch (RuntimeException ex) {
      throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, ex);
    }
  }

  /**
   * A BINARY or FIXED_LEN_BYTE_ARRAY {@code typed_value}, {@code b[off, off+len)}: a string
   * (whose UTF-8 Parquet does not check, but a variant string must be valid), uuid, decimal or
   * binary. A value its type cannot hold is invalid.
   */
  static void writeBinary(VariantEncoder e, ShreddedPrimitive type, byte[] b, int off, int len,
      String path) {
    try {
      switch (type.kind()) {
        case STRING:
          VariantBinary.checkUtf8(b, off, len);
          e.writeString(b, off, len);
          break;
        case UUID:
          e.writeUuid(bigEndianLong(b, off), bigEndianLong(b, off + 8));
          break;
        case DECIMAL4:
          e.writeDecimal4(new BigInteger(b, off, len).intValueExact(), type.scale());
          break;
        case DECIMAL8:
          e.writeDecimal8(new BigInteger(b, off, len).longValueExact(), type.scale());
          break;
        case DECIMAL16:
          e.writeDecimal16(new BigInteger(b, off, len), type.scale());
          break;
        default:
          e.writeBinary(b, off, len);
          break;
      }
    } catch (RuntimeException ex) {
      throw VariantChecks.invalid(path, VariantSchemas.TYPED_VALUE, ex);
    }
  }

  private static long bigEndianLong(byte[] b, int off) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (b[off + i] & 0xFF);
    }
    return v;
  }

  /**
   * Merges the fields of a partially shredded object's residual {@code value}, already
   * validated, into the object the encoder has open: the residual must be an object, and none
   * of its keys may be a shredded field ({@code shredded}).
   */
  static void mergeResidual(VariantEncoder e, VariantMetadata m, byte[] v, int pos,
      ShreddedFieldNames shredded, String path) {
    VariantType type = VariantBinary.type(v, pos);
    if (type != VariantType.OBJECT) {
      throw new VariantAssemblyException(path, "conflicting value and typed_value: "
          + "typed_value is an object but value is " + type);
    }
    int n = VariantObjects.size(v, pos);
    byte[] keys = m.bytes();
    for (int i = 0; i < n; i++) {
      int id = VariantObjects.fieldId(v, pos, i);
      if (shredded.contains(m, id)) {
        throw new VariantAssemblyException(path + "." + m.key(id),
            "shredded field is also present in the residual value (spec: invalid)");
      }
      int field = VariantObjects.fieldValuePos(v, pos, i);
      e.key(keys, m.keyOffset(id), m.keyLength(id));
      e.writeRawValue(v, field, VariantBinary.valueSize(v, field));
    }
  }
}
