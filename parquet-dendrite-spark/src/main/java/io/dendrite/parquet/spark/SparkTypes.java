package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * A file's {@link RecordSchema} as a Spark schema: VARIANT as {@code VariantType}, the other
 * types as Spark's own Parquet reader maps them. Every field is nullable, as in Spark's file
 * sources: a file's {@code required} says nothing about the next file of the table.
 *
 * <p>Differences from {@code spark.read.parquet}: INT(8)/INT(16) columns come out as
 * {@code int} (the record schema keeps no narrower integer), nanosecond and INT96 timestamps
 * as microsecond {@code timestamp}/{@code timestamp_ntz} (truncated toward negative infinity),
 * and {@code time} and {@code uuid} columns are refused.
 */
final class SparkTypes {
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
    switch (p.kind()) {
      case BOOLEAN:
        return DataTypes.BooleanType;
      case INT32:
        return DataTypes.IntegerType;
      case INT64:
        return DataTypes.LongType;
      case FLOAT:
        return DataTypes.FloatType;
      case DOUBLE:
        return DataTypes.DoubleType;
      case STRING:
        return DataTypes.StringType;
      case BINARY:
        return DataTypes.BinaryType;
      case DATE:
        return DataTypes.DateType;
      case TIMESTAMP:
      case TIMESTAMP_NANOS:
        return DataTypes.TimestampType;
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS:
        return DataTypes.TimestampNTZType;
      case DECIMAL:
        return DataTypes.createDecimalType(p.precision(), p.scale());
      default:
        throw new IllegalArgumentException("dendrite: column " + column + " of " + file
            + " has type " + p + ", which format(\"dendrite\") does not read yet");
    }
  }
}
