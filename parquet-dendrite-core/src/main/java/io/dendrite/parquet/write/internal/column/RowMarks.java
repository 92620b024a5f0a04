package io.dendrite.parquet.write.internal.column;

/**
 * Where the row being recorded started in each leaf buffer, so that a writer that gives up on
 * it halfway can take it back (a row shredded straight from JSON whose keys were not the
 * predicted ones): truncating the buffers and the recorder's open record leaves them as if the
 * row was never started.
 */
final class RowMarks {
  private final LeafBuffer[] leaves;
  private final LevelRecorder recorder;
  private final int[] entries;
  private final int[] values;

  RowMarks(LeafBuffer[] leaves, LevelRecorder recorder) {
    this.leaves = leaves;
    this.recorder = recorder;
    this.entries = new int[leaves.length];
    this.values = new int[leaves.length];
  }

  /** Remembers where the next row starts. */
  void mark() {
    for (int i = 0; i < leaves.length; i++) {
      LeafBuffer leaf = leaves[i];
      entries[i] = leaf.entries;
      values[i] = leaf.values;
    }
  }

  /** Takes back what was recorded since {@link #mark()}. */
  void rollBack() {
    for (int i = 0; i < leaves.length; i++) {
      leaves[i].truncate(entries[i], values[i]);
    }
    recorder.abandonMessage();
  }
}
