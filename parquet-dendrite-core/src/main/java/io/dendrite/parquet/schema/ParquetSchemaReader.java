package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.BsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Maps a Parquet schema to a {@link RecordSchema} (see {@link RecordSchema#fromParquet}) and
 * finds its VARIANT groups. Errors name the Parquet column path ({@code a.list.element}).
 */
final class ParquetSchemaReader {

  private ParquetSchemaReader() {}

  static List<Field> fields(MessageType schema) {
    List<Field> fields = new ArrayList<>();
    for (Type t : schema.getFields()) {
      fields.add(field(t, t.getName()));
    }
    return fields;
  }

  static Map<String, GroupType> variantGroups(MessageType schema) {
    Map<String, GroupType> out = new LinkedHashMap<>();
    for (Type t : schema.getFields()) {
      collectVariants(t, FieldPath.quote(t.getName()), out);
    }
    return Collections.unmodifiableMap(out);
  }

  // ---- the field tree

  private static Field field(Type t, String parquetPath) {
    if (t.isRepetition(Repetition.REPEATED)) {
      // An unannotated repeated field is a required list of required elements
      // (LogicalTypes.md, "Nested Types").
      return new Field(t.getName(), new ListType(type(t, parquetPath), false), false);
    }
    return new Field(t.getName(), type(t, parquetPath), t.isRepetition(Repetition.OPTIONAL));
  }

  /** The type of {@code t}, ignoring its repetition. */
  private static FieldType type(Type t, String parquetPath) {
    if (t.isPrimitive()) {
      return primitive(t.asPrimitiveType(), parquetPath);
    }
    GroupType g = t.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (VariantSchemas.isVariantGroup(g)) {
      // Validates the layout; the shredding itself is not part of the record schema.
      VariantSchemas.shreddedTypeOf(g, parquetPath);
      return VariantFieldType.INSTANCE;
    }
    if (a instanceof ListLogicalTypeAnnotation) {
      return list(g, parquetPath);
    }
    if (a instanceof MapLogicalTypeAnnotation || a instanceof MapKeyValueTypeAnnotation) {
      return map(g, parquetPath);
    }
    if (a != null) {
      throw error(parquetPath, "groups annotated " + a + " are not supported");
    }
    if (g.getFieldCount() == 0) {
      throw error(parquetPath, "empty groups are not supported");
    }
    List<Field> fields = new ArrayList<>();
    for (Type child : g.getFields()) {
      fields.add(field(child, parquetPath + "." + child.getName()));
    }
    return new StructType(fields);
  }

  /** A LIST group, 3-level or one of the legacy 2-level forms. */
  private static FieldType list(GroupType g, String parquetPath) {
    ListElement e = listElement(g, parquetPath);
    FieldType element = type(e.type(), e.path());
    return new ListType(element, e.nullable());
  }

  /** Where a LIST group keeps its element type, and whether elements may be null. */
  private record ListElement(Type type, String path, boolean nullable) {}

  /**
   * Finds the element of a LIST group by the backward-compatibility rules of LogicalTypes.md
   * ("Lists"): unless the repeated field is a group with one non-repeated field that is not
   * named {@code array} or {@code <list>_tuple}, the repeated field itself is the (required)
   * element; otherwise its single field is the element.
   */
  private static ListElement listElement(GroupType g, String parquetPath) {
    if (g.getFieldCount() != 1) {
      throw error(parquetPath, "a LIST group must have exactly one field, found "
          + g.getFieldCount());
    }
    Type repeated = g.getType(0);
    String repeatedPath = parquetPath + "." + repeated.getName();
    if (!repeated.isRepetition(Repetition.REPEATED)) {
      throw error(repeatedPath, "the field inside a LIST group must be repeated");
    }
    if (repeated.isPrimitive()) {
      return new ListElement(repeated, repeatedPath, false);
    }
    GroupType r = repeated.asGroupType();
    boolean repeatedIsElement = r.getFieldCount() != 1
        || r.getType(0).isRepetition(Repetition.REPEATED)
        || r.getName().equals("array")
        || r.getName().equals(g.getName() + "_tuple")
        || VariantSchemas.isVariantGroup(r);
    if (repeatedIsElement) {
      return new ListElement(r, repeatedPath, false);
    }
    Type element = r.getType(0);
    return new ListElement(element, repeatedPath + "." + element.getName(),
        element.isRepetition(Repetition.OPTIONAL));
  }

  /** The element of a LIST group (see {@link RecordSchema#listElement}). */
  static Type listElement(GroupType g) {
    return listElement(g, g.getName()).type();
  }

  /** A MAP (or legacy MAP_KEY_VALUE) group: {@code repeated group key_value { key; value }}. */
  private static FieldType map(GroupType g, String parquetPath) {
    GroupType kv = keyValue(g, parquetPath);
    String kvPath = parquetPath + "." + kv.getName();
    Type key = kv.getType(0);
    String keyPath = kvPath + "." + key.getName();
    if (!key.isPrimitive()) {
      throw error(keyPath, "map keys must be primitive");
    }
    if (!key.isRepetition(Repetition.REQUIRED)) {
      throw error(keyPath, "map keys must be required");
    }
    Type value = kv.getType(1);
    String valuePath = kvPath + "." + value.getName();
    if (value.isRepetition(Repetition.REPEATED)) {
      throw error(valuePath, "repeated map values are not supported");
    }
    return new MapType(type(key, keyPath), type(value, valuePath),
        value.isRepetition(Repetition.OPTIONAL));
  }

  private static GroupType keyValue(GroupType g, String parquetPath) {
    if (g.getFieldCount() != 1 || g.getType(0).isPrimitive()
        || !g.getType(0).isRepetition(Repetition.REPEATED)) {
      throw error(parquetPath, "a MAP group must hold exactly one repeated group");
    }
    GroupType kv = g.getType(0).asGroupType();
    if (kv.getFieldCount() == 1) {
      throw error(parquetPath + "." + kv.getName(),
          "maps without values (key sets) are not supported");
    }
    if (kv.getFieldCount() != 2) {
      throw error(parquetPath + "." + kv.getName(),
          "a map's repeated group must hold a key and a value, found "
              + kv.getFieldCount() + " fields");
    }
    return kv;
  }

  private static FieldType primitive(PrimitiveType p, String parquetPath) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        if (a == null) {
          return FieldType.bool();
        }
        break;
      case INT32:
        if (a == null) {
          return FieldType.int32();
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          // INT(8|16|32, signed) and UINT(8|16) all fit an int32 exactly; UINT(32) an int64.
          return i.isSigned() || i.getBitWidth() < 32 ? FieldType.int32() : FieldType.int64();
        }
        if (a instanceof DateLogicalTypeAnnotation) {
          return FieldType.date();
        }
        if (a instanceof TimeLogicalTypeAnnotation t && t.getUnit() == TimeUnit.MILLIS) {
          return FieldType.time();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, parquetPath);
        }
        break;
      case INT64:
        if (a == null) {
          return FieldType.int64();
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          // UINT(64) needs 20 digits, as Spark reads it.
          return i.isSigned() ? FieldType.int64() : FieldType.decimal(20, 0);
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, parquetPath);
        }
        if (a instanceof TimestampLogicalTypeAnnotation ts) {
          return timestamp(ts, parquetPath);
        }
        if (a instanceof TimeLogicalTypeAnnotation) {
          // MICROS or NANOS. isAdjustedToUTC is ignored: TIME_MICROS ConvertedType readers
          // report it as true.
          return FieldType.time();
        }
        break;
      case FLOAT:
        if (a == null) {
          return FieldType.float32();
        }
        break;
      case DOUBLE:
        if (a == null) {
          return FieldType.float64();
        }
        break;
      case BINARY:
        if (a == null || a instanceof BsonLogicalTypeAnnotation) {
          return FieldType.binary();
        }
        if (a instanceof StringLogicalTypeAnnotation || a instanceof EnumLogicalTypeAnnotation
            || a instanceof JsonLogicalTypeAnnotation) {
          return FieldType.string();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, parquetPath);
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        if (a == null) {
          return FieldType.binary();
        }
        if (a instanceof Float16LogicalTypeAnnotation && p.getTypeLength() == 2) {
          return FieldType.float32();
        }
        if (a instanceof UUIDLogicalTypeAnnotation && p.getTypeLength() == 16) {
          return FieldType.uuid();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, parquetPath);
        }
        break;
      case INT96:
        // Spark's and Hive's legacy timestamp: an instant with nanoseconds (read only).
        return PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP_NANOS);
      default:
        break;
    }
    throw error(parquetPath, "unsupported Parquet type " + describe(p));
  }

  private static FieldType timestamp(TimestampLogicalTypeAnnotation ts, String parquetPath) {
    boolean utc = ts.isAdjustedToUTC();
    switch (ts.getUnit()) {
      case MILLIS: // read as microseconds: every millisecond value is one
      case MICROS:
        return utc ? FieldType.timestamp() : FieldType.timestampNtz();
      case NANOS:
        return utc ? FieldType.timestampNanos() : FieldType.timestampNtzNanos();
      default:
        throw error(parquetPath, "timestamps in " + ts.getUnit() + " are not supported"
            + " (only MICROS and NANOS)");
    }
  }

  private static FieldType decimal(DecimalLogicalTypeAnnotation d, String parquetPath) {
    try {
      return FieldType.decimal(d.getPrecision(), d.getScale());
    } catch (IllegalArgumentException e) {
      throw error(parquetPath, e.getMessage());
    }
  }

  static String describe(PrimitiveType p) {
    String physical = p.getPrimitiveTypeName().name();
    if (p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      physical += "(" + p.getTypeLength() + ")";
    }
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    return a == null ? physical : physical + " (" + a + ")";
  }

  // ---- VARIANT groups only

  private static void collectVariants(Type t, String path, Map<String, GroupType> out) {
    if (t.isRepetition(Repetition.REPEATED)) {
      // Legacy unannotated repeated field: the field is the element of a list.
      collectVariantsIn(t, FieldPath.child(path, FieldPath.LIST_ELEMENT), t.getName(), out);
    } else {
      collectVariantsIn(t, path, t.getName(), out);
    }
  }

  private static void collectVariantsIn(
      Type t, String path, String parquetPath, Map<String, GroupType> out) {
    if (t.isPrimitive()) {
      return;
    }
    GroupType g = t.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (VariantSchemas.isVariantGroup(g)) {
      out.put(path, g);
    } else if (a instanceof ListLogicalTypeAnnotation) {
      ListElement e = listElement(g, parquetPath);
      collectVariantsIn(e.type(), FieldPath.child(path, FieldPath.LIST_ELEMENT), e.path(), out);
    } else if (a instanceof MapLogicalTypeAnnotation || a instanceof MapKeyValueTypeAnnotation) {
      GroupType kv = keyValue(g, parquetPath);
      Type value = kv.getType(1);
      collectVariantsIn(value, FieldPath.child(path, FieldPath.MAP_VALUE),
          parquetPath + "." + kv.getName() + "." + value.getName(), out);
    } else if (a == null) {
      for (Type child : g.getFields()) {
        collectVariants(child, FieldPath.child(path, child.getName()), out);
      }
    }
  }

  private static IllegalArgumentException error(String parquetPath, String message) {
    return new IllegalArgumentException("column " + parquetPath + ": " + message);
  }
}
