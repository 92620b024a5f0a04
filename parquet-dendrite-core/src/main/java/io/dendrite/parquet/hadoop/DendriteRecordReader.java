package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * {@link DendriteInputFormat}'s record reader: the split's row groups read by the columnar
 * engine ({@link SplitReader}), page checksums verified by default, every failure a
 * {@link DendriteReadException} naming the file, and the row group and row where known.
 */
final class DendriteRecordReader extends RecordReader<Void, DendriteRow> {
  private SplitReader reader;
  private DendriteRow current;

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) {
    if (!(split instanceof FileSplit file)) {
      throw new DendriteReadException(String.valueOf(split), 0, "not a file split but a "
          + split.getClass().getName(), null);
    }
    reader = SplitReader.open(file, context.getConfiguration());
  }

  @Override
  public boolean nextKeyValue() {
    current = reader.read();
    return current != null;
  }

  @Override
  public Void getCurrentKey() {
    return null;
  }

  @Override
  public DendriteRow getCurrentValue() {
    return current;
  }

  @Override
  public float getProgress() {
    return reader == null ? 0f : reader.progress();
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}
