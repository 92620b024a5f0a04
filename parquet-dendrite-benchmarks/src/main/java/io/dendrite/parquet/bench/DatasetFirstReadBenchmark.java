package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.format.DatasetFormat;
import io.dendrite.parquet.bench.format.DatasetFormats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The first full-schema read in a fresh JVM, as a CLI command, a short Spark task or a Hadoop
 * split reads: {@link DatasetReadBenchmark}'s operation ({@link DatasetReadBenchmark#readAll},
 * the same datasets, formats and scales), but one shot per fork and no warm-up, so the shot
 * pays class loading, static initialization, the interpreter and the JIT's first compilations
 * of the reader, its libraries and the record classes. A fork yields one number; the spread
 * between forks is wide, hence {@value #FORKS} forks per combination.
 *
 * <p>Cold means that nothing the read runs has been loaded or compiled before the shot. The
 * file therefore does not come from this JVM: writing it would load and warm most of the same
 * code (parquet-java, core's schema and variant classes, the format's library). {@link #setUp}
 * takes it from the run's cache ({@value DatasetFiles#CACHE_PROPERTY}) when an earlier fork or
 * suite wrote it, and otherwise waits for a child JVM to write it ({@link DatasetFileWriter}).
 * Before the shot this JVM has loaded and run only the following: with a child JVM, about
 * 300 classes (240 of the JDK, 30 of JMH, 30 of this module) besides the 1,230 of a JMH fork
 * starting a trial.
 *
 * <ul>
 *   <li>JMH's fork infrastructure, this class and its generated JMH classes,
 *       {@link DatasetCounters};
 *   <li>{@link Dataset}: its three instances and record classes (the read's output types) and
 *       the generator classes, loaded but not initialized: no record is generated, no
 *       datafaker vocabulary or TPC-H text pool is built;
 *   <li>{@link DatasetFormats#named}'s format object, which holds no library state: Jackson's
 *       mappers, Fory's instances, Avro schemas and readers, parquet-dendrite's and
 *       parquet-java's readers are all made by the read;
 *   <li>the JDK's process, concurrency, file-system and lambda classes (the child JVM and its
 *       reaper, the scratch directory, whose random name starts a {@code SecureRandom}, and
 *       {@link Dataset}'s generator references).
 * </ul>
 *
 * <p>The bytecode verifier also loads, without initializing them or running their code, a
 * few library classes named in the format's own classes: lz4-java's and zstd-jni's stream
 * classes for the row formats ({@code Compression}), Jackson's mapper builders and modules
 * for {@code json} and {@code smile}, protobuf's {@code MessageLite}, Avro's
 * {@code DatumReader}/{@code DatumWriter} for {@code avro-snappy}, and parquet-java's
 * {@code InputFile}/{@code OutputFile}/{@code ParquetConfiguration} interfaces for
 * {@code parquet-avro}; for the {@code dendrite} layouts, none.
 *
 * <p>SLF4J is not started before the shot (parquet-java's first logger starts it within the
 * read, as in any first read): the check that parquet-java does not log at DEBUG runs in
 * {@link #tearDown}, after the shot, and fails the trial if it does. {@code
 * DatasetFirstReadBenchmarkTest} checks in a fresh JVM that {@link #setUp} loads no class of
 * core, parquet-java, the formats' libraries, SLF4J or the generators' vocabularies, for
 * every dataset and format.
 *
 * <p>The file was just written or read by an earlier fork, so it is in the page cache: this
 * measures a cold JVM, not a cold disk. Results need a quiet machine: one shot per fork has no
 * later shots to average a disturbance away.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = DatasetFirstReadBenchmark.FORKS, jvmArgsAppend = {BenchmarkJvm.DATASET_XMS,
    BenchmarkJvm.DATASET_XMX, BenchmarkJvm.GC, BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class DatasetFirstReadBenchmark {
  /** Forks per combination: each gives one shot. */
  static final int FORKS = 5;

  // The same values as DatasetReadBenchmark's (annotations cannot share an array constant);
  // DatasetFirstReadBenchmarkTest checks that they stay equal.
  @Param({"tpch", "media", "events"})
  public String dataset;

  @Param({
      "dendrite", "dendrite-par", "dendrite-variant", "dendrite-variant-par",
      "dendrite-unshredded", "dendrite-unshredded-par", "dendrite-lz4", "dendrite-lz4-par",
      "dendrite-auto", "dendrite-auto-par", "dendrite-variant-auto", "dendrite-variant-auto-par",
      "parquet-avro", "parquet-avro-par",
      "json-gz", "json-gz-par", "json-lz4", "json-lz4-par", "json-zstd", "json-zstd-par",
      "smile-gz", "smile-gz-par", "smile-lz4", "smile-lz4-par", "smile-zstd", "smile-zstd-par",
      "avro-gz", "avro-gz-par", "avro-lz4", "avro-lz4-par", "avro-zstd", "avro-zstd-par",
      "protobuf-gz", "protobuf-gz-par", "protobuf-lz4", "protobuf-lz4-par", "protobuf-zstd",
      "protobuf-zstd-par", "fory-gz", "fory-gz-par", "fory-lz4", "fory-lz4-par", "fory-zstd",
      "fory-zstd-par", "avro-snappy", "avro-snappy-par"})
  public String format;

  @Param({"1"})
  public String scale;

  private Dataset<?> data;
  private DatasetFormat reader;
  private Path directory;
  private Path file;
  private long fileBytes;

  @Setup(Level.Trial)
  public void setUp() {
    data = Dataset.named(dataset);
    reader = DatasetFormats.named(format);
    directory = BenchmarkSupport.scratchDirectory("dataset-first-read");
    try {
      file = DatasetFileWriter.prepare(data, scale, reader, directory);
      fileBytes = BenchmarkSupport.size(file);
    } catch (RuntimeException e) {
      BenchmarkSupport.deleteTree(directory); // JMH runs no tear-down after a failed set-up
      throw e;
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    try {
      BenchmarkSupport.requireQuietLogging();
    } finally {
      BenchmarkSupport.deleteTree(directory);
    }
  }

  @Benchmark
  public void read(Blackhole bh, DatasetCounters counters) throws IOException {
    DatasetReadBenchmark.readAll(data, reader, file, fileBytes, bh, counters);
  }
}
