package io.dendrite.parquet.path.internal;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.RecordSchema;

/**
 * A position in a schema text, with the handful of token readers that the text forms of
 * {@link RecordSchema} and {@code io.dendrite.parquet.schema.ShreddedType} /
 * {@code ShreddingSchema} share: names (bare, back-quoted or JSON double-quoted), keywords,
 * integers and punctuation.
 *
 * <p>Every reader skips whitespace <em>before</em> its token and never after it, so a caller
 * can look at what follows a complete construct (the {@code ShreddingSchema} form treats a
 * newline after an entry as a separator). Errors are {@link IllegalArgumentException}s that
 * say what was expected and where: {@code expected a type at position 12 in "id int64, x"}.
 * Positions are 1-based character offsets; for multi-line text the line and column follow.
 *
 * <p>Support class for this library's text forms; not meant as a general-purpose lexer.
 */
public final class TextCursor {

  private static final int MAX_QUOTED_TEXT = 100;

  private final String text;
  private final boolean hashComments;
  private int pos;

  /**
   * @param text the text to read
   * @param hashComments whether {@code #} starts a comment that runs to the end of the line
   */
  public TextCursor(String text, boolean hashComments) {
    if (text == null) {
      throw new IllegalArgumentException("schema text must not be null");
    }
    this.text = text;
    this.hashComments = hashComments;
  }

  /** The 0-based offset of the next unread character. */
  public int offset() {
    return pos;
  }

  /** The text between two offsets. */
  public String slice(int from, int to) {
    return text.substring(from, to);
  }

  /** Skips spaces, tabs, newlines and (when enabled) comments. */
  public void skipWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (c == '#' && hashComments) {
        skipComment();
      } else {
        return;
      }
    }
  }

  /** Skips spaces and tabs but stops at a line break or comment, which may be significant. */
  public void skipInlineWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\n' || c == '\r' || !Character.isWhitespace(c)) {
        return;
      }
      pos++;
    }
  }

  private void skipComment() {
    while (pos < text.length() && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
      pos++;
    }
  }

  /** Whether only whitespace (and comments) remain. */
  public boolean atEnd() {
    skipWhitespace();
    return pos >= text.length();
  }

  /** The next character without consuming it, or {@code 0} at the end; does not skip. */
  public char peekRaw() {
    return pos < text.length() ? text.charAt(pos) : 0;
  }

  /** Skips whitespace, then consumes {@code c} if it is next. */
  public boolean tryConsume(char c) {
    skipWhitespace();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  /** Skips whitespace, then consumes {@code s} if the text continues with it. */
  public boolean tryConsume(String s) {
    skipWhitespace();
    if (text.startsWith(s, pos)) {
      pos += s.length();
      return true;
    }
    return false;
  }

  /**
   * Skips whitespace and reads the longest run of characters that {@code part} accepts, or
   * returns null (having consumed only the whitespace) when the next character is not one.
   */
  public String tryRun(java.util.function.IntPredicate part) {
    skipWhitespace();
    int start = pos;
    while (pos < text.length() && part.test(text.charAt(pos))) {
      pos++;
    }
    return pos == start ? null : text.substring(start, pos);
  }

  /**
   * Skips whitespace and, if {@code quote} is next, reads a string up to the matching quote: a
   * doubled quote stands for one, a backslash takes the next character as it is
   * ({@code 'it''s'}, {@code 'it\'s'}). Returns null without consuming anything else when
   * {@code quote} is not next.
   */
  public String tryQuoted(char quote) {
    skipWhitespace();
    if (pos >= text.length() || text.charAt(pos) != quote) {
      return null;
    }
    int start = pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '\\' && pos < text.length()) {
        sb.append(text.charAt(pos++));
      } else if (c != quote) {
        sb.append(c);
      } else if (pos < text.length() && text.charAt(pos) == quote) {
        sb.append(quote);
        pos++;
      } else {
        return sb.toString();
      }
    }
    throw errorAt(start, "unterminated " + quote + " quote");
  }

  /** Skips whitespace, then consumes {@code c} or fails saying {@code expected}. */
  public void expect(char c, String expected) {
    if (!tryConsume(c)) {
      throw error(expected);
    }
  }

  /** Skips whitespace, then consumes {@code c} or fails with {@code expected 'c'}. */
  public void expect(char c) {
    expect(c, "'" + c + "'");
  }

  /**
   * Skips whitespace and reads a bare word ({@link FieldPath#isBareName bare name}
   * characters), or returns null without consuming anything when none is next.
   */
  public String tryWord() {
    skipWhitespace();
    if (pos >= text.length() || !FieldPath.isBareStart(text.charAt(pos))) {
      return null;
    }
    int start = pos;
    while (pos < text.length() && FieldPath.isBarePart(text.charAt(pos))) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /**
   * Consumes the keyword {@code word} (case-insensitive, whole word) if it is next;
   * otherwise consumes nothing.
   */
  public boolean tryKeyword(String word) {
    int mark = pos;
    String found = tryWord();
    if (found != null && found.equalsIgnoreCase(word)) {
      return true;
    }
    pos = mark;
    return false;
  }

  /** Consumes the keyword {@code word} or fails with {@code expected 'word'}. */
  public void expectKeyword(String word) {
    if (!tryKeyword(word)) {
      throw error("'" + word + "'");
    }
  }

  /**
   * Skips whitespace and reads a name: a bare word, a back-quoted name ({@code `odd name`},
   * a doubled back-quote stands for one) or a JSON double-quoted string. Returns null
   * without consuming anything when no name is next.
   */
  public String tryName() {
    skipWhitespace();
    if (pos >= text.length()) {
      return null;
    }
    char c = text.charAt(pos);
    if (c == '`') {
      return readBackQuoted();
    }
    if (c == '"') {
      return readJsonString();
    }
    return tryWord();
  }

  /** Reads a name (see {@link #tryName}) or fails saying {@code expected}. */
  public String expectName(String expected) {
    String name = tryName();
    if (name == null) {
      throw error(expected);
    }
    return name;
  }

  private String readBackQuoted() {
    int start = pos;
    pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c != '`') {
        sb.append(c);
      } else if (pos < text.length() && text.charAt(pos) == '`') {
        sb.append('`');
        pos++;
      } else {
        return sb.toString();
      }
    }
    throw errorAt(start, "unterminated back-quoted name");
  }

  private String readJsonString() {
    int start = pos;
    pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      if (pos >= text.length()) {
        break;
      }
      char e = text.charAt(pos++);
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> sb.append(readUnicodeEscape());
        default -> throw errorAt(pos - 2, "invalid escape '\\" + e + "' in quoted name");
      }
    }
    throw errorAt(start, "unterminated quoted name");
  }

  private char readUnicodeEscape() {
    int start = pos - 2;
    if (pos + 4 > text.length()) {
      throw errorAt(start, "invalid \\u escape in quoted name");
    }
    try {
      char c = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
      pos += 4;
      return c;
    } catch (NumberFormatException e) {
      throw errorAt(start, "invalid \\u escape in quoted name");
    }
  }

  /** Skips whitespace and reads a non-negative decimal integer or fails saying {@code expected}. */
  public int expectInt(String expected) {
    skipWhitespace();
    int start = pos;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    if (start == pos) {
      throw error(expected);
    }
    try {
      return Integer.parseInt(text.substring(start, pos));
    } catch (NumberFormatException e) {
      throw errorAt(start, "number too large");
    }
  }

  /** Moves back to an offset previously returned by {@link #offset()}. */
  public void reset(int offset) {
    if (offset < 0 || offset > text.length()) {
      throw new IndexOutOfBoundsException(offset);
    }
    pos = offset;
  }

  /** An error saying {@code expected} was expected at the next non-blank character. */
  public IllegalArgumentException error(String expected) {
    skipWhitespace();
    return errorAt(pos, "expected " + expected);
  }

  /**
   * Reads the {@code (P,S)} after a decimal type name and makes the type; a precision or scale
   * the factory rejects is reported at the precision's position. Shared by both text forms.
   */
  public <T> T decimalArguments(java.util.function.BiFunction<Integer, Integer, T> factory) {
    expect('(', "'(' after decimal");
    skipWhitespace();
    int at = offset();
    int precision = expectInt("a decimal precision");
    expect(',', "',' after the decimal precision");
    int scale = expectInt("a decimal scale");
    expect(')', "')' after the decimal scale");
    try {
      return factory.apply(precision, scale);
    } catch (IllegalArgumentException e) {
      throw errorAt(at, e.getMessage());
    }
  }

  /** An error with {@code message} located at the 0-based {@code offset}. */
  public IllegalArgumentException errorAt(int offset, String message) {
    return new IllegalArgumentException(message + " at " + describe(offset));
  }

  private String describe(int offset) {
    StringBuilder sb = new StringBuilder("position ").append(offset + 1);
    if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < offset && i < text.length(); i++) {
        if (text.charAt(i) == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      sb.append(" (line ").append(line).append(", column ").append(offset - lineStart + 1)
          .append(')');
    }
    if (text.length() <= MAX_QUOTED_TEXT) {
      sb.append(" in \"").append(text).append('"');
    } else {
      // Long schemas (files) would drown the message; show the neighbourhood instead.
      int from = Math.max(0, offset - 40);
      int to = Math.min(text.length(), offset + 40);
      sb.append(" near \"").append(from > 0 ? "..." : "").append(text, from, to)
          .append(to < text.length() ? "..." : "").append('"');
    }
    return sb.toString();
  }
}
