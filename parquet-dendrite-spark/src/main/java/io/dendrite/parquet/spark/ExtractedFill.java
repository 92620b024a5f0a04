package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.DendriteBatch;
import io.dendrite.parquet.variant.VariantValue;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A column of served variant extractions filled from a batch: a struct vector, null where the
 * variant is, whose field {@code i} holds Spark's cast of the value at extraction {@code i}'s
 * path ({@link ExtractedColumn}, as a row read gives it), put into the field's child vector.
 */
final class ExtractedFill implements ColumnFill {
  private final ExtractedColumn column;
  private final WritableColumnVector out;
  private final VectorPut[] puts;
  /** The variants of the row being filled, by their place in the batch. */
  private final BatchRow row = new BatchRow();

  /** @param out a vector of {@code type}, the struct of the column's extractions */
  ExtractedFill(ExtractedColumn column, StructType type, WritableColumnVector out) {
    this.column = column;
    this.out = out;
    StructField[] fields = type.fields();
    this.puts = new VectorPut[fields.length];
    for (int i = 0; i < fields.length; i++) {
      puts[i] = VectorPut.of(fields[i].dataType());
    }
  }

  @Override
  public void fill(DendriteBatch batch) {
    row.batch = batch;
    int rows = batch.size();
    for (int r = 0; r < rows; r++) {
      row.row = r;
      Object[] values = column.values(row);
      if (values == null) {
        out.putNull(r);
        for (int i = 0; i < puts.length; i++) {
          out.getChild(i).putNull(r);
        }
        continue;
      }
      for (int i = 0; i < values.length; i++) {
        WritableColumnVector field = out.getChild(i);
        if (values[i] == null) {
          field.putNull(r);
        } else {
          puts[i].put(field, r, values[i]);
        }
      }
    }
  }

  /** One row of a batch as {@link ExtractedColumn.Variants}, moved from row to row. */
  private static final class BatchRow implements ExtractedColumn.Variants {
    DendriteBatch batch;
    int row;

    @Override
    public VariantValue get(int selection) {
      return batch.vector(selection).getVariant(row);
    }
  }
}
