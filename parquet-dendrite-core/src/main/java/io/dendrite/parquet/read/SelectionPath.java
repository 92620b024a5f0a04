package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.util.ArrayList;
import java.util.List;

/**
 * A selected path: a top-level column followed by struct fields, variant object keys and array
 * indexes, e.g. {@code payload.user.tags[0]}. Names that are not plain identifiers are
 * back-quoted ({@code payload.`odd.key`}, back-quotes doubled inside).
 */
final class SelectionPath {
  /** One step: an object key / struct field, or an array index. */
  record Segment(String name, int index) {
    boolean isIndex() {
      return name == null;
    }

    @Override
    public String toString() {
      return isIndex() ? "[" + index + "]" : name;
    }
  }

  private final String text;
  private final List<Segment> segments;

  private SelectionPath(String text, List<Segment> segments) {
    this.text = text;
    this.segments = List.copyOf(segments);
  }

  static SelectionPath parse(String text) {
    List<Segment> out = new ArrayList<>();
    int i = 0;
    int n = text.length();
    boolean expectName = true;
    while (i < n) {
      char c = text.charAt(i);
      if (c == '[') {
        int close = text.indexOf(']', i);
        if (close < 0 || out.isEmpty()) {
          throw bad(text, i, "an index like [0] after a name");
        }
        String digits = text.substring(i + 1, close).trim();
        try {
          out.add(new Segment(null, Integer.parseInt(digits)));
        } catch (NumberFormatException e) {
          throw bad(text, i + 1, "a non-negative array index");
        }
        if (out.get(out.size() - 1).index() < 0) {
          throw bad(text, i + 1, "a non-negative array index");
        }
        i = close + 1;
        expectName = false;
      } else if (c == '.') {
        if (expectName) {
          throw bad(text, i, "a name");
        }
        i++;
        expectName = true;
        if (i == n) {
          throw bad(text, i, "a name after '.'");
        }
      } else if (!expectName) {
        throw bad(text, i, "'.' or '['");
      } else if (c == '`') {
        StringBuilder name = new StringBuilder();
        int j = i + 1;
        while (true) {
          if (j >= n) {
            throw bad(text, i, "a closing back-quote");
          }
          char d = text.charAt(j);
          if (d == '`') {
            if (j + 1 < n && text.charAt(j + 1) == '`') {
              name.append('`');
              j += 2;
              continue;
            }
            break;
          }
          name.append(d);
          j++;
        }
        out.add(new Segment(name.toString(), -1));
        i = j + 1;
        expectName = false;
      } else {
        int j = i;
        while (j < n && text.charAt(j) != '.' && text.charAt(j) != '[') {
          j++;
        }
        String name = text.substring(i, j).trim();
        if (name.isEmpty()) {
          throw bad(text, i, "a name");
        }
        out.add(new Segment(name, -1));
        i = j;
        expectName = false;
      }
    }
    if (out.isEmpty() || out.get(0).isIndex()) {
      throw bad(text, 0, "a column name");
    }
    return new SelectionPath(text, out);
  }

  private static IllegalArgumentException bad(String text, int position, String expected) {
    return new IllegalArgumentException(
        "bad path \"" + text + "\": expected " + expected + " at position " + (position + 1));
  }

  String column() {
    return segments.get(0).name();
  }

  List<Segment> segments() {
    return segments;
  }

  /** The segments after the first {@code from}. */
  List<Segment> tail(int from) {
    return segments.subList(from, segments.size());
  }

  /** One step into a variant: an object key or array index; null when it does not exist. */
  static VariantValue step(VariantValue v, Segment seg) {
    if (seg.isIndex()) {
      return v.type() == VariantType.ARRAY && seg.index() < v.arraySize()
          ? v.element(seg.index()) : null;
    }
    return v.type() == VariantType.OBJECT ? v.field(seg.name()) : null;
  }

  /**
   * The value at {@code segments} below {@code v}, or {@link VariantRoot#MISSING} when a step
   * does not exist.
   */
  static Object walk(VariantValue v, List<Segment> segments) {
    for (Segment seg : segments) {
      v = step(v, seg);
      if (v == null) {
        return VariantRoot.MISSING;
      }
    }
    return v;
  }

  @Override
  public String toString() {
    return text;
  }
}
