package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.format.DatasetFormat;
import io.dendrite.parquet.bench.format.DatasetFormats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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

/**
 * Write time and file size per format (issue 13): the whole dataset, held in memory as Java
 * records (generated once per trial), written to a fresh local file per operation. Formats as
 * {@link DatasetReadBenchmark}'s, serial only ({@code -par} reads the same files); here
 * {@code parquet-avro} writes with {@code AvroParquetWriter}. Counters: {@code fileBytes},
 * {@code records}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {BenchmarkJvm.DATASET_XMS, BenchmarkJvm.DATASET_XMX,
    BenchmarkJvm.GC, BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class DatasetWriteBenchmark {
  @Param({"tpch", "media", "events"})
  public String dataset;

  @Param({
      "dendrite", "dendrite-variant", "dendrite-unshredded", "dendrite-lz4", "dendrite-auto",
      "dendrite-variant-auto", "parquet-avro", "json-gz",
      "json-lz4", "json-zstd", "smile-gz", "smile-lz4", "smile-zstd", "avro-gz", "avro-lz4",
      "avro-zstd", "protobuf-gz", "protobuf-lz4", "protobuf-zstd", "fory-gz", "fory-lz4",
      "fory-zstd", "avro-snappy"})
  public String format;

  @Param({"1"})
  public String scale;

  private Dataset<?> data;
  private List<? extends Record> records;
  private DatasetFormat writer;
  private Path directory;
  private Path file;

  @Setup(Level.Trial)
  public void setUp() {
    BenchmarkSupport.requireQuietLogging();
    data = Dataset.named(dataset);
    records = data.list(DatasetFiles.scale(scale));
    writer = DatasetFormats.named(format);
    directory = BenchmarkSupport.scratchDirectory("dataset-write");
    file = directory.resolve(dataset + "." + format);
  }

  @TearDown(Level.Invocation)
  public void deleteFile() {
    BenchmarkSupport.delete(file);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    BenchmarkSupport.deleteTree(directory);
  }

  @Benchmark
  public void write(DatasetCounters counters) throws IOException {
    writeAll(data, records);
    counters.fileBytes = BenchmarkSupport.size(file);
    counters.records = records.size();
  }

  @SuppressWarnings("unchecked")
  private <R extends Record> void writeAll(Dataset<R> d, List<? extends Record> list)
      throws IOException {
    writer.write(d, ((List<R>) list).iterator(), file);
  }
}
