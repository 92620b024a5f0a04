package io.dendrite.parquet.read;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes row groups on a small thread pool and hands rows out in file order. At most
 * {@code threads + 1} row groups are decoded ahead, so memory stays bounded by a few row
 * groups. Each row group gets its own file reader and read plan; nothing is shared between
 * threads.
 */
final class ParallelRowGroups {
  /** Decodes exactly one row group, appending its rows to {@code into}. */
  interface RowGroupDecoder {
    void decode(int rowGroup, List<DendriteRow> into) throws IOException;
  }

  private final RowGroupDecoder decoder;
  private final long[] firstRow;
  private final ExecutorService pool;
  private final Deque<Future<List<DendriteRow>>> ahead = new ArrayDeque<>();
  private final int window;
  private int nextToSubmit;
  private int current = -1;
  private List<DendriteRow> batch = List.of();
  private int position;

  ParallelRowGroups(RowGroupDecoder decoder, long[] rowCounts, int threads) {
    this.decoder = decoder;
    this.firstRow = new long[rowCounts.length];
    for (int i = 1; i < rowCounts.length; i++) {
      firstRow[i] = firstRow[i - 1] + rowCounts[i - 1];
    }
    AtomicInteger n = new AtomicInteger();
    ThreadFactory daemons = r -> {
      Thread t = new Thread(r, "dendrite-rowgroup-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    this.pool = Executors.newFixedThreadPool(threads, daemons);
    this.window = threads + 1;
  }

  /** The next row in file order, or null at the end. */
  DendriteRow next() throws IOException {
    while (position >= batch.size()) {
      if (!advance()) {
        return null;
      }
    }
    return batch.get(position++);
  }

  private boolean advance() throws IOException {
    while (ahead.size() < window && nextToSubmit < firstRow.length) {
      int rowGroup = nextToSubmit++;
      ahead.add(pool.submit(() -> decode(rowGroup)));
    }
    Future<List<DendriteRow>> f = ahead.poll();
    if (f == null) {
      return false;
    }
    current++;
    try {
      batch = f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while decoding row group " + current, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new IOException(cause);
    }
    position = 0;
    return true;
  }

  private List<DendriteRow> decode(int rowGroup) {
    List<DendriteRow> rows = new ArrayList<>();
    try {
      decoder.decode(rowGroup, rows);
      return rows;
    } catch (IOException | RuntimeException e) {
      throw new RowGroupFailure(rowGroup, firstRow[rowGroup] + rows.size() + 1, e);
    }
  }

  void close() {
    for (Future<?> f : ahead) {
      f.cancel(true);
    }
    pool.shutdownNow();
  }

  /** A failure inside a row group, with the 1-based row of the file it happened at. */
  static final class RowGroupFailure extends RuntimeException {
    final int rowGroup;
    final long row;

    RowGroupFailure(int rowGroup, long row, Exception cause) {
      super(cause.getMessage(), cause);
      this.rowGroup = rowGroup;
      this.row = row;
    }
  }
}
