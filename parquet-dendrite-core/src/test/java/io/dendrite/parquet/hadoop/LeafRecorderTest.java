package io.dendrite.parquet.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.read.internal.column.ChunkEntries;
import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RandomTables.Table;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.write.Codec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property: for random tables ({@link RandomTables}: nested structs, lists and maps, variants
 * shredded anywhere, nulls at every level, empty lists) written with random page versions,
 * encodings, codecs, page and row group sizes, the {@link LeafRecorder} given parquet-java's
 * record assembly events produces for each record exactly the levels and values our {@link
 * ColumnChunkReader} decodes for that row from the pages: the same entries ("rep/def value",
 * values compared decoded, so dictionary ids and plain values compare equal), the same counts,
 * levels null exactly when the column has none. Checked for the whole file schema, for a
 * random projection of it, and for the same projection with every group's fields in another
 * order than the file's (parquet-java then delivers fields in file order).
 */
class LeafRecorderTest {
  private static final CompressionCodecName[] CODECS = {CompressionCodecName.UNCOMPRESSED,
      CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD};

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("leafRecorder.seeds", 30));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void recordsWhatTheColumnReaderDecodes(long seed) throws IOException {
    Random r = new Random(seed * 31 + 7);
    RandomTables.Writer writer = seed % 2 == 0 ? RandomTables.Writer.GROUP
        : RandomTables.Writer.DENDRITE;
    Table table = RandomTables.generate(seed, writer, 50 + r.nextInt(300));
    Path file = dir.resolve("t" + seed + ".parquet");
    String how = write(table, writer, file, r);
    MessageType schema = schemaOf(file);
    MessageType projected = new MessageType(schema.getName(), project(schema, r).getFields());
    MessageType reordered = new MessageType(schema.getName(),
        reorder(projected, r).getFields());
    for (MessageType requested : List.of(schema, projected, reordered)) {
      String context = "seed " + seed + ", " + how + "\nrequested: " + requested;
      List<List<List<String>>> expected = decoded(file, requested);
      List<List<List<String>>> actual = recorded(file, requested);
      for (int row = 0; row < Math.min(expected.size(), actual.size()); row++) {
        for (int leaf = 0; leaf < requested.getColumns().size(); leaf++) {
          if (!expected.get(row).get(leaf).equals(actual.get(row).get(leaf))) {
            fail("row " + row + ", leaf " + requested.getColumns().get(leaf) + ": decoded "
                + expected.get(row).get(leaf) + ", recorded " + actual.get(row).get(leaf)
                + "\n" + context);
          }
        }
      }
      assertEquals(expected.size(), actual.size(), "rows\n" + context);
      assertEquals(table.rows().size(), actual.size(), "rows\n" + context);
    }
  }

  /** A hand-made case whose entries are written out: nested lists, empty and null, a map. */
  @Test
  void nestedListsAndMapsByHand() throws IOException {
    Path file = dir.resolve("hand.parquet");
    String schemaText = """
        message m {
          required int64 id;
          optional group ll (LIST) {
            repeated group list {
              optional group element (LIST) {
                repeated group list {
                  optional int32 element;
                }
              }
            }
          }
          optional group s {
            optional binary name (STRING);
            repeated int32 r;
          }
        }""";
    RawParquetFiles.write(file, schemaText, RawParquetFiles.Options.DEFAULTS, f -> {
      SimpleGroupFactory g = f;
      var rows = new ArrayList<org.apache.parquet.example.data.Group>();
      var a = g.newGroup().append("id", 1L);
      var ll = a.addGroup("ll");
      ll.addGroup("list").addGroup("element"); // [[]]
      var second = ll.addGroup("list").addGroup("element"); // [1, null]
      second.addGroup("list").append("element", 1);
      second.addGroup("list");
      ll.addGroup("list"); // null element
      a.addGroup("s").append("r", 7).append("r", 8);
      rows.add(a);
      rows.add(g.newGroup().append("id", 2L)); // ll null, s null
      var c = g.newGroup().append("id", 3L);
      c.addGroup("ll"); // empty list
      c.addGroup("s").append("name", "x");
      rows.add(c);
      return rows;
    });
    MessageType schema = schemaOf(file);
    List<List<List<String>>> recorded = recorded(file, schema);
    // Leaves: id, ll.list.element.list.element, s.name, s.r.
    assertEquals(List.of(List.of("0/0 1"), List.of("0/3", "1/5 1", "2/4", "1/2"),
        List.of("0/1"), List.of("0/2 7", "1/2 8")), recorded.get(0));
    assertEquals(List.of(List.of("0/0 2"), List.of("0/0"), List.of("0/0"), List.of("0/0")),
        recorded.get(1));
    assertEquals(List.of(List.of("0/0 3"), List.of("0/1"), List.of("0/2 78"), List.of("0/1")),
        recorded.get(2));
    assertEquals(decoded(file, schema), recorded);
  }

  /**
   * Events driven by hand: dictionary ids stay ids, but a record whose values mix ids and plain
   * values (a chunk falling back to plain pages inside a record, which other writers' v1 pages
   * allow) holds plain values, whichever comes first; an id out of the dictionary's range fails
   * naming the column.
   */
  @Test
  void dictionaryIdsStayIdsUnlessARecordMixesThemWithPlainValues() {
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { repeated binary s (STRING); }");
    LeafRecorder recorder = new LeafRecorder(schema, new boolean[1]);
    PrimitiveConverter s = recorder.root().getConverter(0).asPrimitiveConverter();
    assertTrue(s.hasDictionarySupport());
    s.setDictionary(new Dictionary(Encoding.PLAIN_DICTIONARY) {
      @Override
      public Binary decodeToBinary(int id) {
        return Binary.fromString(List.of("a", "bb").get(id));
      }

      @Override
      public int getMaxId() {
        return 1;
      }
    });
    LeafBatch b = recorder.leaves()[0];

    record(recorder, () -> {
      s.addValueFromDictionary(1);
      s.addValueFromDictionary(0);
    });
    assertEquals(2, b.dictionary.size);
    assertEquals(List.of(1, 0), List.of(b.ids[0], b.ids[1]));
    assertEquals(List.of("0/1 6262", "1/1 61"), entries(schema, b));

    record(recorder, () -> {
      s.addValueFromDictionary(1);
      s.addBinary(Binary.fromString("z"));
      s.addValueFromDictionary(0);
    });
    assertEquals(null, b.dictionary);
    assertEquals(List.of("0/1 6262", "1/1 7a", "1/1 61"), entries(schema, b));

    record(recorder, () -> {
      s.addBinary(Binary.fromString("z"));
      s.addValueFromDictionary(1);
    });
    assertEquals(null, b.dictionary);
    assertEquals(List.of("0/1 7a", "1/1 6262"), entries(schema, b));

    record(recorder, () -> { });
    assertEquals(List.of("0/0"), entries(schema, b));

    recorder.root().start();
    ColumnReadException e = assertThrows(ColumnReadException.class,
        () -> s.addValueFromDictionary(2));
    assertEquals("s", e.column());
    assertTrue(e.problem().contains("dictionary id 2 is out of range"), e.getMessage());
  }

  private static void record(LeafRecorder recorder, Runnable events) {
    recorder.root().start();
    events.run();
    recorder.root().end();
  }

  private static List<String> entries(MessageType schema, LeafBatch b) {
    List<String> out = new ArrayList<>();
    ChunkEntries.append(schema.getColumns().get(0), b, out);
    return out;
  }

  /** Each row's entries per leaf, as {@link ColumnChunkReader} decodes them a row at a time. */
  private static List<List<List<String>>> decoded(Path file, MessageType requested)
      throws IOException {
    List<List<List<String>>> rows = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      r.setRequestedSchema(requested);
      List<ColumnDescriptor> leaves = requested.getColumns();
      for (int g = 0; g < r.getRowGroups().size(); g++) {
        PageReadStore pages = r.readRowGroup(g);
        long count = pages.getRowCount();
        List<ColumnChunkReader> chunks = new ArrayList<>();
        for (ColumnDescriptor c : leaves) {
          chunks.add(new ColumnChunkReader(c, pages.getPageReader(c), count));
        }
        LeafBatch batch = new LeafBatch();
        for (long row = 0; row < count; row++) {
          List<List<String>> entries = new ArrayList<>();
          for (int i = 0; i < leaves.size(); i++) {
            assertEquals(1, chunks.get(i).readRows(1, batch));
            List<String> out = new ArrayList<>();
            ChunkEntries.append(leaves.get(i), batch, out);
            entries.add(out);
          }
          rows.add(entries);
        }
      }
    }
    return rows;
  }

  /** Each record's entries per leaf, as the recorder makes them from parquet-java's events. */
  private static List<List<List<String>>> recorded(Path file, MessageType requested)
      throws IOException {
    List<ColumnDescriptor> leaves = requested.getColumns();
    LeafRecorder recorder = new LeafRecorder(requested, new boolean[leaves.size()]);
    ReadSupport<List<List<String>>> support = new ReadSupport<>() {
      @Override
      public ReadContext init(InitContext context) {
        return new ReadContext(requested);
      }

      @Override
      public RecordMaterializer<List<List<String>>> prepareForRead(
          org.apache.hadoop.conf.Configuration conf, Map<String, String> meta,
          MessageType fileSchema, ReadContext context) {
        return materializer();
      }

      @Override
      public RecordMaterializer<List<List<String>>> prepareForRead(ParquetConfiguration conf,
          Map<String, String> meta, MessageType fileSchema, ReadContext context) {
        return materializer();
      }

      private RecordMaterializer<List<List<String>>> materializer() {
        return new RecordMaterializer<>() {
          @Override
          public List<List<String>> getCurrentRecord() {
            List<List<String>> entries = new ArrayList<>();
            for (int i = 0; i < leaves.size(); i++) {
              LeafBatch b = recorder.leaves()[i];
              List<String> out = new ArrayList<>();
              ChunkEntries.append(leaves.get(i), b, out);
              entries.add(out);
            }
            return entries;
          }

          @Override
          public GroupConverter getRootConverter() {
            return recorder.root();
          }
        };
      }
    };
    List<List<List<String>>> rows = new ArrayList<>();
    try (ParquetReader<List<List<String>>> r = new ParquetReader.Builder<List<List<String>>>(
        (InputFile) new LocalInputFile(file), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<List<List<String>>> getReadSupport() {
            return support;
          }
        }.build()) {
      for (List<List<String>> row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** A random projection: each group keeps a random non-empty subset of its fields. */
  private static GroupType project(GroupType g, Random r) {
    List<Type> kept = new ArrayList<>();
    for (Type f : g.getFields()) {
      if (r.nextInt(3) > 0) {
        kept.add(f.isPrimitive() ? f : project(f.asGroupType(), r));
      }
    }
    if (kept.isEmpty()) {
      Type f = g.getType(r.nextInt(g.getFieldCount()));
      kept.add(f.isPrimitive() ? f : project(f.asGroupType(), r));
    }
    return g.withNewFields(kept);
  }

  /** The same fields, each group's in a random order. */
  private static GroupType reorder(GroupType g, Random r) {
    List<Type> fields = new ArrayList<>();
    for (Type f : g.getFields()) {
      fields.add(f.isPrimitive() ? f : reorder(f.asGroupType(), r));
    }
    Collections.shuffle(fields, r);
    return g.withNewFields(fields);
  }

  /** Writes the table one random way; returns how, for messages. */
  private static String write(Table table, RandomTables.Writer writer, Path file, Random r)
      throws IOException {
    if (writer == RandomTables.Writer.DENDRITE) {
      Table.Shredding shredding = Table.Shredding.values()[r.nextInt(3)];
      Codec codec = Codec.values()[r.nextInt(Codec.values().length)];
      int page = new int[] {1 << 10, 1 << 20}[r.nextInt(2)];
      table.writeWithDendrite(file, shredding, codec, 16 << 10, page);
      return "DendriteWriter " + shredding + " " + codec + ", pages of " + page + " B";
    }
    RawParquetFiles.Options options = RawParquetFiles.Options.DEFAULTS
        .codec(CODECS[r.nextInt(CODECS.length)])
        .v2Pages(r.nextBoolean())
        .dictionary(r.nextBoolean())
        .byteStreamSplit(r.nextInt(3) == 0)
        .rowGroupRows(new int[] {Integer.MAX_VALUE, 101}[r.nextInt(2)])
        .pageRows(new int[] {20_000, 7}[r.nextInt(2)])
        .pageSize(new int[] {512, 1 << 20}[r.nextInt(2)])
        .dictionaryPageSize(r.nextBoolean() ? 1 << 20 : 200);
    long layout = r.nextLong();
    table.writeWithGroups(file, options, layout);
    return "Group writer with " + options + ", variant layouts of seed " + layout;
  }

  private static MessageType schemaOf(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }
}
