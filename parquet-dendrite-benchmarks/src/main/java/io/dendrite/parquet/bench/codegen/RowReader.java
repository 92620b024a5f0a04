package io.dendrite.parquet.bench.codegen;

/** What a generated reader does: builds one record from row {@code row} of column arrays. */
public interface RowReader {
  Object read(long[][] columns, int row);
}
