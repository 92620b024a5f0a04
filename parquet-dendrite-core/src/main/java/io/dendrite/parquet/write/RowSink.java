package io.dendrite.parquet.write;

import io.dendrite.parquet.write.internal.column.StripedRows;
import java.io.IOException;

/**
 * Where the normalized rows of one file go: parquet-java's writer ({@link ParquetJavaRowSink})
 * or our own column writing ({@link ColumnRowSink}), chosen by {@link ParquetWriters#create}.
 */
interface RowSink {
  void write(Object[] row) throws IOException;

  /**
   * How other threads stripe rows for this file, or null when it takes whole rows only
   * (parquet-java's engine).
   */
  default RowStriping striping() {
    return null;
  }

  /**
   * Where the writing thread records rows straight from JSON lines (then {@link #endRow()}),
   * or null when this engine takes whole rows only.
   */
  default JsonDirectRows jsonRows() {
    return null;
  }

  /**
   * Where the writing thread records Java records straight into the columns (then
   * {@link #endRow()}), or null when they are to be written as whole rows.
   */
  default DirectRecords records() {
    return null;
  }

  /**
   * Where the writing thread records maps whose VARIANT values it shreds straight from the
   * Java values (then {@link #endRow()}), or null when maps are written as whole rows.
   */
  default DirectMaps maps() {
    return null;
  }

  /** Ends a row {@link #jsonRows()}, {@link #maps()} or {@link #records()} recorded. */
  default void endRow() throws IOException {
    throw new UnsupportedOperationException("this engine takes whole rows only");
  }

  /** Appends the next {@code count} rows of {@code rows}, striped with {@link #striping()}. */
  default void write(StripedRows rows, int count) throws IOException {
    throw new UnsupportedOperationException("this engine takes whole rows only");
  }

  /** Writes what is buffered and the footer, and closes the file. */
  void close() throws IOException;

  /** Closes the file unfinished, to be deleted; throws nothing. */
  void abort();

  /**
   * Per leaf column, what encodings(auto) chose where it is not the default encoding, and why
   * (none for parquet-java's engine, which has no such choice).
   */
  default java.util.Map<String, String> encodingChoices() {
    return java.util.Map.of();
  }
}
