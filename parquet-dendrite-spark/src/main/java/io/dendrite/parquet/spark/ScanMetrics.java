package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.FilterPlan.ReadReport;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The scan's metrics in the Spark UI (and the executed plan's {@code metrics()}): what the
 * pushed filter let the core's reader skip, from each input partition's {@link ReadReport} (a
 * whole file, or the row groups of a part of a split file; unfiltered reads count nothing
 * there), and how many Parquet columns the partitions read, which shows column pruning and
 * served variant extractions at work. Public with public constructors: Spark instantiates them
 * by class name to sum the tasks' values.
 */
public final class ScanMetrics {
  private ScanMetrics() {}

  static final String ROW_GROUPS_READ = "rowGroupsRead";
  static final String ROW_GROUPS_SKIPPED = "rowGroupsSkipped";
  static final String ROWS_SKIPPED = "rowsSkipped";
  static final String PAGES_SKIPPED = "pagesSkipped";
  static final String COLUMNS_READ = "columnsRead";
  static final String VARIANT_ROW_GROUPS_SKIPPED = "variantRowGroupsSkipped";
  static final String VARIANT_ROWS_SKIPPED = "variantRowsSkipped";

  static CustomMetric[] supported() {
    return new CustomMetric[] {new RowGroupsRead(), new RowGroupsSkipped(), new RowsSkipped(),
        new PagesSkipped(), new ColumnsRead(), new VariantRowGroupsSkipped(),
        new VariantRowsSkipped()};
  }

  /** The driver's values: what the variant predicates skipped while planning the partitions. */
  static CustomTaskMetric[] ofVariantSkipping(long rowGroups, long rows) {
    return new CustomTaskMetric[] {new TaskValue(VARIANT_ROW_GROUPS_SKIPPED, rowGroups),
        new TaskValue(VARIANT_ROWS_SKIPPED, rows)};
  }

  /**
   * A partition's values: the Parquet leaf columns its reader requests, and what the filter
   * skipped (none of these for a read without a report).
   */
  static CustomTaskMetric[] of(ReadReport r, int columnsRead) {
    TaskValue columns = new TaskValue(COLUMNS_READ, columnsRead);
    if (r == null) {
      return new CustomTaskMetric[] {columns};
    }
    return new CustomTaskMetric[] {columns,
        new TaskValue(ROW_GROUPS_READ, r.rowGroups() - r.rowGroupsSkipped()),
        new TaskValue(ROW_GROUPS_SKIPPED, r.rowGroupsSkipped()),
        new TaskValue(ROWS_SKIPPED, r.rowsSkipped()),
        new TaskValue(PAGES_SKIPPED, r.pagesSkipped())};
  }

  /** One task's value of a metric. */
  private record TaskValue(String name, long value) implements CustomTaskMetric {}

  /** A metric summed over tasks, its name and description given once. */
  abstract static class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }

  /** Row groups a filtered read decoded (in part or whole). */
  public static final class RowGroupsRead extends Sum {
    public RowGroupsRead() {
      super(ROW_GROUPS_READ, "row groups read by filtered scans");
    }
  }

  /** Row groups no row of which can match, by statistics, dictionaries, bloom filters, pages. */
  public static final class RowGroupsSkipped extends Sum {
    public RowGroupsSkipped() {
      super(ROW_GROUPS_SKIPPED, "row groups skipped by the pushed filter");
    }
  }

  /** Rows never decoded: in skipped row groups and skipped pages. */
  public static final class RowsSkipped extends Sum {
    public RowsSkipped() {
      super(ROWS_SKIPPED, "rows skipped by the pushed filter");
    }
  }

  /** Data pages of the columns read that were not decoded. */
  public static final class PagesSkipped extends Sum {
    public PagesSkipped() {
      super(PAGES_SKIPPED, "pages skipped by the pushed filter");
    }
  }

  /** Row groups no partition reads, as the variant predicates of {@link DendriteExtensions} prove. */
  public static final class VariantRowGroupsSkipped extends Sum {
    public VariantRowGroupsSkipped() {
      super(VARIANT_ROW_GROUPS_SKIPPED, "row groups skipped by variant predicates");
    }
  }

  /** The rows of those row groups. */
  public static final class VariantRowsSkipped extends Sum {
    public VariantRowsSkipped() {
      super(VARIANT_ROWS_SKIPPED, "rows skipped by variant predicates");
    }
  }

  /** Parquet leaf columns requested, summed over partitions (each part of a file counts). */
  public static final class ColumnsRead extends Sum {
    public ColumnsRead() {
      super(COLUMNS_READ, "Parquet columns read (summed over input partitions)");
    }
  }
}
