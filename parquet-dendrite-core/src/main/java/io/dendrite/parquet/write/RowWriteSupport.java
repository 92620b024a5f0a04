package io.dendrite.parquet.write;

import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/** Hands normalized {@code Object[]} rows to the field writers. */
final class RowWriteSupport extends WriteSupport<Object[]> {
  private final MessageType schema;
  private final Map<String, String> footer;
  private final FieldWriter[] writers;
  private final String[] names;
  private RecordConsumer consumer;

  RowWriteSupport(MessageType schema, Map<String, String> footer, FieldWriter[] writers) {
    this.schema = schema;
    this.footer = footer;
    this.writers = writers;
    this.names = FieldWriters.names(schema);
  }

  @Override
  public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
    return new WriteContext(schema, footer);
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, footer);
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  @Override
  public void write(Object[] row) {
    consumer.startMessage();
    FieldWriters.writeSlots(consumer, row, names, writers);
    consumer.endMessage();
  }
}
