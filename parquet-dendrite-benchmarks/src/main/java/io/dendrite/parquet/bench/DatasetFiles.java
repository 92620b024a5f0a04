package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.format.DatasetFormat;
import io.dendrite.parquet.bench.format.DatasetFormats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The file a dataset suite reads: a dataset at a scale written by a format's
 * {@link DatasetFormat#fileFormat() file format}. With {@value #CACHE_PROPERTY} set (dev/bench
 * sets it to a fresh directory per run and deletes it afterwards) files are written once and
 * shared by every trial and fork of the run, which saves the generation and write in each
 * trial; without it each trial writes its own file into its scratch directory.
 */
final class DatasetFiles {
  /** A directory where dataset files persist across trials and forks of one run. */
  static final String CACHE_PROPERTY = "dendrite.bench.cache";

  private DatasetFiles() {}

  /** Parses a {@code @Param scale} value. */
  static double scale(String scale) {
    double s = Double.parseDouble(scale);
    if (!(s > 0)) {
      throw new IllegalArgumentException("scale must be positive: " + scale);
    }
    return s;
  }

  /** The file of {@code format} for {@code dataset} at {@code scale}, written if needed. */
  static Path prepare(Dataset<?> dataset, String scale, DatasetFormat format, Path scratch) {
    Path file = location(dataset, scale, format, scratch);
    if (cached(file)) {
      return file;
    }
    Path dir = file.getParent();
    String name = file.getFileName().toString();
    try {
      Files.createDirectories(dir);
      Path partial = dir.resolve("." + name + "." + ProcessHandle.current().pid() + ".partial");
      Files.deleteIfExists(partial);
      write(dataset, scale(scale), DatasetFormats.named(format.fileFormat()), partial);
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Where {@link #prepare} puts the file: in the cache directory when {@value #CACHE_PROPERTY}
   * is set, else in {@code scratch}.
   */
  static Path location(Dataset<?> dataset, String scale, DatasetFormat format, Path scratch) {
    String name = dataset.name() + "-scale" + scale + "." + format.fileFormat();
    String cache = System.getProperty(CACHE_PROPERTY);
    return (cache == null ? scratch : Path.of(cache)).resolve(name);
  }

  /** True when {@code file} (a {@link #location}) is in the run's cache already. */
  static boolean cached(Path file) {
    return System.getProperty(CACHE_PROPERTY) != null && Files.exists(file);
  }

  private static <R extends Record> void write(Dataset<R> dataset, double scale,
      DatasetFormat format, Path file) throws IOException {
    format.write(dataset, dataset.generate(scale), file);
  }
}
