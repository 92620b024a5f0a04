package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Full row groups encoded and compressed on encoding threads, a task per column chunk, while
 * the writing thread fills the next row group into its buffers. When that one is full too, the
 * writing thread waits for the chunks of the one before, writes them in column order
 * ({@link RowGroupFile}), and hands the new one over, trading buffers with it: so at most one
 * row group is being filled and one is being encoded (or waiting, encoded, to be written), and
 * every buffer is reused.
 *
 * <p>An executor per writer rather than one shared pool: its threads live and die with the
 * file (shut down on close and abort, so no thread outlives a writer), a failure or abort
 * concerns its own tasks only, and one writer's long chunks never queue behind another's. Its
 * threads are daemons, started on first use. No task waits for another, so nothing deadlocks.
 */
final class ParallelRowGroups {
  private static final AtomicInteger WRITERS = new AtomicInteger();
  /** How long an abort waits for chunks being encoded to stop (they stop at the next page). */
  private static final long ABORT_WAIT_SECONDS = 10;

  private final LeafChunks chunks;
  private final RowGroupFile file;
  private final LeafBuffer[] filling;
  private final LeafBuffer[] encoding;
  private final BufferedChunk[] encoded;
  private final long[] unscaled;
  private final List<Future<?>> tasks = new ArrayList<>();
  private final ExecutorService pool;
  private final Supplier<ChunkWorker> newWorker;
  private final ConcurrentLinkedQueue<ChunkWorker> idle = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ChunkWorker> made = new ConcurrentLinkedQueue<>();
  /** The first chunk that failed to encode, or null. */
  private volatile IOException failure;
  /** The rows of the row group handed over and not yet written; 0 when none. */
  private int pendingRows;
  private int pendingRowGroup;

  /**
   * @param filling the buffers the writing thread fills (they trade arrays with this one's)
   * @param threads the most encoding threads
   */
  ParallelRowGroups(LeafChunks chunks, RowGroupFile file, LeafBuffer[] filling, int threads,
      Supplier<ChunkWorker> newWorker) {
    this.chunks = chunks;
    this.file = file;
    this.filling = filling;
    this.newWorker = newWorker;
    int n = filling.length;
    encoding = new LeafBuffer[n];
    encoded = new BufferedChunk[n];
    unscaled = new long[n];
    for (int i = 0; i < n; i++) {
      encoding[i] = new LeafBuffer(chunks.column(i), chunks.options(i));
      encoded[i] = new BufferedChunk();
    }
    String name = "dendrite-encode-" + WRITERS.incrementAndGet() + "-";
    AtomicInteger count = new AtomicInteger();
    pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, name + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Writes the row group handed over before, if any, then hands over row group
   * {@code rowGroup} of {@code rows} rows from the filling buffers, which are empty after.
   *
   * @throws IOException when a chunk failed to encode, naming it and its row group
   */
  void handOver(int rowGroup, int rows) throws IOException {
    writePending();
    for (int i = 0; i < filling.length; i++) {
      filling[i].swap(encoding[i]);
      filling[i].clear();
      unscaled[i] = RowGroupSizer.unscaled(encoding[i]);
    }
    pendingRowGroup = rowGroup;
    pendingRows = rows;
    for (int i = 0; i < encoding.length; i++) {
      int leaf = i;
      tasks.add(pool.submit(() -> encode(leaf, rowGroup)));
    }
  }

  /** Writes the row group handed over, if any, once encoded. */
  void finish() throws IOException {
    writePending();
  }

  /** Throws the failure of an encoding thread, if one failed, with it as the cause. */
  void checkFailure() throws IOException {
    IOException f = failure;
    if (f != null) {
      throw new IOException(f.getMessage(), f);
    }
  }

  /** Stops the threads once nothing is left to encode (after {@link #finish}). */
  void close() {
    pool.shutdown();
    awaitThenRelease(Long.MAX_VALUE);
  }

  /**
   * Stops the encoding threads, interrupting the chunks being encoded, and waits a while for
   * them to stop; throws nothing.
   */
  void abort() {
    pool.shutdownNow();
    awaitThenRelease(ABORT_WAIT_SECONDS);
  }

  private void awaitThenRelease(long seconds) {
    boolean interrupted = Thread.interrupted();
    try {
      if (!interrupted && !pool.awaitTermination(seconds, TimeUnit.SECONDS)) {
        return; // still running: leave the compressors to the garbage collector
      }
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (pool.isTerminated()) {
      for (ChunkWorker w = made.poll(); w != null; w = made.poll()) {
        w.release(); // native compressor state: only once no thread can use it
      }
    }
  }

  private Void encode(int leaf, int rowGroup) throws IOException {
    ChunkWorker w = idle.poll();
    if (w == null) {
      w = newWorker.get(); // one per thread at most: a thread holds one at a time
      made.add(w);
    }
    try {
      encoded[leaf].clear();
      w.encode(chunks, leaf, rowGroup, encoding[leaf], encoded[leaf]);
      return null;
    } catch (IOException | RuntimeException | Error e) {
      IOException f = new IOException("cannot encode column " + chunks.path(leaf)
          + " of row group " + rowGroup + ": " + e, e);
      synchronized (this) {
        if (failure == null) {
          failure = f;
        }
      }
      throw f;
    } finally {
      idle.add(w);
    }
  }

  private void writePending() throws IOException {
    if (pendingRows == 0) {
      return;
    }
    try {
      for (Future<?> t : tasks) {
        t.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for column chunks to encode");
    } catch (ExecutionException e) {
      checkFailure(); // the first chunk that failed, whichever was awaited
      throw new IOException("a column chunk failed to encode", e.getCause());
    }
    tasks.clear();
    file.write(pendingRowGroup, pendingRows, unscaled, (i, out) -> encoded[i].writeTo(out));
    pendingRows = 0;
  }
}
