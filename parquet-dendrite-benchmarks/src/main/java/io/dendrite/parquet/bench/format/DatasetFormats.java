package io.dendrite.parquet.bench.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Every format of the dataset suite, by name: parquet-dendrite's three layouts, parquet-avro
 * on the typed file, the row formats (JSON, Smile, Avro binary, protobuf, Fory, each with gzip,
 * lz4 and zstd), Avro's container file with snappy, and the {@code -par} variant of each.
 */
public final class DatasetFormats {
  /** Suffix of the parallel variant of a format. */
  public static final String PARALLEL_SUFFIX = "-par";
  /** Overrides the thread count of {@code -par} formats (default: the processors, at least 2). */
  public static final String THREADS_PROPERTY = "dendrite.bench.threads";
  /** The row formats' codecs by name ({@link RecordCodec#name()}), in report order. */
  private static final List<String> CODECS = List.of("json", "smile", "avro", "protobuf", "fory");

  private DatasetFormats() {}

  /** Threads of the {@code -par} formats. */
  public static int threads() {
    String p = System.getProperty(THREADS_PROPERTY);
    return p != null ? Integer.parseInt(p)
        : Math.max(2, Runtime.getRuntime().availableProcessors());
  }

  /** The serial formats, in the order the report lists them. */
  public static List<String> serialNames() {
    List<String> names = new ArrayList<>();
    for (DendriteFormat.Layout l : DendriteFormat.Layout.values()) {
      names.add(l.formatName);
    }
    names.add("parquet-avro");
    for (String c : CODECS) {
      for (Compression z : Compression.values()) {
        names.add(c + "-" + z.suffix());
      }
    }
    names.add("avro-snappy");
    return names;
  }

  /** Every format: each serial one and its {@code -par} variant. */
  public static List<String> allNames() {
    List<String> names = new ArrayList<>();
    for (String n : serialNames()) {
      names.add(n);
      names.add(n + PARALLEL_SUFFIX);
    }
    return names;
  }

  /** The codec called {@code name}; only that one is made, so no other codec's class loads. */
  private static RecordCodec codec(String name) {
    return switch (name) {
      case "json" -> JacksonCodec.json();
      case "smile" -> JacksonCodec.smile();
      case "avro" -> new AvroCodec();
      case "protobuf" -> new ProtobufCodec();
      case "fory" -> new ForyCodec();
      default -> throw new IllegalArgumentException("unknown codec " + name);
    };
  }

  /** The format called {@code name}, e.g. {@code dendrite}, {@code smile-lz4-par}. */
  public static DatasetFormat named(String name) {
    boolean parallel = name.endsWith(PARALLEL_SUFFIX);
    String base = parallel ? name.substring(0, name.length() - PARALLEL_SUFFIX.length()) : name;
    int threads = parallel ? threads() : 1;
    for (DendriteFormat.Layout l : DendriteFormat.Layout.values()) {
      if (l.formatName.equals(base)) {
        return new DendriteFormat(l, threads);
      }
    }
    if (base.equals("parquet-avro")) {
      return new ParquetAvroFormat(threads);
    }
    if (base.equals("avro-snappy")) {
      return new AvroContainerFormat(threads);
    }
    for (String c : CODECS) {
      for (Compression z : Compression.values()) {
        if (base.equals(c + "-" + z.suffix())) {
          return new RowFormat(codec(c), z, threads);
        }
      }
    }
    throw new IllegalArgumentException("unknown format '" + name + "', expected one of "
        + allNames());
  }
}
