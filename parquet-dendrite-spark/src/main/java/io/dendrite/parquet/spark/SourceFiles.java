package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.DendriteReader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Opens a file named by its qualified name: {@code file:} names through {@code java.nio}
 * (the core's buffered local reads, no Hadoop file system in the way), others through Hadoop.
 */
final class SourceFiles {
  private SourceFiles() {}

  static DendriteReader.Builder reader(String file, Configuration conf) {
    URI uri = URI.create(file);
    return "file".equals(uri.getScheme()) ? DendriteReader.builder(Paths.get(uri))
        : DendriteReader.builder(new Path(uri), conf);
  }

  /** The number of rows the footer records, for reads that need no column. */
  static long rowCount(String file, Configuration conf) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(
        HadoopInputFile.fromPath(new Path(file), conf))) {
      return reader.getRecordCount();
    } catch (IOException | RuntimeException e) {
      throw new IOException("dendrite: cannot read the Parquet footer of " + file + ": "
          + e.getMessage(), e);
    }
  }
}
