package io.dendrite.parquet.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.bench.baseline.ParquetJavaVariants;
import io.dendrite.parquet.bench.data.VariantDocuments;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 *       a new {@code VariantBuilder} per document; parquet-dendrite reuses one
 *       {@code VariantEncoder} ({@code reset()}), as its API intends. Both walk the values with
 *       the same loop; {@code buildDendriteVariantJava} uses the library's own converter. The
 *       same keys every time let the encoder reuse the previous dictionary order, as it does for
 *       rows of a file; {@code buildNewKeys*} alternate two key sets so it never can.
 *   <li>{@code serialize*}: copy a finished variant into two reused output buffers (value,
 *       metadata), what a writer does when handing them to Parquet. A memcpy for both; it is
 *       here so that a regression (re-encoding on access) would show.
 *   <li>{@code deserialize*}: from the two byte arrays (the same bytes for both, built by
 *       parquet-java), visit every field recursively and decode every key and leaf to a Java
 *       value (String, long, BigDecimal, UUID, ...).
 *   <li>{@code fromJson*}: JSON text to a finished variant; parquet-java's
 *       {@code VariantJsonParser.parseJson(String)}.
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
  private VariantEncoder encoder;
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
    encoder = new VariantEncoder();
    encoder.reset();
    DendriteVariants.append(encoder, document);
    dendriteVariant = encoder.finish();
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
    encoder.reset();
    DendriteVariants.append(encoder, document);
    EncodedVariant v = encoder.finish();
    bh.consume(v);
    sizes.encodedBytes = v.value().length + v.metadata().length;
    sizes.jsonBytes = jsonBytes;
  }

  /** The library's own Java-to-variant converter ({@code VariantJava.write}). */
  @Benchmark
  @Twin("buildParquetJava")
  public void buildDendriteVariantJava(Blackhole bh) {
    encoder.reset();
    VariantJava.write(document, encoder);
    bh.consume(encoder.finish());
  }

  /**
   * Like {@code buildParquetJava}, alternating between two documents that differ only in their
   * keys, so that no build sees the key set of the build before it. parquet-dendrite's encoder
   * reuses the sorted dictionary of a repeated key set (the common case when writing rows), which
   * {@code buildDendrite} always hits; this pair measures the encoder without that shortcut.
   */
  @Benchmark
  public void buildNewKeysParquetJava(Blackhole bh) {
    bh.consume(ParquetJavaVariants.build(alternating[nextDocument++ & 1]));
  }

  @Benchmark
  @Twin("buildNewKeysParquetJava")
  public void buildNewKeysDendrite(Blackhole bh) {
    encoder.reset();
    DendriteVariants.append(encoder, alternating[nextDocument++ & 1]);
    bh.consume(encoder.finish());
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
    walk(VariantMetadata.parse(parquetJavaMetadata), parquetJavaValue, 0, bh);
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

  private static void walk(VariantMetadata m, byte[] v, int pos, Blackhole bh) {
    switch (VariantBinary.type(v, pos)) {
      case OBJECT -> {
        int n = VariantObjects.size(v, pos);
        for (int i = 0; i < n; i++) {
          bh.consume(VariantObjects.fieldKey(m, v, pos, i));
          walk(m, v, VariantObjects.fieldValuePos(v, pos, i), bh);
        }
      }
      case ARRAY -> {
        int n = VariantArrays.size(v, pos);
        for (int i = 0; i < n; i++) {
          walk(m, v, VariantArrays.elementPos(v, pos, i), bh);
        }
      }
      case STRING -> bh.consume(VariantBinary.getString(v, pos));
      case INT8, INT16, INT32, INT64 -> bh.consume(VariantBinary.getLong(v, pos));
      case DATE -> bh.consume(VariantBinary.getDate(v, pos));
      case TIMESTAMP, TIMESTAMP_NTZ, TIME, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          bh.consume(VariantBinary.getTimestamp(v, pos));
      case DOUBLE -> bh.consume(VariantBinary.getDouble(v, pos));
      case FLOAT -> bh.consume(VariantBinary.getFloat(v, pos));
      case DECIMAL4, DECIMAL8, DECIMAL16 -> bh.consume(VariantBinary.getDecimal(v, pos));
      case BOOLEAN -> bh.consume(VariantBinary.getBoolean(v, pos));
      case UUID -> bh.consume(VariantBinary.getUuid(v, pos));
      case BINARY -> bh.consume(VariantBinary.getBinary(v, pos));
      case NULL -> bh.consume(pos);
      default -> throw new IllegalStateException("unexpected type at " + pos);
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
    encoder.reset();
    JsonToVariant.parse(json, encoder);
    bh.consume(encoder.finish());
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
