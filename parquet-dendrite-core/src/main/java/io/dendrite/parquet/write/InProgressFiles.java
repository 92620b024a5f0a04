package io.dendrite.parquet.write;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary files of writers still open, deleted by one JVM shutdown hook, so that SIGTERM
 * or Ctrl-C does not leave {@code .NAME.<uuid>.inprogress} files behind (a kill -9 or a crash
 * still can). Writers register before creating their temporary file and deregister when they
 * close or fail, so the set holds only writers that are open.
 */
final class InProgressFiles {
  private static final Set<OutputTarget> OPEN = ConcurrentHashMap.newKeySet();

  private InProgressFiles() {}

  /** Installs the hook on first use: a JVM that never writes gets none. */
  private static final class Hook {
    static {
      try {
        Runtime.getRuntime().addShutdownHook(
            new Thread(InProgressFiles::discardAll, "dendrite-inprogress-cleanup"));
      } catch (IllegalStateException shuttingDown) {
        // Registered while the JVM is already exiting: nothing left to protect.
      }
    }

    static void install() {
      // Loading this class ran the static initializer once.
    }
  }

  static void register(OutputTarget target) {
    Hook.install();
    OPEN.add(target);
  }

  static void deregister(OutputTarget target) {
    OPEN.remove(target);
  }

  /** How many writers are registered; for tests. */
  static int size() {
    return OPEN.size();
  }

  private static void discardAll() {
    for (OutputTarget target : OPEN) {
      target.discard();
    }
  }
}
