package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.baseline.ParquetJavaFiles;
import io.dendrite.parquet.bench.baseline.RecordWriteSupports;
import io.dendrite.parquet.bench.data.EventRows;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
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
 * JSON lines in memory to a shredded Parquet file on local disk, one whole file per operation.
 * The lines are the DESIGN.md section 5 rows ({@link EventRows#jsonLines()}, rendered once per
 * trial); both sides shred {@code nested} as {@value EventRows#NESTED_SHREDDED_TYPE} and write
 * snappy with the same row group and page sizes.
 *
 * <ul>
 *   <li>{@code parquetJavaJson}: parquet's shaded Jackson streams each line, and
 *       {@code VariantJsonParser.parseJson(JsonParser)} builds the {@code nested} variant,
 *       written by {@code VariantValueWriter} (the fastest JSON path parquet-java 1.18.1 has).
 *   <li>{@code dendriteJson}: {@code DendriteWriter.writeJson(line)}, which streams JSON tokens
 *       straight into the column writers.
 *   <li>{@code dendriteJsonLines2Threads}: the same lines as one text through
 *       {@code writeJsonLines(Reader)} with {@code parallelism(2)}: parsed on two threads while
 *       the calling thread writes (the file is the one-thread file).
 * </ul>
 *
 * Auxiliary counter: {@code fileBytes}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC,
    BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class JsonIngestBenchmark {
  private static final String CODEC = "snappy";

  @Param({"1000000"})
  public int rows;

  private String[] lines;
  private String text;
  private MessageType shreddedSchema;
  private Path directory;
  private Path file;

  @Setup(Level.Trial)
  public void setUp() {
    BenchmarkSupport.requireQuietLogging();
    lines = EventRows.generate(rows).jsonLines();
    text = String.join("\n", lines);
    shreddedSchema = RecordSchema.parse(EventRows.RECORD_SCHEMA)
        .toParquet("schema", ShreddingSchema.parse(EventRows.SHREDDING));
    directory = BenchmarkSupport.scratchDirectory("json-ingest");
    file = directory.resolve("out.parquet");
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
  public void parquetJavaJson(FileCounters counters) throws IOException {
    try (ParquetWriter<String> w = ParquetJavaFiles.writer(file,
        new RecordWriteSupports.JsonLines(shreddedSchema), CODEC)) {
      for (String line : lines) {
        w.write(line);
      }
    }
    counters.fileBytes = BenchmarkSupport.size(file);
  }

  @Benchmark
  @Twin("parquetJavaJson")
  @Goal(vs = "parquetJavaJson", maxRatio = 1.0 / 3,
      text = "JSON text to shredded file >= 3x faster than VariantJsonParser + VariantValueWriter")
  public void dendriteJson(FileCounters counters) throws IOException {
    try (DendriteWriter w = dendrite().build()) {
      for (String line : lines) {
        w.writeJson(line);
      }
    }
    counters.fileBytes = BenchmarkSupport.size(file);
  }

  @Benchmark
  public void dendriteJsonLines2Threads(FileCounters counters) throws IOException {
    try (DendriteWriter w = dendrite().parallelism(2).build()) {
      w.writeJsonLines(new StringReader(text));
    }
    counters.fileBytes = BenchmarkSupport.size(file);
  }

  /** Both dendrite methods' writer: the file, schema, shredding, codec and sizes of the suite. */
  private DendriteWriter.Builder dendrite() {
    return DendriteWriter.builder(file)
        .schema(EventRows.RECORD_SCHEMA)
        .shredding(EventRows.SHREDDING)
        .codec(Codec.parse(CODEC))
        .rowGroupSize(ParquetJavaFiles.ROW_GROUP_SIZE)
        .pageSize(ParquetJavaFiles.PAGE_SIZE)
        .overwrite(true);
  }
}
