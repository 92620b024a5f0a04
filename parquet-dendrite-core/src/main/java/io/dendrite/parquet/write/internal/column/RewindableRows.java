package io.dendrite.parquet.write.internal.column;

/**
 * Buffers rows are recorded into that can take back the row being recorded: a writer that may
 * give up on a row halfway (one shredded straight from JSON whose keys were not the predicted
 * ones) marks where it starts and rolls back to there.
 */
public interface RewindableRows {
  /** Where rows are recorded. */
  LevelRecorder recordConsumer();

  /** Remembers where the next row starts. */
  void markRow();

  /** Takes back what was recorded since {@link #markRow()}: as if the row was never started. */
  void rollBackRow();
}
