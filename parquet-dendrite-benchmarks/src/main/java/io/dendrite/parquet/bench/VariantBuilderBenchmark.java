package io.dendrite.parquet.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.bench.baseline.ParquetJavaVariants;
import io.dendrite.parquet.bench.data.VariantDocuments;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantJsonParser;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One Variant document at a time, parquet-java 1.18.1 beside parquet-dendrite, no files.
 *
 * <p>State: one generated document ({@link VariantDocuments}) per {@code depth} x
 * {@code fieldCount}, as Java values, as encoded bytes and as JSON text, all made in
 * {@code @Setup(Level.Trial)}. Each method handles the whole document once per operation
 * (average time per document):
 *
 * <ul>
 *   <li>{@code build*}: Java values to a finished variant (value + metadata). parquet-java needs
 *       a new {@code VariantBuilder} per document, walked by the loop every user writes (it has
 *       no converter from Java objects); parquet-dendrite's public entry point is
 *       {@code EncodedVariant.fromJava}, its own converter on a new encoder per document (the
 *       writer's reused encoders and their dictionary reuse are not public API). {@code
 *       buildNewKeys*} alternate two documents with other keys.
 *   <li>{@code serialize*}: copy a finished variant into two reused output buffers (value,
 *       metadata), what a writer does when handing them to Parquet. A memcpy for both; it is
 *       here so that a regression (re-encoding on access) would show.
 *   <li>{@code deserialize*}: from the two byte arrays (the same bytes for both, built by
 *       parquet-java), visit every field recursively and decode every key and leaf to a Java
 *       value (String, long, BigDecimal, UUID, ...).
 *   <li>{@code fromJson*}: JSON text to a finished variant; parquet-java's
 *       {@code VariantJsonParser.parseJson(String)}, parquet-dendrite's {@code
 *       VariantJson.parse(String)}.
 *   <li>{@code toJson*}: variant to JSON text. parquet-java has no variant-to-JSON, so the
 *       baseline is Jackson serializing the same document from a {@code JsonNode} tree.
 * </ul>
 *
 * Auxiliary counters on {@code build*}: {@code encodedBytes} (value + metadata) and
 * {@code jsonBytes} (UTF-8 JSON text of the same document); the report prints them per
 * iteration, not JMH's sum over iterations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC,
    BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class VariantBuilderBenchmark {

  @Param({"Flat", "Nested", "Deep"})
  public VariantDocuments.Depth depth;

  /** Leaves per document: small objects (10, 200) to big ones (1000, 10000). */
  @Param({"10", "200", "1000", "10000"})
  public int fieldCount;

  private Map<String, Object> document;
  /** The document and a copy with other keys ({@code buildNewKeys*} alternate between them). */
  private Map<String, Object>[] alternating;
  private int nextDocument;
  private Variant parquetJavaVariant;
  private byte[] parquetJavaValue;
  private byte[] parquetJavaMetadata;
  private EncodedVariant dendriteVariant;
  private String json;
  private int jsonBytes;
  private ObjectMapper mapper;
  private JsonNode jsonTree;
  private ByteBuffer valueOut;
  private ByteBuffer metadataOut;

  /** Encoded and JSON sizes of the document, reported beside the build times. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class DocumentSizes {
    public long encodedBytes;
    public long jsonBytes;
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchmarkSupport.requireQuietLogging();
    document = VariantDocuments.generate(depth, fieldCount);
    @SuppressWarnings("unchecked")
    Map<String, Object>[] both = new Map[] {document, VariantDocuments.renamedKeys(document)};
    alternating = both;
    dendriteVariant = EncodedVariant.fromJava(document);
    parquetJavaVariant = ParquetJavaVariants.build(document);
    parquetJavaValue = bytes(parquetJavaVariant.getValueBuffer());
    parquetJavaMetadata = bytes(parquetJavaVariant.getMetadataBuffer());
    json = dendriteVariant.toJson();
    jsonBytes = json.getBytes(StandardCharsets.UTF_8).length;
    mapper = new ObjectMapper();
    jsonTree = mapper.readTree(json);
    int capacity = Math.max(parquetJavaValue.length, dendriteVariant.value().length);
    valueOut = ByteBuffer.allocate(capacity);
    metadataOut = ByteBuffer.allocate(
        Math.max(parquetJavaMetadata.length, dendriteVariant.metadata().length));
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  // ---------------------------------------------------------------- build

  @Benchmark
  public void buildParquetJava(Blackhole bh, DocumentSizes sizes) {
    Variant v = ParquetJavaVariants.build(document);
    bh.consume(v);
    sizes.encodedBytes = v.getValueBuffer().remaining() + v.getMetadataBuffer().remaining();
    sizes.jsonBytes = jsonBytes;
  }

  @Benchmark
  @Twin("buildParquetJava")
  public void buildDendrite(Blackhole bh, DocumentSizes sizes) {
    EncodedVariant v = EncodedVariant.fromJava(document);
    bh.consume(v);
    sizes.encodedBytes = v.value().length + v.metadata().length;
    sizes.jsonBytes = jsonBytes;
  }

  /**
   * Like {@code buildParquetJava}, alternating between two documents that differ only in their
   * keys, so that no build sees the key set of the build before it. Each dendrite build uses a
   * new encoder now, so this pair no longer differs from {@code build*} by the encoder's reuse
   * of a repeated key set's sorted dictionary; it stays for comparison with earlier runs.
   */
  @Benchmark
  public void buildNewKeysParquetJava(Blackhole bh) {
    bh.consume(ParquetJavaVariants.build(alternating[nextDocument++ & 1]));
  }

  @Benchmark
  @Twin("buildNewKeysParquetJava")
  public void buildNewKeysDendrite(Blackhole bh) {
    bh.consume(EncodedVariant.fromJava(alternating[nextDocument++ & 1]));
  }

  // ---------------------------------------------------------------- serialize

  @Benchmark
  public void serializeParquetJava(Blackhole bh) {
    valueOut.clear();
    valueOut.put(parquetJavaVariant.getValueBuffer().duplicate());
    metadataOut.clear();
    metadataOut.put(parquetJavaVariant.getMetadataBuffer().duplicate());
    bh.consume(valueOut);
    bh.consume(metadataOut);
  }

  @Benchmark
  @Twin("serializeParquetJava")
  public void serializeDendrite(Blackhole bh) {
    valueOut.clear();
    valueOut.put(dendriteVariant.value());
    metadataOut.clear();
    metadataOut.put(dendriteVariant.metadata());
    bh.consume(valueOut);
    bh.consume(metadataOut);
  }

  // ---------------------------------------------------------------- deserialize

  @Benchmark
  public void deserializeParquetJava(Blackhole bh) {
    walk(new Variant(parquetJavaValue, parquetJavaMetadata), bh);
  }

  @Benchmark
  @Twin("deserializeParquetJava")
  public void deserializeDendrite(Blackhole bh) {
    walk(VariantValue.of(parquetJavaMetadata, parquetJavaValue), bh);
  }

  private static void walk(Variant v, Blackhole bh) {
    switch (v.getType()) {
      case OBJECT -> {
        int n = v.numObjectElements();
        for (int i = 0; i < n; i++) {
          Variant.ObjectField f = v.getFieldAtIndex(i);
          bh.consume(f.key);
          walk(f.value, bh);
        }
      }
      case ARRAY -> {
        int n = v.numArrayElements();
        for (int i = 0; i < n; i++) {
          walk(v.getElementAtIndex(i), bh);
        }
      }
      case STRING -> bh.consume(v.getString());
      case BYTE -> bh.consume(v.getByte());
      case SHORT -> bh.consume(v.getShort());
      case INT, DATE -> bh.consume(v.getInt());
      case LONG, TIMESTAMP_TZ, TIMESTAMP_NTZ, TIME, TIMESTAMP_NANOS_TZ, TIMESTAMP_NANOS_NTZ ->
          bh.consume(v.getLong());
      case DOUBLE -> bh.consume(v.getDouble());
      case FLOAT -> bh.consume(v.getFloat());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> bh.consume(v.getDecimal());
      case BOOLEAN -> bh.consume(v.getBoolean());
      case UUID -> bh.consume(v.getUUID());
      case BINARY -> bh.consume(v.getBinary());
      case NULL -> bh.consume(v);
      default -> throw new IllegalStateException("unexpected type " + v.getType());
    }
  }

  /** As the parquet-java walk: fields by index (keys listed once per object), every leaf decoded. */
  private static void walk(VariantValue v, Blackhole bh) {
    switch (v.type()) {
      case OBJECT -> {
        List<String> keys = v.keys();
        for (int i = 0; i < keys.size(); i++) {
          bh.consume(keys.get(i));
          walk(v.fieldAt(i), bh);
        }
      }
      case ARRAY -> {
        int n = v.arraySize();
        for (int i = 0; i < n; i++) {
          walk(v.element(i), bh);
        }
      }
      case STRING -> bh.consume(v.getString());
      case INT8, INT16, INT32, INT64 -> bh.consume(v.getLong());
      case DATE -> bh.consume(v.getDate());
      case TIMESTAMP, TIMESTAMP_NTZ, TIME, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          bh.consume(v.getTimestamp());
      case DOUBLE -> bh.consume(v.getDouble());
      case FLOAT -> bh.consume(v.getFloat());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> bh.consume(v.getDecimal());
      case BOOLEAN -> bh.consume(v.getBoolean());
      case UUID -> bh.consume(v.getUuid());
      case BINARY -> bh.consume(v.getBinary());
      case NULL -> bh.consume(v.pos());
      default -> throw new IllegalStateException("unexpected type at " + v.pos());
    }
  }

  // ---------------------------------------------------------------- JSON

  @Benchmark
  public void fromJsonParquetJava(Blackhole bh) throws IOException {
    bh.consume(VariantJsonParser.parseJson(json));
  }

  @Benchmark
  @Twin("fromJsonParquetJava")
  public void fromJsonDendrite(Blackhole bh) throws JsonProcessingException {
    bh.consume(VariantJson.parse(json));
  }

  /** parquet-java has no variant-to-JSON; Jackson writing the same document from a tree. */
  @Benchmark
  public void toJsonJacksonTree(Blackhole bh) throws JsonProcessingException {
    bh.consume(mapper.writeValueAsString(jsonTree));
  }

  @Benchmark
  @Twin("toJsonJacksonTree")
  public void toJsonDendrite(Blackhole bh) {
    VariantMetadata m = VariantMetadata.parse(dendriteVariant.metadata());
    bh.consume(VariantJson.toJson(m, dendriteVariant.value(), 0));
  }
}
