package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.read.FilterPlan.RowRanges;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.IntPredicate;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.schema.PrimitiveType;

/**
 * What metadata says about one column chunk, page by page (from its column index and offset
 * index) or as one "page" covering the row group (from the footer statistics): rows covered,
 * whether all values are null, the null count, min and max, and the definition level
 * histogram. Anything a writer left out is "unknown", which never lets a row be skipped.
 */
final class ColumnPages {
  final int count;
  private final long[] first;
  private final long[] last;
  private final boolean[] allNull;
  /** -1: unknown. */
  private final long[] nullCount;
  /** Parquet's values (Integer, Long, Float, Double, Boolean, Binary); null: unknown. */
  private final Object[] min;
  private final Object[] max;
  /** Per page, {@code width} counts; null: unknown. */
  private final long[] defHistogram;
  private final int width;

  private ColumnPages(int count) {
    this.count = count;
    first = new long[count];
    last = new long[count];
    allNull = new boolean[count];
    nullCount = new long[count];
    min = new Object[count];
    max = new Object[count];
    defHistogram = null;
    width = 0;
  }

  private ColumnPages(ColumnPages base, long[] defHistogram, int width) {
    this.count = base.count;
    this.first = base.first;
    this.last = base.last;
    this.allNull = base.allNull;
    this.nullCount = base.nullCount;
    this.min = base.min;
    this.max = base.max;
    this.defHistogram = defHistogram;
    this.width = width;
  }

  /** The whole chunk as one page, from the footer. */
  static ColumnPages ofChunk(ColumnChunkMetaData chunk, long rowCount, int maxDef) {
    ColumnPages p = new ColumnPages(1);
    p.first[0] = 0;
    p.last[0] = rowCount - 1;
    Statistics<?> s = chunk.getStatistics();
    boolean nullsKnown = s != null && s.isNumNullsSet();
    p.nullCount[0] = nullsKnown ? s.getNumNulls() : -1;
    p.allNull[0] = nullsKnown && s.getNumNulls() == chunk.getValueCount();
    if (s != null && s.hasNonNullValue()) {
      p.min[0] = s.genericGetMin();
      p.max[0] = s.genericGetMax();
    }
    SizeStatistics size = chunk.getSizeStatistics();
    if (size != null && size.isValid() && size.getDefinitionLevelHistogram() != null
        && size.getDefinitionLevelHistogram().size() == maxDef + 1) {
      return new ColumnPages(p, toArray(size.getDefinitionLevelHistogram()), maxDef + 1);
    }
    return p;
  }

  /** Page by page, from the column index and offset index of the chunk. */
  static ColumnPages ofIndex(PrimitiveType type, ColumnIndex ci, OffsetIndex oi, long rowCount,
      int maxDef) {
    int n = oi.getPageCount();
    List<Boolean> nullPages = ci.getNullPages();
    if (nullPages == null || nullPages.size() != n) {
      return null;
    }
    ColumnPages p = new ColumnPages(n);
    List<Long> nulls = ci.getNullCounts();
    List<ByteBuffer> mins = ci.getMinValues();
    List<ByteBuffer> maxs = ci.getMaxValues();
    for (int i = 0; i < n; i++) {
      p.first[i] = oi.getFirstRowIndex(i);
      p.last[i] = oi.getLastRowIndex(i, rowCount);
      p.allNull[i] = nullPages.get(i);
      p.nullCount[i] = nulls != null && nulls.size() == n ? nulls.get(i) : -1;
      if (!p.allNull[i] && mins != null && maxs != null && mins.size() == n && maxs.size() == n) {
        Statistics<?> s = Statistics.getBuilderForReading(type)
            .withMin(bytes(mins.get(i))).withMax(bytes(maxs.get(i))).build();
        if (s.hasNonNullValue()) {
          p.min[i] = s.genericGetMin();
          p.max[i] = s.genericGetMax();
        }
      }
    }
    List<Long> hist = ci.getDefinitionLevelHistogram();
    if (hist != null && hist.size() == n * (maxDef + 1)) {
      return new ColumnPages(p, toArray(hist), maxDef + 1);
    }
    return p;
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  private static long[] toArray(List<Long> list) {
    long[] out = new long[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i);
    }
    return out;
  }

  /** Whether page {@code i} may hold a non-null value. */
  boolean mayHaveValue(int i) {
    return !allNull[i];
  }

  /** Whether page {@code i} may hold a null (or a lower definition level). */
  boolean mayHaveNull(int i) {
    return nullCount[i] != 0;
  }

  Object min(int i) {
    return min[i];
  }

  Object max(int i) {
    return max[i];
  }

  /** Whether page {@code i} may have entries at definition level {@code level}. */
  boolean mayHaveLevel(int i, int level) {
    return defHistogram == null || level >= width || defHistogram[i * width + level] != 0;
  }

  /** The rows of the pages {@code selected} accepts. */
  RowRanges rows(IntPredicate selected) {
    RowRanges.Builder b = new RowRanges.Builder();
    long from = -1;
    long to = -1;
    for (int i = 0; i < count; i++) {
      if (!selected.test(i) || last[i] < first[i]) {
        continue;
      }
      if (from >= 0 && first[i] <= to + 1) {
        to = Math.max(to, last[i]);
      } else {
        if (from >= 0) {
          b.add(from, to);
        }
        from = first[i];
        to = last[i];
      }
    }
    if (from >= 0) {
      b.add(from, to);
    }
    return b.build();
  }
}
