package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.FilterPlan.RowRanges;
import java.io.IOException;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * Reads only the pages of a row group that hold some given rows, with parquet-java's
 * {@code readFilteredRowGroup}, where this classpath's parquet-java takes its public
 * {@code org.apache.parquet.filter2.columnindex.RowRanges} (1.18 and later). parquet-java
 * 1.16.0 and 1.17.0 (Spark 4.1's and 4.2's) have no such class: there {@link #AVAILABLE} is
 * false, the whole row group is read, and the decoders skip the rows outside the ranges instead
 * ({@link io.dendrite.parquet.read.internal.column.ColumnChunkReader#skipRows}): the same rows come
 * back, with less I/O saved.
 */
public final class FilteredPageReads {
  private static final String PARQUET_ROW_RANGES = "org.apache.parquet.filter2.columnindex.RowRanges";

  /** Whether {@link #read} can be used. */
  public static final boolean AVAILABLE = detect();

  private FilteredPageReads() {}

  /**
   * The pages of {@code rowGroup} overlapping {@code rows}, each knowing its first row; needs
   * {@link #AVAILABLE} and an offset index for every requested column.
   */
  static PageReadStore read(ParquetFileReader file, int rowGroup, RowRanges rows)
      throws IOException {
    return ParquetRowRanges.read(file, rowGroup, rows);
  }

  private static boolean detect() {
    try {
      Class<?> ranges = Class.forName(PARQUET_ROW_RANGES, false,
          ParquetFileReader.class.getClassLoader());
      ParquetFileReader.class.getMethod("readFilteredRowGroup", int.class, ranges);
      ranges.getMethod("builder");
      return true;
    } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
      return false;
    }
  }

  /** The only code naming parquet's RowRanges: loaded only when {@link #AVAILABLE}. */
  private static final class ParquetRowRanges {
    static PageReadStore read(ParquetFileReader file, int rowGroup, RowRanges rows)
        throws IOException {
      org.apache.parquet.filter2.columnindex.RowRanges.Builder b =
          org.apache.parquet.filter2.columnindex.RowRanges.builder();
      for (int i = 0; i < rows.rangeCount(); i++) {
        b.addSelectedRange(rows.from(i), rows.to(i));
      }
      return file.readFilteredRowGroup(rowGroup, b.build());
    }
  }
}
