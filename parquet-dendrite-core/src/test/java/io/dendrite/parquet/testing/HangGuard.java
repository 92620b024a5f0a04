package io.dendrite.parquet.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.function.Executable;

/**
 * Runs a check with a time limit, as a guard against hangs only (never a timing assertion): a
 * hang fails the test instead of the build. Like {@code assertTimeoutPreemptively}, but the
 * runaway thread is stopped, so a value that makes the decoder loop (exponentially, issue 11
 * item 5) does not keep a core busy and fill the heap for the rest of the test run.
 *
 * <p>Under {@code JAZZER_FUZZ} the check runs directly: the fuzzer has its own per-input timeout
 * and needs the check on its own thread.
 */
public final class HangGuard {
  private HangGuard() {}

  /** Whether Jazzer is fuzzing (rather than replaying its inputs as regression tests). */
  public static boolean fuzzing() {
    String fuzz = System.getenv("JAZZER_FUZZ");
    return fuzz != null && !fuzz.isEmpty();
  }

  /**
   * Runs {@code check}, failing with {@code what} if it has not finished within {@code limit}.
   * Exceptions and errors of the check are rethrown unchanged.
   */
  public static void run(Duration limit, String what, Executable check) throws Throwable {
    if (fuzzing()) {
      check.execute();
      return;
    }
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread worker = new Thread(() -> {
      try {
        check.execute();
      } catch (Throwable t) {
        thrown.set(t);
      }
    }, "hang-guard");
    worker.setDaemon(true);
    worker.start();
    try {
      worker.join(limit.toMillis());
    } finally {
      if (worker.isAlive()) { // timed out, or this thread was interrupted (e.g. by @Timeout)
        stop(worker);
        fail("did not finish within " + limit.toSeconds() + " s (hang guard): " + what);
      }
    }
    if (thrown.get() != null) {
      throw thrown.get();
    }
  }

  @SuppressWarnings({"deprecation", "removal"})
  private static void stop(Thread worker) {
    try {
      worker.stop(); // JDK 17 still stops a thread; later JDKs throw and leave it running
    } catch (UnsupportedOperationException e) {
      worker.interrupt();
    }
  }
}
