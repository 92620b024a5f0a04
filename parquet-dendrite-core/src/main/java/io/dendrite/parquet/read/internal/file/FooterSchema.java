package io.dendrite.parquet.read.internal.file;

import java.util.Iterator;
import java.util.List;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.TimeUnit;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * A footer's schema (its flattened {@code SchemaElement}s) as parquet-java's
 * {@link MessageType}, converted here rather than by {@code ParquetMetadataConverter}.
 *
 * <p>Why: parquet-java converts the schema only as part of a whole {@code ParquetMetadata},
 * and that class's initialization builds a (shaded) Jackson {@code ObjectMapper}: about 100 ms
 * and 375 classes in a fresh JVM, which the first read waited for before it could plan
 * anything. Converting the schema alone lets planning run while that initialization finishes
 * on another thread ({@link ClassPrefetch}).
 *
 * <p>Only what the format spec defines unambiguously is converted: the logical types it lists
 * for groups and primitives, and the legacy converted types that map to one of them. Anything
 * else (an {@code UNKNOWN}, geometry or geography type, {@code INTERVAL}, {@code
 * MAP_KEY_VALUE}, a missing repetition, a combination the schema builders refuse) returns null,
 * and the caller converts with parquet-java, so such files read, and fail, exactly as before.
 * {@code FooterSchemaTest} checks the result equals parquet-java's on every conformance file
 * and on every type.
 */
final class FooterSchema {
  private FooterSchema() {}

  /** The schema of {@code elements} with {@code orders} (may be null), or null: see above. */
  static MessageType of(List<SchemaElement> elements, List<ColumnOrder> orders) {
    if (elements == null || elements.isEmpty()) {
      return null;
    }
    SchemaElement root = elements.get(0);
    if (!root.isSetNum_children() || root.isSetType() || root.isSetField_id()) {
      return null; // (a message carries no id in parquet-java's model)
    }
    try {
      Walk walk = new Walk(elements.iterator(), orders);
      walk.elements.next();
      Types.MessageTypeBuilder message = Types.buildMessage();
      for (int i = 0; i < root.getNum_children(); i++) {
        Type child = walk.next();
        if (child == null) {
          return null;
        }
        message.addField(child);
      }
      if (walk.elements.hasNext() || (orders != null && walk.leaf != orders.size())) {
        return null;
      }
      return message.named(root.getName());
    } catch (RuntimeException | LinkageError e) {
      // parquet-java's conversion decides, and reports, what the builders refuse; and what an
      // older parquet-java on the classpath lacks (a LinkageError) is left to it too.
      return null;
    }
  }

  /** The depth-first walk over the flattened elements; leaves counted for the column orders. */
  private static final class Walk {
    final Iterator<SchemaElement> elements;
    final List<ColumnOrder> orders;
    int leaf;

    Walk(Iterator<SchemaElement> elements, List<ColumnOrder> orders) {
      this.elements = elements;
      this.orders = orders;
    }

    /** The next field, or null where parquet-java should convert the schema. */
    Type next() {
      if (!elements.hasNext()) {
        return null;
      }
      SchemaElement e = elements.next();
      Repetition repetition = repetition(e);
      if (repetition == null || e.getName() == null) {
        return null;
      }
      return e.isSetType() ? primitive(e, repetition) : group(e, repetition);
    }

    private Type group(SchemaElement e, Repetition repetition) {
      if (!e.isSetNum_children()) {
        return null;
      }
      Types.GroupBuilder<GroupType> group = Types.buildGroup(repetition);
      LogicalTypeAnnotation annotation;
      if (e.isSetLogicalType()) {
        LogicalType t = e.getLogicalType();
        annotation = t.isSetLIST() ? LogicalTypeAnnotation.listType()
            : t.isSetMAP() ? LogicalTypeAnnotation.mapType()
            : t.isSetVARIANT() ? LogicalTypeAnnotation.variantType(
                t.getVARIANT().isSetSpecification_version()
                    ? t.getVARIANT().getSpecification_version() : 1)
            : null;
        if (annotation == null) {
          return null;
        }
      } else if (e.isSetConverted_type()) {
        ConvertedType c = e.getConverted_type();
        annotation = c == ConvertedType.LIST ? LogicalTypeAnnotation.listType()
            : c == ConvertedType.MAP ? LogicalTypeAnnotation.mapType() : null;
        if (annotation == null) {
          return null;
        }
      } else {
        annotation = null;
      }
      group.as(annotation);
      if (e.isSetField_id()) {
        group.id(e.getField_id());
      }
      for (int i = 0; i < e.getNum_children(); i++) {
        Type child = next();
        if (child == null) {
          return null;
        }
        group.addField(child);
      }
      return group.named(e.getName());
    }

    private Type primitive(SchemaElement e, Repetition repetition) {
      if (e.isSetNum_children() && e.getNum_children() > 0) {
        return null;
      }
      PrimitiveTypeName physical = physical(e);
      if (physical == null) {
        return null;
      }
      Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> p =
          Types.primitive(physical, repetition);
      if (e.isSetType_length()) {
        p.length(e.getType_length());
      }
      LogicalTypeAnnotation annotation = e.isSetLogicalType() ? logical(e.getLogicalType())
          : e.isSetConverted_type() ? converted(e) : null;
      if (annotation == null && (e.isSetLogicalType() || e.isSetConverted_type())) {
        return null;
      }
      p.as(annotation);
      if (e.isSetField_id()) {
        p.id(e.getField_id());
      }
      // The order a reader may compare statistics by. Without the file's orders, or with
      // TYPE_ORDER, the type's own (its min/max statistics as written before IEEE 754 total
      // order existed), except INT96's, which has none (undefined, the builder's default).
      ColumnOrder order = null;
      if (orders != null) {
        if (leaf >= orders.size()) {
          return null;
        }
        order = orders.get(leaf);
      }
      // The union's field by name: parquet-java before 1.18 (Spark 4.1 ships 1.16) has no
      // IEEE_754_TOTAL_ORDER, so its accessors cannot be named here; such a parquet-java
      // reads that order as no field at all, and parquet-java's conversion decides.
      String field = order == null || order.getSetField() == null ? null
          : order.getSetField().getFieldName();
      if ("IEEE_754_TOTAL_ORDER".equals(field)) {
        p.columnOrder(org.apache.parquet.schema.ColumnOrder.ieee754TotalOrder());
      } else if (order != null && !"TYPE_ORDER".equals(field)) {
        return null;
      } else if (physical != PrimitiveTypeName.INT96) {
        p.columnOrder(org.apache.parquet.schema.ColumnOrder.typeDefined());
      }
      leaf++;
      return p.named(e.getName());
    }
  }

  private static Repetition repetition(SchemaElement e) {
    FieldRepetitionType r = e.getRepetition_type();
    if (r == null) {
      return null;
    }
    switch (r) {
      case REQUIRED: return Repetition.REQUIRED;
      case OPTIONAL: return Repetition.OPTIONAL;
      case REPEATED: return Repetition.REPEATED;
      default: return null;
    }
  }

  private static PrimitiveTypeName physical(SchemaElement e) {
    switch (e.getType()) {
      case BOOLEAN: return PrimitiveTypeName.BOOLEAN;
      case INT32: return PrimitiveTypeName.INT32;
      case INT64: return PrimitiveTypeName.INT64;
      case INT96: return PrimitiveTypeName.INT96;
      case FLOAT: return PrimitiveTypeName.FLOAT;
      case DOUBLE: return PrimitiveTypeName.DOUBLE;
      case BYTE_ARRAY: return PrimitiveTypeName.BINARY;
      case FIXED_LEN_BYTE_ARRAY: return PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
      default: return null;
    }
  }

  /** A primitive's logical type, or null for one converted by parquet-java. */
  private static LogicalTypeAnnotation logical(LogicalType t) {
    if (t.isSetSTRING()) {
      return LogicalTypeAnnotation.stringType();
    } else if (t.isSetENUM()) {
      return LogicalTypeAnnotation.enumType();
    } else if (t.isSetJSON()) {
      return LogicalTypeAnnotation.jsonType();
    } else if (t.isSetBSON()) {
      return LogicalTypeAnnotation.bsonType();
    } else if (t.isSetUUID()) {
      return LogicalTypeAnnotation.uuidType();
    } else if (t.isSetFLOAT16()) {
      return LogicalTypeAnnotation.float16Type();
    } else if (t.isSetDATE()) {
      return LogicalTypeAnnotation.dateType();
    } else if (t.isSetDECIMAL()) {
      return LogicalTypeAnnotation.decimalType(t.getDECIMAL().getScale(),
          t.getDECIMAL().getPrecision());
    } else if (t.isSetINTEGER()) {
      return LogicalTypeAnnotation.intType(t.getINTEGER().getBitWidth(),
          t.getINTEGER().isIsSigned());
    } else if (t.isSetTIME()) {
      LogicalTypeAnnotation.TimeUnit unit = unit(t.getTIME().getUnit());
      return unit == null ? null
          : LogicalTypeAnnotation.timeType(t.getTIME().isIsAdjustedToUTC(), unit);
    } else if (t.isSetTIMESTAMP()) {
      LogicalTypeAnnotation.TimeUnit unit = unit(t.getTIMESTAMP().getUnit());
      return unit == null ? null
          : LogicalTypeAnnotation.timestampType(t.getTIMESTAMP().isIsAdjustedToUTC(), unit);
    }
    return null;
  }

  private static LogicalTypeAnnotation.TimeUnit unit(TimeUnit unit) {
    return unit == null ? null
        : unit.isSetMILLIS() ? LogicalTypeAnnotation.TimeUnit.MILLIS
        : unit.isSetMICROS() ? LogicalTypeAnnotation.TimeUnit.MICROS
        : unit.isSetNANOS() ? LogicalTypeAnnotation.TimeUnit.NANOS : null;
  }

  /**
   * A legacy converted type as the logical type the spec maps it to (times and timestamps are
   * adjusted to UTC), or null for one converted by parquet-java.
   */
  private static LogicalTypeAnnotation converted(SchemaElement e) {
    switch (e.getConverted_type()) {
      case UTF8: return LogicalTypeAnnotation.stringType();
      case ENUM: return LogicalTypeAnnotation.enumType();
      case JSON: return LogicalTypeAnnotation.jsonType();
      case BSON: return LogicalTypeAnnotation.bsonType();
      case DATE: return LogicalTypeAnnotation.dateType();
      case DECIMAL: return LogicalTypeAnnotation.decimalType(e.getScale(), e.getPrecision());
      case TIME_MILLIS:
        return LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.MILLIS);
      case TIME_MICROS:
        return LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.MICROS);
      case TIMESTAMP_MILLIS:
        return LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS);
      case TIMESTAMP_MICROS:
        return LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS);
      case INT_8: return LogicalTypeAnnotation.intType(8, true);
      case INT_16: return LogicalTypeAnnotation.intType(16, true);
      case INT_32: return LogicalTypeAnnotation.intType(32, true);
      case INT_64: return LogicalTypeAnnotation.intType(64, true);
      case UINT_8: return LogicalTypeAnnotation.intType(8, false);
      case UINT_16: return LogicalTypeAnnotation.intType(16, false);
      case UINT_32: return LogicalTypeAnnotation.intType(32, false);
      case UINT_64: return LogicalTypeAnnotation.intType(64, false);
      default: return null;
    }
  }
}
