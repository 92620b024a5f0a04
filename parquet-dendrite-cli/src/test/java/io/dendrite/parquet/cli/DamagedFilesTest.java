package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Invalid values and damaged pages: one line naming the file, exit 1, nothing else leaked. */
class DamagedFilesTest {
  static final String SECRET = "SECRET-OF-ROW-1";

  @TempDir
  Path dir;

  @Test
  void aValueLongerThanItsBytesFailsWithoutPrintingTheNextRow() throws Exception {
    // Row 0's value: a string (type 16) whose header claims 40 bytes, followed by only 5; in
    // the page, row 1's value (the secret, a short string) comes right after.
    Path file = unshreddedFile(dir.resolve("overlong.parquet"),
        bytes("40 28 00 00 00", "abcd0"), bytes("3d", SECRET));
    for (String[] args : new String[][] {
        {"cat", file.toString()},
        {"cat", file.toString(), "--select", "v"},
        {"cat", file.toString(), "--select", "id,v.a", "--format", "table"}}) {
      Cli.Result r = Cli.run(args);
      String line = r.failed(1);
      assertTrue(line.startsWith("dendrite: " + file
          + ": row group 0, row 1, column v: invalid value: "), line);
      assertFalse(r.out().contains(SECRET) || r.err().contains(SECRET), r.out() + r.err());
    }
  }

  @Test
  void aDamagedPageFailsInOneLineNamingTheFile() throws Exception {
    Path file = Fixtures.write(dir.resolve("damaged.parquet"));
    byte[] bytes = Files.readAllBytes(file);
    long payload = firstPagePayload(file, "payload.value");
    bytes[(int) payload + 2] ^= 0x5a;
    Files.write(file, bytes);

    String cat = Cli.run("cat", file.toString()).failed(1);
    String at = "dendrite: " + file + ": row group 0, row 1, column payload.value: ";
    assertTrue(cat.startsWith(at) && cat.contains("CRC checksum verification failed"), cat);
    String inspect = Cli.run("inspect", file.toString()).failed(1);
    assertTrue(inspect.startsWith(at) && inspect.contains("CRC checksum verification failed"),
        inspect);
    // The footer is intact: the schema still prints.
    Cli.run("schema", file.toString()).ok();
  }

  /** File offset of the bytes after the first page header of {@code column}'s chunk. */
  private static long firstPagePayload(Path file, String column) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        if (c.getPath().toDotString().equals(column)) {
          int start = (int) c.getStartingPos();
          ByteArrayInputStream in = new ByteArrayInputStream(bytes, start, bytes.length - start);
          PageHeader header = Util.readPageHeader(in);
          assertTrue(header.getCompressed_page_size() > 4, header.toString());
          return bytes.length - in.available();
        }
      }
    }
    throw new AssertionError("no column " + column);
  }

  /** An unshredded VARIANT column {@code v} holding these values (empty metadata). */
  private static Path unshreddedFile(Path file, byte[]... values) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 id;"
        + " optional group v (VARIANT(1)) { required binary metadata; required binary value; } }");
    SimpleGroupFactory rows = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withDictionaryEncoding(false).build()) {
      for (int i = 0; i < values.length; i++) {
        Group row = rows.newGroup().append("id", (long) i);
        row.addGroup("v").append("metadata", Binary.fromConstantByteArray(bytes("01 00 00", "")))
            .append("value", Binary.fromConstantByteArray(values[i]));
        w.write(row);
      }
    }
    return file;
  }

  /** Hex bytes followed by UTF-8 text. */
  private static byte[] bytes(String hex, String text) {
    String h = hex.replace(" ", "");
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[h.length() / 2 + t.length];
    for (int i = 0; i < h.length() / 2; i++) {
      out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    System.arraycopy(t, 0, out, h.length() / 2, t.length);
    return out;
  }
}
