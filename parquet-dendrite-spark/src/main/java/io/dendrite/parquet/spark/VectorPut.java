package io.dendrite.parquet.spark;

import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * Puts one of Spark's internal values (what {@link CatalystValues} and {@link VariantCast}
 * give) into a row of a writable column vector of its type. A VARIANT vector holds a variant as
 * its two binary children, as Spark's {@code ColumnVector.getVariant} reads them: child 0 the
 * value, child 1 the metadata.
 */
@FunctionalInterface
interface VectorPut {
  /** @param value never null */
  void put(WritableColumnVector out, int row, Object value);

  /** Whether {@link #of} has a put for this type. */
  static boolean exists(DataType type) {
    return type instanceof BooleanType || type instanceof IntegerType
        || type instanceof LongType || type instanceof FloatType || type instanceof DoubleType
        || type instanceof StringType || type instanceof BinaryType
        || type instanceof DecimalType || type instanceof DateType
        || type instanceof TimestampType || type instanceof TimestampNTZType
        || type instanceof VariantType;
  }

  /** @throws IllegalArgumentException for a type without one ({@link #exists}) */
  static VectorPut of(DataType type) {
    if (type instanceof BooleanType) {
      return (out, row, v) -> out.putBoolean(row, (Boolean) v);
    }
    if (type instanceof IntegerType || type instanceof DateType) {
      return (out, row, v) -> out.putInt(row, (Integer) v);
    }
    if (type instanceof LongType || type instanceof TimestampType
        || type instanceof TimestampNTZType) {
      return (out, row, v) -> out.putLong(row, (Long) v);
    }
    if (type instanceof FloatType) {
      return (out, row, v) -> out.putFloat(row, (Float) v);
    }
    if (type instanceof DoubleType) {
      return (out, row, v) -> out.putDouble(row, (Double) v);
    }
    if (type instanceof StringType) {
      return (out, row, v) -> out.putByteArray(row, ((UTF8String) v).getBytes());
    }
    if (type instanceof BinaryType) {
      return (out, row, v) -> out.putByteArray(row, (byte[]) v);
    }
    if (type instanceof DecimalType d) {
      int precision = d.precision();
      return (out, row, v) -> out.putDecimal(row, (Decimal) v, precision);
    }
    if (type instanceof VariantType) {
      return (out, row, v) -> {
        VariantVal variant = (VariantVal) v;
        out.putNotNull(row);
        out.getChild(0).putByteArray(row, variant.getValue());
        out.getChild(1).putByteArray(row, variant.getMetadata());
      };
    }
    throw new IllegalArgumentException("dendrite: no column vector put for Spark's "
        + type.simpleString());
  }
}
