package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.baseline.ParquetJavaFiles;
import io.dendrite.parquet.bench.baseline.RecordReadSupports;
import io.dendrite.parquet.bench.baseline.RecordWriteSupports;
import io.dendrite.parquet.bench.data.EventRows;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.shred.ShreddingSchema;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.apache.parquet.variant.Variant;
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
 * The query of DESIGN.md section 5: read {@code id}, {@code category} and
 * {@code nested.varcategory} from a file of {@code id int64, category string, nested VARIANT
 * {idstr string, varid int64, varcategory string, col4 string}} ({@link EventRows}), the whole
 * file per operation.
 *
 * <p>The data file is written once per trial by parquet-java 1.18.1 ({@code VariantValueWriter},
 * neutral ground for both readers), shredded as {@value EventRows#NESTED_SHREDDED_TYPE} or
 * unshredded ({@code layout}), snappy. The floor file holds the same three values as plain
 * top-level columns.
 *
 * <ul>
 *   <li>{@code plainColumnsFloor}: the floor file through a minimal parquet-java ReadSupport.
 *   <li>{@code parquetJavaReadAll}: the file schema, {@code nested} reassembled by parquet-java's
 *       {@code VariantConverters}, then {@code getFieldByKey("varcategory")}.
 *   <li>{@code parquetJavaLean}: the same with a hand-written lean requested schema holding
 *       only {@code nested.typed_value.varcategory}. On the unshredded layout this is the
 *       correctness trap of DESIGN.md section 3.5: see the {@code valuesLost} counter.
 *   <li>{@code dendriteReadAll}: {@code DendriteReader}, whole variant reassembled, then
 *       {@code field("varcategory")}.
 *
 *   <li>{@code dendriteProjected}: {@code DendriteReader.builder(path).select("id", "category",
 *       "nested.varcategory")}, the per-file plan reading only what the paths need. Targets
 *       (DESIGN.md section 5): shredded layout at most 1.5x {@code plainColumnsFloor};
 *       unshredded layout at most 1.05x {@code dendriteReadAll}, with every value correct.
 * </ul>
 *
 * <p>Auxiliary counters: {@code fileBytes} (the file read) and {@code valuesLost} (rows whose
 * {@code nested.varcategory} came back missing; every row has one).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class VariantProjectionBenchmark {
  private static final String CODEC = "snappy";
  private static final String FLOOR_SCHEMA = "id int64 not null, category string,"
      + " varcategory string";

  @Param({"1000000"})
  public int rows;

  @Param({"shredded", "unshredded"})
  public String layout;

  private Path directory;
  private Path dataFile;
  private Path floorFile;
  private long dataBytes;
  private long floorBytes;
  private MessageType leanSchema;

  /**
   * The lean schema a parquet-java user writes by hand to read only
   * {@code nested.varcategory}: the shredded layout with every other field left out.
   */
  public static MessageType leanSchema() {
    return Types.buildMessage()
        .required(PrimitiveTypeName.INT64).named("id")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
            .named("category")
        .optionalGroup().as(LogicalTypeAnnotation.variantType((byte) 1))
            .required(PrimitiveTypeName.BINARY).named("metadata")
            .optional(PrimitiveTypeName.BINARY).named("value")
            .optionalGroup()
                .requiredGroup()
                    .optional(PrimitiveTypeName.BINARY).named("value")
                    .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                        .named("typed_value")
                    .named("varcategory")
                .named("typed_value")
            .named("nested")
        .named("schema");
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchmarkSupport.requireQuietLogging();
    if (!layout.equals("shredded") && !layout.equals("unshredded")) {
      throw new IllegalArgumentException("layout must be shredded or unshredded: " + layout);
    }
    List<Map<String, Object>> records = EventRows.generate(rows).records();
    RecordSchema schema = RecordSchema.parse(EventRows.RECORD_SCHEMA);
    MessageType dataSchema = layout.equals("shredded")
        ? schema.toParquet("schema", ShreddingSchema.parse(EventRows.SHREDDING))
        : schema.toParquet("schema");
    directory = BenchmarkSupport.scratchDirectory("variant-projection");
    dataFile = directory.resolve(layout + ".parquet");
    floorFile = directory.resolve("floor.parquet");
    write(dataFile, new RecordWriteSupports.VariantRecords(dataSchema), records);
    write(floorFile, new RecordWriteSupports.PlainColumns(
        RecordSchema.parse(FLOOR_SCHEMA).toParquet("schema")), records);
    dataBytes = BenchmarkSupport.size(dataFile);
    floorBytes = BenchmarkSupport.size(floorFile);
    leanSchema = leanSchema();
  }

  private static void write(Path file, WriteSupport<Map<String, Object>> support,
      List<Map<String, Object>> records) throws IOException {
    try (ParquetWriter<Map<String, Object>> w = ParquetJavaFiles.writer(file, support, CODEC)) {
      for (Map<String, Object> r : records) {
        w.write(r);
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    BenchmarkSupport.deleteTree(directory);
  }

  @Benchmark
  @Floor
  public void plainColumnsFloor(Blackhole bh, FileCounters counters) throws IOException {
    long lost = 0;
    try (ParquetReader<RecordReadSupports.PlainRow> r =
        ParquetJavaFiles.reader(floorFile, new RecordReadSupports.PlainColumns())) {
      RecordReadSupports.PlainRow row;
      while ((row = r.read()) != null) {
        bh.consume(row.id());
        bh.consume(row.category());
        if (row.varcategory() == null) {
          lost++;
        }
        bh.consume(row.varcategory());
      }
    }
    counters.fileBytes = floorBytes;
    counters.valuesLost = lost;
  }

  @Benchmark
  public void parquetJavaReadAll(Blackhole bh, FileCounters counters) throws IOException {
    readWithParquetJava(null, bh, counters);
  }

  @Benchmark
  public void parquetJavaLean(Blackhole bh, FileCounters counters) throws IOException {
    readWithParquetJava(leanSchema, bh, counters);
  }

  private void readWithParquetJava(MessageType requested, Blackhole bh, FileCounters counters)
      throws IOException {
    long lost = 0;
    try (ParquetReader<RecordReadSupports.VariantRow> r =
        ParquetJavaFiles.reader(dataFile, new RecordReadSupports.VariantRecords(requested))) {
      RecordReadSupports.VariantRow row;
      while ((row = r.read()) != null) {
        bh.consume(row.id());
        bh.consume(row.category());
        Variant field = row.nested() == null ? null : row.nested().getFieldByKey("varcategory");
        if (field == null) {
          lost++;
        } else {
          bh.consume(field.getString());
        }
      }
    }
    counters.fileBytes = dataBytes;
    counters.valuesLost = lost;
  }

  @Benchmark
  @Twin("parquetJavaReadAll")
  public void dendriteReadAll(Blackhole bh, FileCounters counters) throws IOException {
    long lost = 0;
    try (DendriteReader r = DendriteReader.builder(dataFile).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        bh.consume(row.get("id"));
        bh.consume(row.get("category"));
        VariantValue nested = row.getVariant("nested");
        VariantValue field = nested == null ? null : nested.field("varcategory");
        if (field == null) {
          lost++;
        } else {
          bh.consume(field.getString());
        }
      }
    }
    counters.fileBytes = dataBytes;
    counters.valuesLost = lost;
  }

  @Benchmark
  @Twin("parquetJavaLean")
  @Goal(vs = "plainColumnsFloor", maxRatio = 1.5, when = "layout=shredded",
      text = "projected read of a shredded path <= 1.5x the plain-column floor")
  @Goal(vs = "dendriteReadAll", maxRatio = 1.05, when = "layout=unshredded",
      text = "projected read of an unshredded file <= 1.05x a full read of it")
  public void dendriteProjected(Blackhole bh, FileCounters counters) throws IOException {
    long lost = 0;
    try (DendriteReader r = DendriteReader.builder(dataFile)
        .select("id", "category", "nested.varcategory").build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        bh.consume(row.get("id"));
        bh.consume(row.get("category"));
        String field = row.getString("nested.varcategory");
        if (field == null) {
          lost++;
        }
        bh.consume(field);
      }
    }
    counters.fileBytes = dataBytes;
    counters.valuesLost = lost;
  }
}
