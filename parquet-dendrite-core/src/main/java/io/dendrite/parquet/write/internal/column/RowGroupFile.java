package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import org.apache.parquet.hadoop.ParquetFileWriter;

/**
 * Writes row groups into parquet-java's {@link ParquetFileWriter}, chunks in column order, and
 * tells the {@link RowGroupSizer} what each chunk took. Only the thread owning the file calls
 * it, whoever encoded the chunks.
 */
final class RowGroupFile {
  /** Puts chunk {@code i} of the row group being written into {@code out}. */
  interface Chunks {
    void write(int i, ChunkOutput out) throws IOException;
  }

  private final ParquetFileWriter file;
  private final FileChunkOutput out;
  private final RowGroupSizer sizer;
  private final int leaves;

  RowGroupFile(ParquetFileWriter file, RowGroupSizer sizer, int leaves) {
    this.file = file;
    this.out = new FileChunkOutput(file);
    this.sizer = sizer;
    this.leaves = leaves;
  }

  /**
   * Writes row group {@code rowGroup} of {@code rows} rows, whose leaves' buffers held
   * {@code unscaled[i]} bytes ({@link RowGroupSizer#unscaled}).
   */
  void write(int rowGroup, int rows, long[] unscaled, Chunks chunks) throws IOException {
    file.startBlock(rows);
    for (int i = 0; i < leaves; i++) {
      long start = file.getPos();
      chunks.write(i, out);
      sizer.written(rowGroup, i, unscaled[i], file.getPos() - start);
    }
    file.endBlock();
  }
}
