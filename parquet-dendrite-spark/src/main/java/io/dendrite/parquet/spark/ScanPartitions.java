package io.dendrite.parquet.spark;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What a scan knows of the table's partition columns: their schema, the predicates that pruned
 * its files (for {@code explain()}), and which columns of a read schema they are. Partition
 * columns are the last of the table's and stay so under pruning and extraction, so a read
 * schema is its file columns followed by the partition columns read.
 *
 * @param schema the table's partition columns (empty: not partitioned)
 * @param filter the predicates on them that pruned files, or null
 */
record ScanPartitions(StructType schema, PartitionFilter filter) {

  /** For {@link DendriteScan#description}: empty when there is nothing to show. */
  String description() {
    return filter == null ? "" : ", PartitionFilters: " + filter;
  }

  /** What the readers of {@code readSchema} need on an executor ({@link ReadPartitions}). */
  ReadPartitions of(StructType readSchema) {
    int[] ordinals = Arrays.stream(readSchema.fields())
        .mapToInt(f -> Arrays.asList(schema.fieldNames()).indexOf(f.name()))
        .filter(i -> i >= 0).toArray();
    int dataColumns = readSchema.size() - ordinals.length;
    for (int i = dataColumns; i < readSchema.size(); i++) {
      if (!Arrays.asList(schema.fieldNames()).contains(readSchema.fields()[i].name())) {
        throw new IllegalStateException("dendrite: partition columns not last in the read"
            + " schema " + readSchema.simpleString());
      }
    }
    return new ReadPartitions(
        new StructType(Arrays.copyOf(readSchema.fields(), dataColumns)),
        new StructType(Arrays.copyOfRange(readSchema.fields(), dataColumns, readSchema.size())),
        ordinals);
  }

  /**
   * A read schema split in two: the columns read from the files, and the partition columns
   * read (given by each file's directory values).
   *
   * @param ordinals per partition column read, its place in a file's partition values
   */
  record ReadPartitions(StructType dataSchema, StructType partitionsRead, int[] ordinals)
      implements Serializable {

    boolean any() {
      return ordinals.length > 0;
    }

    /** The values of the partition columns read, from all of a file's partition values. */
    InternalRow values(InternalRow partition) {
      Object[] out = new Object[ordinals.length];
      StructField[] fields = partitionsRead.fields();
      for (int i = 0; i < out.length; i++) {
        DataType type = fields[i].dataType();
        out[i] = partition.isNullAt(ordinals[i]) ? null : partition.get(ordinals[i], type);
      }
      return new GenericInternalRow(out);
    }
  }
}
