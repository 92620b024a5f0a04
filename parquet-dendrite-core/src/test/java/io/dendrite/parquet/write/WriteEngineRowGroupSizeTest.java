package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongFunction;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups of our column writing ({@code dendrite.write.engine=dendrite}) end by an estimate
 * of their encoded size, as parquet-java's do, or when the buffers holding them unencoded
 * reach twice the row group size: sizes read from the footer by parquet-java's reader, the
 * expected ones derived by hand from the rows.
 */
class WriteEngineRowGroupSizeTest {
  private static final String SCHEMA = "id int64 not null, s string";
  private static final int ROW_GROUP = 64 * 1024;

  @TempDir Path dir;

  /**
   * Random ids and 16-character strings, uncompressed: nothing a dictionary or codec shrinks,
   * so every row group but the last is within 15% of the row group size in the file.
   */
  @Test
  void incompressibleRowGroupsComeOutNearTheRowGroupSize() throws IOException {
    Random r = new Random(5);
    List<BlockMetaData> groups = write("random.parquet", Codec.NONE, 30_000,
        i -> Map.of("id", r.nextLong(), "s", String.format("%016x", r.nextLong())));
    assertTrue(groups.size() >= 8, groups.size() + " row groups");
    for (BlockMetaData g : groups.subList(0, groups.size() - 1)) {
      double factor = (double) g.getCompressedSize() / ROW_GROUP;
      assertTrue(factor > 0.85 && factor < 1.15, "row group of " + g.getCompressedSize()
          + " bytes, " + g.getRowCount() + " rows");
    }
  }

  /**
   * Four strings of 30 characters, snappy: they encode to a small part of what is buffered (8
   * bytes of id, a 4-byte definition level, 4 bytes of length and 30 of string: 46 bytes a
   * row), so after the first two row groups (whose estimate knows no ratio yet: a row group's
   * ratios apply two row groups later) the buffers' bound ends them, at 2 x 64 KiB / 46 =
   * 2,850 rows, and none is larger.
   */
  @Test
  void compressibleRowGroupsEndAtTheBufferBound() throws IOException {
    List<BlockMetaData> groups = write("repetitive.parquet", Codec.SNAPPY, 30_000,
        i -> Map.of("id", i, "s", String.format("%-30s", "category " + i % 4)));
    long bound = (2L * ROW_GROUP + 45) / 46;
    assertTrue(groups.size() >= 5, groups.size() + " row groups");
    for (BlockMetaData g : groups.subList(0, groups.size() - 1)) {
      String at = g.getRowCount() + " rows, " + g.getCompressedSize() + " bytes";
      assertTrue(g.getRowCount() <= bound + 1, at);
      assertTrue(g.getCompressedSize() < ROW_GROUP / 2, at);
    }
    for (BlockMetaData g : groups.subList(2, groups.size() - 1)) {
      assertTrue(g.getRowCount() >= bound - 1, g.getRowCount() + " rows");
    }
  }

  private List<BlockMetaData> write(String name, Codec codec, int rows,
      LongFunction<Map<String, Object>> row) throws IOException {
    Path file = WriteEngines.with("dendrite", () -> {
      Path f = dir.resolve(name);
      try (DendriteWriter w = DendriteWriter.builder(f).schema(SCHEMA).codec(codec)
          .rowGroupSize(ROW_GROUP).build()) {
        for (long i = 0; i < rows; i++) {
          w.write(row.apply(i));
        }
      }
      return f;
    });
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      return f.getFooter().getBlocks();
    }
  }
}
