package io.dendrite.parquet.write.internal.column;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A page's size statistics (the spec's {@code SizeStatistics}): how many entries have each
 * repetition and each definition level, and the BYTE_ARRAY values' bytes without their length
 * prefixes. parquet-java's file writer merges them into the chunk's metadata and puts the
 * histograms in the column index, the bytes in the offset index.
 */
final class PageSizeStatistics {
  private final PrimitiveType type;
  /** Whether each histogram is written: the shape parquet-java's chunk statistics have. */
  private final boolean repetition;
  private final boolean definition;

  PageSizeStatistics(ColumnDescriptor column) {
    this.type = column.getPrimitiveType();
    // parquet-java merges each page's statistics into a chunk's of its own making and
    // rejects histograms of another length; which it leaves out (those of a maximum level 0,
    // and in 1.18 of a maximum definition level 1) is its rule, so ask its builder.
    SizeStatistics shape = SizeStatistics.newBuilder(type, column.getMaxRepetitionLevel(),
        column.getMaxDefinitionLevel()).build();
    this.repetition = !shape.getRepetitionLevelHistogram().isEmpty();
    this.definition = !shape.getDefinitionLevelHistogram().isEmpty();
  }

  /**
   * Of {@code leaf}'s entries [entryFrom, entryTo), whose BINARY values take
   * {@code unencodedBytes} without their length prefixes.
   */
  SizeStatistics of(LeafBuffer leaf, int entryFrom, int entryTo, long unencodedBytes) {
    long[] rep = new long[repetition ? leaf.maxRep + 1 : 0];
    long[] def = new long[definition ? leaf.maxDef + 1 : 0];
    count(leaf.rep, 0, entryFrom, entryTo, rep);
    count(leaf.def, leaf.defAll, entryFrom, entryTo, def);
    return new SizeStatistics(type, unencodedBytes, list(rep), list(def));
  }

  /**
   * Adds each level's entries to {@code histogram}; levels absent from the buffer are all
   * {@code absent} (0 for a level the column cannot have, their one level for definition
   * levels not stored).
   */
  private static void count(int[] levels, int absent, int from, int to, long[] histogram) {
    if (histogram.length == 0) {
      return;
    }
    if (levels == null) {
      histogram[absent] += to - from;
      return;
    }
    for (int i = from; i < to; i++) {
      histogram[levels[i]]++;
    }
  }

  /** A mutable list: parquet-java's merge clears the lists of statistics it invalidates. */
  private static List<Long> list(long[] counts) {
    List<Long> out = new ArrayList<>(counts.length);
    for (long c : counts) {
      out.add(c);
    }
    return out;
  }
}
