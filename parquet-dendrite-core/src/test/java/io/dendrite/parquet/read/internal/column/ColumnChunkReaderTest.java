package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.LeafBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential, file level: every leaf column of files parquet-java writes (required, optional
 * and repeated columns, lists, maps and structs with nulls at each level; every physical type;
 * pages v1 and v2; dictionary on and off, falling back to plain mid-chunk; BYTE_STREAM_SPLIT;
 * the codecs we support; many small pages or one big one) reads through our {@link
 * ColumnChunkReader}, in batches of random sizes, to exactly the levels and values of
 * parquet-java's own {@code ColumnReaderImpl}.
 */
class ColumnChunkReaderTest {
  static final String SCHEMA = """
      message m {
        required int32 i32;
        optional int64 i64;
        optional float f;
        optional double d;
        optional boolean b;
        required boolean rb;
        optional binary s (STRING);
        required binary raw;
        optional fixed_len_byte_array(16) uuid;
        optional int96 ts;
        repeated int32 rep;
        optional group tags (LIST) {
          repeated group list {
            optional binary element (STRING);
          }
        }
        optional group attrs (MAP) {
          repeated group key_value {
            required binary key (STRING);
            optional int64 value;
          }
        }
        optional group s1 {
          optional group s2 {
            optional int32 x;
            repeated double ys;
          }
          required boolean flag;
        }
        repeated group events {
          required int64 at;
          optional group payload {
            repeated binary words;
            optional fixed_len_byte_array(3) code;
          }
        }
      }""";
  private static final int[] BATCHES = {1, 2, 3, 7, 64, 100, 1000, 5000};
  private static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  @TempDir
  Path dir;

  /** How a file is written. */
  record Options(WriterVersion version, boolean dictionary, boolean byteStreamSplit,
      CompressionCodecName codec, int pageRows, int dictionaryPageSize) {
    @Override
    public String toString() {
      return version + (dictionary ? " dictionary" : "") + (byteStreamSplit ? " bss" : "")
          + " " + codec + " pages of " + pageRows + " rows, dictionary page "
          + dictionaryPageSize;
    }
  }

  static Stream<Options> options() {
    WriterVersion v1 = WriterVersion.PARQUET_1_0;
    WriterVersion v2 = WriterVersion.PARQUET_2_0;
    int big = 1 << 20;
    return Stream.of(
        new Options(v1, true, false, CompressionCodecName.SNAPPY, 50, big),
        new Options(v1, false, false, CompressionCodecName.UNCOMPRESSED, 37, big),
        new Options(v2, true, false, CompressionCodecName.ZSTD, 64, big),
        new Options(v2, false, false, CompressionCodecName.GZIP, 50, big),
        new Options(v2, false, true, CompressionCodecName.SNAPPY, 41, big),
        new Options(v1, false, true, CompressionCodecName.ZSTD, 60, big),
        new Options(v1, true, false, CompressionCodecName.GZIP, 45, 600),
        new Options(v2, true, false, CompressionCodecName.UNCOMPRESSED, 45, 600),
        new Options(v1, true, false, CompressionCodecName.SNAPPY, 20_000, big),
        new Options(v2, false, false, CompressionCodecName.ZSTD, 20_000, big));
  }

  @ParameterizedTest
  @MethodSource("options")
  void everyLeafColumnEqualsParquetJavasColumnReader(Options options) throws Exception {
    Path file = write(dir.resolve("f.parquet"), options, 3000, 31);
    assertWrittenAsAsked(file, options);
    Random random = new Random(32);
    int[] dictionaryBatches = {0};
    List<Map<ColumnDescriptor, List<String>>> ours = ChunkEntries.ours(file,
        () -> BATCHES[random.nextInt(BATCHES.length)],
        b -> dictionaryBatches[0] += b.dictionary != null ? 1 : 0);
    List<Map<ColumnDescriptor, List<String>>> reference = ChunkEntries.reference(file);
    assertEquals(reference.size(), ours.size());
    for (int g = 0; g < reference.size(); g++) {
      for (ColumnDescriptor c : reference.get(g).keySet()) {
        assertEquals(reference.get(g).get(c), ours.get(g).get(c),
            options + ": " + c + " in row group " + g);
      }
    }
    assertEquals(options.dictionary(), dictionaryBatches[0] > 0,
        "batches of dictionary ids, not values, exactly when the file has dictionaries");
  }

  @Test
  void aBatchOverTheFallbackFromDictionaryToPlainPagesHoldsValues() throws Exception {
    Options options = new Options(WriterVersion.PARQUET_1_0, true, false,
        CompressionCodecName.SNAPPY, 45, 600);
    Path file = write(dir.resolve("fallback.parquet"), options, 3000, 33);
    int checked = 0;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = r.getFileMetaData().getSchema();
      for (ColumnChunkMetaData chunk : r.getRowGroups().get(0).getColumns()) {
        EncodingStats stats = chunk.getEncodingStats();
        if (!stats.hasDictionaryEncodedPages() || !stats.hasNonDictionaryEncodedPages()) {
          continue;
        }
        ColumnDescriptor c = schema.getColumnDescription(chunk.getPath().toArray());
        List<String> reference = ChunkEntries.reference(c, r.readRowGroup(0));
        List<LeafBatch> whole = new ArrayList<>();
        assertEquals(reference, ChunkEntries.ours(c, r.readRowGroup(0), () -> Integer.MAX_VALUE,
            whole::add), c.toString());
        assertNull(whole.get(0).dictionary, c + ": one batch over all pages holds values");
        List<LeafBatch> first = new ArrayList<>();
        assertEquals(reference, ChunkEntries.ours(c, r.readRowGroup(0), () -> 1, b -> {
          if (first.isEmpty() && b.values > 0) {
            first.add(b);
            assertNotNull(b.dictionary, c + ": the first value is dictionary-encoded");
          }
        }), c.toString());
        checked++;
      }
    }
    assertTrue(checked >= 4, "columns falling back mid-chunk: " + checked);
  }

  @Test
  void deprecatedBitPackedLevelsInPagesV1() throws Exception {
    // Old writers' BIT_PACKED levels (parquet-java's writers no longer use them): pages made
    // with its BIT_PACKED writer, read by ColumnReaderImpl and by ours. A list of optional
    // ints: null list (def 0), empty (1), null element (2), element (3); rows span pages.
    ColumnDescriptor c = MessageTypeParser.parseMessageType("message m { optional group l"
        + " (LIST) { repeated group list { optional int32 e; } } }").getColumns().get(0);
    Random random = new Random(34);
    List<DataPage> pages = new ArrayList<>();
    int rows = 0;
    for (int p = 0; p < 4; p++) {
      ValuesWriter rep = new BitPackingValuesWriter(1, 64, 1 << 20, HEAP);
      ValuesWriter def = new BitPackingValuesWriter(3, 64, 1 << 20, HEAP);
      ValuesWriter values = new PlainValuesWriter(64, 1 << 20, HEAP);
      int entries = 0;
      for (int row = 0; row < 50; row++, rows++) {
        int kind = random.nextInt(4);
        int items = kind < 2 ? 1 : 1 + random.nextInt(4);
        for (int i = 0; i < items; i++, entries++) {
          // The first page's last row goes on in the next page (allowed in pages v1).
          rep.writeInteger(i == 0 && !(p > 0 && row == 0) ? 0 : 1);
          int level = kind < 2 ? kind : random.nextInt(3) == 0 ? 2 : 3;
          def.writeInteger(level);
          if (level == 3) {
            values.writeInteger(random.nextInt());
          }
        }
      }
      byte[] page = BytesInput.concat(rep.getBytes(), def.getBytes(), values.getBytes())
          .toByteArray();
      pages.add(new DataPageV1(BytesInput.from(page), entries, page.length, null,
          Encoding.BIT_PACKED, Encoding.BIT_PACKED, Encoding.PLAIN));
    }
    rows -= 3; // the rows continued in the next page
    DataPage[] data = pages.toArray(new DataPage[0]);
    List<String> reference = ChunkEntries.reference(c, FakePages.pages(null, data));
    for (int batch : new int[] {1, 7, 1000}) {
      assertEquals(reference, ChunkEntries.ours(c, FakePages.pages(null, data), rows,
          () -> batch, b -> { }), "batches of " + batch);
    }
  }

  /** Checks the file holds the pages and encodings asked for, so the tests exercise them. */
  static void assertWrittenAsAsked(Path file, Options o) throws IOException {
    Set<Encoding> encodings = EnumSet.noneOf(Encoding.class);
    boolean fellBack = false;
    int pages = 0;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : r.getRowGroups()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          encodings.addAll(chunk.getEncodings());
          EncodingStats s = chunk.getEncodingStats();
          fellBack |= s.hasDictionaryEncodedPages() && s.hasNonDictionaryEncodedPages();
          assertEquals(o.version() == WriterVersion.PARQUET_2_0, s.usesV2Pages(), o.toString());
          pages += s.getNumDataPagesEncodedAs(s.getDataEncodings().iterator().next());
        }
      }
    }
    if (o.dictionary()) {
      assertTrue(encodings.contains(o.version() == WriterVersion.PARQUET_1_0
          ? Encoding.PLAIN_DICTIONARY : Encoding.RLE_DICTIONARY), o + ": " + encodings);
    }
    if (!o.dictionary() && o.version() == WriterVersion.PARQUET_2_0) {
      assertTrue(encodings.containsAll(List.of(Encoding.DELTA_BINARY_PACKED,
          Encoding.DELTA_BYTE_ARRAY)), o + ": " + encodings);
    }
    if (o.byteStreamSplit()) {
      assertTrue(encodings.contains(Encoding.BYTE_STREAM_SPLIT), o + ": " + encodings);
    }
    assertEquals(o.dictionaryPageSize() < 1000, fellBack, o + ": dictionary fallback");
    if (o.pageRows() < 100) {
      assertTrue(pages > 20 * 15, o + ": many pages per chunk, " + pages);
    }
  }

  static Path write(Path file, Options o, int rows, long seed) throws IOException {
    return write(file, o, rows, seed, 96 * 1024L); // several row groups
  }

  static Path write(Path file, Options o, int rows, long seed, long rowGroupSize)
      throws IOException {
    MessageType type = MessageTypeParser.parseMessageType(SCHEMA);
    SimpleGroupFactory factory = new SimpleGroupFactory(type);
    Random random = new Random(seed);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(type)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withWriterVersion(o.version())
        .withCompressionCodec(o.codec())
        .withDictionaryEncoding(o.dictionary())
        .withByteStreamSplitEncoding(o.byteStreamSplit())
        .withPageRowCountLimit(o.pageRows())
        .withDictionaryPageSize(o.dictionaryPageSize())
        .withRowGroupSize(rowGroupSize)
        .build()) {
      for (int i = 0; i < rows; i++) {
        w.write(row(factory, i * 3 > rows, random));
      }
    }
    return file;
  }

  /**
   * A random row: few distinct values at first ({@code wide} false: dictionaries stay small),
   * then many (dictionaries overflow and fall back); nulls, empty lists and maps, and absent
   * groups at every level.
   */
  static Group row(SimpleGroupFactory factory, boolean wide, Random r) {
    Group g = factory.newGroup();
    g.append("i32", wide ? r.nextInt() : r.nextInt(20) - 5);
    if (r.nextInt(5) > 0) {
      g.append("i64", wide ? r.nextLong() : r.nextInt(30) - 15L);
    }
    if (r.nextInt(5) > 0) {
      g.append("f", wide ? Float.intBitsToFloat(r.nextInt()) : r.nextInt(7) / 2f);
    }
    if (r.nextInt(5) > 0) {
      g.append("d", wide ? Double.longBitsToDouble(r.nextLong()) : r.nextInt(7) / 4.0);
    }
    if (r.nextInt(3) > 0) {
      g.append("b", r.nextBoolean());
    }
    g.append("rb", r.nextInt(10) > 0);
    if (r.nextInt(4) > 0) {
      g.append("s", wide ? text(r, 1 + r.nextInt(40)) : "café " + r.nextInt(10));
    }
    g.append("raw", Binary.fromConstantByteArray(bytes(r, wide ? r.nextInt(30) : r.nextInt(2))));
    if (r.nextInt(4) > 0) {
      byte[] uuid = bytes(r, 16);
      if (!wide) {
        uuid[0] = (byte) r.nextInt(3);
        java.util.Arrays.fill(uuid, 1, 16, (byte) 7);
      }
      g.append("uuid", Binary.fromConstantByteArray(uuid));
    }
    if (r.nextInt(4) > 0) {
      g.add("ts", Binary.fromConstantByteArray(bytes(r, 12)));
    }
    for (int k = r.nextInt(4); k > 0; k--) {
      g.append("rep", wide ? r.nextInt() : r.nextInt(5));
    }
    int tags = r.nextInt(5);
    if (tags > 0) {
      Group list = g.addGroup("tags"); // 1: an empty list
      for (int k = 1; k < tags; k++) {
        Group item = list.addGroup("list");
        if (r.nextInt(4) > 0) {
          item.append("element", wide ? text(r, r.nextInt(12)) : "t" + r.nextInt(6));
        }
      }
    }
    int attrs = r.nextInt(4);
    if (attrs > 0) {
      Group map = g.addGroup("attrs");
      for (int k = 1; k < attrs; k++) {
        Group kv = map.addGroup("key_value");
        kv.append("key", "k" + k);
        if (r.nextBoolean()) {
          kv.append("value", wide ? r.nextLong() : (long) r.nextInt(3));
        }
      }
    }
    if (r.nextInt(4) > 0) {
      Group s1 = g.addGroup("s1");
      if (r.nextInt(3) > 0) {
        Group s2 = s1.addGroup("s2");
        if (r.nextBoolean()) {
          s2.append("x", r.nextInt(100));
        }
        for (int k = r.nextInt(3); k > 0; k--) {
          s2.append("ys", wide ? r.nextDouble() : r.nextInt(3));
        }
      }
      s1.append("flag", r.nextBoolean());
    }
    for (int k = r.nextInt(4); k > 0; k--) {
      Group e = g.addGroup("events");
      e.append("at", wide ? r.nextLong() : 1_700_000_000_000L + r.nextInt(4));
      if (r.nextInt(3) > 0) {
        Group p = e.addGroup("payload");
        for (int j = r.nextInt(3); j > 0; j--) {
          p.append("words", wide ? text(r, r.nextInt(8)) : "w" + r.nextInt(4));
        }
        if (r.nextBoolean()) {
          p.append("code", Binary.fromConstantByteArray(
              wide ? bytes(r, 3) : new byte[] {1, 2, (byte) r.nextInt(3)}));
        }
      }
    }
    return g;
  }

  static String text(Random r, int length) {
    String alphabet = "abcdefghijklmnopqrstuvwxyzé€𝄞 ";
    StringBuilder s = new StringBuilder();
    int[] points = alphabet.codePoints().toArray();
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(points[r.nextInt(points.length)]);
    }
    return s.toString();
  }

  static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

}
