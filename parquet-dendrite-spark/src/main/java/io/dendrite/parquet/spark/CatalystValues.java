package io.dendrite.parquet.spark;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.ArrayType;
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
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * Converts the Java values {@code DendriteRow.get} returns into Spark's internal values, one
 * {@link Converter} per Spark type, chosen once per read. Converters see non-null values only.
 */
final class CatalystValues {
  private CatalystValues() {}

  /** Java value (never null) to Spark internal value. */
  @FunctionalInterface
  interface Converter {
    Object convert(Object value);
  }

  private static final long MICROS_PER_SECOND = 1_000_000L;

  static Converter converter(DataType type) {
    if (type instanceof BooleanType || type instanceof IntegerType || type instanceof LongType
        || type instanceof FloatType || type instanceof DoubleType
        || type instanceof BinaryType) {
      return v -> v; // Boolean, Integer, Long, Float, Double, byte[]: the same in Spark
    }
    if (type instanceof StringType) {
      return v -> UTF8String.fromString((String) v);
    }
    if (type instanceof DecimalType d) {
      int precision = d.precision();
      int scale = d.scale();
      return v -> Decimal.apply((BigDecimal) v, precision, scale);
    }
    if (type instanceof DateType) {
      return v -> Math.toIntExact(((LocalDate) v).toEpochDay());
    }
    if (type instanceof TimestampType) {
      return v -> micros((Instant) v);
    }
    if (type instanceof TimestampNTZType) {
      return v -> micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC));
    }
    if (type instanceof VariantType) {
      return CatalystValues::variant;
    }
    if (type instanceof StructType s) {
      return struct(s);
    }
    if (type instanceof ArrayType a) {
      Converter element = nullable(converter(a.elementType()));
      return v -> {
        List<?> list = (List<?>) v;
        Object[] out = new Object[list.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = element.convert(list.get(i));
        }
        return new GenericArrayData(out);
      };
    }
    if (type instanceof MapType m) {
      Converter key = converter(m.keyType());
      Converter value = nullable(converter(m.valueType()));
      return v -> {
        Map<?, ?> map = (Map<?, ?>) v;
        Object[] keys = new Object[map.size()];
        Object[] values = new Object[map.size()];
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          keys[i] = key.convert(e.getKey());
          values[i++] = value.convert(e.getValue());
        }
        return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
      };
    }
    throw new IllegalArgumentException("dendrite: no conversion to Spark's "
        + type.simpleString());
  }

  private static Converter nullable(Converter c) {
    return v -> v == null ? null : c.convert(v);
  }

  /**
   * A struct arrives as a map of its non-null fields (DendriteReader's form), so a field
   * missing from the map is null.
   */
  private static Converter struct(StructType s) {
    StructField[] fields = s.fields();
    String[] names = new String[fields.length];
    Converter[] converters = new Converter[fields.length];
    for (int i = 0; i < fields.length; i++) {
      names[i] = fields[i].name();
      converters[i] = nullable(converter(fields[i].dataType()));
    }
    return v -> {
      Map<?, ?> map = (Map<?, ?>) v;
      Object[] out = new Object[names.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = converters[i].convert(map.get(names[i]));
      }
      return new GenericInternalRow(out);
    };
  }

  /**
   * Microseconds since the epoch, rounded toward negative infinity (nanosecond and INT96
   * timestamps lose their last three digits, as Spark's own reader of INT96 does).
   */
  private static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), MICROS_PER_SECOND),
        t.getNano() / 1000);
  }

  /**
   * Spark's VariantVal holds the spec's two binaries, value and metadata. toEncoded validates
   * the value first (a damaged value fails here rather than in a later Spark expression) and
   * copies it out only when it is a part of a larger buffer.
   */
  private static Object variant(Object v) {
    EncodedVariant e = ((VariantValue) v).toEncoded();
    return new VariantVal(e.value(), e.metadata());
  }
}
