package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.FilterPlan.ReadReport;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The scan's metrics in the Spark UI (and the executed plan's {@code metrics()}): what the
 * pushed filter let the core's reader skip, from each file's {@link ReadReport}. Counted for
 * filtered reads of whole files, the only reads that skip; unfiltered reads and parts of split
 * files count nothing. Public with public constructors: Spark instantiates them by class name
 * to sum the tasks' values.
 */
public final class ScanMetrics {
  private ScanMetrics() {}

  static final String ROW_GROUPS_READ = "rowGroupsRead";
  static final String ROW_GROUPS_SKIPPED = "rowGroupsSkipped";
  static final String ROWS_SKIPPED = "rowsSkipped";
  static final String PAGES_SKIPPED = "pagesSkipped";

  static CustomMetric[] supported() {
    return new CustomMetric[] {new RowGroupsRead(), new RowGroupsSkipped(), new RowsSkipped(),
        new PagesSkipped()};
  }

  /** A filtered read's values; none for a read without a report. */
  static CustomTaskMetric[] of(ReadReport r) {
    if (r == null) {
      return new CustomTaskMetric[0];
    }
    return new CustomTaskMetric[] {value(ROW_GROUPS_READ, r.rowGroups() - r.rowGroupsSkipped()),
        value(ROW_GROUPS_SKIPPED, r.rowGroupsSkipped()), value(ROWS_SKIPPED, r.rowsSkipped()),
        value(PAGES_SKIPPED, r.pagesSkipped())};
  }

  private static CustomTaskMetric value(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  /** Row groups a filtered read decoded (in part or whole). */
  public static final class RowGroupsRead extends CustomSumMetric {
    @Override
    public String name() {
      return ROW_GROUPS_READ;
    }

    @Override
    public String description() {
      return "row groups read by filtered scans";
    }
  }

  /** Row groups no row of which can match, by statistics, dictionaries, bloom filters, pages. */
  public static final class RowGroupsSkipped extends CustomSumMetric {
    @Override
    public String name() {
      return ROW_GROUPS_SKIPPED;
    }

    @Override
    public String description() {
      return "row groups skipped by the pushed filter";
    }
  }

  /** Rows never decoded: in skipped row groups and skipped pages. */
  public static final class RowsSkipped extends CustomSumMetric {
    @Override
    public String name() {
      return ROWS_SKIPPED;
    }

    @Override
    public String description() {
      return "rows skipped by the pushed filter";
    }
  }

  /** Data pages of the columns read that were not decoded. */
  public static final class PagesSkipped extends CustomSumMetric {
    @Override
    public String name() {
      return PAGES_SKIPPED;
    }

    @Override
    public String description() {
      return "pages skipped by the pushed filter";
    }
  }
}
