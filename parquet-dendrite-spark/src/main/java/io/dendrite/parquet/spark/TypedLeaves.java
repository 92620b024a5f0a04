package io.dendrite.parquet.spark;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;

/**
 * The {@code typed_value} column a file shreds a variant path to, and whether Spark's
 * {@code variant_get} cast to a type maps every value of it to itself (never to another value,
 * never to null or an error). Only then do the core's statistics on that column, which compare
 * the stored values, judge Spark's predicate soundly: a double leaf cast to {@code int}
 * truncates (5.7 becomes 5), a {@code bigint} leaf cast to {@code int} overflows to null.
 */
final class TypedLeaves {
  private TypedLeaves() {}

  /**
   * The primitive {@code typed_value} of {@code path} (a column and object fields below it) in
   * a file of {@code schema}; null when the file does not shred it so (unshredded, a field
   * not shredded, an array step, a path ending on an object).
   */
  static PrimitiveType of(MessageType schema, SelectionPath path) {
    if (!schema.containsField(path.column())) {
      return null;
    }
    Type node = schema.getType(path.column());
    List<Segment> segments = path.segments();
    for (int i = 1; i < segments.size(); i++) {
      Segment s = segments.get(i);
      GroupType typed = typedGroup(node);
      if (s.isIndex() || s.isAny() || typed == null || typed.getLogicalTypeAnnotation() != null
          || !typed.containsField(s.name())) {
        return null; // arrays (LIST typed_value) and unshredded fields are not judged
      }
      node = typed.getType(s.name());
    }
    if (node.isPrimitive() || !node.asGroupType().containsField("typed_value")) {
      return null;
    }
    Type leaf = node.asGroupType().getType("typed_value");
    return leaf.isPrimitive() ? leaf.asPrimitiveType() : null;
  }

  /** The group {@code typed_value} of a shredded node, or null. */
  private static GroupType typedGroup(Type node) {
    if (node.isPrimitive() || !node.asGroupType().containsField("typed_value")) {
      return null;
    }
    Type typed = node.asGroupType().getType("typed_value");
    return typed.isPrimitive() ? null : typed.asGroupType();
  }

  /** Whether Spark's cast of every value of {@code leaf} to {@code type} is the value itself. */
  static boolean castsExactly(PrimitiveType leaf, DataType type) {
    if (leaf == null) {
      return false;
    }
    LogicalTypeAnnotation a = leaf.getLogicalTypeAnnotation();
    PrimitiveTypeName p = leaf.getPrimitiveTypeName();
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      // Rescaling to as many or more fraction digits and as many or more integer digits.
      return type instanceof DecimalType t && d.getScale() <= t.scale()
          && d.getPrecision() - d.getScale() <= t.precision() - t.scale();
    }
    int bits = integerBits(p, a);
    if (bits > 0) {
      if (type instanceof DecimalType t) {
        return digits(bits) <= t.precision() - t.scale();
      }
      int target = type instanceof ByteType ? 8 : type instanceof ShortType ? 16
          : type instanceof IntegerType ? 32 : type instanceof LongType ? 64 : 0;
      return bits <= target;
    }
    if (type instanceof StringType s) {
      return p == PrimitiveTypeName.BINARY && a instanceof LogicalTypeAnnotation
          .StringLogicalTypeAnnotation && s.isUTF8BinaryCollation();
    }
    if (type instanceof BooleanType) {
      return p == PrimitiveTypeName.BOOLEAN && a == null;
    }
    // Dates and timestamps would map exactly too, but are not tested yet: not used.
    return false;
  }

  /** The width of a signed integer leaf, 0 for any other. */
  private static int integerBits(PrimitiveTypeName p, LogicalTypeAnnotation a) {
    if (p != PrimitiveTypeName.INT32 && p != PrimitiveTypeName.INT64) {
      return 0;
    }
    if (a == null) {
      return p == PrimitiveTypeName.INT32 ? 32 : 64;
    }
    return a instanceof IntLogicalTypeAnnotation i && i.isSigned() ? i.getBitWidth() : 0;
  }

  /** Decimal digits that hold every signed integer of {@code bits} bits. */
  static int digits(int bits) {
    return switch (bits) {
      case 8 -> 3;
      case 16 -> 5;
      case 32 -> 10;
      default -> 19;
    };
  }
}
