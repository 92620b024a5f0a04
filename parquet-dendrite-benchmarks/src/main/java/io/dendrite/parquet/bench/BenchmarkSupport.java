package io.dendrite.parquet.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Start-up checks and scratch files shared by the suites. */
public final class BenchmarkSupport {
  /** Where suites put their files; defaults to {@code java.io.tmpdir}. */
  public static final String TMP_PROPERTY = "dendrite.bench.tmp";

  private BenchmarkSupport() {}

  /**
   * Fails unless parquet-java logs below DEBUG. With DEBUG on, parquet-java's
   * {@code MessageColumnIO} wraps every record consumer in a logging validator and writes become
   * several times slower (DESIGN.md section 6), so any number measured that way is meaningless.
   */
  public static void requireQuietLogging() {
    requireQuiet(LoggerFactory.getLogger("org.apache.parquet"));
    requireQuiet(LoggerFactory.getLogger("org.apache.parquet.io.MessageColumnIO"));
  }

  static void requireQuiet(Logger logger) {
    if (logger.isDebugEnabled()) {
      throw new IllegalStateException("logger '" + logger.getName() + "' has DEBUG enabled ("
          + LoggerFactory.getILoggerFactory().getClass().getName() + "): parquet-java is "
          + "several times slower with debug logging, so benchmark numbers would be wrong. Run "
          + "with logging at INFO or quieter (remove any -Dorg.slf4j.simpleLogger.* override and "
          + "any log4j/reload4j/logback binding that defaults to DEBUG).");
    }
  }

  /** A fresh scratch directory under {@link #TMP_PROPERTY} (or the system temp directory). */
  public static Path scratchDirectory(String prefix) {
    try {
      String base = System.getProperty(TMP_PROPERTY);
      if (base == null) {
        return Files.createTempDirectory(prefix);
      }
      Path dir = Path.of(base);
      Files.createDirectories(dir);
      return Files.createTempDirectory(dir, prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a scratch directory: " + e.getMessage(), e);
    }
  }

  /** Deletes a file if present. */
  public static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file + ": " + e.getMessage(), e);
    }
  }

  /** Deletes a directory tree if present. */
  public static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(BenchmarkSupport::delete);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Size of a file in bytes. */
  public static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stat " + file + ": " + e.getMessage(), e);
    }
  }
}
