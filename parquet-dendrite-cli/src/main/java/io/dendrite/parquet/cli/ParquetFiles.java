package io.dendrite.parquet.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/**
 * Parquet inputs named on the command line: files, and directories of part files as Spark and
 * other engines write them, and footers read with a clear message when a file is not Parquet.
 */
final class ParquetFiles {
  private ParquetFiles() {}

  /**
   * The files {@code args} name, in order: a file as is; a directory as its {@code *.parquet}
   * files sorted by name, skipping hidden and {@code _}-prefixed ones ({@code _SUCCESS},
   * {@code .part-0.crc}). Subdirectories (partitions such as {@code day=1/}) are read
   * recursively in name order.
   *
   * @throws NoSuchFileException for a missing path
   * @throws CliException for a directory without Parquet files
   */
  static List<Path> expand(List<Path> args) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path p : args) {
      if (!Files.exists(p)) {
        throw new NoSuchFileException(p.toString());
      }
      if (Files.isDirectory(p)) {
        int before = files.size();
        addDirectory(p, files);
        if (files.size() == before) {
          throw new CliException(p + ": directory holds no .parquet files");
        }
      } else {
        files.add(p);
      }
    }
    return files;
  }

  private static void addDirectory(Path dir, List<Path> files) throws IOException {
    List<Path> entries;
    try (Stream<Path> s = Files.list(dir)) {
      entries = s.filter(p -> !p.getFileName().toString().startsWith(".")
              && !p.getFileName().toString().startsWith("_"))
          .sorted()
          .toList();
    }
    for (Path p : entries) {
      if (Files.isDirectory(p)) {
        addDirectory(p, files);
      } else if (p.getFileName().toString().endsWith(".parquet")) {
        files.add(p);
      }
    }
  }

  /**
   * Reads the footer of {@code file}.
   *
   * @throws CliException naming the file when it is missing, not Parquet or its footer is
   *     corrupt
   */
  static ParquetMetadata footer(Path file) throws IOException {
    try (ParquetFileReader r = open(file)) {
      return r.getFooter();
    }
  }

  /**
   * Opens {@code file} with parquet-java, with a one-line error naming it on failure. Pages read
   * through the reader have their checksums verified, so a damaged page fails instead of being
   * counted or decoded as if it were intact.
   */
  static ParquetFileReader open(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString());
    }
    if (Files.isDirectory(file)) {
      throw new CliException(file + ": is a directory, expected a Parquet file");
    }
    try {
      return ParquetFileReader.open(new LocalInputFile(file),
          ParquetReadOptions.builder(new PlainParquetConfiguration())
              .usePageChecksumVerification(true).build());
    } catch (IOException | RuntimeException e) {
      throw new CliException(openFailure(file, e), e);
    }
  }

  /** Why parquet-java could not open {@code file}, in one line naming it. */
  static String openFailure(Path file, Throwable e) {
    String top = e.getMessage() == null ? "" : e.getMessage();
    if (top.contains("is not a Parquet file")) {
      // parquet-java names the file by its object identity here; say what was wrong instead.
      int found = top.indexOf("but found");
      return file + ": not a Parquet file (no PAR1 magic number at its end"
          + (found >= 0 ? ", " + top.substring(found) : "") + ")";
    }
    return file + ": cannot read the Parquet footer (corrupt or truncated file?): "
        + rootMessage(e);
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return DendriteCli.oneLine(m);
  }
}
