package io.dendrite.parquet.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on stderr ({@code 42%  1,234,567 rows  310,000 rows/s}), shown
 * only on an interactive terminal and only once a run has taken two seconds, so quick runs,
 * pipes, redirected output and tests never see it.
 */
final class Progress implements AutoCloseable {
  private static final long DELAY_MILLIS = 2000;
  private static final long INTERVAL_MILLIS = 500;

  private final PrintWriter err;
  private final LongSupplier rows;
  private final LongSupplier bytes;
  private final long totalBytes;
  private final long start = System.nanoTime();
  private final Thread thread;
  private volatile boolean done;
  private int lastWidth;

  private Progress(PrintWriter err, LongSupplier rows, LongSupplier bytes, long totalBytes) {
    this.err = err;
    this.rows = rows;
    this.bytes = bytes;
    this.totalBytes = totalBytes;
    this.thread = new Thread(this::loop, "dendrite-progress");
    thread.setDaemon(true);
  }

  /** Whether a progress display makes sense: an interactive terminal is attached. */
  static boolean terminal() {
    return System.console() != null && !"dumb".equals(System.getenv("TERM"));
  }

  /**
   * Starts a display of {@code rows} (and the share of {@code totalBytes} read, when positive);
   * when {@code enabled} is false nothing is ever printed.
   */
  static Progress start(boolean enabled, PrintWriter err, LongSupplier rows, LongSupplier bytes,
      long totalBytes) {
    Progress p = new Progress(err, rows, bytes, totalBytes);
    if (enabled) {
      p.thread.start();
    } else {
      p.done = true;
    }
    return p;
  }

  private void loop() {
    try {
      Thread.sleep(DELAY_MILLIS);
      while (!done) {
        print();
        Thread.sleep(INTERVAL_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void print() {
    if (done) {
      return;
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long n = rows.getAsLong();
    StringBuilder line = new StringBuilder("  ");
    if (totalBytes > 0) {
      line.append(String.format(Locale.ROOT, "%3d%%  ",
          Math.min(100, 100 * bytes.getAsLong() / totalBytes)));
    }
    line.append(String.format(Locale.ROOT, "%,d rows  %,d rows/s  %d:%02d", n,
        (long) (n / Math.max(seconds, 1e-3)), (long) seconds / 60, (long) seconds % 60));
    int width = line.length();
    while (line.length() < lastWidth) {
      line.append(' ');
    }
    lastWidth = width;
    err.print("\r" + line);
    err.flush();
  }

  /** Stops the display and clears its line. */
  @Override
  public synchronized void close() {
    if (done) {
      return;
    }
    done = true;
    thread.interrupt();
    if (lastWidth > 0) {
      err.print("\r" + " ".repeat(lastWidth) + "\r");
      err.flush();
    }
  }
}
