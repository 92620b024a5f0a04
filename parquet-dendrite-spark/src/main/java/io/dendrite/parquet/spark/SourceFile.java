package io.dendrite.parquet.spark;

import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;

/**
 * A data file of a read: its fully qualified name, its length in bytes (for splits) and the
 * values of its directory's partition columns ({@link PartitionedListing}), in the order of
 * the table's partition schema; no values when the read is not partitioned.
 */
record SourceFile(String path, long length, InternalRow partition) implements Serializable {
  /** A file of an unpartitioned read. */
  SourceFile(String path, long length) {
    this(path, length, new GenericInternalRow(0));
  }
}
