package io.dendrite.parquet.bench.format;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Decodes batches of records on a pool of threads and hands the records to one sink on the
 * calling thread in submission order. At most {@code maxInFlight} batches are queued or being
 * decoded; {@link #submit} drains the oldest first when the limit is reached.
 */
final class OrderedPool implements AutoCloseable {
  private final ExecutorService pool;
  private final ArrayDeque<Future<Object[]>> inFlight = new ArrayDeque<>();
  private final int maxInFlight;
  private final Consumer<Object> sink;

  OrderedPool(int threads, int maxInFlight, Consumer<Object> sink) {
    this.pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "dataset-decoder");
      t.setDaemon(true);
      return t;
    });
    this.maxInFlight = maxInFlight;
    this.sink = sink;
  }

  void submit(Callable<Object[]> batch) throws IOException {
    if (inFlight.size() >= maxInFlight) {
      drain(inFlight.removeFirst());
    }
    inFlight.addLast(pool.submit(batch));
  }

  /** Waits for every batch and delivers its records. */
  void finish() throws IOException {
    while (!inFlight.isEmpty()) {
      drain(inFlight.removeFirst());
    }
  }

  private void drain(Future<Object[]> future) throws IOException {
    Object[] records;
    try {
      records = future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while decoding", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new IOException("decoding failed: " + cause, cause);
    }
    for (Object r : records) {
      sink.accept(r);
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
