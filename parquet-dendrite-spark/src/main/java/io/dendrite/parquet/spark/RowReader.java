package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The rows of one split as Spark rows: the core's reader ({@link SourceFiles#open}) selects the
 * read's top-level columns (and returns the rows its filter passes), and {@link CatalystValues}
 * turns each row's Java values into Spark's internal ones.
 */
final class RowReader implements PartitionReader<InternalRow> {
  private final String file;
  private final StructType schema;
  private final SourceFiles.Rows reader;
  private final CatalystValues.Converter[] columns;
  private long rowNumber;
  private InternalRow current;

  private RowReader(String file, StructType schema, SourceFiles.Rows reader) {
    this.file = file;
    this.schema = schema;
    this.reader = reader;
    this.columns = new CatalystValues.Converter[schema.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = CatalystValues.converter(schema.fields()[i].dataType());
    }
  }

  /**
   * @param filter the rows to return (null: all)
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static RowReader open(FileInputPartition split, StructType schema, Filter filter,
      Configuration conf) throws IOException {
    // Paths made from the names, not parsed: a column named "a.b" is one column.
    List<SelectionPath> select = new ArrayList<>();
    for (StructField f : schema.fields()) {
      select.add(SelectionPath.column(f.name()));
    }
    if (select.isEmpty()) {
      // A count of filtered rows: the reader selects something, the rows returned hold nothing.
      select.addAll(filter.paths());
    }
    return new RowReader(split.file(), schema, SourceFiles.open(split, select, filter, conf));
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
    Object[] values = new Object[columns.length];
    for (int i = 0; i < values.length; i++) {
      Object v = row.get(i);
      try {
        values[i] = v == null ? null : columns[i].convert(v);
      } catch (RuntimeException e) {
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
    return ScanMetrics.of(reader.report());
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
