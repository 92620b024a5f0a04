package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.ColumnChunkReaderTest.Options;
import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.testing.ParquetPages;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pages with gaps: a page store from {@code readFilteredRowGroup} with a few row ranges leaves
 * out the pages between them; {@code skipRows} to each range's start and {@code readRows} in it
 * give exactly those rows' levels and values (compared with a full read by parquet-java), and
 * reading on into a left-out page fails instead of returning a later page's rows. Pages that
 * {@code skipRows} passes whole are not decoded: a damaged one is skipped without an error.
 */
class RowRangesTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = WriterVersion.class)
  void skipsOverLeftOutPagesAndReadsExactlyTheSelectedRows(WriterVersion version)
      throws Exception {
    Path file = ColumnChunkReaderTest.write(dir.resolve("f.parquet"),
        new Options(version, true, false, CompressionCodecName.SNAPPY, 40, 1 << 20), 3000, 51,
        1L << 30);
    List<Map<ColumnDescriptor, List<String>>> reference = ChunkEntries.reference(file);
    Random random = new Random(52);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (int g = 0; g < reference.size(); g++) {
        long rowCount = r.getRowGroups().get(g).getRowCount();
        assertTrue(rowCount > 500, "rows in row group " + g + ": " + rowCount);
        long[][] ranges = {{3, 3}, {130, 170}, {rowCount / 2, rowCount / 2 + 90},
            {rowCount - 4, rowCount - 1}};
        RowRanges.Builder selected = RowRanges.builder();
        for (long[] range : ranges) {
          selected.addSelectedRange(range[0], range[1]);
        }
        PageReadStore store = r.readFilteredRowGroup(g, selected.build());
        for (ColumnDescriptor c : reference.get(g).keySet()) {
          List<List<String>> rows = rows(reference.get(g).get(c));
          int[] pages = {0};
          ColumnChunkReader reader = new ColumnChunkReader(c,
              counting(store.getPageReader(c), pages), rowCount);
          LeafBatch batch = new LeafBatch();
          for (long[] range : ranges) {
            reader.skipRows(range[0] - reader.rowIndex());
            assertEquals(range[0], reader.rowIndex(), c + ": rowIndex() after a skip");
            List<String> ours = new ArrayList<>();
            while (reader.rowIndex() <= range[1]) {
              int n = reader.readRows((int) Math.min(1 + random.nextInt(30),
                  range[1] + 1 - reader.rowIndex()), batch);
              ChunkEntries.append(c, batch, ours);
              assertTrue(n > 0);
            }
            List<String> expected = new ArrayList<>();
            rows.subList((int) range[0], (int) range[1] + 1).forEach(expected::addAll);
            assertEquals(expected, ours, c + ": rows " + range[0] + ".." + range[1]);
          }
          assertTrue(pages[0] < 15, c + ": pages read, of about " + rowCount / 40 + ": " + pages[0]);
        }
        // After the second range, rows up to its page's end are there; the next page is not.
        ColumnDescriptor c = reference.get(g).keySet().iterator().next();
        PageReadStore again = r.readFilteredRowGroup(g, selected.build());
        ColumnChunkReader reader = new ColumnChunkReader(c, again.getPageReader(c), rowCount);
        reader.skipRows(130);
        ColumnReadException e = assertThrows(ColumnReadException.class,
            () -> reader.readRows(1000, new LeafBatch()));
        assertEquals(String.join(".", c.getPath()), e.column());
        assertTrue(e.getMessage().contains("a row index filter left the rows between out"),
            e.getMessage());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = WriterVersion.class)
  void pagesSkippedWholeAreNotDecoded(WriterVersion version) throws Exception {
    // Page 5 of each column is damaged (its first 4 bytes: a length, or levels); pages of
    // 50 rows hold rows 200..249 there. Page v1 of a repeated column does not say how many rows
    // it holds, so only page v2 lets it be skipped unread.
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required binary s; repeated binary words; }");
    Path file = dir.resolve("damaged.parquet");
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    Random random = new Random(53);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withWriterVersion(version)
        .withDictionaryEncoding(false)
        .withPageWriteChecksumEnabled(false)
        .withPageRowCountLimit(50)
        .build()) {
      for (int i = 0; i < 1000; i++) {
        Group g = factory.newGroup().append("s", "row " + i);
        for (int k = random.nextInt(3); k > 0; k--) {
          g.append("words", "w" + k);
        }
        w.write(g);
      }
    }
    List<Map<ColumnDescriptor, List<String>>> reference = ChunkEntries.reference(file);
    Path damaged = Files.copy(file, dir.resolve("damaged-copy.parquet"));
    for (String column : List.of("s", "words")) {
      List<ParquetPages.Page> pages = ParquetPages.of(damaged).stream()
          .filter(p -> p.column().equals(column) && p.type() != PageType.DICTIONARY_PAGE)
          .toList();
      try (RandomAccessFile f = new RandomAccessFile(damaged.toFile(), "rw")) {
        f.seek(pages.get(4).payloadStart());
        f.write(new byte[] {-1, -1, -1, -1});
      }
    }
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(damaged))) {
      for (ColumnDescriptor c : reference.get(0).keySet()) {
        boolean skippable = c.getMaxRepetitionLevel() == 0 || version == WriterVersion.PARQUET_2_0;
        ColumnChunkReader all = new ColumnChunkReader(c,
            r.readRowGroup(0).getPageReader(c), 1000);
        ColumnReadException e = assertThrows(ColumnReadException.class,
            () -> all.readRows(1000, new LeafBatch()));
        assertEquals(5, e.page(), e.getMessage());
        assertTrue(e.getMessage().startsWith("column " + c.getPath()[0] + ", data page 5 of"
            + " the chunk: "), e.getMessage());
        if (!skippable) {
          continue;
        }
        long[] page5 = fifthPageRows(r.readRowGroup(0).getPageReader(c), c);
        ColumnChunkReader reader = new ColumnChunkReader(c,
            r.readRowGroup(0).getPageReader(c), 1000);
        LeafBatch batch = new LeafBatch();
        reader.readRows((int) page5[0] - 10, batch);
        reader.skipRows(page5[1] + 20); // over page 5, into page 6
        List<String> ours = new ArrayList<>();
        reader.readRows(1000, batch);
        ChunkEntries.append(c, batch, ours);
        List<String> expected = new ArrayList<>();
        long from = page5[0] + page5[1] + 10;
        rows(reference.get(0).get(c)).subList((int) from, 1000).forEach(expected::addAll);
        assertEquals(expected, ours, c.toString());
      }
    }
  }

  /** The first row and the row count of the 5th data page (rows are given by the header). */
  private static long[] fifthPageRows(PageReader pages, ColumnDescriptor c) {
    long first = 0;
    for (int i = 0; ; i++) {
      DataPage p = pages.readPage();
      long rows = p instanceof DataPageV2 v2 ? v2.getRowCount() : p.getValueCount();
      if (i == 4) {
        return new long[] {first, rows};
      }
      first += rows;
    }
  }

  /** A chunk's entries split into rows (each starts at repetition level 0). */
  static List<List<String>> rows(List<String> entries) {
    List<List<String>> rows = new ArrayList<>();
    for (String e : entries) {
      if (e.startsWith("0/")) {
        rows.add(new ArrayList<>());
      }
      rows.get(rows.size() - 1).add(e);
    }
    return rows;
  }

  /** {@code pages} counting the data pages read from it. */
  static PageReader counting(PageReader pages, int[] count) {
    return new PageReader() {
      @Override
      public DictionaryPage readDictionaryPage() {
        return pages.readDictionaryPage();
      }

      @Override
      public long getTotalValueCount() {
        return pages.getTotalValueCount();
      }

      @Override
      public DataPage readPage() {
        DataPage p = pages.readPage();
        count[0] += p == null ? 0 : 1;
        return p;
      }
    };
  }
}
