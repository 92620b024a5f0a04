package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType.Kind;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.VariantType;

/**
 * The one table between the core's record types and Spark's types, both ways.
 *
 * <p>Reading ({@link #of}): a file's {@link RecordSchema} as a Spark schema, VARIANT as
 * {@code VariantType}, the other types as Spark's own Parquet reader maps them. Every field is
 * nullable, as in Spark's file sources: a file's {@code required} says nothing about the next
 * file of the table. Differences from {@code spark.read.parquet}: INT(8)/INT(16) columns come
 * out as {@code int} (the record schema keeps no narrower integer), nanosecond and INT96
 * timestamps as microsecond {@code timestamp}/{@code timestamp_ntz} (truncated toward negative
 * infinity), and {@code time} and {@code uuid} columns are refused.
 *
 * <p>Writing ({@link #recordSchema}): a DataFrame's schema as the record schema its files get,
 * nullability kept (a non-nullable Spark field is {@code required}, as Spark's Parquet writer
 * makes it). {@code tinyint} and {@code smallint} are written as {@code int32} (read back as
 * {@code int}); types without a row here (intervals, {@code time}, {@code void}, maps whose keys
 * are not primitive) cannot be written.
 */
final class SparkTypes {
  /**
   * Kind and Spark type. Reading takes the first row of a kind, writing the first row of a
   * Spark type; decimals, variants and nested types are mapped in code.
   */
  private static final List<Map.Entry<Kind, DataType>> PRIMITIVES = List.of(
      Map.entry(Kind.BOOLEAN, DataTypes.BooleanType),
      Map.entry(Kind.INT32, DataTypes.IntegerType),
      Map.entry(Kind.INT64, DataTypes.LongType),
      Map.entry(Kind.FLOAT, DataTypes.FloatType),
      Map.entry(Kind.DOUBLE, DataTypes.DoubleType),
      Map.entry(Kind.STRING, DataTypes.StringType),
      Map.entry(Kind.BINARY, DataTypes.BinaryType),
      Map.entry(Kind.DATE, DataTypes.DateType),
      Map.entry(Kind.TIMESTAMP, DataTypes.TimestampType),
      Map.entry(Kind.TIMESTAMP_NTZ, DataTypes.TimestampNTZType),
      // Read only: Spark has no nanosecond timestamps.
      Map.entry(Kind.TIMESTAMP_NANOS, DataTypes.TimestampType),
      Map.entry(Kind.TIMESTAMP_NTZ_NANOS, DataTypes.TimestampNTZType),
      // Written only: no narrower integer in the record schema.
      Map.entry(Kind.INT32, DataTypes.ByteType),
      Map.entry(Kind.INT32, DataTypes.ShortType));

  private SparkTypes() {}

  /** @param file named in errors */
  static org.apache.spark.sql.types.StructType of(RecordSchema schema, String file) {
    return struct(schema.fields(), "", file);
  }

  private static org.apache.spark.sql.types.StructType struct(List<Field> fields, String prefix,
      String file) {
    StructField[] out = new StructField[fields.size()];
    for (int i = 0; i < out.length; i++) {
      Field f = fields.get(i);
      out[i] = DataTypes.createStructField(f.name(), type(f.type(), prefix + f.name(), file),
          true);
    }
    return DataTypes.createStructType(out);
  }

  private static DataType type(FieldType type, String column, String file) {
    if (type instanceof VariantFieldType) {
      return DataTypes.VariantType;
    }
    if (type instanceof StructType s) {
      return struct(s.fields(), column + ".", file);
    }
    if (type instanceof ListType l) {
      return DataTypes.createArrayType(type(l.element(), column + ".element", file), true);
    }
    if (type instanceof MapType m) {
      return DataTypes.createMapType(type(m.key(), column + ".key", file),
          type(m.value(), column + ".value", file), true);
    }
    PrimitiveFieldType p = (PrimitiveFieldType) type;
    if (p.kind() == Kind.DECIMAL) {
      return DataTypes.createDecimalType(p.precision(), p.scale());
    }
    for (Map.Entry<Kind, DataType> e : PRIMITIVES) {
      if (e.getKey() == p.kind()) {
        return e.getValue();
      }
    }
    throw new IllegalArgumentException("dendrite: column " + column + " of " + file
        + " has type " + p + ", which format(\"dendrite\") does not read yet");
  }

  /**
   * The record schema files of a DataFrame with this schema are written with.
   *
   * @throws IllegalArgumentException naming the first column whose type cannot be written
   */
  static RecordSchema recordSchema(org.apache.spark.sql.types.StructType schema) {
    return RecordSchema.of(fields(schema, ""));
  }

  /** Whether {@link #recordSchema} can write a column of this type. */
  static boolean writable(DataType type) {
    try {
      fieldType(type, "column");
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static List<Field> fields(org.apache.spark.sql.types.StructType struct,
      String prefix) {
    List<Field> out = new ArrayList<>();
    for (StructField f : struct.fields()) {
      out.add(new Field(f.name(), fieldType(f.dataType(), prefix + f.name()), f.nullable()));
    }
    return out;
  }

  private static FieldType fieldType(DataType type, String column) {
    if (type instanceof VariantType) {
      return FieldType.variant();
    }
    if (type instanceof org.apache.spark.sql.types.StructType s) {
      return new StructType(fields(s, column + "."));
    }
    if (type instanceof ArrayType a) {
      return FieldType.list(fieldType(a.elementType(), column + ".element"), a.containsNull());
    }
    if (type instanceof org.apache.spark.sql.types.MapType m) {
      FieldType key = fieldType(m.keyType(), column + ".key");
      if (!(key instanceof PrimitiveFieldType)) {
        throw notWritable(column, type, "map keys must be of a primitive type");
      }
      return FieldType.map(key, fieldType(m.valueType(), column + ".value"),
          m.valueContainsNull());
    }
    if (type instanceof DecimalType d) {
      return FieldType.decimal(d.precision(), d.scale());
    }
    if (type instanceof StringType) {
      return FieldType.string(); // any collation: the bytes are UTF-8 either way
    }
    for (Map.Entry<Kind, DataType> e : PRIMITIVES) {
      if (e.getValue().equals(type)) {
        return PrimitiveFieldType.of(e.getKey());
      }
    }
    throw notWritable(column, type, "format(\"dendrite\") has no Parquet type for it");
  }

  private static IllegalArgumentException notWritable(String column, DataType type,
      String why) {
    return new IllegalArgumentException("dendrite: cannot write column " + column + " of type "
        + type.simpleString() + ": " + why);
  }
}
