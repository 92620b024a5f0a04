package io.dendrite.parquet.spark;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The batches of a split of a partitioned read: the files' column vectors followed by one
 * Spark {@link ConstantColumnVector} per partition column read, filled once with the split's
 * directory value (Spark's vectorized Parquet reader does the same). The files' vectors are
 * refilled in place by the inner reader, so one outer batch serves every batch.
 */
final class PartitionValueBatches implements PartitionReader<ColumnarBatch> {
  private final PartitionReader<ColumnarBatch> files;
  private final ConstantColumnVector[] constants;
  private ColumnarBatch batch;

  /**
   * @param partitionsRead the partition columns read, in the read schema's order
   * @param values their values for this split
   * @param batchRows the most rows a batch holds
   */
  PartitionValueBatches(PartitionReader<ColumnarBatch> files, StructType partitionsRead,
      InternalRow values, int batchRows) {
    this.files = files;
    this.constants = new ConstantColumnVector[partitionsRead.size()];
    for (int i = 0; i < constants.length; i++) {
      constants[i] = new ConstantColumnVector(batchRows, partitionsRead.fields()[i].dataType());
      ColumnVectorUtils.populate(constants[i], values, i);
    }
  }

  @Override
  public boolean next() throws IOException {
    return files.next();
  }

  @Override
  public ColumnarBatch get() {
    ColumnarBatch inner = files.get();
    if (batch == null) {
      ColumnVector[] columns = new ColumnVector[inner.numCols() + constants.length];
      for (int i = 0; i < inner.numCols(); i++) {
        columns[i] = inner.column(i);
      }
      System.arraycopy(constants, 0, columns, inner.numCols(), constants.length);
      batch = new ColumnarBatch(columns);
    }
    batch.setNumRows(inner.numRows());
    return batch;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return files.currentMetricsValues();
  }

  @Override
  public void close() throws IOException {
    try {
      files.close();
    } finally {
      for (ConstantColumnVector c : constants) {
        c.close();
      }
    }
  }
}
