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
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
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

    /** The rows of a reader that is also closed with them. */
    static Rows of(java.util.function.Supplier<DendriteRow> read, ReadReport report,
        Closeable reader) {
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
        public void close() throws IOException {
          reader.close();
        }
      };
    }
  }

  /**
   * @param columns whole top-level columns (names, not paths: {@code a.b} is one column)
   * @param filter rows to return (null: all)
   * @throws IOException (a DendriteReadException) naming the file when it cannot be opened
   */
  static Rows open(FileInputPartition split, List<SelectionPath> columns, Filter filter,
      Configuration conf) throws IOException {
    DendriteReader.Builder b = reader(split.file(), conf)
        .select(columns.toArray(SelectionPath[]::new));
    if (!split.wholeFile()) {
      b.split(split.start(), split.length());
    }
    DendriteReader r = (filter == null ? b : b.where(filter)).build();
    return Rows.of(r::read, r.readReport(), r);
  }

  private static DendriteReader.Builder reader(String file, Configuration conf) {
    URI uri = URI.create(file);
    return "file".equals(uri.getScheme()) ? DendriteReader.builder(Paths.get(uri))
        : DendriteReader.builder(new Path(uri), conf);
  }

  /** The number of rows the footer records for the split's row groups. */
  static long rowCount(FileInputPartition split, Configuration conf) throws IOException {
    Path path = new Path(split.file());
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf),
        HadoopReadOptions.builder(conf, path)
            .withRange(split.start(), split.start() + split.length()).build())) {
      return reader.getRecordCount();
    } catch (IOException | RuntimeException e) {
      throw new IOException("dendrite: cannot read the Parquet footer of " + split.file() + ": "
          + e.getMessage(), e);
    }
  }
}
