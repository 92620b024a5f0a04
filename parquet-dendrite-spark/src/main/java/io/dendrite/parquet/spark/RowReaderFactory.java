package io.dendrite.parquet.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Opens a split's reader on an executor: its columns (or their served variant extractions) as
 * columnar batches where the scan {@link ColumnarReads#serves} them ({@link BatchReader}), else
 * as rows ({@link RowReader}), those the pushed filter passes; or, when Spark needs no column
 * and there is no filter (a {@code count()}), only the number of rows the footer records for the
 * split. Batches or rows is one answer for every split of a scan, as Spark requires.
 */
final class RowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final StructType readSchema;
  private final PushedFilter filter;
  private final PushedExtractions extractions;
  private final SerializableConfiguration conf;
  private final ColumnarReads columnar;
  /** Whether every split is read as batches, decided once for the scan. */
  private final boolean batches;

  /**
   * @param filter null when nothing is pushed
   * @param extractions null when no variant extraction is served
   * @param columnar whether splits are read as batches where the read schema allows, and how
   *     many rows a batch holds
   */
  RowReaderFactory(StructType readSchema, PushedFilter filter, PushedExtractions extractions,
      SerializableConfiguration conf, ColumnarReads columnar) {
    this.readSchema = readSchema;
    this.filter = filter;
    this.extractions = extractions;
    this.conf = conf;
    this.columnar = columnar;
    this.batches = columnar.serves(readSchema, extractions);
  }

  /** The same answer for every split (the read schema decides): Spark fails on a mix. */
  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return batches;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    try {
      return BatchReader.open((FileInputPartition) partition, readSchema, extractions,
          filter == null ? null : filter.filter(), conf.value(), columnar.batchRows());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
