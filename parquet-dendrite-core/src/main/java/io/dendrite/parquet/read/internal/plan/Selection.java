package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath;
import java.util.ArrayList;
import java.util.List;

/**
 * One selected path of a read, parsed once: the name rows give it (the string the caller
 * selected it with, the very instance, so that getters called with that string find its slot by
 * reference) and the parsed path the plan and engine work with.
 */
public record Selection(String name, SelectionPath path) {
  /** Parses each of {@code paths} once; the name is the string as given. */
  public static List<Selection> parse(List<String> paths) {
    List<Selection> out = new ArrayList<>(paths.size());
    for (String p : paths) {
      out.add(new Selection(p, SelectionPath.parse(p)));
    }
    return out;
  }

  /** Paths parsed already; each is named by its text. */
  public static List<Selection> of(List<SelectionPath> paths) {
    List<Selection> out = new ArrayList<>(paths.size());
    for (SelectionPath p : paths) {
      out.add(new Selection(p.text(), p));
    }
    return out;
  }
}
