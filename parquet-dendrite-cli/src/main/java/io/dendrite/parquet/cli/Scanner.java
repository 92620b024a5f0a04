package io.dendrite.parquet.cli;

/** A position in a short expression typed on the command line, for hand-written parsers. */
final class Scanner {
  private final String text;
  private final String what;
  private int pos;

  /** {@code what} names the input in errors, e.g. {@code --where}. */
  Scanner(String text, String what) {
    this.text = text;
    this.what = what;
  }

  String text() {
    return text;
  }

  int pos() {
    return pos;
  }

  void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  boolean atEnd() {
    skipSpace();
    return pos >= text.length();
  }

  /** The next character without consuming it (after spaces), or 0 at the end. */
  char peek() {
    skipSpace();
    return pos < text.length() ? text.charAt(pos) : 0;
  }

  /** The character at the current position with no space skipping, or 0 at the end. */
  char peekRaw() {
    return pos < text.length() ? text.charAt(pos) : 0;
  }

  char next() {
    return text.charAt(pos++);
  }

  boolean tryConsume(char c) {
    if (peek() == c) {
      pos++;
      return true;
    }
    return false;
  }

  /** Consumes {@code s} (after spaces) if the text continues with it. */
  boolean tryConsume(String s) {
    skipSpace();
    if (text.startsWith(s, pos)) {
      pos += s.length();
      return true;
    }
    return false;
  }

  /** Consumes the keyword {@code word}, case-insensitively, if it is the next whole word. */
  boolean tryKeyword(String word) {
    skipSpace();
    int end = pos + word.length();
    if (end <= text.length() && text.regionMatches(true, pos, word, 0, word.length())
        && (end == text.length() || !isWordChar(text.charAt(end)))) {
      pos = end;
      return true;
    }
    return false;
  }

  static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '$';
  }

  /**
   * A name: bare (letters, digits, {@code _ - $}), back-quoted ({@code `a.b`}, back-quotes
   * doubled) or double-quoted ({@code "a b"}, backslash escapes {@code \" \\}).
   */
  String name(String expected) {
    char c = peek();
    if (c == '`' || c == '"') {
      return quoted(c);
    }
    int start = pos;
    while (pos < text.length() && isWordChar(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      throw error("expected " + expected);
    }
    return text.substring(start, pos);
  }

  /** A string in {@code quote} characters; the quote is doubled or backslash-escaped inside. */
  String quoted(char quote) {
    int start = pos;
    pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '\\' && quote != '`' && pos < text.length()) {
        sb.append(text.charAt(pos++));
      } else if (c == quote) {
        if (pos < text.length() && text.charAt(pos) == quote) {
          sb.append(quote);
          pos++;
        } else {
          return sb.toString();
        }
      } else {
        sb.append(c);
      }
    }
    pos = start;
    throw error("unterminated " + quote + " quote");
  }

  /** An error at the current position naming the input, e.g. {@code --where: expected ...}. */
  IllegalArgumentException error(String problem) {
    return errorAt(pos, problem);
  }

  IllegalArgumentException errorAt(int at, String problem) {
    String where = at >= text.length() ? "at the end" : "at position " + (at + 1);
    return new IllegalArgumentException(what + ": " + problem + " " + where + " of \"" + text
        + "\"");
  }
}
