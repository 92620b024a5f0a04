package io.dendrite.parquet.spark;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * The footers of a table's files on the driver, each read once and served again while its file
 * is unchanged: an entry counts only while the file's length and modification time are those
 * it was read with, so a file rewritten in place is read again. The table holds it, so every
 * query of a DataFrame or view (schema, then each query's planning of row-group skipping)
 * reads a footer once, where each used to read it again, and through a
 * {@code ParquetReadOptions} that made a new Hadoop {@code Configuration} per file (parsing
 * its XML resources: most of the driver's planning time of a selective query).
 */
final class FooterCache {
  private record Entry(long length, long modified, ParquetMetadata footer) {}

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  /**
   * The footer of {@code file} as it is now (one status call, and a footer read when the file
   * is new or changed).
   *
   * @throws IOException naming the file when it cannot be read
   */
  ParquetMetadata footer(String file, Configuration conf) throws IOException {
    Path path = new Path(file);
    try {
      FileStatus status = path.getFileSystem(conf).getFileStatus(path);
      Entry cached = entries.get(file);
      if (cached != null && cached.length() == status.getLen()
          && cached.modified() == status.getModificationTime()) {
        return cached.footer();
      }
      ParquetMetadata footer;
      try (ParquetFileReader reader = ParquetFileReader.open(
          HadoopInputFile.fromStatus(status, conf),
          HadoopReadOptions.builder(conf, path).build())) {
        footer = reader.getFooter();
      }
      entries.put(file, new Entry(status.getLen(), status.getModificationTime(), footer));
      return footer;
    } catch (IOException | RuntimeException e) {
      throw new IOException("dendrite: cannot read the Parquet footer of " + file + ": "
          + e.getMessage(), e);
    }
  }
}
