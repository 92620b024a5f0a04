package io.dendrite.parquet.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the scan of a {@code format("dendrite")} read. Accepts filters the core's reader
 * evaluates exactly as Spark does ({@link SparkPredicates}) and column pruning of top-level
 * columns only: a struct Spark prunes to some of its fields is still read whole (Spark then
 * projects the fields it needs). Variant extractions, limits and aggregates are not pushed.
 */
final class DendriteScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns,
    SupportsPushDownV2Filters {
  private final StructType tableSchema;
  private final List<SourceFile> files;
  private final Configuration conf;
  private final long maxSplitBytes;
  private StructType readSchema;
  private Predicate[] pushed = new Predicate[0];

  DendriteScanBuilder(StructType tableSchema, List<SourceFile> files, Configuration conf) {
    this.tableSchema = tableSchema;
    this.files = files;
    this.conf = conf;
    this.readSchema = tableSchema;
    this.maxSplitBytes = SparkSession.active().sessionState().conf().filesMaxPartitionBytes();
    if (maxSplitBytes < 1) {
      throw new IllegalArgumentException("spark.sql.files.maxPartitionBytes must be positive,"
          + " got " + maxSplitBytes);
    }
  }

  /**
   * Pushes every predicate the core can evaluate exactly; returns the others, which Spark must
   * still evaluate. Parts of split files are filtered as whole files are, so Spark evaluates
   * none of the pushed ones again.
   */
  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> accepted = new ArrayList<>();
    List<Predicate> left = new ArrayList<>();
    for (Predicate p : predicates) {
      (SparkPredicates.translate(p, tableSchema) != null ? accepted : left).add(p);
    }
    pushed = accepted.toArray(Predicate[]::new);
    return left.toArray(Predicate[]::new);
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.clone();
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
    return new DendriteScan(readSchema, pushed.length == 0 ? null
        : new PushedFilter(pushed, tableSchema), files, conf, maxSplitBytes);
  }
}
