package io.dendrite.parquet.schema;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MICROS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.NANOS;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.internal.FloatingPointColumns;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.math.BigInteger;
import java.util.function.Function;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/** Maps a {@link RecordSchema} to a Parquet schema (see {@link RecordSchema#toParquet}). */
final class ParquetSchemaWriter {

  /** Parquet names of the LIST and MAP levels (LogicalTypes.md, "Lists" and "Maps"). */
  private static final String LIST = "list";
  private static final String ELEMENT = "element";
  private static final String KEY_VALUE = "key_value";
  private static final String KEY = "key";
  private static final String VALUE = "value";

  private final Function<String, ShreddedType> shredding;

  private ParquetSchemaWriter(Function<String, ShreddedType> shredding) {
    this.shredding = shredding;
  }

  static MessageType toParquet(
      RecordSchema schema, String messageName, Function<String, ShreddedType> shredding) {
    if (messageName == null || messageName.isEmpty()) {
      throw new IllegalArgumentException("the Parquet message needs a name");
    }
    ParquetSchemaWriter writer = new ParquetSchemaWriter(shredding);
    Types.MessageTypeBuilder message = Types.buildMessage();
    for (Field f : schema.fields()) {
      message.addField(writer.convert(f.name(), f.type(), repetition(f.nullable()),
          FieldPath.quote(f.name())));
    }
    return message.named(messageName);
  }

  private static Repetition repetition(boolean nullable) {
    return nullable ? Repetition.OPTIONAL : Repetition.REQUIRED;
  }

  /**
   * @param path the logical path of this field, which names VARIANT columns in the
   *     shredding lookup
   */
  private Type convert(String name, FieldType type, Repetition repetition, String path) {
    if (type instanceof PrimitiveFieldType p) {
      return primitive(name, p, repetition);
    }
    if (type instanceof VariantFieldType) {
      ShreddedType shredded = shredding == null ? null : shredding.apply(path);
      return VariantSchemas.variantGroup(name, repetition, shredded);
    }
    if (type instanceof StructType s) {
      Types.GroupBuilder<GroupType> group = Types.buildGroup(repetition);
      for (Field f : s.fields()) {
        group.addField(convert(f.name(), f.type(), repetition(f.nullable()),
            FieldPath.child(path, f.name())));
      }
      return group.named(name);
    }
    if (type instanceof ListType l) {
      Type element = convert(ELEMENT, l.element(), repetition(l.elementNullable()),
          FieldPath.child(path, FieldPath.LIST_ELEMENT));
      return Types.buildGroup(repetition)
          .as(LogicalTypeAnnotation.listType())
          .addField(Types.repeatedGroup().addField(element).named(LIST))
          .named(name);
    }
    if (type instanceof MapType m) {
      Type key = convert(KEY, m.key(), Repetition.REQUIRED, path);
      Type value = convert(VALUE, m.value(), repetition(m.valueNullable()),
          FieldPath.child(path, FieldPath.MAP_VALUE));
      return Types.buildGroup(repetition)
          .as(LogicalTypeAnnotation.mapType())
          .addField(Types.repeatedGroup().addField(key).addField(value).named(KEY_VALUE))
          .named(name);
    }
    throw new IllegalStateException("unknown field type " + type);
  }

  private static Type primitive(String name, PrimitiveFieldType type, Repetition repetition) {
    switch (type.kind()) {
      case BOOLEAN:
        return Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
      case INT32:
        return Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
      case INT64:
        return Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
      case FLOAT:
        return FloatingPointColumns.of(PrimitiveTypeName.FLOAT, repetition, name);
      case DOUBLE:
        return FloatingPointColumns.of(PrimitiveTypeName.DOUBLE, repetition, name);
      case STRING:
        return Types.primitive(PrimitiveTypeName.BINARY, repetition)
            .as(LogicalTypeAnnotation.stringType()).named(name);
      case BINARY:
        return Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
      case DATE:
        return Types.primitive(PrimitiveTypeName.INT32, repetition)
            .as(LogicalTypeAnnotation.dateType()).named(name);
      case TIMESTAMP:
        return timestamp(name, repetition, true, MICROS);
      case TIMESTAMP_NTZ:
        return timestamp(name, repetition, false, MICROS);
      case TIMESTAMP_NANOS:
        return timestamp(name, repetition, true, NANOS);
      case TIMESTAMP_NTZ_NANOS:
        return timestamp(name, repetition, false, NANOS);
      case TIME:
        return Types.primitive(PrimitiveTypeName.INT64, repetition)
            .as(LogicalTypeAnnotation.timeType(false, MICROS)).named(name);
      case UUID:
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition).length(16)
            .as(LogicalTypeAnnotation.uuidType()).named(name);
      case DECIMAL:
        return decimal(name, repetition, type.precision(), type.scale());
      default:
        throw new IllegalStateException("unknown primitive " + type);
    }
  }

  private static Type timestamp(
      String name, Repetition repetition, boolean utc, LogicalTypeAnnotation.TimeUnit unit) {
    return Types.primitive(PrimitiveTypeName.INT64, repetition)
        .as(LogicalTypeAnnotation.timestampType(utc, unit)).named(name);
  }

  /** DECIMAL on the smallest physical type that holds the precision (LogicalTypes.md). */
  private static Type decimal(String name, Repetition repetition, int precision, int scale) {
    LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(scale, precision);
    if (precision <= 9) {
      return Types.primitive(PrimitiveTypeName.INT32, repetition).as(annotation).named(name);
    }
    if (precision <= 18) {
      return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(name);
    }
    return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
        .length(decimalBytes(precision)).as(annotation).named(name);
  }

  /**
   * The fewest bytes whose two's complement range holds every {@code precision}-digit
   * number: n bytes store {@code floor(log10(2^(8n-1) - 1))} digits.
   */
  static int decimalBytes(int precision) {
    BigInteger limit = BigInteger.TEN.pow(precision);
    int bytes = 1;
    while (BigInteger.TWO.pow(8 * bytes - 1).compareTo(limit) < 0) {
      bytes++;
    }
    return bytes;
  }
}
