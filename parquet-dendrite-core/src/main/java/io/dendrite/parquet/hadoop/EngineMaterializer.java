package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.ColumnarRows;
import io.dendrite.parquet.read.internal.engine.PathReader;
import io.dendrite.parquet.read.internal.engine.RowBatch;
import io.dendrite.parquet.read.internal.engine.VariantAssemblyException;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;

/**
 * The columnar engine under parquet-java's record assembly ({@link DendriteReadSupport}): each
 * record parquet-java assembles is recorded as one-row leaf batches ({@link LeafRecorder}) and
 * read by the same {@link PathReader}s a {@link ColumnarRows} batch is read by, so both give
 * the same rows. Leaves whose values a row may keep views into get a fresh buffer per record
 * ({@link ColumnarPlan#freshBuffers}): the row returned stays valid.
 */
final class EngineMaterializer extends RecordMaterializer<DendriteRow> {
  private final LeafRecorder recorder;
  private final PathReader[] readers;
  private final RowBatch batch;

  EngineMaterializer(ColumnarPlan plan) {
    this.recorder = new LeafRecorder(plan.requested, plan.freshBuffers);
    this.readers = plan.readers();
    ColumnVector[] vectors = new ColumnVector[readers.length];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = readers[i].vector;
    }
    this.batch = new RowBatch(plan.shape, vectors);
  }

  /**
   * The record as a row.
   *
   * @throws VariantAssemblyException when it holds an invalid variant (as the engine's rows)
   */
  @Override
  public DendriteRow getCurrentRecord() {
    LeafBatch[] leaves = recorder.leaves();
    for (PathReader r : readers) {
      try {
        r.fill(leaves, 1);
      } catch (PathReader.RowFailure f) {
        throw (RuntimeException) f.getCause();
      }
    }
    batch.filled(1, 0);
    return batch.row(0);
  }

  @Override
  public GroupConverter getRootConverter() {
    return recorder.root();
  }
}
