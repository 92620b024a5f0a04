package io.dendrite.parquet.spark.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.spark.sql.SparkSession;

/**
 * The benchmark's files, written once per row count and generation and then reused by every
 * fork: {@code spark/} by Spark's own Parquet writer with its variant shredding on,
 * {@code dendrite/} by {@code format("dendrite")} with {@code shredding=auto}. A directory is
 * written beside its final name and renamed when complete, so a fork that dies mid-write
 * leaves nothing that a later fork would take for data.
 */
final class BenchFiles {
  /** Which writer made a directory. */
  enum Writer { SPARK, DENDRITE }

  /** About 8 row groups per part file, whatever the row count, so statistics can skip. */
  static final int ROW_GROUPS_PER_FILE = 8;

  private final Path root;
  private final long rows;

  /** Keyed by the Spark version too: another Spark writes (and shreds) its files differently. */
  BenchFiles(Path cacheRoot, long rows, String sparkVersion) {
    this.root = cacheRoot.resolve(
        "rows-" + rows + "-g" + BenchRows.GENERATION + "-spark-" + sparkVersion);
    this.rows = rows;
  }

  /**
   * The directory {@code writer} wrote, which must exist: nothing is read or described, so a
   * first-query trial finds its JVM as a user's would be.
   *
   * @throws IllegalStateException when the directory was not written yet
   */
  Path existing(Writer writer) {
    Path dir = root.resolve(writer.name().toLowerCase(java.util.Locale.ROOT));
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException("no files at " + dir + ": write them first with a"
          + " SparkReadBenchmark trial (dev/spark-bench --first does)");
    }
    return dir;
  }

  /** The directory {@code writer} wrote, writing it first if this is the first use. */
  Path directory(SparkSession spark, Writer writer) {
    Path dir = root.resolve(writer.name().toLowerCase(java.util.Locale.ROOT));
    if (!Files.isDirectory(dir)) {
      Path tmp = root.resolve(dir.getFileName() + ".tmp");
      deleteRecursively(tmp);
      write(spark, writer, tmp);
      try {
        Files.move(tmp, dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    describe(writer, dir);
    return dir;
  }

  private void write(SparkSession spark, Writer writer, Path out) {
    long rowGroupRows = Math.max(1, rows / BenchRows.FILES / ROW_GROUPS_PER_FILE);
    if (writer == Writer.SPARK) {
      // Spark 4.1 shreds only with these two settings; it infers a schema per file.
      spark.conf().set("spark.sql.variant.writeShredding.enabled", "true");
      spark.conf().set("spark.sql.variant.inferShreddingSchema", "true");
      BenchRows.of(spark, rows).write()
          .option("parquet.block.row.count.limit", Long.toString(rowGroupRows))
          .parquet(out.toString());
      spark.conf().unset("spark.sql.variant.writeShredding.enabled");
      spark.conf().unset("spark.sql.variant.inferShreddingSchema");
    } else {
      BenchRows.of(spark, rows).write().format("dendrite")
          .option("shredding", "auto")
          .option("rowGroupRows", Long.toString(rowGroupRows))
          .save(out.toString());
    }
    requireShredded(writer, out);
  }

  /** Fails unless every part file's {@code v} has a {@code typed_value}: no unshredded baseline. */
  private static void requireShredded(Writer writer, Path dir) {
    for (Path file : partFiles(dir)) {
      GroupType v = footer(file).getFileMetaData().getSchema().getType("v").asGroupType();
      if (!v.containsField("typed_value")) {
        throw new IllegalStateException(writer + " wrote " + file + " with v unshredded: " + v);
      }
    }
  }

  /** One line per directory on stdout (JMH's log): files, row groups, bytes, v's layout. */
  private static void describe(Writer writer, Path dir) {
    List<Path> files = partFiles(dir);
    long rowGroups = 0;
    long bytes = 0;
    for (Path file : files) {
      rowGroups += footer(file).getBlocks().size();
      try {
        bytes += Files.size(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    GroupType v = footer(files.get(0)).getFileMetaData().getSchema().getType("v").asGroupType();
    // JMH has printed "Warmup Iteration 1: " when a trial sets up: start a line of our own.
    System.out.println("\n# files " + writer + ": " + dir + ": " + files.size() + " files, "
        + rowGroups + " row groups, " + bytes + " bytes; v in " + files.get(0).getFileName()
        + ": " + v.toString().replaceAll("\\s+", " "));
  }

  private static List<Path> partFiles(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ParquetMetadata footer(Path file) {
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the footer of " + file, e);
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
