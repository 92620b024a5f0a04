package io.dendrite.parquet.path;

import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A path to a value in a row: the one path grammar of {@code select}, {@code where} and the
 * command line. The first segment is a top-level column; then {@code .name} steps into a
 * VARIANT object, a struct or a map, and {@code [N]} into a VARIANT array or a list:
 * {@code payload.user.tags[0]}, {@code payload.items[2].sku}.
 *
 * <pre>
 * path    := name ('.' name | '[' digits ']' | '[*]')*
 * name    := bare | `back-quoted` | "JSON string"
 * bare    := any characters but white space and . [ ] ( ) , ' " ` = &lt; &gt; !
 * </pre>
 *
 * <p>A name holding any of those is back-quoted ({@code payload.`odd.key`}, back-quotes doubled
 * inside) or written as a JSON string; names like {@code user-agent}, {@code $ref} or
 * {@code ключ} need no quotes. {@code [*]}, any element of an array, is only allowed in
 * filters ({@link #read(TextCursor, boolean)} with {@code anyElement}): a comparison on
 * {@code tags[*]} holds when it holds for some element.
 */
public final class SelectionPath {
  /** One step: an object key / struct field, an array index, or any element. */
  public record Segment(String name, int index) {
    /** The {@code index} of {@code [*]}. */
    public static final int ANY = -2;

    /** Whether this is {@code [N]}. */
    public boolean isIndex() {
      return name == null && index >= 0;
    }

    /** Whether this is {@code [*]}. */
    public boolean isAny() {
      return name == null && index == ANY;
    }

    @Override
    public String toString() {
      return isAny() ? "[*]" : isIndex() ? "[" + index + "]" : name;
    }
  }

  private final String text;
  private final List<Segment> segments;

  private SelectionPath(String text, List<Segment> segments) {
    this.text = text;
    this.segments = List.copyOf(segments);
  }

  /**
   * Parses one path ({@code [*]} not allowed).
   *
   * @throws IllegalArgumentException {@code bad path "...": expected ... at position N}
   */
  public static SelectionPath parse(String text) {
    TextCursor c = new TextCursor(text, false);
    try {
      SelectionPath p = read(c, false);
      if (!c.atEnd()) {
        throw c.error("'.', '[' or the end of the path");
      }
      return p;
    } catch (IllegalArgumentException e) {
      // No cause: callers that report the innermost message must show the path.
      throw new IllegalArgumentException("bad path \"" + text + "\": " + e.getMessage());
    }
  }

  /** Parses comma-separated paths ({@code a, `b,c`.d, e[0]}); commas inside quotes are kept. */
  public static List<SelectionPath> parseList(String text) {
    TextCursor c = new TextCursor(text, false);
    List<SelectionPath> out = new ArrayList<>();
    do {
      out.add(read(c, false));
    } while (c.tryConsume(','));
    if (!c.atEnd()) {
      throw c.error("',', '.', '[' or the end of the list");
    }
    return out;
  }

  /** The whole top-level column {@code name}, whatever characters it holds. */
  public static SelectionPath column(String name) {
    return new SelectionPath(io.dendrite.parquet.path.FieldPath.quote(name),
        List.of(new Segment(name, -1)));
  }

  /**
   * Reads a path at the cursor, leaving it just after the path.
   *
   * @param anyElement whether {@code [*]} is allowed
   */
  public static SelectionPath read(TextCursor c, boolean anyElement) {
    c.skipWhitespace();
    int start = c.offset();
    List<Segment> out = new ArrayList<>();
    out.add(new Segment(name(c, "a column name"), -1));
    while (true) {
      char next = c.peekRaw();
      if (next == '.') {
        c.tryConsume('.');
        out.add(new Segment(name(c, "a field name after '.'"), -1));
      } else if (next == '[') {
        c.tryConsume('[');
        int at = c.offset();
        if (c.tryConsume('*')) {
          if (!anyElement) {
            throw c.errorAt(at, "[*] (any element) is only allowed in filters");
          }
          out.add(new Segment(null, Segment.ANY));
        } else {
          String digits = c.tryRun(ch -> ch >= '0' && ch <= '9');
          if (digits == null) {
            throw c.errorAt(at, "expected an index like [0]" + (anyElement ? " or [*]" : ""));
          }
          try {
            out.add(new Segment(null, Integer.parseInt(digits)));
          } catch (NumberFormatException e) {
            throw c.errorAt(at, "index too large");
          }
        }
        c.expect(']');
      } else {
        break;
      }
    }
    String written = c.slice(start, c.offset()).strip();
    return new SelectionPath(written, out);
  }

  private static String name(TextCursor c, String expected) {
    c.skipWhitespace();
    char first = c.peekRaw();
    String name = first == '`' || first == '"' ? c.tryName() : c.tryRun(SelectionPath::isBare);
    if (name == null) {
      throw c.error(expected);
    }
    return name;
  }

  /** Characters of a bare name: everything that does not end a path in an expression. */
  private static boolean isBare(int c) {
    return c > ' ' && !Character.isWhitespace(c) && "`\"'.[](),=<>!".indexOf(c) < 0;
  }

  /** The path as written; rows name the value by it. */
  public String text() {
    return text;
  }

  /** The top-level column. */
  public String column() {
    return segments.get(0).name();
  }

  public List<Segment> segments() {
    return segments;
  }

  /** The segments after the first {@code from}. */
  public List<Segment> tail(int from) {
    return segments.subList(from, segments.size());
  }

  /** The index of the first {@code [*]}, or -1. */
  public int firstAny() {
    for (int i = 0; i < segments.size(); i++) {
      if (segments.get(i).isAny()) {
        return i;
      }
    }
    return -1;
  }

  /** The path made of the first {@code n} segments. */
  public SelectionPath prefix(int n) {
    List<Segment> s = segments.subList(0, n);
    return new SelectionPath(n == segments.size() ? text : text(s), s);
  }

  /** The text of a path of these segments, names quoted where they need it. */
  public static String text(List<Segment> segments) {
    StringBuilder sb = new StringBuilder();
    for (Segment seg : segments) {
      if (seg.name() != null) {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(io.dendrite.parquet.path.FieldPath.isBareName(seg.name()) ? seg.name()
            : io.dendrite.parquet.path.FieldPath.quote(seg.name()));
      } else {
        sb.append(seg);
      }
    }
    return sb.toString();
  }

  /** One step into a variant: an object key or array index; null when it does not exist. */
  public static VariantValue step(VariantValue v, Segment seg) {
    if (seg.isIndex()) {
      return v.type() == VariantType.ARRAY && seg.index() < v.arraySize()
          ? v.element(seg.index()) : null;
    }
    return seg.name() != null && v.type() == VariantType.OBJECT ? v.field(seg.name()) : null;
  }

  /**
   * One step into an assembled value: a variant (as {@link #step(VariantValue, Segment)}), a
   * list (an index) or a struct or map (a key; non-string map keys match by their text).
   * Returns null when there is nothing there.
   */
  public static Object stepInto(Object value, Segment seg) {
    if (value instanceof VariantValue v) {
      return step(v, seg);
    }
    if (value instanceof List<?> list) {
      return seg.isIndex() && seg.index() < list.size() ? list.get(seg.index()) : null;
    }
    if (value instanceof Map<?, ?> map && seg.name() != null) {
      if (map.containsKey(seg.name())) {
        return map.get(seg.name());
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (String.valueOf(e.getKey()).equals(seg.name())) {
          return e.getValue();
        }
      }
    }
    return null;
  }

  /** Paths are equal when their segments are, however they were written. */
  @Override
  public boolean equals(Object o) {
    return o instanceof SelectionPath p && p.segments.equals(segments);
  }

  @Override
  public int hashCode() {
    return segments.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
