package io.dendrite.parquet.write;

/**
 * How often rows written straight into the columns (from JSON tokens, from Java values) had to
 * be given back and written again the ordinary way, and whether the next is worth trying: not
 * while paused after a window of rows in which more than a quarter missed (rows whose
 * variants' key sets keep changing would each be written twice).
 */
final class DirectAttempts {
  /** Rows tried before looking at how often they missed. */
  private static final int WINDOW = 512;
  /** Rows left to the ordinary path after a window that missed often. */
  private static final int PAUSE = 8192;

  private final boolean enabled;
  private int tried;
  private int missed;
  private int skip;
  private long rows;

  /** {@code enabled}: whether rows may be written directly at all. */
  DirectAttempts(boolean enabled) {
    this.enabled = enabled;
  }

  /** Whether to try writing the next row directly. */
  boolean worthTrying() {
    if (!enabled) {
      return false;
    }
    if (skip > 0) {
      skip--;
      return false;
    }
    return true;
  }

  /** Counts a row written directly ({@code hit}) or given back. */
  void outcome(boolean hit) {
    if (hit) {
      rows++;
    } else {
      missed++;
    }
    tried++;
    if (tried == WINDOW) {
      if (missed * 4 > WINDOW) {
        skip = PAUSE;
      }
      tried = 0;
      missed = 0;
    }
  }

  /** Rows written directly. */
  long rows() {
    return rows;
  }
}
