package io.dendrite.parquet.write;

import io.dendrite.parquet.write.internal.column.ColumnFileWriter;
import io.dendrite.parquet.write.internal.column.StripedRows;
import java.io.IOException;

/**
 * Rows written by our own column writing ({@link ColumnFileWriter}): the same
 * {@link RowWriteSupport} and field writers as parquet-java's engine, whose record-consumer
 * events are striped into leaf buffers instead of parquet-java's column writers: on the writing
 * thread, or on the threads that parsed the rows ({@link #striping()}).
 */
final class ColumnRowSink implements RowSink {
  private final RowWriteSupport support;
  private final ColumnFileWriter file;
  private final RowStriping striping;
  private final JsonDirectRows jsonRows;
  private final DirectRecords records;
  private final DirectMaps maps;

  ColumnRowSink(RowWriteSupport support, ColumnFileWriter file) {
    this.support = support;
    this.file = file;
    this.striping = new RowStriping(support, file);
    support.prepareForWrite(file.recordConsumer());
    this.jsonRows = new JsonDirectRows(support, file);
    this.records = DirectRecords.of(support, file);
    this.maps = support.shredsTopVariant() ? new DirectMaps(support, file) : null;
  }

  @Override
  public void write(Object[] row) throws IOException {
    support.write(row);
    file.endRow();
  }

  @Override
  public RowStriping striping() {
    return striping;
  }

  @Override
  public JsonDirectRows jsonRows() {
    return jsonRows;
  }

  @Override
  public DirectMaps maps() {
    return maps;
  }

  @Override
  public DirectRecords records() {
    return records;
  }

  @Override
  public void endRow() throws IOException {
    file.endRow();
  }

  @Override
  public void write(StripedRows rows, int count) throws IOException {
    file.append(rows, count);
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
