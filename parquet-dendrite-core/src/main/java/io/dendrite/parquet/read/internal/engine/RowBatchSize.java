package io.dendrite.parquet.read.internal.engine;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * Rows per batch of the row API: as many as keep a batch's selected columns near
 * {@link #BUDGET_BYTES} uncompressed (from the footer), between {@link #MIN_ROWS} and
 * {@link #MAX_ROWS}. Rows are handed out one by one from column vectors, so a batch of wide
 * rows must stay cache-sized, and the Java values of nested columns read whole (lists of
 * structs) are all alive until the batch is done: 4096 rows of 10 KB documents kept ~40 MB of
 * maps alive and doubled the read time in GC (user-events dataset, 4096 vs 256 rows).
 */
public final class RowBatchSize {
  public static final int MAX_ROWS = 4096;
  public static final int MIN_ROWS = 64;
  static final long BUDGET_BYTES = 1L << 20;

  private RowBatchSize() {}

  public static int of(List<BlockMetaData> rowGroups, MessageType requested) {
    Set<String> read = new HashSet<>();
    for (String[] path : requested.getPaths()) {
      read.add(String.join(".", path));
    }
    long rows = 0;
    long bytes = 0;
    for (BlockMetaData g : rowGroups) {
      rows += g.getRowCount();
      for (ColumnChunkMetaData c : g.getColumns()) {
        if (read.contains(c.getPath().toDotString())) {
          bytes += c.getTotalUncompressedSize();
        }
      }
    }
    if (rows == 0 || bytes == 0) {
      return MAX_ROWS;
    }
    long perRow = Math.max(1, bytes / rows);
    return (int) Math.max(MIN_ROWS, Math.min(MAX_ROWS, BUDGET_BYTES / perRow));
  }
}
