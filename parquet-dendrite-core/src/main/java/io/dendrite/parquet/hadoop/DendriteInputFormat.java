package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteRow;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.parquet.hadoop.ParquetInputFormat;

/**
 * A mapreduce InputFormat reading {@link DendriteRow}s (values; keys are null), split as
 * parquet-java splits any Parquet input; each split's row groups are read by the columnar
 * engine ({@link SplitReader}). Each file is planned on its own layout. Configuration keys:
 * {@value DendriteReadSupport#SELECT} (comma-separated paths; absent reads every column) and
 * {@value DendriteReadSupport#STRICT_CASTS}. Page checksums are verified unless
 * {@value ParquetInputFormat#PAGE_VERIFY_CHECKSUM_ENABLED} is set to false, and a file that
 * cannot be read fails with a {@link io.dendrite.parquet.read.DendriteReadException} naming it
 * (and the row group and row, where known). parquet-java's record filters are not applied: a
 * job that sets one fails.
 */
public class DendriteInputFormat extends ParquetInputFormat<DendriteRow> {
  public DendriteInputFormat() {
    super(DendriteReadSupport.class);
  }

  @Override
  public RecordReader<Void, DendriteRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    return new DendriteRecordReader();
  }
}
