package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.read.FilterPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.MessageType;

/**
 * The row groups of one file that a {@link VariantPredicate} proves hold no row Spark's filter
 * keeps, planned on the driver by the core's planner ({@link FilterPlan}, which trusts a
 * {@code typed_value} statistic only where the residual {@code value} is all null), and the
 * byte ranges that read the others: one per run of row groups kept, each holding the middle
 * bytes of exactly those row groups, which is how a split picks its row groups.
 *
 * @param starts the first byte of each row group, then the file's length
 * @param skipped which row groups are not read
 */
record SkippedRowGroups(long[] starts, boolean[] skipped, long rowsSkipped) {
  /**
   * The columns planned for: none. Only which row groups are skipped matters here; the plan's
   * report counts the pages and bytes of the columns read, which for every column of every
   * kept row group meant reading its offset index (about a third of the planner's time here,
   * profiled on the selective benchmark query).
   */
  private static final MessageType NOTHING_READ = new MessageType("row_groups_only",
      List.of());

  /**
   * The row groups of {@code file} that {@code predicate} skips; null when it skips none (the
   * file is then read as it would be without it), or when the file's row groups are not laid
   * out one after another (each middle byte between its own start and the next one's).
   *
   * @param footer the file's footer ({@link FooterCache}): the file is opened only when the
   *     predicate can judge it, and its footer is not read again
   */
  static SkippedRowGroups plan(SourceFile file, ParquetMetadata footer,
      VariantPredicate predicate, Configuration conf) throws IOException {
    Path path = new Path(file.path());
    return plan(file, footer, predicate, HadoopInputFile.fromPath(path, conf),
        HadoopReadOptions.builder(conf, path).build());
  }

  /** As above, reading {@code input} (a test's, to count its opens). */
  static SkippedRowGroups plan(SourceFile file, ParquetMetadata footer,
      VariantPredicate predicate, InputFile input, ParquetReadOptions options)
      throws IOException {
    Filter filter = predicate.forFile(footer.getFileMetaData().getSchema());
    if (filter == null) {
      return null;
    }
    // Statistics decide most row groups; the planner reads dictionaries or bloom filters
    // through the reader for the others, and only then is the file opened.
    try (ParquetFileReader reader = ParquetFileReader.open(input, footer, options,
        new LazyInputStream(input))) {
      FilterPlan plan = FilterPlan.plan(reader, filter, NOTHING_READ);
      List<BlockMetaData> groups = reader.getRowGroups();
      long[] starts = new long[groups.size() + 1];
      boolean[] skipped = new boolean[groups.size()];
      long rows = 0;
      boolean any = false;
      for (int g = 0; g < groups.size(); g++) {
        starts[g] = groups.get(g).getStartingPos();
        skipped[g] = plan.skips(g);
        any |= skipped[g];
        rows += skipped[g] ? groups.get(g).getRowCount() : 0;
      }
      starts[groups.size()] = file.length();
      for (int g = 0; g < groups.size(); g++) {
        long middle = starts[g] + groups.get(g).getCompressedSize() / 2;
        if (middle < starts[g] || middle >= starts[g + 1]) {
          return null;
        }
      }
      return any ? new SkippedRowGroups(starts, skipped, rows) : null;
    }
  }

  int count() {
    int n = 0;
    for (boolean s : skipped) {
      n += s ? 1 : 0;
    }
    return n;
  }

  /**
   * Byte ranges {@code [start, end)} reading the row groups kept: runs of consecutive kept row
   * groups, cut where a range would exceed {@code maxBytes} (a row group larger than that is
   * one range).
   */
  List<long[]> ranges(long maxBytes) {
    List<long[]> out = new ArrayList<>();
    int g = 0;
    while (g < skipped.length) {
      if (skipped[g]) {
        g++;
        continue;
      }
      int end = g + 1;
      while (end < skipped.length && !skipped[end] && starts[end + 1] - starts[g] <= maxBytes) {
        end++;
      }
      out.add(new long[] {starts[g], starts[end]});
      g = end;
    }
    return out;
  }
}
