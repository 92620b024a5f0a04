package io.dendrite.parquet.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.connector.read.SupportsPushDownVariantExtractions;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the scan of a {@code format("dendrite")} read. Accepts filters the core's reader
 * evaluates exactly as Spark does ({@link SparkPredicates}), column pruning of top-level
 * columns only (a struct Spark prunes to some of its fields is still read whole; Spark then
 * projects the fields it needs), and the variant extractions of top-level VARIANT columns
 * ({@link PushedExtractions}). Limits and aggregates are not pushed.
 *
 * <p>Spark offers filters before extractions (its rule {@code V2ScanRelationPushDown} pushes
 * filters, then variant extractions), and rewrites the filters it keeps to read the extracted
 * fields after the scan: a {@code variant_get} predicate never reaches
 * {@link #pushPredicates}, in 4.1 and 4.2 alike.
 */
final class DendriteScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns,
    SupportsPushDownV2Filters, SupportsPushDownVariantExtractions {
  /**
   * The read's option that turns variant extraction pushdown off ({@code false}; default
   * {@code true}): with it, Spark 4.1 and 4.2 read every top-level column of the table (their
   * rule builds the scan without pruning columns), which costs more than it saves on a wide
   * table.
   */
  static final String VARIANT_EXTRACTIONS = "variantExtractions";

  private final StructType tableSchema;
  /** The partition columns, the last of the table's (empty: not partitioned). */
  private final StructType partitionSchema;
  /** The columns the files hold: the table's less the partition columns. */
  private final StructType dataSchema;
  private final List<SourceFile> files;
  private final FooterCache footers;
  private final TableConf conf;
  private final long maxSplitBytes;
  private final boolean servesExtractions;
  private final ColumnarReads columnar;
  private final VariantPredicate skipping;
  private StructType readSchema;
  private Predicate[] pushed = new Predicate[0];
  private Predicate[] pushedOnPartitions = new Predicate[0];
  private boolean extractionsOffered;
  private PushedExtractions extractions;

  /**
   * @param footers the table's footers, for planning row-group skipping on the driver
   * @param servesExtractions whether variant extractions are served (the read's option)
   * @param columnar whether splits are read as batches where the columns allow (read options)
   * @param skipping variant predicates to skip row groups with ({@link VariantSkippingRule}),
   *     or null
   * @param partitionSchema the partition columns, the last of {@code tableSchema}
   */
  DendriteScanBuilder(StructType tableSchema, StructType partitionSchema,
      List<SourceFile> files, FooterCache footers, TableConf conf,
      boolean servesExtractions, ColumnarReads columnar, VariantPredicate skipping) {
    this.tableSchema = tableSchema;
    this.partitionSchema = partitionSchema;
    this.dataSchema = new StructType(java.util.Arrays.copyOf(tableSchema.fields(),
        tableSchema.size() - partitionSchema.size()));
    this.files = files;
    this.footers = footers;
    this.conf = conf;
    this.servesExtractions = servesExtractions;
    this.columnar = columnar;
    this.skipping = skipping;
    this.readSchema = tableSchema;
    this.maxSplitBytes = SparkSession.active().sessionState().conf().filesMaxPartitionBytes();
    if (maxSplitBytes < 1) {
      throw new IllegalArgumentException("spark.sql.files.maxPartitionBytes must be positive,"
          + " got " + maxSplitBytes);
    }
  }

  /**
   * Pushes every predicate the core can evaluate exactly on the files' columns, and every one
   * on partition columns only that Spark's evaluator takes ({@link PartitionPredicates}: it
   * prunes whole files at planning); returns the others, which Spark must still evaluate (a
   * predicate mixing partition and file columns among them). Parts of split files are
   * filtered as whole files are, so Spark evaluates none of the pushed ones again.
   */
  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> accepted = new ArrayList<>();
    List<Predicate> onPartitions = new ArrayList<>();
    List<Predicate> left = new ArrayList<>();
    PartitionPredicates partitions = new PartitionPredicates(partitionSchema);
    for (Predicate p : predicates) {
      if (partitions.onlyPartitionColumns(p)) {
        (partitions.compile(p) != null ? onPartitions : left).add(p);
      } else {
        (SparkPredicates.translate(p, dataSchema) != null ? accepted : left).add(p);
      }
    }
    pushed = accepted.toArray(Predicate[]::new);
    pushedOnPartitions = onPartitions.toArray(Predicate[]::new);
    return left.toArray(Predicate[]::new);
  }

  @Override
  public Predicate[] pushedPredicates() {
    List<Predicate> all = new ArrayList<>(List.of(pushed));
    all.addAll(List.of(pushedOnPartitions));
    return all.toArray(Predicate[]::new);
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

  /**
   * Serves every extraction of each top-level VARIANT column whose extractions are all paths
   * below the column ({@link PushedExtractions#accept}); Spark does the others. Only the first
   * offer is answered: Spark 4.1's rule can visit a scan twice, the second time offering the
   * whole variant columns it sees under the first visit's projection, which no longer
   * describes the query (accepting it would make Spark rewrite the plan a second time).
   */
  @Override
  public boolean[] pushVariantExtractions(VariantExtraction[] offered) {
    boolean[] accepted = new boolean[offered.length];
    if (servesExtractions && !extractionsOffered) {
      extractionsOffered = true;
      extractions = PushedExtractions.accept(offered, tableSchema, accepted);
    }
    return accepted;
  }

  @Override
  public Scan build() {
    StructType schema = extractions == null ? readSchema : extractions.rewrite(readSchema);
    PartitionFilter partitionFilter = pushedOnPartitions.length == 0 ? null
        : new PartitionFilter(pushedOnPartitions, partitionSchema);
    return new DendriteScan(schema, pushed.length == 0 ? null
        : new PushedFilter(pushed, dataSchema), extractions,
        partitionFilter == null ? files : partitionFilter.prune(files), footers, conf,
        maxSplitBytes, columnar, skipping, new ScanPartitions(partitionSchema, partitionFilter));
  }
}
