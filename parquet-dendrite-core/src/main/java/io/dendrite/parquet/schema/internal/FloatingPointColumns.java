package io.dendrite.parquet.schema.internal;

import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The FLOAT and DOUBLE columns this library writes, record fields and shredded
 * {@code typed_value}s alike. They are declared in TYPE_DEFINED_ORDER, not in the
 * IEEE_754_TOTAL_ORDER parquet-java 1.18 gives them by default: readers that predate that order
 * (parquet-java 1.16 in Spark 4.1, pyarrow 26) take it for an unknown order and ignore the
 * min/max of such columns, so they could skip no row group on them. Our statistics follow the
 * spec's type-defined rules for floating point: a page with a NaN gets no min/max, and a zero
 * min is written -0.0, a zero max +0.0.
 */
public final class FloatingPointColumns {
  private FloatingPointColumns() {}

  /** A FLOAT or DOUBLE column named {@code name} in the type-defined column order. */
  public static PrimitiveType of(PrimitiveTypeName type, Repetition repetition, String name) {
    if (type != PrimitiveTypeName.FLOAT && type != PrimitiveTypeName.DOUBLE) {
      throw new IllegalArgumentException("not a floating point type: " + type);
    }
    return Types.primitive(type, repetition).columnOrder(ColumnOrder.typeDefined()).named(name);
  }
}
