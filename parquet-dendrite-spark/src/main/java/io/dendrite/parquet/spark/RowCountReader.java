package io.dendrite.parquet.spark;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * The rows of a file when Spark reads none of its columns ({@code count()}): as many empty rows
 * as the split's row groups hold (from the footer), without decoding a page.
 */
final class RowCountReader implements PartitionReader<InternalRow> {
  private static final InternalRow EMPTY = new GenericInternalRow(0);
  private long remaining;

  private RowCountReader(long rows) {
    this.remaining = rows;
  }

  static RowCountReader open(FileInputPartition split, Configuration conf) throws IOException {
    return new RowCountReader(SourceFiles.rowCount(split, conf));
  }

  @Override
  public boolean next() {
    if (remaining == 0) {
      return false;
    }
    remaining--;
    return true;
  }

  @Override
  public InternalRow get() {
    return EMPTY;
  }

  @Override
  public void close() {}
}
