package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes row groups on a small thread pool and hands rows out in file order. Each row group
 * streams its rows to the reading thread in chunks as they are decoded, so reading starts
 * with the first chunk, not when the first row group is done; at most {@code threads + 1} row
 * groups are under way, so memory is bounded by a few row groups. (A row group decoding ahead
 * must be able to finish while the reader is still on an earlier one: with a short queue per
 * row group, decoders stalled on full queues and TPC-H read 1.5x slower on 2 threads than on
 * one.) Each row group gets its own file reader and read plan; nothing is shared between
 * threads.
 *
 * <p>With a record mapping ({@code select(Class)}), rows are also mapped to the record on the
 * decoding thread, so that {@link DendriteRow#as} on the reading thread only hands it out.
 */
public final class ParallelRowGroups {
  /** Decodes exactly one row group, adding its rows to {@code into} in order. */
  public interface RowGroupDecoder {
    void decode(int rowGroup, Sink into) throws IOException;
  }

  /** Rows per chunk handed from a decoding thread to the reading thread. */
  private static final int CHUNK_ROWS = 256;
  /** The last chunk of a row group. */
  private static final List<DendriteRow> END = List.of();

  private final RowGroupDecoder decoder;
  private final RecordMapping<?> mapping;
  private final long[] firstRow;
  private final ExecutorService pool;
  private final Deque<RowGroup> ahead = new ArrayDeque<>();
  private final int window;
  private int nextToSubmit;
  private RowGroup current;
  private List<DendriteRow> chunk = List.of();
  private int position;

  /**
   * @param mapping maps each row to the read's record on the decoding thread, or null
   */
  public ParallelRowGroups(RowGroupDecoder decoder, long[] rowCounts, int threads,
      RecordMapping<?> mapping) {
    this.decoder = decoder;
    this.mapping = mapping;
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

  /** Where a decoder puts a row group's rows: chunks on their way to the reading thread. */
  public final class Sink {
    private final RowGroup group;
    private List<DendriteRow> rows = new ArrayList<>(CHUNK_ROWS);

    private Sink(RowGroup group) {
      this.group = group;
    }

    public void add(DendriteRow row) throws IOException {
      if (mapping != null) {
        Rows.access().premap(row, mapping);
      }
      rows.add(row);
      group.decoded++;
      if (rows.size() == CHUNK_ROWS) {
        flush();
      }
    }

    /** Hands out the rows of the unfinished chunk, then the end of the row group. */
    private void finish() throws IOException {
      flush();
      group.put(END);
    }

    /** Hands out the rows added since the last chunk, if any. */
    private void flush() throws IOException {
      if (!rows.isEmpty()) {
        group.put(rows);
        rows = new ArrayList<>(CHUNK_ROWS);
      }
    }
  }

  /** One row group under way: its chunks, and how it ended. */
  private final class RowGroup {
    final int index;
    final BlockingQueue<List<DendriteRow>> chunks = new LinkedBlockingQueue<>();
    Future<?> task;
    /** Rows decoded so far (by the decoding thread). */
    long decoded;
    volatile RowGroupFailure failure;

    RowGroup(int index) {
      this.index = index;
    }

    /**
     * Hands a chunk over. The queue never fills, but {@code put} still checks for interrupts:
     * it is where closing the reader stops a decoder.
     */
    void put(List<DendriteRow> rows) throws IOException {
      try {
        chunks.put(rows);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while decoding row group " + index, e);
      }
    }

    void decode() {
      Sink sink = new Sink(this);
      try {
        decoder.decode(index, sink);
        sink.finish();
      } catch (IOException | RuntimeException e) {
        // Every row decoded before the failure is still read, then the failure is thrown at
        // the row it happened at: the rows and the error of a serial read.
        failure = new RowGroupFailure(index, firstRow[index] + decoded + 1, e);
        try {
          sink.flush();
          chunks.put(END);
        } catch (IOException | InterruptedException closed) {
          Thread.currentThread().interrupt(); // the reader was closed: nobody waits for END
        }
      }
    }
  }

  /** The next row in file order, or null at the end. */
  public DendriteRow next() throws IOException {
    while (position >= chunk.size()) {
      if (!advance()) {
        return null;
      }
    }
    return chunk.get(position++);
  }

  private boolean advance() throws IOException {
    while (true) {
      if (current == null) {
        while (ahead.size() < window && nextToSubmit < firstRow.length) {
          RowGroup g = new RowGroup(nextToSubmit++);
          g.task = pool.submit(g::decode);
          ahead.add(g);
        }
        current = ahead.poll();
        if (current == null) {
          return false;
        }
      }
      List<DendriteRow> next;
      try {
        next = current.chunks.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while decoding row group " + current.index, e);
      }
      if (next == END) {
        if (current.failure != null) {
          throw current.failure;
        }
        current = null;
        continue;
      }
      chunk = next;
      position = 0;
      return true;
    }
  }

  public void close() {
    for (RowGroup g : ahead) {
      g.task.cancel(true);
    }
    if (current != null) {
      current.task.cancel(true);
    }
    pool.shutdownNow();
  }

  /** A failure inside a row group, with the 1-based row of the file it happened at. */
  public static final class RowGroupFailure extends RuntimeException {
    public final int rowGroup;
    public final long row;

    RowGroupFailure(int rowGroup, long row, Exception cause) {
      super(cause.getMessage(), cause);
      this.rowGroup = rowGroup;
      this.row = row;
    }
  }
}
