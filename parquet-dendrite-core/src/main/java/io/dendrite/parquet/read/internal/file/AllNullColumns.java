package io.dendrite.parquet.read.internal.file;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * Leaf columns that hold only nulls in a set of row groups, by footer statistics. A column
 * without a null count in any of them is never reported: absent statistics prove nothing.
 */
public final class AllNullColumns {
  private AllNullColumns() {}

  public static Set<String> of(List<BlockMetaData> rowGroups) {
    return inEvery(rowGroups.size(), rowGroups.stream()
        .flatMap(b -> b.getColumns().stream())
        .filter(c -> {
          Statistics<?> stats = c.getStatistics();
          return stats != null && stats.isNumNullsSet() && stats.getNumNulls() == c.getValueCount();
        })
        .map(c -> c.getPath().toDotString()));
  }

  /**
   * The columns that are all null in each of {@code rowGroups} row groups, given every chunk
   * (dotted column path) whose null count equals its value count.
   */
  static Set<String> inEvery(int rowGroups, Stream<String> allNullChunks) {
    if (rowGroups == 0) {
      return Set.of();
    }
    Map<String, Integer> allNullIn = new HashMap<>();
    allNullChunks.forEach(path -> allNullIn.merge(path, 1, Integer::sum));
    Set<String> out = new HashSet<>();
    allNullIn.forEach((path, n) -> {
      if (n == rowGroups) {
        out.add(path);
      }
    });
    return out;
  }
}
