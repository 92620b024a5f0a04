package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;

/**
 * The rows of one split as Spark rows: the core's reader ({@link SourceFiles#open}) selects the
 * read's top-level columns, or the paths of a column's served variant extractions
 * ({@link SplitSelection}), and returns the rows its filter passes; {@link CatalystValues}
 * turns each row's Java values into Spark's internal ones. Reads some column of which no
 * Spark column vector is filled for ({@link ColumnarReads}) take this way; the others read
 * batches ({@link BatchReader}).
 */
final class RowReader implements PartitionReader<InternalRow> {
  /** How one column of the read schema is filled from a row of the core's reader. */
  @FunctionalInterface
  private interface Slot {
    Object read(DendriteRow row);
  }

  private final String file;
  private final StructType schema;
  private final SourceFiles.Rows reader;
  private final Slot[] slots;
  private long rowNumber;
  private InternalRow current;

  private RowReader(String file, StructType schema, SourceFiles.Rows reader, Slot[] slots) {
    this.file = file;
    this.schema = schema;
    this.reader = reader;
    this.slots = slots;
  }

  /**
   * @param extractions the variant extractions served (null: none)
   * @param filter the rows to return (null: all)
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static RowReader open(FileInputPartition split, StructType schema,
      PushedExtractions extractions, Filter filter, Configuration conf) throws IOException {
    SplitSelection plan = SplitSelection.of(split, schema, extractions, filter);
    Slot[] slots = new Slot[schema.size()];
    for (int i = 0; i < slots.length; i++) {
      ExtractedColumn extracted = plan.extracted()[i];
      if (extracted != null) {
        slots[i] = row -> extracted.read(row::getVariant);
      } else {
        int at = plan.positions()[i];
        CatalystValues.Converter c = CatalystValues.converter(schema.fields()[i].dataType());
        slots[i] = row -> {
          Object v = row.get(at);
          return v == null ? null : c.convert(v);
        };
      }
    }
    return new RowReader(split.file(), schema,
        SourceFiles.open(split, plan.select(), filter, conf), slots);
  }

  @Override
  public boolean next() {
    DendriteRow row = reader.read(); // a DendriteReadException names file, row group and row
    if (row == null) {
      current = null;
      return false;
    }
    rowNumber++;
    // A new row each time: Spark may keep rows it was handed (e.g. to build a hash table).
    Object[] values = new Object[slots.length];
    for (int i = 0; i < values.length; i++) {
      try {
        values[i] = slots[i].read(row);
      } catch (RuntimeException e) {
        if (e instanceof SparkThrowable) {
          throw e; // Spark's own error (a variant_get cast that fails), as Spark reports it
        }
        throw new IllegalStateException("dendrite: cannot convert column "
            + schema.fields()[i].name() + " of " + file + ", row " + rowNumber + ", to Spark's "
            + schema.fields()[i].dataType().simpleString() + ": " + e.getMessage(), e);
      }
    }
    current = new GenericInternalRow(values);
    return true;
  }

  @Override
  public InternalRow get() {
    return current;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return ScanMetrics.of(reader.report(), reader.columnsRead());
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
