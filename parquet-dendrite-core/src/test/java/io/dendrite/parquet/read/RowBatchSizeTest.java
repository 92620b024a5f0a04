package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.read.internal.engine.RowBatchSize;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row batches sized from the footer: narrow rows in large batches, wide rows in small ones. */
class RowBatchSizeTest {
  @TempDir
  Path dir;

  @Test
  void wideSelectedColumnsMakeSmallBatchesAndNarrowOnesLarge() throws Exception {
    Path file = dir.resolve("wide.parquet");
    Random random = new Random(7);
    int rows = 500;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, doc string")
        .build()) {
      for (int i = 0; i < rows; i++) {
        StringBuilder doc = new StringBuilder();
        while (doc.length() < 40_000) {
          doc.append(Long.toString(random.nextLong(), 36)); // incompressible: no dictionary
        }
        w.write(Map.of("id", (long) i, "doc", doc.toString()));
      }
    }
    ParquetMetadata footer;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      footer = r.getFooter();
    }
    ReadPlan wide = ReadPlan.create(footer.getFileMetaData().getSchema(), Selection.parse(List.of("id", "doc")),
        c -> false, false);
    ReadPlan narrow = ReadPlan.create(footer.getFileMetaData().getSchema(), Selection.parse(List.of("id")),
        c -> false, false);
    // 40 KB per row: 1 MB holds 26 rows, below the floor
    assertEquals(RowBatchSize.MIN_ROWS, RowBatchSize.of(footer.getBlocks(),
        wide.requestedSchema()));
    // 8 bytes per row: the ceiling
    assertEquals(RowBatchSize.MAX_ROWS, RowBatchSize.of(footer.getBlocks(),
        narrow.requestedSchema()));
    // and the rows read in those batches are all there, in order
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      long n = 0;
      for (DendriteRow row : r) {
        assertEquals(n++, row.getLong("id"));
      }
      assertEquals(rows, n);
    }
  }
}
