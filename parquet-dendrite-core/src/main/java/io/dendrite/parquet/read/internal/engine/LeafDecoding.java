package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import java.io.Closeable;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;

/**
 * The first step of a batch: every leaf column decodes the batch's rows into its
 * {@link LeafBatch}. With more than one thread, a row group's column chunks decode in
 * parallel (dendrite's "parallel column decoding"): the leaves are split between the threads
 * by the bytes their chunks hold, the calling thread takes one share and the pool the others,
 * and the batch waits for all. Each chunk reader and leaf batch is used by one thread at a
 * time, and waiting on the pool's futures hands their contents to the calling thread.
 *
 * <p>A batch of fewer than {@link #PARALLEL_BYTES} (uncompressed, estimated from the footer)
 * decodes on the calling thread alone. Handing a share to a waiting thread costs that thread's
 * wake-up: on the 2-vCPU benchmark machine ~0.7 ms per batch before the share started
 * (instrumented, TPC-H's typed file read as {@code batches(4096)}), and at those ~0.6 MB
 * batches that ate what the second share saved (an ad hoc timing, not a published
 * benchmark), so the threshold sits above them.
 *
 * <p>A failure is the one the serial order meets first: that of the lowest failing leaf.
 */
public final class LeafDecoding implements Closeable {
  /** Estimated bytes of a batch below which it decodes on the calling thread alone. */
  public static final long PARALLEL_BYTES = 1 << 20;

  private final ExecutorService pool;
  private final int threads;
  private final long parallelBytes;
  /** Every leaf index, ascending: the order of a serial decode. */
  private final int[] all;
  /** The leaf indexes each thread decodes, in ascending order; share 0 is the caller's. */
  private int[][] shares;
  /** The open row group's uncompressed bytes per row, over the leaves read. */
  private double bytesPerRow;

  /** One thread: every batch decodes on the calling thread. */
  public static LeafDecoding serial(int leafCount) {
    return new LeafDecoding(1, leafCount, PARALLEL_BYTES);
  }

  /**
   * @param threads at most this many threads decode a batch (1: the calling thread alone)
   * @param parallelBytes a smaller batch decodes on the calling thread ({@link #PARALLEL_BYTES};
   *     tests lower it to decode small files in parallel)
   */
  public LeafDecoding(int threads, int leafCount, long parallelBytes) {
    this.threads = Math.max(1, Math.min(threads, leafCount));
    this.parallelBytes = parallelBytes;
    if (this.threads == 1) {
      this.pool = null;
    } else {
      AtomicInteger n = new AtomicInteger();
      this.pool = Executors.newFixedThreadPool(this.threads - 1, r -> {
        Thread t = new Thread(r, "dendrite-columns-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
    }
    this.all = new int[leafCount];
    Arrays.setAll(all, i -> i);
    if (pool != null) {
      balance(new long[leafCount], 1); // equal shares until a row group is opened
    }
  }

  /**
   * Splits the leaves between the threads for row group {@code rowGroup}, by their chunks'
   * uncompressed sizes in its footer; nothing to do on one thread.
   *
   * @param leaves the leaf columns decoded, in leaf order
   */
  public void balance(BlockMetaData rowGroup, List<ColumnDescriptor> leaves) {
    if (pool == null) {
      return;
    }
    Map<ColumnPath, Long> sizes = new HashMap<>();
    for (ColumnChunkMetaData c : rowGroup.getColumns()) {
      sizes.put(c.getPath(), c.getTotalUncompressedSize());
    }
    long[] bytes = new long[leaves.size()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = sizes.getOrDefault(ColumnPath.get(leaves.get(i).getPath()), 0L);
    }
    balance(bytes, rowGroup.getRowCount());
  }

  /**
   * Splits the leaves between the threads for a row group: largest chunk first, each to the
   * share with the fewest bytes so far (equal weights: round robin).
   *
   * @param bytes each leaf's uncompressed chunk size in the row group
   * @param rows the row group's row count
   */
  public void balance(long[] bytes, long rows) {
    bytesPerRow = (double) Arrays.stream(bytes).sum() / Math.max(1, rows);
    Integer[] order = new Integer[bytes.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(bytes[b], bytes[a]));
    long[] load = new long[threads];
    List<List<Integer>> picked = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      picked.add(new ArrayList<>());
    }
    int next = 0;
    for (int leaf : order) {
      int least = next++ % threads;
      for (int t = 0; t < threads; t++) {
        if (load[t] < load[least]) {
          least = t;
        }
      }
      load[least] += bytes[leaf];
      picked.get(least).add(leaf);
    }
    shares = new int[threads][];
    for (int t = 0; t < threads; t++) {
      shares[t] = picked.get(t).stream().mapToInt(Integer::intValue).sorted().toArray();
    }
  }

  /**
   * Decodes the next {@code rows} rows of every chunk into the leaf batch of the same index.
   *
   * @param fresh per leaf, whether its batch needs a new byte buffer (the previous batch's
   *     variant views keep theirs)
   */
  public void decode(ColumnChunkReader[] chunks, LeafBatch[] leaves, boolean[] fresh, int rows) {
    if (pool == null || rows * bytesPerRow < parallelBytes) {
      Failure f = decode(all, chunks, leaves, fresh, rows);
      if (f != null) {
        throw f.rethrown();
      }
      return;
    }
    List<Future<Failure>> others = new ArrayList<>(threads - 1);
    for (int t = 1; t < threads; t++) {
      int[] share = shares[t];
      others.add(pool.submit(() -> decode(share, chunks, leaves, fresh, rows)));
    }
    Failure first = decode(shares[0], chunks, leaves, fresh, rows);
    boolean interrupted = false;
    for (Future<Failure> other : others) {
      Failure f;
      while (true) {
        try {
          f = other.get(); // every share ends before the batch is used or the error thrown
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) { // an Error: decode() returns the exceptions
          f = new Failure(-1, e.getCause());
          break;
        }
      }
      if (f != null && (first == null || f.leaf < first.leaf)) {
        first = f;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new InterruptedIOException("interrupted while decoding"));
    }
    if (first != null) {
      throw first.rethrown();
    }
  }

  /** Decodes one share's leaves, stopping at the first failure, which it returns. */
  private static Failure decode(int[] share, ColumnChunkReader[] chunks, LeafBatch[] leaves,
      boolean[] fresh, int rows) {
    for (int i : share) {
      try {
        if (fresh[i]) {
          leaves[i].bytes = null;
        }
        chunks[i].readRows(rows, leaves[i]);
      } catch (RuntimeException e) {
        return new Failure(i, e);
      }
    }
    return null;
  }

  private record Failure(int leaf, Throwable error) {
    RuntimeException rethrown() {
      if (error instanceof Error e) {
        throw e;
      }
      return (RuntimeException) error;
    }
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
