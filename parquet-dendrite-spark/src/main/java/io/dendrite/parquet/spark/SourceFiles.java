package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Paths;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Opens the rows of a split through the core's {@link DendriteReader} ({@code file:} names
 * through {@code java.nio}, the core's buffered local reads; others through Hadoop): a part of
 * a file reads the row groups whose middle byte lies in it ({@code Builder.split}), and the
 * pushed filter, if any, skips and tests rows of whole files and parts alike.
 */
final class SourceFiles {
  private SourceFiles() {}

  /** The rows of a split, one by one; null after the last. */
  interface Rows extends Closeable {
    DendriteRow read();

    /** What the filter skipped; null when the rows are not filtered. */
    ReadReport report();

    /** How many Parquet leaf columns the reader requests from the file. */
    int columnsRead();

    /** The rows of a reader that is also closed with them. */
    static Rows of(java.util.function.Supplier<DendriteRow> read, ReadReport report,
        int columnsRead, Closeable reader) {
      return new Rows() {
        @Override
        public DendriteRow read() {
          return read.get();
        }

        @Override
        public ReadReport report() {
          return report;
        }

        @Override
        public int columnsRead() {
          return columnsRead;
        }

        @Override
        public void close() throws IOException {
          reader.close();
        }
      };
    }
  }

  /**
   * @param columns whole top-level columns ({@link SelectionPath#column}: {@code a.b} may be one
   *     column) and paths into VARIANT columns
   * @param filter rows to return (null: all)
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static Rows open(FileInputPartition split, List<SelectionPath> columns, Filter filter,
      Configuration conf) throws IOException {
    DendriteReader r = reader(split, columns, filter, conf);
    return Rows.of(r::read, r.readReport(), r.requestedSchema().getColumns().size(), r);
  }

  /**
   * The core's reader of a split, for reads that take its rows or its batches: the selection
   * {@code columns}, the split's row groups, the filter (null: all rows).
   *
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static DendriteReader reader(FileInputPartition split, List<SelectionPath> columns,
      Filter filter, Configuration conf) throws IOException {
    DendriteReader.Builder b = builder(split.file(), conf)
        .select(columns.toArray(SelectionPath[]::new));
    if (!split.wholeFile()) {
      b.split(split.start(), split.length());
    }
    return (filter == null ? b : b.where(filter)).build();
  }

  private static DendriteReader.Builder builder(String file, Configuration conf) {
    // Names are Hadoop's Path strings (not encoded URIs): a partition directory's escapes
    // (s=a%2Fb) are part of the name, which Path's own URI keeps.
    Path path = new Path(file);
    URI uri = path.toUri();
    return "file".equals(uri.getScheme()) ? DendriteReader.builder(Paths.get(uri))
        : DendriteReader.builder(path, conf);
  }

  /** The number of rows the footer records for the split's row groups. */
  static long rowCount(FileInputPartition split, Configuration conf) throws IOException {
    Path path = new Path(split.file());
    ParquetReadOptions options = HadoopReadOptions.builder(conf, path)
        .withRange(split.start(), split.start() + split.length()).build();
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf),
        options)) {
      return reader.getRecordCount();
    } catch (IOException | RuntimeException e) {
      throw new IOException("dendrite: cannot read the Parquet footer of " + split.file() + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Those of the top-level VARIANT {@code columns} that the footer proves are never null in the
   * file: in every row group the column's {@code metadata} (required inside the variant's group,
   * so null exactly where the variant is) has a null count of zero. Without statistics a column
   * is not proved so.
   */
  static Set<String> neverNull(ParquetMetadata footer, Collection<String> columns) {
    Set<String> out = new HashSet<>(columns);
    for (BlockMetaData block : footer.getBlocks()) {
      out.removeIf(c -> !noNulls(block, ColumnPath.get(c, "metadata")));
    }
    return Set.copyOf(out);
  }

  private static boolean noNulls(BlockMetaData block, ColumnPath path) {
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      if (chunk.getPath().equals(path)) {
        Statistics<?> s = chunk.getStatistics();
        return s != null && s.isNumNullsSet() && s.getNumNulls() == 0;
      }
    }
    return false;
  }
}
