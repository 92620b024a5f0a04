package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.read.DendriteBatch;
import io.dendrite.parquet.read.DendriteReader;
import java.io.IOException;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The rows of one split as Spark's columnar batches, from the core's batch engine
 * ({@link DendriteReader#batches}): the same selection as {@link RowReader}'s
 * ({@link SplitSelection}), the same filter, split and metrics, each batch's
 * {@link io.dendrite.parquet.read.PathVector}s copied into Spark's on-heap column vectors
 * ({@link ColumnFill}). One Spark batch, refilled in place: Spark consumes a batch before
 * asking for the next, as with its own Parquet reader.
 */
final class BatchReader implements PartitionReader<ColumnarBatch> {
  private final String file;
  private final StructType schema;
  private final DendriteReader reader;
  private final Iterator<DendriteBatch> batches;
  private final OnHeapColumnVector[] vectors;
  private final ColumnFill[] fills;
  private final ColumnarBatch batch;

  private BatchReader(String file, StructType schema, DendriteReader reader, int batchRows,
      OnHeapColumnVector[] vectors, ColumnFill[] fills) {
    this.file = file;
    this.schema = schema;
    this.reader = reader;
    this.batches = reader.batches(batchRows).iterator();
    this.vectors = vectors;
    this.fills = fills;
    this.batch = new ColumnarBatch(vectors);
  }

  /**
   * @param schema every column one that {@link ColumnarReads#serves}
   * @param extractions the variant extractions served (null: none)
   * @param filter the rows to return (null: all)
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static BatchReader open(FileInputPartition split, StructType schema,
      PushedExtractions extractions, Filter filter, Configuration conf, int batchRows)
      throws IOException {
    SplitSelection plan = SplitSelection.of(split, schema, extractions, filter);
    DendriteReader reader = SourceFiles.reader(split, plan.select(), filter, conf);
    try {
      MessageType stored = reader.requestedSchema();
      OnHeapColumnVector[] vectors = OnHeapColumnVector.allocateColumns(batchRows, schema);
      ColumnFill[] fills = new ColumnFill[schema.size()];
      for (int i = 0; i < fills.length; i++) {
        StructField f = schema.fields()[i];
        fills[i] = plan.extracted()[i] != null
            ? new ExtractedFill(plan.extracted()[i], (StructType) f.dataType(), vectors[i])
            : PathVectorFill.of(plan.positions()[i], f.dataType(),
                // absent when the reader requests nothing of a column that is all null
                stored.containsField(f.name()) ? stored.getType(f.name()) : null, vectors[i]);
      }
      return new BatchReader(split.file(), schema, reader, batchRows, vectors, fills);
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  @Override
  public boolean next() {
    while (batches.hasNext()) { // a DendriteReadException names file, row group and row
      DendriteBatch b = batches.next();
      if (b.size() == 0) {
        continue; // a filtered batch without a row: Spark is handed only batches with rows
      }
      for (int i = 0; i < fills.length; i++) {
        vectors[i].reset();
        vectors[i].reserve(b.size());
        try {
          fills[i].fill(b);
        } catch (RuntimeException e) {
          if (e instanceof SparkThrowable) {
            throw e; // Spark's own error (a variant_get cast that fails), as Spark reports it
          }
          throw new IllegalStateException("dendrite: cannot convert column "
              + schema.fields()[i].name() + " of " + file + ", in the batch from row "
              + b.firstRow() + ", to Spark's " + schema.fields()[i].dataType().simpleString()
              + ": " + e.getMessage(), e);
        }
      }
      batch.setNumRows(b.size());
      return true;
    }
    return false;
  }

  @Override
  public ColumnarBatch get() {
    return batch;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return ScanMetrics.of(reader.readReport(), reader.requestedSchema().getColumns().size());
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      batch.close();
    }
  }
}
