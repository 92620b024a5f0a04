package io.dendrite.parquet.testing;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.function.Executable;

/**
 * Runs a check with a time limit, as a guard against hangs only (never a timing assertion): a
 * hang, or running out of memory, fails the check instead of the build. Like {@code assertTimeoutPreemptively}, but the
 * runaway thread is stopped, so a value that makes the decoder loop (exponentially, issue 11
 * item 5) does not keep a core busy and fill the heap for the rest of the run.
 *
 * <p>Fuzz targets use it too: Jazzer's per-input timeout did not fire on this JDK (a hang ran
 * for minutes), while a failed check is a finding Jazzer saves and, with
 * {@code JAZZER_KEEP_GOING}, fuzzes past. Checks run on one reused worker thread (coverage is
 * recorded globally, so the fuzzer still sees it).
 */
public final class HangGuard {
  private static ExecutorService executor;
  private static Thread worker;

  private HangGuard() {}

  /**
   * Runs {@code check}, failing with {@code what} if it has not finished within {@code limit} or
   * ran out of memory. Other exceptions and errors of the check are rethrown unchanged.
   */
  public static synchronized void run(Duration limit, String what, Executable check)
      throws Throwable {
    Future<Throwable> result = executor().submit(() -> {
      try {
        check.execute();
        return null;
      } catch (Throwable t) {
        return t;
      }
    });
    Throwable thrown;
    try {
      thrown = result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | InterruptedException e) {
      abandonWorker();
      throw new AssertionError("did not finish within " + limit.toSeconds()
          + " s (hang guard): " + what);
    } catch (ExecutionException e) {
      throw e.getCause(); // not reached: the task returns what the check threw
    }
    if (thrown instanceof OutOfMemoryError) {
      // JUnit aborts the whole run on an OutOfMemoryError; runaway output is this check's failure.
      throw new AssertionError("ran out of memory (" + thrown.getMessage() + "): " + what);
    }
    if (thrown != null) {
      throw thrown;
    }
  }

  private static ExecutorService executor() {
    if (executor == null) {
      executor = Executors.newSingleThreadExecutor(task -> {
        worker = new Thread(task, "hang-guard");
        worker.setDaemon(true);
        return worker;
      });
    }
    return executor;
  }

  /** Stops the hung worker (JDK 17 still can; later JDKs throw) and starts afresh next time. */
  @SuppressWarnings({"deprecation", "removal"})
  private static void abandonWorker() {
    executor.shutdownNow();
    try {
      worker.stop();
    } catch (UnsupportedOperationException e) {
      // the thread keeps running; it is a daemon and was interrupted
    }
    executor = null;
    worker = null;
  }
}
