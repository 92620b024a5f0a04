package io.dendrite.parquet.write;

import org.apache.parquet.io.api.RecordConsumer;

/** Writes one normalized, non-null value of a field; one instance per schema node. */
interface FieldWriter {
  void write(RecordConsumer rc, Object value);
}
