package io.dendrite.parquet.read;

/**
 * A file could not be read: names the file, the row (1-based) when known, and the problem.
 */
public final class DendriteReadException extends RuntimeException {
  private final String file;
  private final long row;

  public DendriteReadException(String file, long row, String problem, Throwable cause) {
    super(file + (row > 0 ? ": row " + row : "") + ": " + problem, cause);
    this.file = file;
    this.row = row;
  }

  public String file() {
    return file;
  }

  /** The 1-based row, or 0 when the problem is not tied to a row (footer, schema). */
  public long row() {
    return row;
  }
}
