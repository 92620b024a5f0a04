package io.dendrite.parquet.spark;

import io.dendrite.parquet.variant.EncodedVariant;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * Spark's internal values as the Java values {@code DendriteWriter.write(Map)} takes, the
 * reverse of {@link CatalystValues}: one {@link Converter} per Spark type, chosen once per task.
 * Variants pass as their two binaries ({@link EncodedVariant}), never through JSON. Converters
 * see non-null values only; the types are those {@link SparkTypes#recordSchema} accepts.
 */
final class WriterValues {
  private static final long MICROS_PER_SECOND = 1_000_000L;

  private WriterValues() {}

  /** Spark internal value (never null) to the writer's Java value. */
  @FunctionalInterface
  interface Converter {
    Object convert(Object value);
  }

  /** A row of {@code schema} as a map of its non-null columns, in schema order. */
  static java.util.function.Function<InternalRow, Map<String, Object>> rows(StructType schema) {
    Converter struct = struct(schema);
    @SuppressWarnings("unchecked")
    java.util.function.Function<InternalRow, Map<String, Object>> f =
        row -> (Map<String, Object>) struct.convert(row);
    return f;
  }

  static Converter converter(DataType type) {
    if (type instanceof ByteType || type instanceof ShortType) {
      return v -> ((Number) v).intValue(); // written as int32 (SparkTypes)
    }
    if (type instanceof StringType) {
      return Object::toString; // UTF8String decodes itself
    }
    if (type instanceof DecimalType) {
      return v -> ((Decimal) v).toJavaBigDecimal();
    }
    if (type instanceof DateType) {
      return v -> LocalDate.ofEpochDay((Integer) v);
    }
    if (type instanceof TimestampType) {
      return v -> instant((Long) v);
    }
    if (type instanceof TimestampNTZType) {
      return v -> LocalDateTime.ofInstant(instant((Long) v), ZoneOffset.UTC);
    }
    if (type instanceof VariantType) {
      return v -> EncodedVariant.of(((VariantVal) v).getMetadata(), ((VariantVal) v).getValue());
    }
    if (type instanceof StructType s) {
      return struct(s);
    }
    if (type instanceof ArrayType a) {
      DataType elementType = a.elementType();
      Converter element = converter(elementType);
      return v -> {
        ArrayData array = (ArrayData) v;
        List<Object> out = new ArrayList<>(array.numElements());
        for (int i = 0; i < array.numElements(); i++) {
          out.add(array.isNullAt(i) ? null : element.convert(array.get(i, elementType)));
        }
        return out;
      };
    }
    if (type instanceof MapType m) {
      DataType keyType = m.keyType();
      DataType valueType = m.valueType();
      Converter key = converter(keyType);
      Converter value = converter(valueType);
      return v -> {
        MapData map = (MapData) v;
        ArrayData keys = map.keyArray();
        ArrayData values = map.valueArray();
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < map.numElements(); i++) {
          out.put(key.convert(keys.get(i, keyType)),
              values.isNullAt(i) ? null : value.convert(values.get(i, valueType)));
        }
        return out;
      };
    }
    // Boolean, Integer, Long, Float, Double, byte[]: the writer takes Spark's own.
    return v -> v;
  }

  /** A struct as a map of its non-null fields (the writer's form of a struct). */
  private static Converter struct(StructType s) {
    StructField[] fields = s.fields();
    Converter[] converters = new Converter[fields.length];
    for (int i = 0; i < fields.length; i++) {
      converters[i] = converter(fields[i].dataType());
    }
    return v -> {
      InternalRow row = (InternalRow) v;
      Map<String, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < fields.length; i++) {
        if (!row.isNullAt(i)) {
          out.put(fields[i].name(), converters[i].convert(row.get(i, fields[i].dataType())));
        }
      }
      return out;
    };
  }

  /** Microseconds since the epoch (Spark's timestamps) as an instant. */
  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, MICROS_PER_SECOND),
        Math.floorMod(micros, MICROS_PER_SECOND) * 1000);
  }
}
