package io.dendrite.parquet.schema.internal;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MICROS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.NANOS;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The Parquet layout of VARIANT columns (LogicalTypes.md, "VARIANT"; VariantShredding.md):
 * builds the group for a {@link ShreddedType} and reads the shredded type back from a group.
 *
 * <pre>
 * optional group event (VARIANT(1)) {
 *   required binary metadata;
 *   optional binary value;
 *   optional group typed_value {
 *     required group event_type {
 *       optional binary value;
 *       optional binary typed_value (STRING);
 *     }
 *   }
 * }
 * </pre>
 */
public final class VariantSchemas {

  /** The Variant specification version written in the VARIANT annotation. */
  public static final byte SPEC_VERSION = 1;

  /** Field names fixed by the specification; columns are found by name, not position. */
  public static final String METADATA = "metadata";
  public static final String VALUE = "value";
  public static final String TYPED_VALUE = "typed_value";
  public static final String LIST = "list";
  public static final String ELEMENT = "element";

  private VariantSchemas() {}

  /** The {@code VARIANT(1)} annotation. */
  public static LogicalTypeAnnotation variantAnnotation() {
    return LogicalTypeAnnotation.variantType(SPEC_VERSION);
  }

  /**
   * The group of a VARIANT column: {@code group name (VARIANT(1)) { required binary metadata;
   * value; [typed_value] }}. Unshredded ({@code shredded} null or {@link ValueOnly}),
   * {@code value} is {@code required binary value} and there is no {@code typed_value}
   * (LogicalTypes.md: value is required for unshredded Variants); shredded, {@code value} is
   * optional and {@code typed_value} follows VariantShredding.md ("Shredded Value Types").
   *
   * @throws IllegalArgumentException for a repeated group or an object with no fields
   *     (Parquet has no empty groups)
   */
  public static GroupType variantGroup(
      String name, Repetition repetition, ShreddedType shredded) {
    if (repetition == Repetition.REPEATED) {
      throw new IllegalArgumentException(
          "VARIANT column " + name + " cannot be repeated; use a list of variants");
    }
    Types.GroupBuilder<GroupType> group = Types.buildGroup(repetition)
        .as(variantAnnotation())
        .addField(Types.required(PrimitiveTypeName.BINARY).named(METADATA));
    if (shredded == null || shredded instanceof ValueOnly) {
      group.addField(Types.required(PrimitiveTypeName.BINARY).named(VALUE));
    } else {
      group.addField(Types.optional(PrimitiveTypeName.BINARY).named(VALUE));
      group.addField(typedValue(shredded, name));
    }
    return group.named(name);
  }

  /**
   * The {@code optional ... typed_value} column for {@code shredded}: a primitive, an object
   * group or a LIST group.
   *
   * @param shredded any type but {@link ValueOnly}, which has no typed_value
   * @param path where this is, for error messages
   */
  public static Type typedValue(ShreddedType shredded, String path) {
    if (shredded instanceof ShreddedPrimitive p) {
      return primitive(p);
    }
    if (shredded instanceof ShreddedObject o) {
      if (o.fields().isEmpty()) {
        throw new IllegalArgumentException("column " + path + ": a shredded object needs at"
            + " least one field, Parquet has no empty groups");
      }
      Types.GroupBuilder<GroupType> group = Types.optionalGroup();
      for (Map.Entry<String, ShreddedType> f : o.fields().entrySet()) {
        group.addField(valueGroup(f.getKey(), f.getValue(), path + "." + f.getKey()));
      }
      return group.named(TYPED_VALUE);
    }
    if (shredded instanceof ShreddedArray a) {
      return Types.optionalGroup()
          .as(LogicalTypeAnnotation.listType())
          .addField(Types.repeatedGroup()
              .addField(valueGroup(ELEMENT, a.element(), path + "." + ELEMENT))
              .named(LIST))
          .named(TYPED_VALUE);
    }
    throw new IllegalArgumentException(
        "column " + path + ": " + shredded + " has no typed_value column");
  }

  /** {@code required group name { optional binary value; [optional typed_value] }}. */
  private static GroupType valueGroup(String name, ShreddedType type, String path) {
    Types.GroupBuilder<GroupType> group = Types.requiredGroup()
        .addField(Types.optional(PrimitiveTypeName.BINARY).named(VALUE));
    if (!(type instanceof ValueOnly)) {
      group.addField(typedValue(type, path));
    }
    return group.named(name);
  }

  private static Type primitive(ShreddedPrimitive p) {
    switch (p.kind()) {
      case BOOLEAN:
        return Types.optional(PrimitiveTypeName.BOOLEAN).named(TYPED_VALUE);
      case INT8:
        return Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.intType(8, true)).named(TYPED_VALUE);
      case INT16:
        return Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.intType(16, true)).named(TYPED_VALUE);
      case INT32:
        return Types.optional(PrimitiveTypeName.INT32).named(TYPED_VALUE);
      case INT64:
        return Types.optional(PrimitiveTypeName.INT64).named(TYPED_VALUE);
      case FLOAT:
        return FloatingPointColumns.of(PrimitiveTypeName.FLOAT, Repetition.OPTIONAL, TYPED_VALUE);
      case DOUBLE:
        return FloatingPointColumns.of(PrimitiveTypeName.DOUBLE, Repetition.OPTIONAL,
            TYPED_VALUE);
      case DECIMAL4:
        return Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.decimalType(p.scale(), p.precision())).named(TYPED_VALUE);
      case DECIMAL8:
        return Types.optional(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.decimalType(p.scale(), p.precision())).named(TYPED_VALUE);
      case DECIMAL16:
        return Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16)
            .as(LogicalTypeAnnotation.decimalType(p.scale(), p.precision())).named(TYPED_VALUE);
      case DATE:
        return Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.dateType()).named(TYPED_VALUE);
      case TIME:
        return Types.optional(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.timeType(false, MICROS)).named(TYPED_VALUE);
      case TIMESTAMP:
        return timestamp(true, MICROS);
      case TIMESTAMP_NTZ:
        return timestamp(false, MICROS);
      case TIMESTAMP_NANOS:
        return timestamp(true, NANOS);
      case TIMESTAMP_NTZ_NANOS:
        return timestamp(false, NANOS);
      case BINARY:
        return Types.optional(PrimitiveTypeName.BINARY).named(TYPED_VALUE);
      case STRING:
        return Types.optional(PrimitiveTypeName.BINARY)
            .as(LogicalTypeAnnotation.stringType()).named(TYPED_VALUE);
      case UUID:
        return Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16)
            .as(LogicalTypeAnnotation.uuidType()).named(TYPED_VALUE);
      default:
        throw new IllegalStateException("unknown Variant primitive " + p.kind());
    }
  }

  private static Type timestamp(boolean utc, LogicalTypeAnnotation.TimeUnit unit) {
    return Types.optional(PrimitiveTypeName.INT64)
        .as(LogicalTypeAnnotation.timestampType(utc, unit)).named(TYPED_VALUE);
  }

  /**
   * Whether {@code group} holds a Variant: it is annotated VARIANT or, unannotated (files from
   * before the annotation, Spark 4.0, Spark 4.1 with
   * {@code spark.sql.parquet.variant.annotateLogicalType.enabled=false}, our
   * {@code variantAnnotation(false)}), its fields are, by name in any order, exactly a
   * {@code required binary metadata} and a binary {@code value} and/or a {@code typed_value}
   * (VariantShredding.md: at least one of the two). So a plain struct of exactly those fields
   * is read as a Variant too: the shape is all an unannotated file says. The layout below
   * {@code typed_value} is not validated here; {@link #shreddedTypeOf} does that.
   */
  public static boolean isVariantGroup(GroupType group) {
    LogicalTypeAnnotation a = group.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation) {
      return true;
    }
    if (a != null || !isBinaryField(group, METADATA)
        || !group.getType(METADATA).isRepetition(Repetition.REQUIRED)) {
      return false;
    }
    boolean value = isBinaryField(group, VALUE);
    boolean typed = group.containsField(TYPED_VALUE);
    int expected = 1 + (value ? 1 : 0) + (typed ? 1 : 0);
    return (value || typed) && group.getFieldCount() == expected;
  }

  private static boolean isBinaryField(GroupType group, String name) {
    if (!group.containsField(name)) {
      return false;
    }
    Type t = group.getType(name);
    return t.isPrimitive() && t.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
  }

  /**
   * The shredded type of an existing VARIANT group, or null when it has no
   * {@code typed_value} (see {@link #shreddedTypeOf(GroupType, String)}); errors name the
   * group's own name as the column path.
   */
  public static ShreddedType shreddedTypeOf(GroupType variantGroup) {
    return shreddedTypeOf(variantGroup, variantGroup.getName());
  }

  /**
   * The shredded type of an existing VARIANT group, or null when it has no
   * {@code typed_value}. Accepts every layout VariantShredding.md allows: fields found by
   * name; object fields and array elements with only {@code value} ({@link ValueOnly}) or
   * only {@code typed_value}; a top-level group without {@code value}; INT32 with
   * INT(8|16|32, signed); DECIMAL on INT32, INT64, BINARY or FIXED_LEN_BYTE_ARRAY
   * (decimal4/8/16 by precision); TIMESTAMP in MICROS or NANOS; TIME in MICROS.
   *
   * @param columnPath the column's path, used in error messages
   * @throws IllegalArgumentException naming the offending column for a layout the
   *     specification does not allow: missing or non-binary {@code metadata}, non-binary
   *     {@code value}, neither {@code value} nor {@code typed_value}, repeated
   *     {@code typed_value}, unknown fields, a {@code typed_value} of a type with no Variant
   *     equivalent (INT96, unsigned integers, TIMESTAMP MILLIS, TIME MILLIS/NANOS, ENUM/JSON,
   *     FLOAT16, unannotated FIXED_LEN_BYTE_ARRAY, ...), object fields that are not required
   *     groups, LIST element groups that are not required
   */
  public static ShreddedType shreddedTypeOf(GroupType variantGroup, String columnPath) {
    return ShreddedLayoutReader.variant(variantGroup, columnPath);
  }

  /**
   * The shredded type of a primitive {@code typed_value} column (VariantShredding.md, "Shredded
   * Value Types").
   *
   * @throws IllegalArgumentException naming {@code path} for a type with no Variant equivalent
   */
  public static ShreddedPrimitive shreddedPrimitiveOf(PrimitiveType typedValue,
      String path) {
    return (ShreddedPrimitive) ShreddedLayoutReader.primitive(typedValue, path);
  }
}
