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
 * Full-schema reads (issue 13): every record of a dataset file materialized as the dataset's
 * Java record, in file order, for each format. One whole file per operation.
 *
 * <ul>
 *   <li>{@code dataset}: {@code tpch} (TPC-H lineitems denormalized), {@code media}
 *       (jvm-serializers media-content), {@code events} (deeply nested user events); see
 *       {@link Dataset}.
 *   <li>{@code format}: parquet-dendrite's three layouts ({@code dendrite} typed,
 *       {@code dendrite-variant} one shredded VARIANT column, {@code dendrite-unshredded}),
 *       parquet-avro reading the typed file, the row formats (JSON, Smile, Avro binary,
 *       protobuf, Fory; each gzip, lz4 and zstd) and Avro's container file, each serial and
 *       {@code -par} ({@link DatasetFormats}).
 *   <li>{@code scale}: 1 is the published size (about 600,000, 400,000 and 30,000 records).
 * </ul>
 *
 * <p>The file is written once per trial (or taken from the run's cache, {@link DatasetFiles})
 * outside the measurement. Counters: {@code fileBytes}, {@code records}. These are warm reads;
 * {@link DatasetFirstReadBenchmark} measures the same operation as the first in a fresh JVM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {BenchmarkJvm.DATASET_XMS, BenchmarkJvm.DATASET_XMX,
    BenchmarkJvm.GC, BenchmarkJvm.PRETOUCH})
// 3 warm-up shots: with 1, the first measured shot of the larger readers was still being
// compiled (parquet-dendrite media 2136, 1664, 875 ms; steady 685 ms).
@Warmup(iterations = 3)
@Measurement(iterations = 3)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class DatasetReadBenchmark {
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
    BenchmarkSupport.requireQuietLogging();
    data = Dataset.named(dataset);
    reader = DatasetFormats.named(format);
    directory = BenchmarkSupport.scratchDirectory("dataset-read");
    try {
      file = DatasetFiles.prepare(data, scale, reader, directory);
      fileBytes = BenchmarkSupport.size(file);
    } catch (RuntimeException e) {
      BenchmarkSupport.deleteTree(directory); // JMH runs no tear-down after a failed set-up
      throw e;
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    BenchmarkSupport.deleteTree(directory);
  }

  @Benchmark
  public void read(Blackhole bh, DatasetCounters counters) throws IOException {
    readAll(data, reader, file, fileBytes, bh, counters);
  }

  /**
   * The measured operation, shared with {@link DatasetFirstReadBenchmark} so that the warm and
   * the first read do the same work: every record of {@code file} to the blackhole, counted.
   */
  static void readAll(Dataset<?> data, DatasetFormat reader, Path file, long fileBytes,
      Blackhole bh, DatasetCounters counters) throws IOException {
    long[] records = {0};
    reader.read(data, file, r -> {
      bh.consume(r);
      records[0]++;
    });
    counters.fileBytes = fileBytes;
    counters.records = records[0];
  }
}
