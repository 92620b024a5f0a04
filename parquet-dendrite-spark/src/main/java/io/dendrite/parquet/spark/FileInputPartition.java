package io.dendrite.parquet.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * Bytes {@code [start, start + length)} of a file. A split reads the row groups whose middle
 * byte lies in it (parquet-java's rule), so the splits of a file read each row group once.
 * {@code partition}: the file's partition values ({@link SourceFile#partition}).
 */
record FileInputPartition(String file, long start, long length, long fileLength,
    InternalRow partition) implements InputPartition {

  boolean wholeFile() {
    return start == 0 && length >= fileLength;
  }
}
