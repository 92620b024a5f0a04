package io.dendrite.parquet.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Opens a split's reader on an executor: its columns (or their served variant extractions) as
 * columnar batches where the scan {@link ColumnarReads#serves} them ({@link BatchReader}), else
 * as rows ({@link RowReader}), those the pushed filter passes; or, when Spark needs no column
 * and there is no filter (a {@code count()}), only the number of rows the footer records for the
 * split. The partition columns read follow the files' columns, their values the split's
 * directory's ({@link PartitionValueRows}, {@link PartitionValueBatches}). Batches or rows is
 * one answer for every split of a scan, as Spark requires.
 */
final class RowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  /** The columns read from the files. */
  private final StructType readSchema;
  private final ScanPartitions.ReadPartitions partitions;
  private final PushedFilter filter;
  private final PushedExtractions extractions;
  /** The table's configuration ({@link TableConf}). */
  private final Broadcast<SerializableConfiguration> conf;
  private final ColumnarReads columnar;
  /** Whether every split is read as batches, decided once for the scan. */
  private final boolean batches;

  /**
   * @param partitions the read schema, split into the files' columns and the partition
   *     columns, which follow them in every row and batch
   * @param filter null when nothing is pushed
   * @param extractions null when no variant extraction is served
   * @param columnar whether splits are read as batches where the read schema allows, and how
   *     many rows a batch holds
   */
  RowReaderFactory(ScanPartitions.ReadPartitions partitions, PushedFilter filter,
      PushedExtractions extractions, Broadcast<SerializableConfiguration> conf,
      ColumnarReads columnar) {
    this.readSchema = partitions.dataSchema();
    this.partitions = partitions;
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
    FileInputPartition split = (FileInputPartition) partition;
    try {
      BatchReader batches = BatchReader.open(split, readSchema, extractions,
          filter == null ? null : filter.filter(), conf.value().value(), columnar.batchRows());
      return !partitions.any() ? batches : new PartitionValueBatches(batches,
          partitions.partitionsRead(), partitions.values(split.partition()),
          columnar.batchRows());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    FileInputPartition split = (FileInputPartition) partition;
    try {
      PartitionReader<InternalRow> rows = readSchema.isEmpty() && filter == null
          ? RowCountReader.open(split, conf.value().value())
          : RowReader.open(split, readSchema, extractions,
              filter == null ? null : filter.filter(), conf.value().value());
      return !partitions.any() ? rows
          : new PartitionValueRows(rows, partitions.values(split.partition()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
