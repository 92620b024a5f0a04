package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;
import org.apache.parquet.schema.MessageType;

/**
 * Rows striped into leaf entries apart from the file (issue 31, "one pass into columns"): a
 * thread that parsed a chunk of rows records them here with the file's own
 * {@link LevelRecorder}, and the writing thread moves them into the row group by array copies
 * ({@link ColumnFileWriter#append}), a run of rows at a time, so a row group can end between any
 * two of them. Used by one thread at a time; {@link #clear()} makes it reusable.
 */
public final class StripedRows implements RewindableRows {
  private final LeafBuffer[] leaves;
  private final LevelRecorder recorder;
  private int rows;
  /** Whether entries of a row that failed follow the last row ended. */
  private boolean partial;
  /** Rows already moved out; per leaf, the entry and the value where the next row starts. */
  private int taken;
  private final int[] nextEntry;
  private final int[] nextValue;
  private final RowMarks marks;

  StripedRows(MessageType schema, LeafChunks chunks) {
    leaves = new LeafBuffer[chunks.count()];
    for (int i = 0; i < leaves.length; i++) {
      // The file's dictionary options: a chunk's byte arrays kept as ids of its own dictionary
      // hand the row group a distinct value once, not its bytes per row (LeafBuffer#append).
      leaves[i] = new LeafBuffer(chunks.column(i), chunks.options(i));
    }
    recorder = new LevelRecorder(schema, leaves);
    nextEntry = new int[leaves.length];
    nextValue = new int[leaves.length];
    marks = new RowMarks(leaves, recorder);
  }

  @Override
  public void markRow() {
    marks.mark();
  }

  @Override
  public void rollBackRow() {
    marks.rollBack();
  }

  /** Where a row goes, one {@code startMessage}..{@code endMessage}, then {@link #endRow}. */
  @Override
  public LevelRecorder recordConsumer() {
    return recorder;
  }

  /** Counts the row just recorded. */
  public void endRow() {
    rows++;
  }

  /**
   * Marks what was recorded since the last {@link #endRow} as a row that failed: it is never
   * moved out, and no row may follow it.
   */
  public void abandonRow() {
    partial = true;
  }

  /** The rows recorded (and ended). */
  public int rows() {
    return rows;
  }

  /** Empties the buffers for another chunk, keeping their arrays. */
  public void clear() {
    for (LeafBuffer leaf : leaves) {
      leaf.clear();
    }
    rows = 0;
    taken = 0;
    partial = false;
    Arrays.fill(nextEntry, 0);
    Arrays.fill(nextValue, 0);
  }

  /** Appends the next {@code count} rows not yet moved out to {@code target}, leaf by leaf. */
  void appendTo(LeafBuffer[] target, int count) {
    if (count < 1 || count > rows - taken) {
      throw new IllegalArgumentException(count + " rows asked, " + (rows - taken) + " left");
    }
    boolean toEnd = !partial && taken + count == rows;
    for (int i = 0; i < leaves.length; i++) {
      LeafBuffer src = leaves[i];
      int entryFrom = nextEntry[i];
      int valueFrom = nextValue[i];
      int entryTo = toEnd ? src.entries : rowStart(src, entryFrom, count);
      int valueTo = toEnd ? src.values : valueFrom + valuesIn(src, entryFrom, entryTo);
      target[i].append(src, entryFrom, entryTo, valueFrom, valueTo);
      nextEntry[i] = entryTo;
      nextValue[i] = valueTo;
    }
    taken += count;
  }

  /**
   * The entry where the row {@code count} rows after the one starting at {@code from} starts (or
   * the end). A leaf outside any repeated field has one entry per row; in one that is, a row
   * starts at each repetition level 0.
   */
  private static int rowStart(LeafBuffer leaf, int from, int count) {
    if (leaf.rep == null) {
      return Math.min(from + count, leaf.entries);
    }
    int[] rep = leaf.rep;
    int starts = 0;
    for (int e = from; e < leaf.entries; e++) {
      if (rep[e] == 0 && starts++ == count) {
        return e;
      }
    }
    return leaf.entries;
  }

  /** The entries in {@code [from, to)} with a value: those at the maximum definition level. */
  private static int valuesIn(LeafBuffer leaf, int from, int to) {
    if (leaf.def == null) {
      return leaf.defAll == leaf.maxDef ? to - from : 0;
    }
    int[] def = leaf.def;
    int max = leaf.maxDef;
    int n = 0;
    for (int e = from; e < to; e++) {
      if (def[e] == max) {
        n++;
      }
    }
    return n;
  }
}
