package io.dendrite.parquet.write;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.internal.DecimalBytes;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Builds the tree of {@link FieldWriter}s for a record schema and the Parquet schema made from
 * it, once per file. VARIANT fields get a {@link VariantColumnShredder} for their path.
 */
final class FieldWriters {
  private FieldWriters() {}

  /** Resolves the shredder of a VARIANT field by its dotted path. */
  interface VariantWriters {
    VariantColumnShredder forPath(String path);
  }

  /** {@code parent}: the canonical path of the struct ({@link FieldPath}), "" at the top. */
  static FieldWriter[] forStruct(List<Field> fields, GroupType group, String parent,
      VariantWriters variants) {
    FieldWriter[] out = new FieldWriter[fields.size()];
    for (int i = 0; i < out.length; i++) {
      Field f = fields.get(i);
      out[i] = forType(f.type(), group.getType(i), FieldPath.child(parent, f.name()), variants);
    }
    return out;
  }

  /** The writer of a field of {@code type}, whose Parquet node is {@code parquet}, at {@code path}. */
  static FieldWriter forType(FieldType type, Type parquet, String path,
      VariantWriters variants) {
    if (type instanceof VariantFieldType) {
      VariantColumnShredder shredder = variants.forPath(path);
      return (rc, v) -> shredder.write(rc, (EncodedVariant) v);
    }
    if (type instanceof StructType) {
      GroupType g = parquet.asGroupType();
      FieldWriter[] children =
          forStruct(((StructType) type).fields(), g, path, variants);
      String[] names = names(g);
      return (rc, v) -> {
        rc.startGroup();
        writeSlots(rc, (Object[]) v, names, children);
        rc.endGroup();
      };
    }
    if (type instanceof ListType) {
      GroupType repeated = parquet.asGroupType().getType(0).asGroupType();
      FieldWriter element = forType(((ListType) type).element(), repeated.getType(0),
          FieldPath.child(path, FieldPath.LIST_ELEMENT), variants);
      String repeatedName = repeated.getName();
      String elementName = repeated.getType(0).getName();
      return (rc, v) -> {
        List<?> list = (List<?>) v;
        rc.startGroup();
        if (!list.isEmpty()) {
          rc.startField(repeatedName, 0);
          for (Object e : list) {
            rc.startGroup();
            if (e != null) {
              rc.startField(elementName, 0);
              element.write(rc, e);
              rc.endField(elementName, 0);
            }
            rc.endGroup();
          }
          rc.endField(repeatedName, 0);
        }
        rc.endGroup();
      };
    }
    if (type instanceof MapType) {
      MapType m = (MapType) type;
      GroupType keyValue = parquet.asGroupType().getType(0).asGroupType();
      FieldWriter key = forType(m.key(), keyValue.getType(0), path + ".key", variants);
      FieldWriter value = forType(m.value(), keyValue.getType(1),
          FieldPath.child(path, FieldPath.MAP_VALUE), variants);
      String kvName = keyValue.getName();
      String keyName = keyValue.getType(0).getName();
      String valueName = keyValue.getType(1).getName();
      return (rc, v) -> {
        Map<?, ?> map = (Map<?, ?>) v;
        rc.startGroup();
        if (!map.isEmpty()) {
          rc.startField(kvName, 0);
          for (Map.Entry<?, ?> e : map.entrySet()) {
            rc.startGroup();
            rc.startField(keyName, 0);
            key.write(rc, e.getKey());
            rc.endField(keyName, 0);
            if (e.getValue() != null) {
              rc.startField(valueName, 1);
              value.write(rc, e.getValue());
              rc.endField(valueName, 1);
            }
            rc.endGroup();
          }
          rc.endField(kvName, 0);
        }
        rc.endGroup();
      };
    }
    return forPrimitive((PrimitiveFieldType) type, parquet.asPrimitiveType());
  }

  /** Writes the non-null slots of a struct row in field order. */
  static void writeSlots(RecordConsumer rc, Object[] row, String[] names, FieldWriter[] writers) {
    for (int i = 0; i < writers.length; i++) {
      Object v = row[i];
      if (v != null) {
        rc.startField(names[i], i);
        writers[i].write(rc, v);
        rc.endField(names[i], i);
      }
    }
  }

  static String[] names(GroupType g) {
    String[] names = new String[g.getFieldCount()];
    for (int i = 0; i < names.length; i++) {
      names[i] = g.getType(i).getName();
    }
    return names;
  }

  private static FieldWriter forPrimitive(PrimitiveFieldType type, PrimitiveType parquet) {
    switch (type.kind()) {
      case BOOLEAN:
        return (rc, v) -> rc.addBoolean((Boolean) v);
      case INT32:
      case DATE:
        return (rc, v) -> rc.addInteger((Integer) v);
      case INT64:
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        return (rc, v) -> rc.addLong((Long) v);
      case FLOAT:
        return (rc, v) -> rc.addFloat((Float) v);
      case DOUBLE:
        return (rc, v) -> rc.addDouble((Double) v);
      case STRING:
        // Array-backed: Binary.fromString wraps a ByteBuffer, whose hashing and comparing in the
        // dictionary and statistics writers is slower than an array's. Same bytes either way.
        // The column engine's recorder takes the string itself (its dictionary knows repeated
        // strings without encoding them).
        return (rc, v) -> {
          if (rc instanceof LevelRecorder recorder) {
            recorder.addString((String) v);
          } else {
            byte[] b = ((String) v).getBytes(StandardCharsets.UTF_8);
            rc.addBinary(Binary.fromConstantByteArray(b));
          }
        };
      case BINARY:
      case UUID:
        return (rc, v) -> rc.addBinary(Binary.fromConstantByteArray((byte[]) v));
      case DECIMAL:
        return decimal(parquet);
      default:
        throw new IllegalArgumentException("unsupported column type " + type);
    }
  }

  /** Decimals by physical type: INT32, INT64, or big-endian two's complement bytes. */
  private static FieldWriter decimal(PrimitiveType parquet) {
    switch (parquet.getPrimitiveTypeName()) {
      case INT32:
        return (rc, v) -> rc.addInteger(((BigDecimal) v).unscaledValue().intValueExact());
      case INT64:
        return (rc, v) -> rc.addLong(((BigDecimal) v).unscaledValue().longValueExact());
      case FIXED_LEN_BYTE_ARRAY: {
        int length = parquet.getTypeLength();
        return (rc, v) -> rc.addBinary(
            Binary.fromConstantByteArray(
                DecimalBytes.toFixed(((BigDecimal) v).unscaledValue(), length)));
      }
      default:
        return (rc, v) -> rc.addBinary(
            Binary.fromConstantByteArray(((BigDecimal) v).unscaledValue().toByteArray()));
    }
  }
}
