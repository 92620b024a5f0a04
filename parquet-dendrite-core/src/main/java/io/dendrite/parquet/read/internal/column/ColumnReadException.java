package io.dendrite.parquet.read.internal.column;

/**
 * A column chunk could not be read: a page does not decode (truncated, a bad run header, a
 * length past the page's end, a level or dictionary id out of range, ...) or the rows asked for
 * are not in the pages read. Names the column path and, where the problem is in a page, the
 * page: the dictionary page, or the n-th data page read from the chunk (1-based; with a row
 * index filter, pages outside the selected rows are not read and not counted). The read engine
 * adds the file, row group and row. The reader that threw is not usable afterwards.
 */
public final class ColumnReadException extends RuntimeException {
  /** {@link #page()} of a problem in the dictionary page. */
  public static final int DICTIONARY_PAGE = 0;
  /** {@link #page()} of a problem not tied to one page. */
  public static final int NO_PAGE = -1;

  private final String column;
  private final int page;
  private final String problem;

  /**
   * @param column dotted column path
   * @param page 1-based ordinal of the data page read from the chunk, {@link #DICTIONARY_PAGE}
   *     or {@link #NO_PAGE}
   * @param problem what was wrong
   * @param cause the original failure, or null
   */
  public ColumnReadException(String column, int page, String problem, Throwable cause) {
    super("column " + column + where(page) + ": " + problem, cause);
    this.column = column;
    this.page = page;
    this.problem = problem;
  }

  private static String where(int page) {
    if (page == DICTIONARY_PAGE) {
      return ", dictionary page";
    }
    return page > 0 ? ", data page " + page + " of the chunk" : "";
  }

  /** The dotted column path. */
  public String column() {
    return column;
  }

  /** The page: see {@link #ColumnReadException}. */
  public int page() {
    return page;
  }

  /** Where in the chunk (when in a page) and what was wrong, without the column. */
  public String pageAndProblem() {
    String page = where(this.page);
    return page.isEmpty() ? problem : page.substring(2) + ": " + problem;
  }

  /** What was wrong, without the column and page. */
  public String problem() {
    return problem;
  }

  /**
   * The innermost message. A JDK exception keeps its type unless our code threw it with a
   * message for the user: NullPointerException, EOFException, an index out of bounds or a
   * buffer limit say little, or nothing ("null", a number), without it.
   */
  public static String problem(Throwable t) {
    String message = t.getMessage() == null ? "" : t.getMessage().strip();
    String type = t.getClass().getSimpleName();
    if (message.isEmpty()) {
      return type;
    }
    StackTraceElement[] at = t.getStackTrace();
    boolean described = !t.getClass().getName().startsWith("java.")
        || (at.length > 0 && at[0].getClassName().startsWith("io.dendrite."));
    boolean bare = message.chars().noneMatch(Character::isLetter) || message.equals("null");
    return bare || !described ? type + ": " + message : message;
  }
}
