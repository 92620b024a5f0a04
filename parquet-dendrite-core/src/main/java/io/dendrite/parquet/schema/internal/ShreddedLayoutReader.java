package io.dendrite.parquet.schema.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.METADATA;
import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;
import static io.dendrite.parquet.schema.internal.VariantSchemas.VALUE;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Reads the {@link ShreddedType} of a VARIANT group and checks its layout against
 * VariantShredding.md (see {@link VariantSchemas#shreddedTypeOf(GroupType, String)}).
 */
final class ShreddedLayoutReader {

  private ShreddedLayoutReader() {}

  /** The top-level group: {@code metadata}, {@code value} and/or {@code typed_value}. */
  static ShreddedType variant(GroupType group, String path) {
    Type metadata = null;
    for (Type f : group.getFields()) {
      if (f.getName().equals(METADATA)) {
        metadata = f;
      } else if (!f.getName().equals(VALUE) && !f.getName().equals(TYPED_VALUE)) {
        throw error(path, "unexpected field " + f.getName()
            + " in a VARIANT group (allowed: metadata, value, typed_value)");
      }
    }
    if (metadata == null) {
      throw error(path, "a VARIANT group needs a metadata field");
    }
    if (!isBinary(metadata) || !metadata.isRepetition(Repetition.REQUIRED)) {
      throw error(path + "." + METADATA, "metadata must be a required binary, found "
          + describe(metadata));
    }
    ShreddedType t = valueAndTypedValue(group, path);
    // A top-level Variant with only a value column is simply unshredded.
    return t instanceof ValueOnly ? null : t;
  }

  /**
   * The {@code value}/{@code typed_value} pair of a Variant, object field or array element:
   * {@link ValueOnly} when there is no typed_value; at least one must be present.
   */
  private static ShreddedType valueAndTypedValue(GroupType group, String path) {
    Type value = group.containsField(VALUE) ? group.getType(VALUE) : null;
    Type typed = group.containsField(TYPED_VALUE) ? group.getType(TYPED_VALUE) : null;
    if (value != null && (!isBinary(value) || value.isRepetition(Repetition.REPEATED))) {
      throw error(path + "." + VALUE, "value must be an optional or required binary, found "
          + describe(value));
    }
    if (typed == null) {
      if (value == null) {
        throw error(path, "needs a value or a typed_value field");
      }
      return ValueOnly.INSTANCE;
    }
    return typedValue(typed, path + "." + TYPED_VALUE);
  }

  private static ShreddedType typedValue(Type typed, String path) {
    if (typed.isRepetition(Repetition.REPEATED)) {
      throw error(path, "typed_value must not be repeated (arrays are LIST groups)");
    }
    if (typed.isPrimitive()) {
      return primitive(typed.asPrimitiveType(), path);
    }
    GroupType g = typed.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a instanceof ListLogicalTypeAnnotation) {
      return array(g, path);
    }
    if (a != null) {
      throw error(path, "a typed_value group must be an object (unannotated) or a LIST,"
          + " found " + a);
    }
    return object(g, path);
  }

  /** Each field of a shredded object is a required group of value/typed_value. */
  private static ShreddedType object(GroupType g, String path) {
    ShreddedObject.Builder builder = ShreddedObject.builder();
    for (Type f : g.getFields()) {
      String fieldPath = path + "." + f.getName();
      if (f.isPrimitive()) {
        throw error(fieldPath, "a shredded object field must be a group of value and"
            + " typed_value, found " + describe(f));
      }
      if (!f.isRepetition(Repetition.REQUIRED)) {
        throw error(fieldPath, "a shredded object field must be a required group, found "
            + f.getRepetition().name().toLowerCase(java.util.Locale.ROOT));
      }
      builder.field(f.getName(), valueGroup(f.asGroupType(), fieldPath));
    }
    return builder.build();
  }

  /** A 3-level LIST whose element is a required group of value/typed_value. */
  private static ShreddedType array(GroupType g, String path) {
    if (g.getFieldCount() != 1 || g.getType(0).isPrimitive()
        || !g.getType(0).isRepetition(Repetition.REPEATED)) {
      throw error(path, "a shredded array must be a 3-level LIST holding one repeated group");
    }
    GroupType list = g.getType(0).asGroupType();
    String listPath = path + "." + list.getName();
    if (list.getFieldCount() != 1 || list.getType(0).isPrimitive()) {
      throw error(listPath, "the repeated group of a shredded array must hold one element"
          + " group of value and typed_value");
    }
    Type element = list.getType(0);
    String elementPath = listPath + "." + element.getName();
    if (!element.isRepetition(Repetition.REQUIRED)) {
      throw error(elementPath, "the element of a shredded array must be a required group,"
          + " found " + element.getRepetition().name().toLowerCase(java.util.Locale.ROOT));
    }
    return new ShreddedArray(valueGroup(element.asGroupType(), elementPath));
  }

  /** An object field or array element group: only {@code value} and {@code typed_value}. */
  private static ShreddedType valueGroup(GroupType g, String path) {
    for (Type f : g.getFields()) {
      if (!f.getName().equals(VALUE) && !f.getName().equals(TYPED_VALUE)) {
        throw error(path, "unexpected field " + f.getName() + " (allowed: value, typed_value)");
      }
    }
    return valueAndTypedValue(g, path);
  }

  /** The Parquet types of VariantShredding.md, "Shredded Value Types". */
  static ShreddedType primitive(PrimitiveType p, String path) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        if (a == null) {
          return ShreddedType.bool();
        }
        break;
      case INT32:
        if (a == null) {
          return ShreddedType.int32();
        }
        if (a instanceof IntLogicalTypeAnnotation i && i.isSigned()) {
          switch (i.getBitWidth()) {
            case 8:
              return ShreddedType.int8();
            case 16:
              return ShreddedType.int16();
            case 32:
              return ShreddedType.int32();
            default:
              break;
          }
        }
        if (a instanceof DateLogicalTypeAnnotation) {
          return ShreddedType.date();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, path);
        }
        break;
      case INT64:
        if (a == null) {
          return ShreddedType.int64();
        }
        if (a instanceof IntLogicalTypeAnnotation i && i.isSigned() && i.getBitWidth() == 64) {
          return ShreddedType.int64();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, path);
        }
        if (a instanceof TimestampLogicalTypeAnnotation ts) {
          ShreddedType t = timestamp(ts);
          if (t != null) {
            return t;
          }
        }
        // TIME(false, MICROS) per the spec; isAdjustedToUTC=true is accepted too because
        // readers that only see the legacy TIME_MICROS ConvertedType report it that way.
        if (a instanceof TimeLogicalTypeAnnotation t && t.getUnit() == TimeUnit.MICROS) {
          return ShreddedType.time();
        }
        break;
      case FLOAT:
        if (a == null) {
          return ShreddedType.float32();
        }
        break;
      case DOUBLE:
        if (a == null) {
          return ShreddedType.float64();
        }
        break;
      case BINARY:
        if (a == null) {
          return ShreddedType.binary();
        }
        if (a instanceof StringLogicalTypeAnnotation) {
          return ShreddedType.string();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, path);
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        if (a instanceof UUIDLogicalTypeAnnotation && p.getTypeLength() == 16) {
          return ShreddedType.uuid();
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, path);
        }
        break;
      default:
        break;
    }
    throw error(path, "unsupported shredded value type " + describePrimitive(p)
        + " (VariantShredding.md, Shredded Value Types)");
  }

  private static ShreddedType timestamp(TimestampLogicalTypeAnnotation ts) {
    boolean utc = ts.isAdjustedToUTC();
    if (ts.getUnit() == TimeUnit.MICROS) {
      return utc ? ShreddedType.timestamp() : ShreddedType.timestampNtz();
    }
    if (ts.getUnit() == TimeUnit.NANOS) {
      return utc ? ShreddedType.timestampNanos() : ShreddedType.timestampNtzNanos();
    }
    return null;
  }

  private static ShreddedType decimal(DecimalLogicalTypeAnnotation d, String path) {
    try {
      return ShreddedType.decimal(d.getPrecision(), d.getScale());
    } catch (IllegalArgumentException e) {
      throw error(path, e.getMessage() + " (Variant decimals hold at most 38 digits)");
    }
  }

  private static boolean isBinary(Type t) {
    return t.isPrimitive() && t.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
  }

  private static String describe(Type t) {
    String repetition = t.getRepetition().name().toLowerCase(java.util.Locale.ROOT);
    if (!t.isPrimitive()) {
      LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
      return repetition + " group" + (a == null ? "" : " (" + a + ")");
    }
    return repetition + " " + describePrimitive(t.asPrimitiveType());
  }

  /** {@code INT32 (INTEGER(8,false))}, {@code FIXED_LEN_BYTE_ARRAY(4)}. */
  private static String describePrimitive(PrimitiveType p) {
    String physical = p.getPrimitiveTypeName().name();
    if (p.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      physical += "(" + p.getTypeLength() + ")";
    }
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    return physical + (a == null ? "" : " (" + a + ")");
  }

  private static IllegalArgumentException error(String path, String message) {
    return new IllegalArgumentException("column " + path + ": " + message);
  }
}
