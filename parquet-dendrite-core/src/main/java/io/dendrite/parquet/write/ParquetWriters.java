package io.dendrite.parquet.write;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.internal.plan.LeafColumns;
import io.dendrite.parquet.write.internal.column.ChunkOptions;
import io.dendrite.parquet.write.internal.column.ColumnFileWriter;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/** Glue to parquet-java's writer and footer reader. */
final class ParquetWriters {
  private ParquetWriters() {}

  /**
   * The system property choosing the write engine (internal): {@code dendrite} (the default),
   * our own column writing ({@link ColumnFileWriter}), or {@code parquet-java}, parquet-java's
   * record consumer and column writers, kept to compare with and to fall back on.
   */
  static final String ENGINE_PROPERTY = "dendrite.write.engine";

  /**
   * Where the rows of a file with {@code support}'s schema go, by the engine
   * {@link #ENGINE_PROPERTY} names. Options naming paths (bloom filters, encodings, codecs)
   * apply to the leaf column of each path ({@link LeafColumns}).
   */
  static RowSink create(OutputTarget target, RowWriteSupport support, WriterOptions options)
      throws IOException {
    MessageType schema = support.schema();
    if (ourEngine()) {
      WriteSupport.WriteContext context = support.init(new PlainParquetConfiguration());
      Map<String, ChunkOptions> columns = chunkOptions(schema, options);
      ColumnFileWriter file = ColumnFileWriter.create(target.temporaryFile(),
          FooterKeys.createdBy(), schema,
          context.getExtraMetaData(), columns::get, configuration(target), options.rowGroupSize(),
          options.rowGroupRows(), options.parallelism());
      return new ColumnRowSink(support, file);
    }
    return new ParquetJavaRowSink(parquetJava(target, support, options, schema));
  }

  private static boolean ourEngine() {
    String engine = System.getProperty(ENGINE_PROPERTY, "dendrite");
    switch (engine) {
      case "parquet-java":
        return false;
      case "dendrite":
        return true;
      default:
        throw new IllegalArgumentException("system property " + ENGINE_PROPERTY + "='"
            + engine + "': expected parquet-java or dendrite");
    }
  }

  /**
   * The Parquet settings the writing reads (the zstd level), from the job's Hadoop configuration
   * when the writer was given one: copied here, once, so that no encoding thread reads a Hadoop
   * Configuration (a first read parses Hadoop's XML resources), and none is made when the writer
   * was given none.
   */
  static ParquetConfiguration configuration(OutputTarget target) {
    PlainParquetConfiguration c = new PlainParquetConfiguration();
    Configuration job = target.jobConfiguration();
    String level = job == null ? null : job.get(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL);
    if (level != null) {
      c.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, level);
    }
    return c;
  }

  /** Each leaf column's options, by its dotted path, as parquet-java's builder gets them below. */
  private static Map<String, ChunkOptions> chunkOptions(MessageType schema,
      WriterOptions options) {
    ColumnEncodings encodings = options.encodings();
    Set<String> bloom = new HashSet<>(LeafColumns.of(schema, options.bloomFilterPaths()));
    Set<String> noDictionary = new HashSet<>(LeafColumns.of(schema, encodings.noDictionary()));
    Set<String> byteStreamSplit =
        new HashSet<>(LeafColumns.of(schema, encodings.byteStreamSplit()));
    Map<String, CompressionCodecName> codecs = columnCodecs(schema, encodings);
    Map<String, ChunkOptions> out = new HashMap<>();
    for (org.apache.parquet.column.ColumnDescriptor c : schema.getColumns()) {
      String column = String.join(".", c.getPath());
      boolean split = byteStreamSplit.contains(column);
      out.put(column, new ChunkOptions(
          codecs.getOrDefault(column, options.codec().parquetName()),
          !split && !noDictionary.contains(column), split, bloom.contains(column),
          options.pageSize(), options.pageRows(), encodings.pageVersion(),
          encodings.choice() == DendriteWriter.Encodings.AUTO));
    }
    return out;
  }

  /** The leaf columns compressed with another codec than the file's; a later path wins. */
  private static Map<String, CompressionCodecName> columnCodecs(MessageType schema,
      ColumnEncodings encodings) {
    Map<String, CompressionCodecName> codecs = new HashMap<>();
    for (Map.Entry<String, Codec> e : encodings.codecs().entrySet()) {
      for (String column : columnsBelow(schema, e.getKey())) {
        codecs.put(column, e.getValue().parquetName());
      }
    }
    return codecs;
  }

  /** parquet-java's writer of a file with schema {@code schema}. */
  private static ParquetWriter<Object[]> parquetJava(OutputTarget target,
      WriteSupport<Object[]> support, WriterOptions options, MessageType schema)
      throws IOException {
    ColumnEncodings encodings = options.encodings();
    RowParquetBuilder b = new RowParquetBuilder(target.temporaryFile(), support)
        .withCompressionCodec(options.codec().parquetName())
        .withRowGroupSize(options.rowGroupSize())
        .withRowGroupRowCountLimit(options.rowGroupRows())
        .withPageSize(options.pageSize())
        .withPageRowCountLimit(options.pageRows())
        // parquet-java checks page sizes every 100..10,000 rows: check at least every
        // pageRows rows, so a smaller limit is kept (defaults unchanged at 20,000).
        .withMinRowCountForPageSizeCheck(Math.min(100, options.pageRows()))
        .withMaxRowCountForPageSizeCheck(Math.min(10_000, options.pageRows()))
        .withDictionaryEncoding(true)
        .withWriterVersion(encodings.pageVersion() == 2 ? WriterVersion.PARQUET_2_0
            : WriterVersion.PARQUET_1_0)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE);
    for (String column : LeafColumns.of(schema, options.bloomFilterPaths())) {
      b = b.withBloomFilterEnabled(column, true);
    }
    for (String column : LeafColumns.of(schema, encodings.noDictionary())) {
      b = b.withDictionaryEncoding(column, false);
    }
    for (Map.Entry<String, CompressionCodecName> e : columnCodecs(schema, encodings).entrySet()) {
      b = b.withCompressionCodec(e.getKey(), e.getValue());
    }
    for (String column : LeafColumns.of(schema, encodings.byteStreamSplit())) {
      // parquet-java uses BYTE_STREAM_SPLIT only where it falls back from a dictionary.
      b = b.withByteStreamSplitEncoding(column, true).withDictionaryEncoding(column, false);
    }
    if (target instanceof LocalOutputTarget) {
      b = b.withConf(configuration(target));
    }
    return b.build();
  }

  /**
   * The leaf columns a codec option's path compresses: a column or a shredded variant path as
   * {@link LeafColumns} resolves it, else every leaf below the group the path's field names
   * lead to (a struct, a list, a whole VARIANT column); none when it names nothing.
   */
  static java.util.List<String> columnsBelow(MessageType schema, String path) {
    java.util.List<String> leaf = LeafColumns.of(schema, java.util.List.of(path));
    if (!leaf.isEmpty()) {
      return leaf;
    }
    // The path grammar's names (quoted names may hold dots), not the text split at dots.
    java.util.List<SelectionPath.Segment> segments = SelectionPath.parse(path).segments();
    String[] names = segments.stream().map(SelectionPath.Segment::name).toArray(String[]::new);
    java.util.List<String> out = new java.util.ArrayList<>();
    if (java.util.Arrays.asList(names).contains(null)) {
      return out; // an index names no group of the file schema
    }
    for (org.apache.parquet.column.ColumnDescriptor c : schema.getColumns()) {
      String[] p = c.getPath();
      if (p.length > names.length
          && java.util.Arrays.equals(p, 0, names.length, names, 0, names.length)) {
        out.add(String.join(".", p));
      }
    }
    return out;
  }

  static MessageType footerSchema(java.nio.file.Path file) throws IOException {
    return footerSchema(new LocalInputFile(file));
  }

  static MessageType footerSchema(org.apache.hadoop.fs.Path file, Configuration conf)
      throws IOException {
    return footerSchema(HadoopInputFile.fromPath(file, conf == null ? new Configuration() : conf));
  }

  private static MessageType footerSchema(InputFile file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(file)) {
      return reader.getFooter().getFileMetaData().getSchema();
    }
  }

  private static final class RowParquetBuilder
      extends ParquetWriter.Builder<Object[], RowParquetBuilder> {
    private final WriteSupport<Object[]> support;

    RowParquetBuilder(OutputFile file, WriteSupport<Object[]> support) {
      super(file);
      this.support = support;
    }

    @Override
    protected RowParquetBuilder self() {
      return this;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }
}
