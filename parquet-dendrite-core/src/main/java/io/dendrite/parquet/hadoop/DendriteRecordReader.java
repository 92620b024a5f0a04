package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetRecordReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * parquet-java's record reader for {@link DendriteInputFormat}, with page checksums verified by
 * default and every failure turned into a {@link DendriteReadException} naming the file, and the
 * row group and row where they can be found.
 */
final class DendriteRecordReader extends RecordReader<Void, DendriteRow> {
  private final ParquetRecordReader<DendriteRow> reader;
  private Path file;
  /** The file as named in errors: the split's path, or the split itself if it has none. */
  private String name = "(split not initialized)";
  private long splitStart;
  private long splitEnd;
  private Configuration conf;

  DendriteRecordReader(ParquetRecordReader<DendriteRow> reader) {
    this.reader = reader;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    conf = context.getConfiguration();
    if (conf.get(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED) == null) {
      // A damaged page then fails instead of decoding to wrong values (DESIGN.md §6).
      conf.setBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, true);
    }
    if (split instanceof FileSplit s) {
      file = s.getPath();
      splitStart = s.getStart();
      splitEnd = s.getStart() + s.getLength();
    }
    name = file != null ? file.toString() : String.valueOf(split);
    try {
      reader.initialize(split, context);
    } catch (IOException | RuntimeException e) {
      throw DendriteReadException.of(name, -1, 0, e);
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    try {
      return reader.nextKeyValue();
    } catch (IOException | RuntimeException e) {
      throw failure(e);
    }
  }

  @Override
  public Void getCurrentKey() {
    return null;
  }

  @Override
  public DendriteRow getCurrentValue() throws IOException, InterruptedException {
    return reader.getCurrentValue();
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return reader.getProgress();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /**
   * Locates the failed row: the one after the last row read, or, before any, the first row of
   * the split's first row group. The footer is read again only here, on the failure path.
   */
  private DendriteReadException failure(Exception e) {
    int rowGroup = -1;
    long row = 0;
    if (file == null) {
      return DendriteReadException.of(name, rowGroup, row, e);
    }
    try {
      long last = reader.getCurrentRowIndex();
      List<BlockMetaData> blocks;
      try (ParquetFileReader footer =
          ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
        blocks = footer.getFooter().getBlocks();
      }
      long first = 1;
      for (int g = 0; g < blocks.size(); g++) {
        BlockMetaData b = blocks.get(g);
        long mid = b.getStartingPos() + b.getCompressedSize() / 2;
        boolean inSplit = mid >= splitStart && mid < splitEnd; // parquet-java's assignment
        if (last >= 0 ? last + 2 < first + b.getRowCount() : inSplit) {
          rowGroup = g;
          row = last >= 0 ? last + 2 : first;
          break;
        }
        first += b.getRowCount();
      }
    } catch (IOException | RuntimeException notFound) {
      e.addSuppressed(notFound); // described without the row group and row
    }
    return DendriteReadException.of(name, rowGroup, row, e);
  }
}
