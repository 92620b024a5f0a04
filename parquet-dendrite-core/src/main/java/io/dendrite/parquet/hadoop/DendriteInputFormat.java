package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadSupport;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetRecordReader;

/**
 * A mapreduce InputFormat reading {@link DendriteRow}s (values; keys are null), split by row
 * group like any Parquet input. Each file is planned on its own layout. Configuration keys:
 * {@value DendriteReadSupport#SELECT} (comma-separated paths; absent reads every column) and
 * {@value DendriteReadSupport#STRICT_CASTS}. Page checksums are verified unless
 * {@value ParquetInputFormat#PAGE_VERIFY_CHECKSUM_ENABLED} is set to false, and a file that
 * cannot be read fails with a {@link io.dendrite.parquet.read.DendriteReadException} naming it
 * (and the row group and row, where known).
 */
public class DendriteInputFormat extends ParquetInputFormat<DendriteRow> {
  public DendriteInputFormat() {
    super(DendriteReadSupport.class);
  }

  @Override
  public RecordReader<Void, DendriteRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) throws IOException, InterruptedException {
    return new DendriteRecordReader(
        (ParquetRecordReader<DendriteRow>) super.createRecordReader(split, context));
  }
}
