package io.dendrite.parquet.write;

/**
 * A record that does not fit the schema: a missing required column, a value of the wrong or an
 * unsupported type, malformed JSON. The message names the file, the row (1-based, in the order
 * records reached the writer; for JSON lines, the line number), the field path and what was
 * expected, e.g. {@code out.parquet: row 17, field 'price': expected decimal(10,2), got "abc"}.
 */
public final class InvalidRecordException extends RuntimeException {
  private final String file;
  private final long row;
  private final String field;
  private final String problem;

  public InvalidRecordException(long row, String field, String problem, Throwable cause) {
    this(null, row, field, problem, cause);
  }

  private InvalidRecordException(String file, long row, String field, String problem,
      Throwable cause) {
    super(describe(file, row, field, problem), cause);
    this.file = file;
    this.row = row;
    this.field = field;
    this.problem = problem;
  }

  /** The output file, or null when not yet known. */
  public String file() {
    return file;
  }

  /** The 1-based row number, or 0 when not yet known. */
  public long row() {
    return row;
  }

  /** The dotted field path, or null when the record as a whole is at fault. */
  public String field() {
    return field;
  }

  /** The problem without the file/row/field prefix. */
  public String problem() {
    return problem;
  }

  /** The same problem, located in a file and at a row. */
  InvalidRecordException locate(String newFile, long newRow) {
    InvalidRecordException e =
        new InvalidRecordException(newFile, newRow, field, problem, getCause());
    e.setStackTrace(getStackTrace());
    return e;
  }

  private static String describe(String file, long row, String field, String problem) {
    StringBuilder sb = new StringBuilder();
    if (file != null) {
      sb.append(file).append(": ");
    }
    if (row > 0) {
      sb.append("row ").append(row);
    }
    if (field != null) {
      sb.append(row > 0 ? ", " : "").append("field '").append(field).append('\'');
    }
    if (row > 0 || field != null) {
      sb.append(": ");
    }
    return sb.append(problem).toString();
  }
}
