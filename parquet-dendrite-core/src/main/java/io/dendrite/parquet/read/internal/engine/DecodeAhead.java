package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import java.io.Closeable;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Decodes the next batch of a row range (pages to levels and values) on a second thread while
 * the calling thread builds the current batch's rows or records: the two halves of a batch's
 * work run side by side, in file order, with one batch decoded ahead at most. So a read holds
 * two batches' leaves, never rows or records it has not handed out (row groups decoded ahead
 * held whole row groups of records, which the young collections copied: see
 * {@code ParallelRowGroups}).
 *
 * <p>The leaves alternate between two sets: the caller's, which it reads, and the spare one,
 * which the thread fills. The chunk readers are used by one thread at a time: the caller starts
 * a batch only where the range goes on, and waits for it ({@link #take}) before it moves or
 * closes them.
 */
final class DecodeAhead implements Closeable {
  private final ExecutorService thread;
  private final LeafDecoding decoding;
  private LeafBatch[] spare;
  /** The batch under way: its failure (null: decoded), or null when none is. */
  private Future<RuntimeException> pending;

  DecodeAhead(int leafCount) {
    this.decoding = LeafDecoding.serial(leafCount);
    this.spare = new LeafBatch[leafCount];
    for (int i = 0; i < leafCount; i++) {
      spare[i] = new LeafBatch();
    }
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "dendrite-decode-ahead");
      t.setDaemon(true);
      return t;
    });
  }

  /** Whether a batch was started and not taken. */
  boolean pending() {
    return pending != null;
  }

  /** Starts decoding the next {@code rows} rows of {@code chunks} into the spare leaves. */
  void start(ColumnChunkReader[] chunks, boolean[] fresh, int rows) {
    LeafBatch[] into = spare;
    pending = thread.submit(() -> {
      try {
        decoding.decode(chunks, into, fresh, rows);
        return null;
      } catch (RuntimeException e) {
        return e;
      }
    });
  }

  /**
   * Waits for the batch under way and returns its leaves; {@code done}, the caller's leaves of
   * the batch before, become the spare ones.
   *
   * @throws RuntimeException the batch's decoding failure, as a serial decode throws it
   */
  LeafBatch[] take(LeafBatch[] done) {
    RuntimeException failure = await();
    LeafBatch[] ready = spare;
    spare = done;
    if (failure != null) {
      throw failure;
    }
    return ready;
  }

  /** The failure of the batch under way (null: decoded, or none), once it has ended. */
  private RuntimeException await() {
    Future<RuntimeException> f = pending;
    pending = null;
    if (f == null) {
      return null;
    }
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return f.get();
        } catch (InterruptedException e) {
          interrupted = true; // the chunks stay the thread's until it ends: wait on
        } catch (ExecutionException e) {
          if (e.getCause() instanceof Error error) {
            throw error;
          }
          throw new IllegalStateException(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
        throw new UncheckedIOException(new InterruptedIOException("interrupted while decoding"));
      }
    }
  }

  /** Waits for a batch under way (its chunks may then be closed), dropping it, and stops. */
  @Override
  public void close() {
    try {
      await();
    } finally {
      thread.shutdownNow();
    }
  }
}
