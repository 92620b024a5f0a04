package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page version, per-path encodings and codecs: the file says it used them, and reads the same.
 */
class ColumnEncodingsTest {
  private static final String SCHEMA = "id int64, score double, name string, payload variant";
  private static final String SHREDDING = "payload: {n: int64, x: double}";
  private static final int ROWS = 5000;

  @TempDir
  Path dir;

  @Test
  void pageVersionTwoAndPathEncodingsAreWrittenAndReadBack() throws IOException {
    Path tuned = write("tuned.parquet", b -> b.pageVersion(2).noDictionary("id", "name",
        "payload.n").byteStreamSplit("score", "payload.x"));
    Path plain = write("plain.parquet", b -> b);

    Map<String, Set<Encoding>> encodings = encodings(tuned);
    assertTrue(encodings.get("id").contains(Encoding.DELTA_BINARY_PACKED), encodings.toString());
    assertTrue(encodings.get("name").contains(Encoding.DELTA_BYTE_ARRAY), encodings.toString());
    assertTrue(encodings.get("payload.typed_value.n.typed_value")
        .contains(Encoding.DELTA_BINARY_PACKED), encodings.toString());
    assertTrue(encodings.get("score").contains(Encoding.BYTE_STREAM_SPLIT), encodings.toString());
    assertTrue(encodings.get("payload.typed_value.x.typed_value")
        .contains(Encoding.BYTE_STREAM_SPLIT), encodings.toString());
    for (String c : List.of("id", "name", "score")) {
      assertFalse(encodings.get(c).contains(Encoding.RLE_DICTIONARY), c + ": " + encodings);
    }
    assertTrue(allDataPagesAreV2(tuned));
    // The defaults: v1 pages, a dictionary tried and given up for unique values, then PLAIN.
    Map<String, Set<Encoding>> defaults = encodings(plain);
    assertTrue(defaults.get("id").contains(Encoding.PLAIN), defaults.toString());
    assertFalse(defaults.get("id").contains(Encoding.DELTA_BINARY_PACKED), defaults.toString());
    assertFalse(defaults.get("score").contains(Encoding.BYTE_STREAM_SPLIT), defaults.toString());
    assertFalse(allDataPagesAreV2(plain));
    assertTrue(Files.size(tuned) < Files.size(plain),
        Files.size(tuned) + " vs " + Files.size(plain));

    assertEquals(rows(plain), rows(tuned));
    assertEquals(ROWS, rows(tuned).size());
    assertEquals(parquetJavaRows(plain), parquetJavaRows(tuned));
  }

  @Test
  void pathCodecsCompressTheirColumnsAndReadBack() throws IOException {
    // A column, a shredded variant path, and a whole VARIANT column's group (all its leaves).
    Path mixed = write("mixed.parquet", b -> b.codec(Codec.ZSTD).codec(Codec.LZ4_RAW, "name",
        "payload.x").codec(Codec.NONE, "score"));
    Path lz4 = write("lz4.parquet", b -> b.codec(Codec.LZ4_RAW));
    Path grouped = write("grouped.parquet", b -> b.codec(Codec.ZSTD).codec(Codec.LZ4_RAW,
        "payload"));
    Path plain = write("plain.parquet", b -> b);

    Map<String, CompressionCodecName> codecs = codecs(mixed);
    assertEquals(CompressionCodecName.LZ4_RAW, codecs.get("name"), codecs.toString());
    assertEquals(CompressionCodecName.LZ4_RAW, codecs.get("payload.typed_value.x.typed_value"),
        codecs.toString());
    assertEquals(CompressionCodecName.UNCOMPRESSED, codecs.get("score"), codecs.toString());
    assertEquals(CompressionCodecName.ZSTD, codecs.get("id"), codecs.toString());
    assertEquals(CompressionCodecName.ZSTD, codecs.get("payload.typed_value.n.typed_value"),
        codecs.toString());
    Map<String, CompressionCodecName> byGroup = codecs(grouped);
    byGroup.forEach((column, codec) -> assertEquals(column.startsWith("payload.")
        ? CompressionCodecName.LZ4_RAW : CompressionCodecName.ZSTD, codec, column));
    assertTrue(codecs(lz4).values().stream().allMatch(c -> c == CompressionCodecName.LZ4_RAW),
        codecs(lz4).toString());

    for (Path file : List.of(mixed, lz4, grouped)) {
      assertEquals(rows(plain), rows(file), file.toString());
      assertEquals(parquetJavaRows(plain), parquetJavaRows(file), file.toString());
    }
  }

  private static Map<String, CompressionCodecName> codecs(Path file) throws IOException {
    Map<String, CompressionCodecName> out = new HashMap<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        out.put(c.getPath().toDotString(), c.getCodec());
      }
    }
    return out;
  }

  @Test
  void onlyPageVersionsOneAndTwo() {
    DendriteWriter.Builder b = DendriteWriter.builder(dir.resolve("x.parquet")).schema(SCHEMA);
    assertThrows(IllegalArgumentException.class, () -> b.pageVersion(3));
    assertThrows(IllegalArgumentException.class, () -> b.noDictionary("a..b"));
    assertThrows(IllegalArgumentException.class, () -> b.codec(Codec.LZ4_RAW, "a..b"));
  }

  private interface Options {
    DendriteWriter.Builder apply(DendriteWriter.Builder b);
  }

  private Path write(String name, Options options) throws IOException {
    Path file = dir.resolve(name);
    try (DendriteWriter w = options.apply(DendriteWriter.builder(file).schema(SCHEMA)
        .shredding(SHREDDING).pageRows(1000)).build()) {
      for (int i = 0; i < ROWS; i++) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("n", 1_000_000L + i);
        payload.put("x", i * 0.25);
        if (i % 7 == 0) {
          payload.put("tag", "t" + i); // a residual field beside the shredded ones
        }
        Map<String, Object> row = new HashMap<>();
        row.put("id", (long) i);
        row.put("score", Math.sqrt(i));
        row.put("name", "name-" + i);
        row.put("payload", payload);
        w.write(row);
      }
    }
    return file;
  }

  private static Map<String, Set<Encoding>> encodings(Path file) throws IOException {
    Map<String, Set<Encoding>> out = new HashMap<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        out.put(c.getPath().toDotString(), c.getEncodings());
      }
    }
    return out;
  }

  private static boolean allDataPagesAreV2(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      PageReadStore pages = r.readNextRowGroup();
      int seen = 0;
      for (ColumnDescriptor c : r.getFooter().getFileMetaData().getSchema().getColumns()) {
        DataPage page;
        var reader = pages.getPageReader(c);
        while ((page = reader.readPage()) != null) {
          seen++;
          if (!(page instanceof DataPageV2)) {
            return false;
          }
        }
      }
      return seen > 0;
    }
  }

  private static List<String> rows(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        out.add(row.toMap().toString());
      }
    }
    return out;
  }

  /** parquet-java's own reader: the physical values, whatever the encodings. */
  private static List<String> parquetJavaRows(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).build()) {
      Group g;
      while ((g = r.read()) != null) {
        out.add(g.toString());
      }
    }
    return out;
  }
}
