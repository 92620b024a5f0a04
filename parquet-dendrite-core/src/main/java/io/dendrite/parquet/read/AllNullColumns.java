package io.dendrite.parquet.read;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Leaf columns that hold only nulls in a set of row groups, by footer statistics. A column
 * without a null count in any of them is never reported: absent statistics prove nothing.
 */
final class AllNullColumns {
  private AllNullColumns() {}

  static Set<String> of(List<BlockMetaData> rowGroups) {
    if (rowGroups.isEmpty()) {
      return Set.of();
    }
    Map<String, Integer> allNullIn = new HashMap<>();
    for (BlockMetaData block : rowGroups) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        Statistics<?> stats = chunk.getStatistics();
        if (stats != null && stats.isNumNullsSet() && stats.getNumNulls() == chunk.getValueCount()) {
          allNullIn.merge(chunk.getPath().toDotString(), 1, Integer::sum);
        }
      }
    }
    Set<String> out = new HashSet<>();
    allNullIn.forEach((path, n) -> {
      if (n == rowGroups.size()) {
        out.add(path);
      }
    });
    return out;
  }
}
