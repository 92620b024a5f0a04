package io.dendrite.parquet.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.AtomicType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VariantType;

/**
 * The columns of {@code partitionBy}, checked against the DataFrame on the driver: each names
 * one column (with Spark's {@code spark.sql.caseSensitive}), at most once, of an atomic type
 * other than VARIANT (Spark's rule for partition columns, less the type it cannot sort), and
 * not every column. They leave the files for the directories ({@link PartitionDirectories}).
 */
final class PartitionColumns {
  private final List<String> names;
  private final StructType dataSchema;

  private PartitionColumns(List<String> names, StructType dataSchema) {
    this.names = names;
    this.dataSchema = dataSchema;
  }

  /**
   * @param requested the names given to {@code partitionBy}, in order (empty: no partitioning)
   * @throws IllegalArgumentException naming the column that cannot partition, and why
   */
  static PartitionColumns resolve(List<String> requested, StructType schema,
      boolean caseSensitive) {
    List<String> names = new ArrayList<>();
    List<StructField> data = new ArrayList<>(List.of(schema.fields()));
    for (String name : requested) {
      StructField field = find(schema, name, caseSensitive);
      if (names.contains(field.name())) {
        throw new IllegalArgumentException("dendrite: partitionBy names column '" + field.name()
            + "' twice");
      }
      DataType type = field.dataType();
      if (!(type instanceof AtomicType) || type instanceof VariantType) {
        throw new IllegalArgumentException("dendrite: partitionBy column '" + field.name()
            + "' has type " + type.simpleString() + "; a partition column must be of an atomic"
            + " type (string, a number, boolean, date, timestamp, binary), not a variant,"
            + " struct, array or map");
      }
      names.add(field.name());
      data.remove(field);
    }
    if (!names.isEmpty() && data.isEmpty()) {
      throw new IllegalArgumentException("dendrite: partitionBy cannot use every column of the"
          + " DataFrame " + names + ": the files would hold no column");
    }
    return new PartitionColumns(List.copyOf(names),
        new StructType(data.toArray(new StructField[0])));
  }

  private static StructField find(StructType schema, String name, boolean caseSensitive) {
    StructField found = null;
    for (StructField f : schema.fields()) {
      if (caseSensitive ? f.name().equals(name) : f.name().equalsIgnoreCase(name)) {
        if (found != null) {
          throw new IllegalArgumentException("dendrite: partitionBy column '" + name
              + "' is ambiguous: the DataFrame has both '" + found.name() + "' and '"
              + f.name() + "' (spark.sql.caseSensitive=false)");
        }
        found = f;
      }
    }
    if (found == null) {
      throw new IllegalArgumentException("dendrite: partitionBy column '" + name + "' is not a"
          + " column of the DataFrame (spark.sql.caseSensitive=" + caseSensitive + "): "
          + List.of(schema.fieldNames()));
    }
    return found;
  }

  boolean isEmpty() {
    return names.isEmpty();
  }

  /** The partition columns as the DataFrame spells them, in {@code partitionBy} order. */
  List<String> names() {
    return names;
  }

  /** The columns the files hold: all but the partition columns, in the DataFrame's order. */
  StructType dataSchema() {
    return dataSchema;
  }

  /**
   * The rows as the write tasks take them: sorted within each Spark partition by the partition
   * columns, as Spark's own file writer sorts them, so that a task writes one directory after
   * the other with one open file; the data columns, then each partition column's value as a
   * string, cast by Spark as its writer casts it for the directory name (session time zone).
   */
  Dataset<Row> arrange(Dataset<Row> data) {
    if (names.isEmpty()) {
      return data;
    }
    List<Column> keys = new ArrayList<>();
    for (String name : names) {
      keys.add(column(name));
    }
    List<Column> out = new ArrayList<>();
    for (String name : dataSchema.fieldNames()) {
      out.add(column(name));
    }
    for (int i = 0; i < names.size(); i++) {
      out.add(column(names.get(i)).cast("string").as("__dendrite_partition_" + i));
    }
    return data.sortWithinPartitions(keys.toArray(new Column[0]))
        .select(out.toArray(new Column[0]));
  }

  /** The task side: directory names from the strings {@link #arrange} appends. */
  PartitionDirectories directories() {
    return new PartitionDirectories(names, dataSchema.size());
  }

  /** A top-level column by its exact name, dots and backticks included. */
  private static Column column(String name) {
    return functions.col("`" + name.replace("`", "``") + "`");
  }
}
