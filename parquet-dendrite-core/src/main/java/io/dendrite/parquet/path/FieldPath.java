package io.dendrite.parquet.path;

import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.schema.RecordSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Dotted paths that name a field of a {@link RecordSchema}, as used by
 * {@link RecordSchema#variantColumns()} and by the shredding schema's text form:
 * {@code addr.payload}, {@code events.element} (the element of a list),
 * {@code attrs.value} (the value of a map).
 *
 * <p>A segment is written bare when it is a bare name (a letter or {@code _} followed by
 * letters, digits or {@code _}); any other name is back-quoted with back-quotes doubled, so
 * a field called {@code a.b} appears as {@code `a.b`} and paths stay unambiguous.
 */
public final class FieldPath {

  /** The path segment naming the element of a list. */
  public static final String LIST_ELEMENT = "element";

  /** The path segment naming the value of a map. */
  public static final String MAP_VALUE = "value";

  private FieldPath() {}

  /** Whether {@code name} can be written without quotes. */
  public static boolean isBareName(String name) {
    if (name.isEmpty() || !isBareStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!isBarePart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  public static boolean isBareStart(char c) {
    return c == '_' || Character.isLetter(c);
  }

  public static boolean isBarePart(char c) {
    return c == '_' || Character.isLetterOrDigit(c);
  }

  /** {@code name} as it appears in the text forms: bare if possible, else back-quoted. */
  public static String quote(String name) {
    return isBareName(name) ? name : '`' + name.replace("`", "``") + '`';
  }

  /** The canonical dotted path of {@code segments}. */
  public static String join(List<String> segments) {
    StringBuilder sb = new StringBuilder();
    for (String s : segments) {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(quote(s));
    }
    return sb.toString();
  }

  /** The canonical path of {@code name} inside {@code parent} (empty parent: top level). */
  public static String child(String parent, String name) {
    return parent.isEmpty() ? quote(name) : parent + '.' + quote(name);
  }

  /**
   * The segments of a dotted path; segments may be bare, back-quoted or JSON double-quoted.
   *
   * @throws IllegalArgumentException when {@code path} is not a well-formed path
   */
  public static List<String> split(String path) {
    TextCursor cursor = new TextCursor(path, false);
    List<String> segments = read(cursor);
    if (!cursor.atEnd()) {
      throw cursor.error("'.' or the end of the path");
    }
    return segments;
  }

  /** {@code path} in canonical form (see {@link #join}). */
  public static String normalize(String path) {
    return join(split(path));
  }

  /** Reads a dotted path at the cursor, leaving the cursor just after it. */
  public static List<String> read(TextCursor cursor) {
    List<String> segments = new ArrayList<>();
    segments.add(cursor.expectName("a field name"));
    while (cursor.tryConsume('.')) {
      segments.add(cursor.expectName("a field name after '.'"));
    }
    return segments;
  }
}
