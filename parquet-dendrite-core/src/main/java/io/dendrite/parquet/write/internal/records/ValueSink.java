package io.dendrite.parquet.write.internal.records;

/**
 * Records one non-null value of a component (or list element, map value) whose column type the
 * generated code does not record itself ({@link SinkSpec}), at repetition level {@code r}.
 */
@FunctionalInterface
public interface ValueSink {
  void write(Object value, int r);
}
