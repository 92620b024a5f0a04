package io.dendrite.parquet.spark;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
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
 *
 * <p>Bounded, as a table may have many files of many columns: footers are weighed by their
 * column chunks (a chunk's metadata takes a few hundred bytes of heap, so {@link #MAX_CHUNKS}
 * is in the order of 100 MB) and the least recently used are dropped once the total passes
 * the bound; a dropped footer is read again when a query needs it.
 */
final class FooterCache {
  /** The column chunks (row groups times leaf columns, summed over files) kept at most. */
  static final long MAX_CHUNKS = 250_000;

  private record Entry(long length, long modified, ParquetMetadata footer, long chunks) {}

  private final long maxChunks;
  /** In access order; guarded by itself. */
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long chunks;

  FooterCache() {
    this(MAX_CHUNKS);
  }

  FooterCache(long maxChunks) {
    this.maxChunks = maxChunks;
  }

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
      Entry cached;
      synchronized (entries) {
        cached = entries.get(file);
      }
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
      put(file, new Entry(status.getLen(), status.getModificationTime(), footer, chunks(footer)));
      return footer;
    } catch (IOException | RuntimeException e) {
      throw new IOException("dendrite: cannot read the Parquet footer of " + file + ": "
          + e.getMessage(), e);
    }
  }

  private void put(String file, Entry entry) {
    synchronized (entries) {
      Entry replaced = entries.put(file, entry);
      chunks += entry.chunks() - (replaced == null ? 0 : replaced.chunks());
      Iterator<Entry> eldest = entries.values().iterator();
      // The entry just read stays, even alone over the bound: its query is using it.
      while (chunks > maxChunks && entries.size() > 1) {
        chunks -= eldest.next().chunks();
        eldest.remove();
      }
    }
  }

  private static long chunks(ParquetMetadata footer) {
    long n = 0;
    for (var block : footer.getBlocks()) {
      n += block.getColumns().size();
    }
    return Math.max(1, n);
  }

  /** Footers held now (for tests). */
  int size() {
    synchronized (entries) {
      return entries.size();
    }
  }
}
