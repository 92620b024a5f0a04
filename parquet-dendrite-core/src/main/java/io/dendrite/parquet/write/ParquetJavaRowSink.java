package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Rows written by parquet-java's {@link ParquetWriter}
 * ({@code dendrite.write.engine=parquet-java}).
 */
final class ParquetJavaRowSink implements RowSink {
  private final ParquetWriter<Object[]> writer;

  ParquetJavaRowSink(ParquetWriter<Object[]> writer) {
    this.writer = writer;
  }

  @Override
  public void write(Object[] row) throws IOException {
    writer.write(row);
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }

  @Override
  public void abort() {
    try {
      writer.close();
    } catch (IOException | RuntimeException ignored) {
      // The file is being discarded; the original failure is what matters.
    }
  }
}
