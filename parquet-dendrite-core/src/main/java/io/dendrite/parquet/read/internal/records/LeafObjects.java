package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.ConvertedDictionary;
import io.dendrite.parquet.read.internal.engine.JavaValues;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;

/**
 * One leaf's values as the Java values rows hold ({@link JavaValues}), for components that are
 * not read as primitives (strings, dates, decimals, ...), or a shredded {@code typed_value}'s
 * (checked as reassembling the variant checks them): dictionary entries converted once per
 * entry and reused. One per leaf and read: the conversion cache is not shared.
 */
public final class LeafObjects {
  private final JavaValues values;
  private final PrimitiveTypeName physical;
  private final ConvertedDictionary dictionary;

  LeafObjects(AssemblyPlan.ObjectColumn leaf) {
    PrimitiveType column = leaf.column();
    this.values = leaf.typed() == null ? JavaValues.forColumn(column)
        : JavaValues.forTypedLeaf(leaf.typed(), leaf.path());
    this.physical = column.getPrimitiveTypeName();
    this.dictionary = new ConvertedDictionary(values);
  }

  Object value(LeafBatch b, int vi) {
    return values.ofValue(b, vi, physical);
  }

  Object entry(ColumnDictionary d, int id) {
    return dictionary.get(d, id);
  }
}
