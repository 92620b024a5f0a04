package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.hadoop.ParquetJavaPages;
import io.dendrite.parquet.read.internal.file.AllNullColumns;
import io.dendrite.parquet.read.internal.file.BufferedLocalFile;
import io.dendrite.parquet.read.internal.file.PrunedFooter;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pruned footer is parquet-java's footer with only the chosen chunks. */
class PrunedFooterTest {
  @TempDir
  Path dir;

  private Path write() throws Exception {
    Path file = dir.resolve("f.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, name string, empty string, v variant")
        .shredding("v: {a: int64, b: string}").rowGroupRows(100).build()) {
      for (int i = 0; i < 350; i++) {
        Map<String, Object> v = new HashMap<>();
        v.put("a", (long) i);
        if (i % 3 == 0) {
          v.put("b", "s" + i);
        }
        Map<String, Object> row = new HashMap<>();
        row.put("id", (long) i);
        row.put("name", "n" + (i % 7));
        row.put("v", v);
        w.write(row);
      }
    }
    return file;
  }

  @Test
  void keptChunksAreParquetJavasOwnAndTheOthersAreLeftOut() throws Exception {
    Path file = write();
    ParquetMetadata full;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      full = r.getFooter();
    }
    PrunedFooter pruned = PrunedFooter.read(new BufferedLocalFile(file));
    assertEquals(full.getFileMetaData().getSchema(), pruned.schema());
    ColumnPath id = ColumnPath.get("id");
    ColumnPath a = ColumnPath.get("v", "typed_value", "a", "typed_value");
    assertEquals(AllNullColumns.of(full.getBlocks()), pruned.allNullColumns());
    assertTrue(pruned.allNullColumns().contains("empty"), "the test needs an all-null column");

    ParquetMetadata kept = pruned.keep(Set.of(id, a), true);
    List<BlockMetaData> blocks = kept.getBlocks();
    assertEquals(4, blocks.size());
    for (int g = 0; g < blocks.size(); g++) {
      BlockMetaData want = full.getBlocks().get(g);
      BlockMetaData got = blocks.get(g);
      assertEquals(want.getRowCount(), got.getRowCount());
      assertEquals(want.getRowIndexOffset(), got.getRowIndexOffset());
      assertEquals(List.of(id, a), got.getColumns().stream().map(ColumnChunkMetaData::getPath)
          .toList());
      for (ColumnChunkMetaData c : got.getColumns()) {
        ColumnChunkMetaData w = want.getColumns().stream()
            .filter(x -> x.getPath().equals(c.getPath())).findFirst().orElseThrow();
        assertEquals(w.getStartingPos(), c.getStartingPos());
        assertEquals(w.getTotalSize(), c.getTotalSize());
        assertEquals(w.getStatistics(), c.getStatistics());
        assertEquals(w.getEncodingStats().getDataEncodings(),
            c.getEncodingStats().getDataEncodings());
        assertEquals(w.getColumnIndexReference().getOffset(),
            c.getColumnIndexReference().getOffset());
      }
    }

    // Without statistics (a read with no filter): the same chunks, no min/max or null counts.
    List<BlockMetaData> bare = PrunedFooter.read(new BufferedLocalFile(file))
        .keep(Set.of(id, a), false).getBlocks();
    for (int g = 0; g < bare.size(); g++) {
      List<ColumnChunkMetaData> with = blocks.get(g).getColumns();
      List<ColumnChunkMetaData> without = bare.get(g).getColumns();
      assertEquals(with.size(), without.size());
      for (int i = 0; i < with.size(); i++) {
        assertEquals(with.get(i).getPath(), without.get(i).getPath());
        assertEquals(with.get(i).getStartingPos(), without.get(i).getStartingPos());
        assertEquals(with.get(i).getTotalSize(), without.get(i).getTotalSize());
        assertTrue(with.get(i).getStatistics().isNumNullsSet(), "the test needs statistics");
        assertFalse(without.get(i).getStatistics().isNumNullsSet());
        assertFalse(without.get(i).getStatistics().hasNonNullValue());
        assertTrue(with.get(i).getSizeStatistics().isValid(), "the test needs size statistics");
        assertNull(without.get(i).getSizeStatistics());
      }
    }
  }

  @Test
  void aReadOfSomeColumnsReturnsTheSameRowsAsParquetJavasPages() throws Exception {
    Path file = write();
    try (DendriteReader engine = DendriteReader.builder(file).select("name", "v.a").build();
        ParquetJavaPages oracle = ParquetJavaPages.open(file, List.of("name", "v.a"))) {
      int rows = 0;
      for (DendriteRow want = oracle.read(); want != null; want = oracle.read()) {
        DendriteRow got = engine.read();
        assertEquals(want.get("name"), got.get("name"));
        assertEquals(want.get("v.a"), got.get("v.a"));
        rows++;
      }
      assertNull(engine.read());
      assertEquals(350, rows);
    }
  }

  @Test
  void filesItCannotReadAreLeftToParquetJava() throws Exception {
    Path notParquet = dir.resolve("x.parquet");
    Files.writeString(notParquet, "this is not a parquet file at all");
    assertNull(PrunedFooter.read(new BufferedLocalFile(notParquet)));
    // The reader reports parquet-java's error for it, naming the file (no NullPointerException).
    Exception e = assertThrows(Exception.class, () -> DendriteReader.builder(notParquet).build());
    assertTrue(e.getMessage().contains(notParquet.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("not a Parquet file"), e.getMessage());
    Path tiny = dir.resolve("tiny.parquet");
    Files.write(tiny, new byte[] {'P', 'A', 'R', '1'});
    assertNull(PrunedFooter.read(new BufferedLocalFile(tiny)));
    Path file = write();
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 5] = 0x7f; // footer length beyond the file
    Path bad = dir.resolve("bad.parquet");
    Files.write(bad, bytes);
    assertNull(PrunedFooter.read(new BufferedLocalFile(bad)));
  }
}
