package io.dendrite.parquet.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;

/**
 * Writes Parquet files cell by cell for hand-made bad-input tests and differential tests: any
 * schema (fields in any order, any annotation), any bytes in any binary cell, through
 * parquet-java's example {@link Group} writer, so the bytes land in the file exactly as given;
 * or copies a file's rows into another schema or other writer options ({@link #rewrite}).
 * Uncompressed, one row group, no dictionary, v1 pages, page checksums written (parquet-java's
 * default), unless {@link Options} say otherwise.
 */
public final class RawParquetFiles {
  private RawParquetFiles() {}

  /**
   * Writes {@code rows(factory)} to {@code file} with the given schema.
   *
   * @param file where to write (replaced if present)
   * @param schema a Parquet message type in parquet-java's text form, e.g.
   *     {@code message m { required int64 id; optional group v (VARIANT(1)) {
   *     required binary metadata; optional binary value; } }}
   * @param rows builds the rows from a group factory for that schema
   * @return the file
   */
  public static Path write(Path file, String schema, Function<SimpleGroupFactory, List<Group>> rows)
      throws IOException {
    return write(file, schema, Options.DEFAULTS, rows);
  }

  /** As {@link #write(Path, String, Function)} with a row-group size in bytes. */
  public static Path write(Path file, String schema, long rowGroupSize,
      Function<SimpleGroupFactory, List<Group>> rows) throws IOException {
    return write(file, schema, Options.DEFAULTS.rowGroupSize(rowGroupSize), rows);
  }

  /** As {@link #write(Path, String, Function)} with other writer options. */
  public static Path write(Path file, String schema, Options options,
      Function<SimpleGroupFactory, List<Group>> rows) throws IOException {
    return write(file, MessageTypeParser.parseMessageType(schema), options, rows);
  }

  /**
   * As {@link #write(Path, String, Options, Function)} with the schema as a {@link MessageType}
   * (for names the text form cannot carry, such as names with spaces).
   */
  public static Path write(Path file, MessageType type, Options options,
      Function<SimpleGroupFactory, List<Group>> rows) throws IOException {
    try (ParquetWriter<Group> w = writer(file, type, options)) {
      for (Group g : rows.apply(new SimpleGroupFactory(type))) {
        w.write(g);
      }
    }
    return file;
  }

  /**
   * Copies every row of {@code source} into {@code target} with {@code schema}, cell by cell
   * and by field name, so the schema may list a group's fields in another order (or use other
   * writer options) and hold the same data.
   */
  public static Path rewrite(Path source, Path target, MessageType schema, Options options)
      throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    try (ParquetReader<Group> r = groupReader(source);
        ParquetWriter<Group> w = writer(target, schema, options)) {
      Group row;
      while ((row = r.read()) != null) {
        Group copy = factory.newGroup();
        copyByName(row, copy);
        w.write(copy);
      }
    }
    return target;
  }

  /**
   * parquet-java's example Group reader of a local file (its own record assembly), without a
   * Hadoop Configuration.
   */
  public static ParquetReader<Group> groupReader(Path file) throws IOException {
    return new GroupReader(new LocalInputFile(file)).build();
  }

  private static final class GroupReader extends ParquetReader.Builder<Group> {
    GroupReader(InputFile file) {
      super(file, new PlainParquetConfiguration());
    }

    @Override
    protected ReadSupport<Group> getReadSupport() {
      return new GroupReadSupport();
    }
  }

  private static void copyByName(Group from, Group to) {
    for (Type f : to.getType().getFields()) {
      String name = f.getName();
      for (int i = 0; i < from.getFieldRepetitionCount(name); i++) {
        if (!f.isPrimitive()) {
          copyByName(from.getGroup(name, i), to.addGroup(name));
          continue;
        }
        switch (f.asPrimitiveType().getPrimitiveTypeName()) {
          case BOOLEAN: to.add(name, from.getBoolean(name, i)); break;
          case INT32: to.add(name, from.getInteger(name, i)); break;
          case INT64: to.add(name, from.getLong(name, i)); break;
          case FLOAT: to.add(name, from.getFloat(name, i)); break;
          case DOUBLE: to.add(name, from.getDouble(name, i)); break;
          case INT96: to.add(name, from.getInt96(name, i)); break;
          default: to.add(name, from.getBinary(name, i)); break;
        }
      }
    }
  }

  private static ParquetWriter<Group> writer(Path file, MessageType type, Options options)
      throws IOException {
    return ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration()) // no Hadoop Configuration: fast enough to fuzz
        .withType(type)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(options.codec())
        .withRowGroupSize(options.rowGroupSize())
        .withRowGroupRowCountLimit(options.rowGroupRows())
        .withPageSize(options.pageSize())
        .withPageRowCountLimit(options.pageRows())
        .withDictionaryEncoding(options.dictionary())
        .withDictionaryPageSize(options.dictionaryPageSize())
        .withWriterVersion(
            options.v2Pages() ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0)
        .withByteStreamSplitEncoding(options.byteStreamSplit())
        .withPageWriteChecksumEnabled(options.pageChecksums())
        .build();
  }

  /**
   * Writer options: codec (default uncompressed), row-group size in bytes (128 MiB) and in rows
   * (unlimited), page size in bytes (1 MiB) and in rows (20,000), dictionary encoding (off, so
   * values lie in the page one after another) and its largest page (1 MiB), data page v2 (off:
   * v1 pages), byte-stream-split for FLOAT and DOUBLE columns (off) and page checksums (on).
   *
   * <p>What parquet-java 1.18.1 then writes: v1 pages use PLAIN (RLE for booleans), or
   * PLAIN_DICTIONARY with a dictionary; v2 pages without a dictionary use DELTA_BINARY_PACKED
   * for INT32/INT64, DELTA_BYTE_ARRAY for BINARY and FIXED_LEN_BYTE_ARRAY, RLE for BOOLEAN and
   * PLAIN for FLOAT/DOUBLE/INT96, and RLE_DICTIONARY with a dictionary (falling back to those
   * when the dictionary grows too large); byte-stream-split replaces PLAIN for FLOAT/DOUBLE.
   */
  public record Options(CompressionCodecName codec, long rowGroupSize, boolean dictionary,
      boolean pageChecksums, int rowGroupRows, int pageSize, int pageRows, boolean v2Pages,
      boolean byteStreamSplit, int dictionaryPageSize) {
    public static final Options DEFAULTS = new Options(CompressionCodecName.UNCOMPRESSED,
        128L * 1024 * 1024, false, true, Integer.MAX_VALUE, 1024 * 1024, 20_000, false, false,
        1024 * 1024);

    public Options codec(CompressionCodecName c) {
      return new Options(c, rowGroupSize, dictionary, pageChecksums, rowGroupRows, pageSize,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    public Options rowGroupSize(long bytes) {
      return new Options(codec, bytes, dictionary, pageChecksums, rowGroupRows, pageSize,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    public Options dictionary(boolean on) {
      return new Options(codec, rowGroupSize, on, pageChecksums, rowGroupRows, pageSize,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    public Options pageChecksums(boolean on) {
      return new Options(codec, rowGroupSize, dictionary, on, rowGroupRows, pageSize,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    /** At most this many rows per row group. */
    public Options rowGroupRows(int rows) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rows, pageSize,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    /** Target page size in bytes. */
    public Options pageSize(int bytes) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rowGroupRows, bytes,
          pageRows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    /** At most this many rows per page. */
    public Options pageRows(int rows) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rowGroupRows, pageSize,
          rows, v2Pages, byteStreamSplit, dictionaryPageSize);
    }

    /** Data pages v2 (parquet-java's PARQUET_2_0 writer version) instead of v1. */
    public Options v2Pages(boolean on) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rowGroupRows, pageSize,
          pageRows, on, byteStreamSplit, dictionaryPageSize);
    }

    /** BYTE_STREAM_SPLIT for FLOAT and DOUBLE columns. */
    public Options byteStreamSplit(boolean on) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rowGroupRows, pageSize,
          pageRows, v2Pages, on, dictionaryPageSize);
    }

    /**
     * Largest dictionary page in bytes: past it a column chunk falls back from dictionary to
     * plain (or delta) encoding for its remaining pages.
     */
    public Options dictionaryPageSize(int bytes) {
      return new Options(codec, rowGroupSize, dictionary, pageChecksums, rowGroupRows, pageSize,
          pageRows, v2Pages, byteStreamSplit, bytes);
    }
  }

  /** A binary cell holding exactly these bytes. */
  public static Binary bytes(byte[] b) {
    return Binary.fromConstantByteArray(b);
  }

  /** Bytes from hex text ("01 00 00" or "010000"), for readable hand-made values. */
  public static byte[] hex(String text) {
    String s = text.replace(" ", "");
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
