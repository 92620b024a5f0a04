package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.dataset.SubSchemaQueries;
import io.dendrite.parquet.bench.format.DatasetFormats;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
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
 * Sub-schema reads (issue 13): query {@code query} of {@link SubSchemaQueries} (between 1
 * column and all of them, chosen at random with a fixed seed) read with
 * {@code DendriteReader.builder(file).select(paths)}, every selected value of every row handed
 * to the blackhole. {@code layout} is the typed file ({@code dendrite}) or the shredded
 * VARIANT file ({@code dendrite-variant}, paths under {@code v.}). The report plots time
 * against the number of columns and against the bytes of the largest column read, and fits
 * dendrite's linear model. Counters: see {@link SubSchemaCounters}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {BenchmarkJvm.DATASET_XMS, BenchmarkJvm.DATASET_XMX,
    BenchmarkJvm.GC, BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 3) // as DatasetReadBenchmark's
@Measurement(iterations = 3)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class DatasetSubSchemaBenchmark {
  @Param({"tpch", "media", "events"})
  public String dataset;

  @Param({"dendrite", "dendrite-variant"})
  public String layout;

  @Param({"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"})
  public int query;

  @Param({"1"})
  public String scale;

  private Path directory;
  private Path file;
  private List<String> paths;
  private long fileBytes;
  private long selectedBytes;
  private long largestColumnBytes;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchmarkSupport.requireQuietLogging();
    if (!layout.equals("dendrite") && !layout.equals("dendrite-variant")) {
      throw new IllegalArgumentException("layout must be dendrite or dendrite-variant: "
          + layout);
    }
    Dataset<?> data = Dataset.named(dataset);
    directory = BenchmarkSupport.scratchDirectory("dataset-subschema");
    try {
      file = DatasetFiles.prepare(data, scale, DatasetFormats.named(layout), directory);
      fileBytes = BenchmarkSupport.size(file);
      paths = new ArrayList<>();
      for (String p : SubSchemaQueries.query(data, query)) {
        paths.add(layout.equals("dendrite") ? p : "v." + p);
      }
      try (DendriteReader r = DendriteReader.builder(file).select(paths).build()) {
        columnBytes(r.requestedSchema().getColumns());
      }
    } catch (IOException | RuntimeException e) {
      BenchmarkSupport.deleteTree(directory); // JMH runs no tear-down after a failed set-up
      throw e;
    }
  }

  /** Compressed bytes of the requested column chunks over all row groups, and the largest. */
  private void columnBytes(List<ColumnDescriptor> requested) {
    Set<String> wanted = new HashSet<>();
    for (ColumnDescriptor c : requested) {
      wanted.add(String.join(".", c.getPath()));
    }
    Map<String, Long> perColumn = new HashMap<>();
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : footer.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String path = chunk.getPath().toDotString();
          if (wanted.contains(path)) {
            perColumn.merge(path, chunk.getTotalSize(), Long::sum);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the footer of " + file, e);
    }
    selectedBytes = perColumn.values().stream().mapToLong(Long::longValue).sum();
    largestColumnBytes = perColumn.values().stream().mapToLong(Long::longValue).max()
        .orElse(0);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    BenchmarkSupport.deleteTree(directory);
  }

  @Benchmark
  public void read(Blackhole bh, SubSchemaCounters counters) throws IOException {
    long records = 0;
    try (DendriteReader r = DendriteReader.builder(file).select(paths).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        for (int i = 0; i < row.size(); i++) {
          bh.consume(row.get(i));
        }
        records++;
      }
    }
    counters.fileBytes = fileBytes;
    counters.columns = paths.size();
    counters.selectedBytes = selectedBytes;
    counters.largestColumnBytes = largestColumnBytes;
    counters.records = records;
  }
}
