package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.ParquetJavaRows;
import io.dendrite.parquet.testing.ParquetPages;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by {@link ColumnFileWriter} alone, read by parquet-java: values, pages cut by
 * rows, row groups cut by rows, column and offset indexes, dictionaries and their fallback,
 * bloom filters and page CRCs, each against what the options ask for.
 */
class ColumnFileWriterTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m { required int64 id; optional binary s (STRING); }");

  @TempDir
  Path dir;

  /** Writes rows {@code id = i, s = string(i)} (null when it returns null). */
  private Path write(String name, int rows, IntFunction<String> string, int pageSize,
      int pageRows, int rowGroupRows) throws IOException {
    return write(name, rows, string, pageSize, pageRows, rowGroupRows, 1);
  }

  private Path write(String name, int rows, IntFunction<String> string, int pageSize,
      int pageRows, int rowGroupRows, int pageVersion) throws IOException {
    Path file = dir.resolve(name);
    try (ColumnFileWriter w = ColumnFileWriter.create(new LocalOutputFile(file), "test version 1",
        SCHEMA,
        Map.of("k", "v"), column -> new ChunkOptions(CompressionCodecName.SNAPPY, true, false,
            column.equals("s"), pageSize, pageRows, pageVersion),
        new PlainParquetConfiguration(), Long.MAX_VALUE, rowGroupRows, 1)) {
      RecordConsumer rc = w.recordConsumer();
      for (int i = 0; i < rows; i++) {
        rc.startMessage();
        rc.startField("id", 0);
        rc.addLong(i);
        rc.endField("id", 0);
        String s = string.apply(i);
        if (s != null) {
          rc.startField("s", 1);
          rc.addBinary(Binary.fromString(s));
          rc.endField("s", 1);
        }
        rc.endMessage();
        w.endRow();
      }
    }
    return file;
  }

  @Test
  void pagesHoldPageRowsRowsAndTheIndexesSaySo() throws IOException {
    IntFunction<String> s = i -> i % 10 == 0 ? null : "v" + (i % 3);
    Path file = write("pages.parquet", 1000, s, 1 << 20, 100, Integer.MAX_VALUE);
    List<Map<String, Object>> rows = ParquetJavaRows.read(file);
    assertEquals(1000, rows.size());
    for (int i = 0; i < 1000; i++) {
      assertEquals((long) i, rows.get(i).get("id"), "row " + i);
      assertEquals(s.apply(i), rows.get(i).get("s"), "row " + i);
    }
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      assertEquals("v", r.getFooter().getFileMetaData().getKeyValueMetaData().get("k"));
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      assertEquals(1, blocks.size());
      ColumnChunkMetaData id = blocks.get(0).getColumns().get(0);
      ColumnChunkMetaData str = blocks.get(0).getColumns().get(1);
      OffsetIndex offsets = r.readOffsetIndex(id);
      ColumnIndex index = r.readColumnIndex(id);
      assertEquals(10, offsets.getPageCount());
      for (int p = 0; p < 10; p++) {
        assertEquals(100L * p, offsets.getFirstRowIndex(p));
        assertEquals(100L * p, longOf(index.getMinValues().get(p)));
        assertEquals(100L * p + 99, longOf(index.getMaxValues().get(p)));
      }
      assertEquals(0L, longOf(id.getStatistics().getMinBytes()));
      assertEquals(999L, longOf(id.getStatistics().getMaxBytes()));
      ColumnIndex strIndex = r.readColumnIndex(str);
      for (int p = 0; p < 10; p++) {
        assertEquals(10L, strIndex.getNullCounts().get(p), "page " + p);
      }
      assertEquals(100, str.getStatistics().getNumNulls());
      assertTrue(str.hasDictionaryPage());
      assertTrue(str.getEncodings().contains(Encoding.PLAIN_DICTIONARY), str.getEncodings()
          .toString());
      BloomFilter bloom = r.getBloomFilterDataReader(blocks.get(0)).readBloomFilter(str);
      for (String v : List.of("v0", "v1", "v2")) {
        assertTrue(bloom.findHash(bloom.hash(Binary.fromString(v))), v);
      }
    }
    for (ParquetPages.Page page : ParquetPages.of(file)) {
      assertTrue(page.hasCrc(), page.toString());
    }
  }

  @Test
  void aDictionaryPastThePageSizeFallsBackToPlain() throws IOException {
    String pad = "x".repeat(200);
    Path file = write("plain.parquet", 500, i -> pad + i, 4096, 20_000, Integer.MAX_VALUE);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ColumnChunkMetaData str = r.getFooter().getBlocks().get(0).getColumns().get(1);
      assertFalse(str.hasDictionaryPage());
      assertTrue(str.getEncodings().contains(Encoding.PLAIN), str.getEncodings().toString());
      assertFalse(str.getEncodings().contains(Encoding.PLAIN_DICTIONARY));
      // About 204 bytes a value: 4,096-byte pages of about 21 values.
      int pages = r.readOffsetIndex(str).getPageCount();
      assertTrue(pages >= 20 && pages <= 30, "pages " + pages);
    }
    List<Map<String, Object>> rows = ParquetJavaRows.read(file);
    for (int i = 0; i < 500; i++) {
      assertEquals(pad + i, rows.get(i).get("s"));
    }
  }

  @Test
  void rowGroupsHoldRowGroupRowsRows() throws IOException {
    Path file = write("groups.parquet", 1000, i -> "s" + i, 1 << 20, 20_000, 300);
    List<Long> counts = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        counts.add(b.getRowCount());
      }
    }
    assertEquals(List.of(300L, 300L, 300L, 100L), counts);
    List<Map<String, Object>> rows = ParquetJavaRows.read(file);
    for (int i = 0; i < 1000; i++) {
      assertEquals((long) i, rows.get(i).get("id"));
      assertEquals("s" + i, rows.get(i).get("s"));
    }
  }

  /**
   * Data page v2: a dictionary (RLE_DICTIONARY) for repeating strings and DELTA_BINARY_PACKED ids
   * in one file, DELTA_BYTE_ARRAY for strings too many for a dictionary in another.
   */
  @Test
  void version2PagesUseTheVersion2Encodings() throws IOException {
    IntFunction<String> few = i -> i % 7 == 0 ? null : "v" + (i % 3);
    String pad = "y".repeat(100);
    IntFunction<String> many = i -> i % 7 == 0 ? null : pad + i;
    Path dictionary = write("v2dict.parquet", 3000, few, 8192, 500, Integer.MAX_VALUE, 2);
    Path delta = write("v2delta.parquet", 3000, many, 8192, 500, Integer.MAX_VALUE, 2);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(dictionary))) {
      List<ColumnChunkMetaData> chunks = r.getFooter().getBlocks().get(0).getColumns();
      assertTrue(chunks.get(0).getEncodings().contains(Encoding.DELTA_BINARY_PACKED),
          chunks.get(0).getEncodings().toString());
      assertTrue(chunks.get(1).getEncodings().contains(Encoding.RLE_DICTIONARY),
          chunks.get(1).getEncodings().toString());
      assertEquals(6, r.readOffsetIndex(chunks.get(0)).getPageCount());
    }
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(delta))) {
      ColumnChunkMetaData str = r.getFooter().getBlocks().get(0).getColumns().get(1);
      assertTrue(str.getEncodings().contains(Encoding.DELTA_BYTE_ARRAY),
          str.getEncodings().toString());
    }
    for (Path file : List.of(dictionary, delta)) {
      IntFunction<String> s = file == dictionary ? few : many;
      List<Map<String, Object>> rows = ParquetJavaRows.read(file);
      assertEquals(3000, rows.size());
      for (int i = 0; i < 3000; i++) {
        assertEquals((long) i, rows.get(i).get("id"), file + " row " + i);
        assertEquals(s.apply(i), rows.get(i).get("s"), file + " row " + i);
      }
      for (ParquetPages.Page page : ParquetPages.of(file)) {
        assertTrue(page.hasCrc(), page.toString());
      }
    }
  }

  @Test
  void aFileWithoutRowsHasNoRowGroups() throws IOException {
    Path file = write("empty.parquet", 0, i -> null, 1 << 20, 20_000, Integer.MAX_VALUE);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      assertEquals(0, r.getFooter().getBlocks().size());
      assertEquals(SCHEMA, r.getFooter().getFileMetaData().getSchema());
    }
  }

  private static long longOf(ByteBuffer b) {
    return b.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(0);
  }

  private static long longOf(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
  }
}
