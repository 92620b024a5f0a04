package io.dendrite.parquet.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Opens a split's reader on an executor: its columns (or their served variant extractions) as
 * rows (those the pushed filter passes),
 * or, when Spark needs no column and there is no filter (a {@code count()}), only the number of
 * rows the footer records for the split.
 */
final class RowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final StructType readSchema;
  private final PushedFilter filter;
  private final PushedExtractions extractions;
  private final SerializableConfiguration conf;

  /**
   * @param filter null when nothing is pushed
   * @param extractions null when no variant extraction is served
   */
  RowReaderFactory(StructType readSchema, PushedFilter filter, PushedExtractions extractions,
      SerializableConfiguration conf) {
    this.readSchema = readSchema;
    this.filter = filter;
    this.extractions = extractions;
    this.conf = conf;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    FileInputPartition split = (FileInputPartition) partition;
    try {
      if (readSchema.isEmpty() && filter == null) {
        return RowCountReader.open(split, conf.value());
      }
      return RowReader.open(split, readSchema, extractions,
          filter == null ? null : filter.filter(), conf.value());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
