package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code DendriteReader.Builder.split}: a split reads the row groups parquet-java assigns to
 * the same byte range (the oracle: parquet-java's own footer reading with that range), and a
 * filtered split returns exactly the rows of the whole file's filtered read that lie in those
 * row groups, its report counting the split's row groups only.
 */
class SplitReadTest {
  private static final int ROWS = 6000;
  @TempDir static Path dir;
  private static Path file;
  private static long length;

  /** 12 row groups of 500 rows; {@code id} = the row's index in the file, clustered. */
  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("groups.parquet");
    Random r = new Random(7);
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, k string, payload variant")
        .shredding("payload: {amount: int64}")
        .rowGroupRows(500).pageRows(100).build()) {
      for (int i = 0; i < ROWS; i++) {
        w.writeJson("{\"id\": " + i + ", \"k\": \"k" + r.nextInt(9) + "\", \"payload\": "
            + "{\"amount\": " + (i % 1000) + "}}");
      }
    }
    length = Files.size(file);
  }

  /** parquet-java's row groups of {@code [start, start + length)}: the ids they hold. */
  private static List<Long> parquetJavaIds(long start, long len) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration())
            .withRange(start, start + len).build())) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (long i = 0; i < b.getRowCount(); i++) {
          ids.add(b.getRowIndexOffset() + i);
        }
      }
    }
    return ids;
  }

  private static List<Long> ids(DendriteReader.Builder b) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (DendriteReader r = b.build()) {
      for (DendriteRow row : r) {
        ids.add((Long) row.get("id"));
      }
    }
    return ids;
  }

  /** Random cuts of the file into contiguous splits, at least {@code parts} of them. */
  private static List<long[]> splits(Random r, int parts) {
    List<long[]> out = new ArrayList<>();
    long start = 0;
    while (start < length) {
      long len = Math.min(length - start, 1 + r.nextInt((int) (2 * length / parts)));
      out.add(new long[] {start, len});
      start += len;
    }
    return out;
  }

  @Test
  void splitsReadTheRowGroupsParquetJavaAssigns() throws Exception {
    Random r = new Random(1);
    for (int round = 0; round < 5; round++) {
      List<Long> all = new ArrayList<>();
      for (long[] s : splits(r, 8)) {
        List<Long> got = ids(DendriteReader.builder(file).select("id").split(s[0], s[1]));
        assertEquals(parquetJavaIds(s[0], s[1]), got, "split " + s[0] + "+" + s[1]);
        all.addAll(got);
      }
      assertEquals(ROWS, all.size());
      assertEquals(ROWS, all.stream().distinct().count(), "every row once");
    }
  }

  @Test
  void filteredSplitsReturnTheWholeFilesMatchesInTheirRowGroups() throws Exception {
    Random r = new Random(2);
    String[] filters = {"id >= 1234 and id < 2777", "payload.amount > 900",
        "k = 'k3' or id < 40", "not (id > 100)", "payload.amount is null", "id = 5999"};
    for (String filter : filters) {
      List<Long> whole = ids(DendriteReader.builder(file).select("id", "k").where(filter));
      int skippedWhole;
      try (DendriteReader w = DendriteReader.builder(file).select("id").where(filter).build()) {
        skippedWhole = w.readReport().rowGroupsSkipped();
      }
      List<Long> all = new ArrayList<>();
      int groups = 0;
      int skipped = 0;
      for (long[] s : splits(r, 6)) {
        List<Long> inSplit = parquetJavaIds(s[0], s[1]);
        DendriteReader.Builder b = DendriteReader.builder(file).select("id", "k").where(filter)
            .split(s[0], s[1]);
        List<Long> got = ids(b);
        assertEquals(whole.stream().filter(inSplit::contains).toList(), got,
            filter + ", split " + s[0] + "+" + s[1]);
        try (DendriteReader one = b.build()) {
          ReadReport report = one.readReport();
          assertEquals(inSplit.size() / 500, report.rowGroups(), filter);
          assertEquals(inSplit.size(), report.rows(), filter);
          groups += report.rowGroups();
          skipped += report.rowGroupsSkipped();
        }
        all.addAll(got);
      }
      assertEquals(whole, all, filter);
      assertEquals(ROWS / 500, groups, filter);
      assertEquals(skippedWhole, skipped, filter);
    }
    // The comparison means something only if the filter skipped somewhere.
    try (DendriteReader w = DendriteReader.builder(file).select("id").where("id = 5999")
        .build()) {
      assertEquals(ROWS / 500 - 1, w.readReport().rowGroupsSkipped());
    }
  }

  @Test
  void aSplitWithoutRowGroupsReadsNothing() throws Exception {
    // The first 4 bytes are the magic "PAR1": no row group's middle lies there.
    assertEquals(List.of(), ids(DendriteReader.builder(file).select("id").split(0, 4)));
    try (DendriteReader r = DendriteReader.builder(file).select("id").where("id > 3")
        .split(0, 4).build()) {
      assertNull(r.read());
      assertEquals(0, r.readReport().rowGroups());
    }
    assertTrue(length > 4);
  }

  @Test
  void aNegativeSplitIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> DendriteReader.builder(file).split(-1, 10));
    assertThrows(IllegalArgumentException.class,
        () -> DendriteReader.builder(file).split(0, -10));
  }
}
