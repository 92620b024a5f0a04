package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk that fails to encode on an encoding thread fails the writer: a later
 * {@link ColumnFileWriter#endRow} throws with the failure as the cause, naming the column and
 * the row group, and so does {@link ColumnFileWriter#close}. The failure is real: LZO, a codec
 * this library does not write, for one column.
 */
class ParallelRowGroupsTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m { required int64 id; optional binary s (STRING); }");
  private static final int ROW_GROUP_ROWS = 100;

  @TempDir
  Path dir;

  private ColumnFileWriter writer(String name, int parallelism) throws IOException {
    return ColumnFileWriter.create(new LocalOutputFile(dir.resolve(name)), "test version 1",
        SCHEMA, Map.of(),
        column -> new ChunkOptions(column.equals("s") ? CompressionCodecName.LZO
            : CompressionCodecName.SNAPPY, true, false, false, 1 << 16, 20_000, 1),
        new PlainParquetConfiguration(), Long.MAX_VALUE, ROW_GROUP_ROWS, parallelism);
  }

  private static void row(ColumnFileWriter w, long i) throws IOException {
    RecordConsumer rc = w.recordConsumer();
    rc.startMessage();
    rc.startField("id", 0);
    rc.addLong(i);
    rc.endField("id", 0);
    rc.startField("s", 1);
    rc.addBinary(Binary.fromString("v" + i));
    rc.endField("s", 1);
    rc.endMessage();
    w.endRow();
  }

  @Test
  void aFailedChunkFailsALaterRowAndTheClose() throws IOException {
    ColumnFileWriter w = writer("failed.parquet", 2);
    long written = 0;
    IOException e = null;
    // Row group 0 is handed over at row 100; its chunks are awaited by row 200 at the latest.
    while (written < 2 * ROW_GROUP_ROWS && e == null) {
      try {
        row(w, written);
      } catch (IOException failed) {
        e = failed;
      }
      written++;
    }
    assertTrue(e != null, "no row failed");
    assertTrue(written > ROW_GROUP_ROWS, "failed at row " + written);
    assertTrue(e.getMessage().contains("column s of row group 0"), e.getMessage());
    assertTrue(causes(e).contains("codec LZO"), causes(e));
    IOException atClose = assertThrows(IOException.class, w::close);
    assertTrue(causes(atClose).contains("codec LZO"), causes(atClose));
    w.abort(); // after a failed close: nothing to do, nothing thrown
  }

  /** On one thread the same chunk fails at once, where its row group ends. */
  @Test
  void onOneThreadTheRowThatEndsTheRowGroupFails() throws IOException {
    ColumnFileWriter w = writer("inline.parquet", 1);
    for (long i = 0; i < ROW_GROUP_ROWS - 1; i++) {
      row(w, i);
    }
    RuntimeException e = assertThrows(RuntimeException.class, () -> row(w, 99));
    assertTrue(causes(e).contains("codec LZO"), causes(e));
    w.abort();
  }

  @Test
  void parallelismBelowOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> writer("none.parquet", 0));
  }

  /** Every message down the cause chain. */
  private static String causes(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c).append(" <- ");
    }
    return b.toString();
  }

  @Test
  void rowGroupsOnThreadsHoldTheirRows() throws IOException {
    Path file = dir.resolve("fine.parquet");
    try (ColumnFileWriter w = ColumnFileWriter.create(new LocalOutputFile(file), "test version 1",
        SCHEMA,
        Map.of(), column -> new ChunkOptions(CompressionCodecName.SNAPPY, true, false, false,
            1 << 16, 20_000, 1),
        new PlainParquetConfiguration(), Long.MAX_VALUE, ROW_GROUP_ROWS, 3)) {
      for (long i = 0; i < 250; i++) {
        row(w, i);
      }
    }
    try (org.apache.parquet.hadoop.ParquetFileReader f =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            new org.apache.parquet.io.LocalInputFile(file))) {
      assertEquals(java.util.List.of(100L, 100L, 50L), f.getFooter().getBlocks().stream()
          .map(b -> b.getRowCount()).toList());
    }
  }
}
