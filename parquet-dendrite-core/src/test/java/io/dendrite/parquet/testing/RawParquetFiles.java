package io.dendrite.parquet.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes Parquet files cell by cell for hand-made bad-input tests: any schema text (fields in any
 * order, any annotation), any bytes in any binary cell, through parquet-java's example
 * {@link Group} writer, so the bytes land in the file exactly as given. Uncompressed, one row
 * group unless {@code rowGroupSize} says otherwise; page checksums are written (parquet-java's
 * default).
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
    return write(file, schema, 128L * 1024 * 1024, rows);
  }

  /** As {@link #write(Path, String, Function)} with a row-group size in bytes. */
  public static Path write(Path file, String schema, long rowGroupSize,
      Function<SimpleGroupFactory, List<Group>> rows) throws IOException {
    MessageType type = MessageTypeParser.parseMessageType(schema);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration()) // no Hadoop Configuration: fast enough to fuzz
        .withType(type)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withRowGroupSize(rowGroupSize)
        .withDictionaryEncoding(false)
        .build()) {
      for (Group g : rows.apply(new SimpleGroupFactory(type))) {
        w.write(g);
      }
    }
    return file;
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
