package io.dendrite.parquet.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * A batch scan of the read columns of a list of files, split like Spark's own file scans: a
 * file larger than {@code spark.sql.files.maxPartitionBytes} becomes several input
 * partitions, each reading the row groups whose middle byte it holds. Every partition is read
 * with the pushed filter, if any, and reads the served variant extractions' paths where it can
 * ({@link ExtractedColumn}); its metrics say what it skipped and read ({@link ScanMetrics}).
 * Splits are read as columnar batches where every read column fills a Spark column vector
 * ({@link ColumnarReads}).
 */
final class DendriteScan implements Scan, Batch {
  private final StructType readSchema;
  private final PushedFilter filter;
  private final PushedExtractions extractions;
  private final List<SourceFile> files;
  private final FooterCache footers;
  private final TableConf conf;
  private final long maxSplitBytes;
  private final ColumnarReads columnar;
  private final VariantPredicate skipping;
  private final ScanPartitions partitions;
  /** The top-level columns read as variant extractions. */
  private final List<String> extracted;
  /** What {@link #skipping} skipped in the last planning, for the driver's metrics. */
  private long rowGroupsSkipped;
  private long rowsSkipped;

  /**
   * @param readSchema with each column of {@code extractions} as the struct of its extractions
   * @param filter null when nothing is pushed
   * @param extractions null when no variant extraction is served
   * @param footers the table's footers, for planning {@code skipping}
   * @param columnar whether (and in batches of how many rows) splits are read as batches
   * @param skipping variant predicates for skipping row groups only ({@link VariantSkippingRule}),
   *     or null
   * @param partitions the table's partition columns, and the predicates that pruned
   *     {@code files}
   */
  DendriteScan(StructType readSchema, PushedFilter filter, PushedExtractions extractions,
      List<SourceFile> files, FooterCache footers, TableConf conf, long maxSplitBytes,
      ColumnarReads columnar, VariantPredicate skipping, ScanPartitions partitions) {
    this.readSchema = readSchema;
    this.filter = filter;
    this.extractions = extractions;
    this.files = files;
    this.footers = footers;
    this.conf = conf;
    this.maxSplitBytes = maxSplitBytes;
    this.columnar = columnar;
    this.skipping = skipping;
    this.partitions = partitions;
    this.extracted = extractions == null ? List.of() : extractions.columnsIn(readSchema);
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    return "DendriteScan [" + files.size() + (files.size() == 1 ? " file" : " files")
        + ", ReadColumns: " + readSchema.simpleString()
        + (filter == null ? "" : ", PushedFilter: " + filter.filter())
        + (extractions == null ? "" : ", VariantExtractions: " + extractions)
        + (skipping == null ? "" : ", VariantSkipping: " + skipping)
        + partitions.description() + "]";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /**
   * Splits of at most {@code maxSplitBytes} per file (Spark's scans also pack small files
   * together; this one does not yet: one partition per small file). With variant predicates,
   * a file some of whose row groups they skip is read by ranges of the others
   * ({@link SkippedRowGroups}).
   */
  @Override
  public InputPartition[] planInputPartitions() {
    List<InputPartition> out = new ArrayList<>();
    rowGroupsSkipped = 0;
    rowsSkipped = 0;
    for (SourceFile f : files) {
      // One footer lookup (a status call) serves both plans.
      ParquetMetadata footer = skipping == null && extracted.isEmpty() ? null : footer(f);
      Set<String> neverNull = footer == null || extracted.isEmpty() ? Set.of()
          : SourceFiles.neverNull(footer, extracted);
      SkippedRowGroups skips = skipping == null || footer == null ? null : skips(f, footer);
      if (skips != null) {
        rowGroupsSkipped += skips.count();
        rowsSkipped += skips.rowsSkipped();
        for (long[] r : skips.ranges(maxSplitBytes)) {
          out.add(new FileInputPartition(f.path(), r[0], r[1] - r[0], f.length(),
              f.partition(), neverNull));
        }
        continue;
      }
      long start = 0;
      do { // one partition for a file within maxSplitBytes
        long length = Math.min(maxSplitBytes, f.length() - start);
        out.add(new FileInputPartition(f.path(), start, length, f.length(),
            f.partition(), neverNull));
        start += length;
      } while (start < f.length());
    }
    return out.toArray(InputPartition[]::new);
  }

  /**
   * {@code f}'s footer from the table's cache, for planning; null when it cannot be read: the
   * plans are only optimizations (no never-null proof, no skipping), and the read itself
   * reports a damaged file, naming it.
   */
  private ParquetMetadata footer(SourceFile f) {
    try {
      return footers.footer(f.path(), conf.hadoop());
    } catch (IOException e) {
      return null;
    }
  }

  /** The row groups the variant predicates skip in {@code f}; null: none, or unplannable. */
  private SkippedRowGroups skips(SourceFile f, ParquetMetadata footer) {
    try {
      return SkippedRowGroups.plan(f, footer, skipping, conf.hadoop());
    } catch (IOException | RuntimeException e) {
      // Only an optimization: the read itself reports a damaged file, naming it.
      return null;
    }
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new RowReaderFactory(partitions.of(readSchema), filter, extractions,
        conf.shipped(), columnar);
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.supported();
  }

  /** What the variant predicates skipped, planned here on the driver. */
  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return skipping == null ? new CustomTaskMetric[0]
        : ScanMetrics.ofVariantSkipping(rowGroupsSkipped, rowsSkipped);
  }
}
