package io.dendrite.parquet.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the scan of a {@code format("dendrite")} read. Accepts column pruning of top-level
 * columns only: a struct Spark prunes to some of its fields is still read whole (Spark then
 * projects the fields it needs), and nothing else (filters, variant extractions, limits) is
 * pushed down yet, so Spark evaluates all of it on the rows this scan returns.
 */
final class DendriteScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns {
  private final StructType tableSchema;
  private final List<SourceFile> files;
  private final Configuration conf;
  private StructType readSchema;

  DendriteScanBuilder(StructType tableSchema, List<SourceFile> files, Configuration conf) {
    this.tableSchema = tableSchema;
    this.files = files;
    this.conf = conf;
    this.readSchema = tableSchema;
  }

  /**
   * Keeps the table's top-level columns Spark requires, in table order, with their full
   * types: the reader selects whole top-level columns ({@code DendriteReader.select}).
   */
  @Override
  public void pruneColumns(StructType required) {
    Set<String> names = Arrays.stream(required.fields()).map(StructField::name)
        .collect(Collectors.toSet());
    readSchema = new StructType(Arrays.stream(tableSchema.fields())
        .filter(f -> names.contains(f.name())).toArray(StructField[]::new));
  }

  @Override
  public Scan build() {
    return new DendriteScan(readSchema, files, conf,
        SparkSession.active().sessionState().conf().filesMaxPartitionBytes());
  }
}
