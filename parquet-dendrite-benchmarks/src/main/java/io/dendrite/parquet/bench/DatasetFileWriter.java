package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.format.DatasetFormat;
import io.dendrite.parquet.bench.format.DatasetFormats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link DatasetFiles#prepare} in a child JVM, for {@link DatasetFirstReadBenchmark}: writing a
 * file runs much of the code that reading it runs (parquet-java, core's schema and variant
 * classes, the format's library), so a JVM that is to measure a first read must not write its
 * own file. The child runs this class's {@link #main} on the same classpath and JDK, with the
 * dataset suites' heap limit and GC, and the run's cache ({@value DatasetFiles#CACHE_PROPERTY})
 * if set, so that it writes each file once per run; the calling JVM only waits for it.
 */
final class DatasetFileWriter {
  private DatasetFileWriter() {}

  /**
   * The file {@link DatasetFiles#prepare} would return, taken from the run's cache when there
   * and otherwise written by a child JVM; this JVM loads no class of the dataset's generator,
   * the format's library or parquet-dendrite's core.
   */
  static Path prepare(Dataset<?> dataset, String scale, DatasetFormat format, Path scratch) {
    Path file = DatasetFiles.location(dataset, scale, format, scratch);
    if (DatasetFiles.cached(file)) {
      return file;
    }
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // No -Xms or pre-touch: the child only writes, and the fork holding its 4 GB waits.
        BenchmarkJvm.DATASET_XMX, BenchmarkJvm.GC));
    String cache = System.getProperty(DatasetFiles.CACHE_PROPERTY);
    if (cache != null) {
      command.add("-D" + DatasetFiles.CACHE_PROPERTY + "=" + cache);
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        DatasetFileWriter.class.getName(), dataset.name(), scale, format.fileFormat(),
        scratch.toString()));
    run(command, file);
    if (!Files.exists(file)) {
      throw new IllegalStateException("the child JVM did not write " + file);
    }
    return file;
  }

  private static void run(List<String> command, Path file) {
    try {
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      // Read to the end before waiting, so that the child never blocks on a full pipe.
      String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int exit = child.waitFor();
      if (exit != 0) {
        throw new IllegalStateException("a child JVM failed to write " + file + " (exit " + exit
            + "): " + String.join(" ", command) + "\n" + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run a child JVM to write " + file + ": "
          + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a child JVM wrote " + file, e);
    }
  }

  /** The child: {@code DATASET SCALE FILE_FORMAT SCRATCH_DIRECTORY}. */
  public static void main(String[] args) {
    if (args.length != 4) {
      throw new IllegalArgumentException(
          "usage: DatasetFileWriter DATASET SCALE FILE_FORMAT SCRATCH_DIRECTORY");
    }
    DatasetFiles.prepare(Dataset.named(args[0]), args[1], DatasetFormats.named(args[2]),
        Path.of(args[3]));
  }
}
