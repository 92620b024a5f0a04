package io.dendrite.parquet.spark;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * The rows of a split of a partitioned read: each row of the files' columns followed by the
 * partition columns read, whose values are those of the split's directory, the same for every
 * row.
 */
final class PartitionValueRows implements PartitionReader<InternalRow> {
  private final PartitionReader<InternalRow> files;
  private final InternalRow values;
  private InternalRow current;

  /** @param values the partition columns read, in the read schema's order */
  PartitionValueRows(PartitionReader<InternalRow> files, InternalRow values) {
    this.files = files;
    this.values = values;
  }

  @Override
  public boolean next() throws IOException {
    if (!files.next()) {
      current = null;
      return false;
    }
    // A new row each time: Spark may keep rows it was handed (e.g. to build a hash table).
    current = new JoinedRow(files.get(), values);
    return true;
  }

  @Override
  public InternalRow get() {
    return current;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return files.currentMetricsValues();
  }

  @Override
  public void close() throws IOException {
    files.close();
  }
}
