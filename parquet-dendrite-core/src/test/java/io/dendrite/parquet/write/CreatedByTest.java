package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.CorruptStatistics;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our engine's files name parquet-dendrite in {@code created_by}, in the form readers parse, and
 * the footer rewritten for it leaves everything before it readable: statistics trusted, page
 * indexes and bloom filters found at their offsets.
 */
class CreatedByTest {
  @TempDir
  Path dir;

  private Path write() throws IOException {
    Path file = dir.resolve("t.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, s string")
        .rowGroupRows(100).pageRows(25).bloomFilter("s").build()) {
      for (int i = 0; i < 300; i++) {
        w.writeJson("{\"id\": " + i + ", \"s\": \"w" + (1000 + i) + "\"}");
      }
    }
    return file;
  }

  @Test
  void createdByNamesThisLibraryAndTheRestOfTheFileStillReads() throws Exception {
    Path file = WriteEngines.with("dendrite", this::write);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
      assertTrue(createdBy.matches("parquet-dendrite version \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"),
          createdBy);
      assertEquals("parquet-dendrite version " + System.getProperty("dendrite.project.version"),
          createdBy, "the POM's version");
      VersionParser.ParsedVersion parsed = VersionParser.parse(createdBy);
      assertEquals("parquet-dendrite", parsed.application);
      assertFalse(CorruptStatistics.shouldIgnoreStatistics(createdBy, PrimitiveTypeName.BINARY));
      assertEquals(FooterKeys.writerName(), r.getFooter().getFileMetaData().getKeyValueMetaData()
          .get(FooterKeys.WRITER), "and in its own key, as the other engine's files do");
      assertTrue(FooterKeys.writerName().endsWith(" " + parsed.version), parsed.version);
      assertEquals(3, r.getRowGroups().size());
      for (int g = 0; g < 3; g++) {
        BlockMetaData block = r.getRowGroups().get(g);
        assertEquals(100, block.getRowCount());
        ColumnChunkMetaData s = block.getColumns().get(1);
        // Row group g holds "w" + (1000 + 100g) .. "w" + (1099 + 100g).
        Statistics<?> stats = s.getStatistics();
        assertEquals(Binary.fromString("w" + (1000 + 100 * g)), stats.genericGetMin());
        assertEquals(Binary.fromString("w" + (1099 + 100 * g)), stats.genericGetMax());
        assertEquals(4, r.readOffsetIndex(s).getPageCount(), "4 pages of 25 rows");
        assertNotNull(r.readColumnIndex(s));
        var bloom = r.readBloomFilter(s);
        assertNotNull(bloom, "the bloom filter is at its offset");
        assertTrue(bloom.findHash(bloom.hash(Binary.fromString("w" + (1042 + 100 * g)))));
      }
      assertEquals(300, r.getRecordCount());
    }
  }

  @Test
  void parquetJavasEngineKeepsItsOwn() throws IOException {
    Path file = WriteEngines.with("parquet-java", this::write);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      assertTrue(r.getFooter().getFileMetaData().getCreatedBy().startsWith("parquet-mr"));
    }
  }
}
