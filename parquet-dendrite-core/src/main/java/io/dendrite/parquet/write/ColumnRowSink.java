package io.dendrite.parquet.write;

import io.dendrite.parquet.write.internal.column.ColumnFileWriter;
import java.io.IOException;

/**
 * Rows written by our own column writing ({@link ColumnFileWriter}): the same
 * {@link RowWriteSupport} and field writers as parquet-java's engine, whose record-consumer
 * events are striped into leaf buffers instead of parquet-java's column writers.
 */
final class ColumnRowSink implements RowSink {
  private final RowWriteSupport support;
  private final ColumnFileWriter file;

  ColumnRowSink(RowWriteSupport support, ColumnFileWriter file) {
    this.support = support;
    this.file = file;
    support.prepareForWrite(file.recordConsumer());
  }

  @Override
  public void write(Object[] row) throws IOException {
    support.write(row);
    file.endRow();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  @Override
  public java.util.Map<String, String> encodingChoices() {
    return file.encodingChoices();
  }

  @Override
  public void abort() {
    file.abort();
  }
}
