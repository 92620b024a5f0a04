package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.read.internal.engine.JavaValues;
import io.dendrite.parquet.read.internal.engine.TypedLeafValues;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.VariantValue;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A column chunk's dictionary entries (read with parquet-java's {@link Dictionary}) as the
 * Java values the reader gives rows of that column: the same {@link JavaValues} the engine's
 * vectors use, so that a filter which skips a row group because no entry matches has cast each
 * entry exactly as the row holding it would be cast. For the filter planner.
 */
public final class DictionaryValues {
  private final JavaValues values;
  private final PrimitiveType.PrimitiveTypeName physical;
  /** The shredded type of a typed_value leaf; null for an ordinary column. */
  private final ShreddedPrimitive leafType;

  private DictionaryValues(JavaValues values, PrimitiveType parquet, ShreddedPrimitive leafType) {
    this.values = values;
    this.physical = parquet.getPrimitiveTypeName();
    this.leafType = leafType;
  }

  /**
   * The values of an ordinary (non-variant) column, or null when the reader does not read its
   * type (then nothing can be proven from its dictionary).
   */
  public static DictionaryValues ofColumn(PrimitiveType parquet) {
    try {
      return new DictionaryValues(JavaValues.forColumn(parquet), parquet, null);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The values of a shredded {@code typed_value} leaf of type {@code type} at {@code path}. */
  public static DictionaryValues ofTypedLeaf(ShreddedPrimitive type, PrimitiveType parquet,
      String path) {
    return new DictionaryValues(JavaValues.forTypedLeaf(type, path), parquet, type);
  }

  /**
   * Entry {@code id} as the reader gives it.
   *
   * @throws RuntimeException when the entry is a value the reader rejects (a date out of range,
   *     a typed leaf its variant type cannot hold): a read of a row holding it fails
   */
  public Object entry(Dictionary d, int id) {
    switch (physical) {
      case BOOLEAN: return values.ofBoolean(d.decodeToBoolean(id));
      case INT32: return values.ofInt(d.decodeToInt(id));
      case INT64: return values.ofLong(d.decodeToLong(id));
      case FLOAT: return values.ofFloat(d.decodeToFloat(id));
      case DOUBLE: return values.ofDouble(d.decodeToDouble(id));
      default: {
        byte[] b = d.decodeToBinary(id).getBytes();
        return values.ofBinary(b, 0, b.length);
      }
    }
  }

  /**
   * The variant a typed leaf's value stands for (what a filter casts when the value itself has
   * no shortcut, as it does for a row's value); null for an ordinary column's value.
   */
  public VariantValue asVariant(Object value) {
    return leafType == null || value == null ? null : TypedLeafValues.toVariant(leafType, value);
  }
}
