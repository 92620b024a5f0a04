package io.dendrite.parquet.spark;

import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * Bytes {@code [start, start + length)} of a file. A split reads the row groups whose middle
 * byte lies in it (parquet-java's rule), so the splits of a file read each row group once.
 * {@code partition}: the file's partition values ({@link SourceFile#partition}).
 * {@code neverNull}: those of the scan's extracted VARIANT columns that the file's footer proves
 * never null ({@link SourceFiles#neverNull}), planned on the driver from the table's footers so
 * that a task does not read the footer for it; empty when unknown.
 */
record FileInputPartition(String file, long start, long length, long fileLength,
    InternalRow partition, Set<String> neverNull) implements InputPartition {

  boolean wholeFile() {
    return start == 0 && length >= fileLength;
  }
}
