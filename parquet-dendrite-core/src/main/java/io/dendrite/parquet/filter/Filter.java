package io.dendrite.parquet.filter;

import io.dendrite.parquet.path.SelectionPath;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A row filter: the one expression language of {@code DendriteReader.Builder.where} and the
 * command line's {@code cat --where}, parsed from text or built in code.
 *
 * <pre>{@code
 * Filter f = Filter.parse("payload.event.type = 'click' and payload.amount > 10");
 * Filter same = Filter.path("payload.event.type").eq("click")
 *     .and(Filter.path("payload.amount").gt(10));
 * }</pre>
 *
 * <h2>Language</h2>
 * <pre>
 * expr      := term ('or' term)*
 * term      := factor ('and' factor)*
 * factor    := 'not' factor | '(' expr ')' | path op literal
 *            | path 'is' ['not'] 'null' | path 'is' ['not'] 'missing'
 * op        := '=' | '==' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;='
 * literal   := number | 'text' | "text" | true | false | null
 *            | date 'yyyy-mm-dd' | timestamp 'yyyy-mm-dd hh:mm:ss[.f][zone]'
 * </pre>
 * Keywords are case-insensitive; {@code and} binds tighter than {@code or}. Paths are
 * {@link SelectionPath}s: {@code payload.tags[0]} is the first element, {@code payload.tags[*]}
 * any element (a comparison on it holds when it holds for at least one element).
 *
 * <h2>Semantics</h2>
 * The row's value is cast to the literal's kind with the typed getters' rules
 * ({@link io.dendrite.parquet.variant.internal.VariantCasts}, as Spark's {@code try_variant_get}):
 * {@code payload.amount > 10} compares {@code getDecimal("payload.amount")} with 10, so an
 * integer, a decimal, a double or the string {@code "12"} all compare as numbers;
 * {@code = 'x'} compares {@code getString}; {@code date '...'} and {@code timestamp '...'}
 * compare {@code getLocalDate} and {@code getInstant}. Values of ordinary (non-variant) columns
 * cast as the variant of the same type would. Strings compare by Unicode code point.
 * Logic is SQL's: a comparison whose value is null, missing or fails to cast is
 * <em>unknown</em>, {@code not} unknown is unknown, and only rows where the filter is true
 * pass. {@code is null} is true when there is no value: SQL NULL, a JSON null, or a missing path;
 * {@code is missing} only when the path does not exist in the row (a field or element that is
 * not there; a JSON null is not missing). {@code = null} means {@code is null}.
 */
public sealed interface Filter
    permits Filter.And, Filter.Or, Filter.Not, Filter.Compare, Filter.IsNull {

  /**
   * Parses an expression.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  static Filter parse(String expression) {
    return FilterParser.parse(expression);
  }

  /** Starts a predicate on a path: {@code Filter.path("payload.amount").gt(10)}. */
  static PathPredicates path(String path) {
    return new PathPredicates(FilterParser.path(path));
  }

  /** All of the filters. */
  static Filter and(Filter... filters) {
    return new And(List.of(filters));
  }

  /** Any of the filters. */
  static Filter or(Filter... filters) {
    return new Or(List.of(filters));
  }

  /** The negation (unknown stays unknown). */
  static Filter not(Filter filter) {
    return new Not(filter);
  }

  /** This filter and {@code other}. */
  default Filter and(Filter other) {
    return new And(List.of(this, other));
  }

  /** This filter or {@code other}. */
  default Filter or(Filter other) {
    return new Or(List.of(this, other));
  }

  /**
   * The paths a row must hold to evaluate the filter, distinct, in order of appearance: each
   * path as written, cut before its first {@code [*]} (the array is read and searched).
   */
  default List<SelectionPath> paths() {
    Set<SelectionPath> out = new LinkedHashSet<>();
    collectPaths(this, out);
    return List.copyOf(out);
  }

  /** Compiles the filter to test rows whose values are given in {@link #paths()} order. */
  default FilterEvaluator evaluator() {
    return new FilterEvaluator(this);
  }

  private static void collectPaths(Filter f, Set<SelectionPath> out) {
    if (f instanceof And a) {
      a.filters().forEach(x -> collectPaths(x, out));
    } else if (f instanceof Or o) {
      o.filters().forEach(x -> collectPaths(x, out));
    } else if (f instanceof Not n) {
      collectPaths(n.filter(), out);
    } else if (f instanceof Compare c) {
      out.add(readPath(c.path()));
    } else {
      out.add(readPath(((IsNull) f).path()));
    }
  }

  /** The part of {@code path} a row holds: up to its first {@code [*]}. */
  static SelectionPath readPath(SelectionPath path) {
    int any = path.firstAny();
    return any < 0 ? path : path.prefix(any);
  }

  /** All of {@code filters} are true. */
  record And(List<Filter> filters) implements Filter {
    /** Copies the list; at least one filter. */
    public And {
      filters = List.copyOf(filters);
      if (filters.isEmpty()) {
        throw new IllegalArgumentException("and() needs at least one filter");
      }
    }

    @Override
    public String toString() {
      return join(filters, " and ", Or.class);
    }
  }

  /** Some of {@code filters} is true. */
  record Or(List<Filter> filters) implements Filter {
    /** Copies the list; at least one filter. */
    public Or {
      filters = List.copyOf(filters);
      if (filters.isEmpty()) {
        throw new IllegalArgumentException("or() needs at least one filter");
      }
    }

    @Override
    public String toString() {
      return join(filters, " or ", null);
    }
  }

  /** {@code filter} is false. */
  record Not(Filter filter) implements Filter {
    /** Rejects null. */
    public Not {
      if (filter == null) {
        throw new IllegalArgumentException("not(null)");
      }
    }

    @Override
    public String toString() {
      if (filter instanceof IsNull n) {
        return n.path() + (n.missing() ? " is not missing" : " is not null");
      }
      boolean simple = filter instanceof Compare || filter instanceof Not;
      return "not " + (simple ? filter.toString() : "(" + filter + ")");
    }
  }

  /** The path's value, cast to the literal's kind, compares with it as {@code op} says. */
  record Compare(SelectionPath path, Op op, Literal literal) implements Filter {
    /** Booleans compare only for equality. */
    public Compare {
      if (path == null || op == null || literal == null) {
        throw new IllegalArgumentException("a comparison needs a path, an operator and a literal");
      }
      if (literal.kind() == Literal.Kind.BOOLEAN && op != Op.EQ && op != Op.NE) {
        throw new IllegalArgumentException("booleans compare only with = and !=");
      }
    }

    @Override
    public String toString() {
      return path + " " + op + " " + literal;
    }
  }

  /**
   * {@code missing}: the path does not exist in the row; otherwise the path has no value (SQL
   * NULL, a JSON null, or missing).
   */
  record IsNull(SelectionPath path, boolean missing) implements Filter {
    /** Rejects any-element paths: "some element is null" is not offered. */
    public IsNull {
      if (path.firstAny() >= 0) {
        throw new IllegalArgumentException(path + ": [*] paths take comparisons, not is null or"
            + " is missing");
      }
    }

    @Override
    public String toString() {
      return path + (missing ? " is missing" : " is null");
    }
  }

  private static String join(List<Filter> filters, String separator, Class<?> parenthesize) {
    List<String> parts = new ArrayList<>();
    for (Filter f : filters) {
      boolean wrap = parenthesize != null && parenthesize.isInstance(f);
      parts.add(wrap ? "(" + f + ")" : f.toString());
    }
    return String.join(separator, parts);
  }

  /** Predicates on one path, for the typed builder ({@link Filter#path}). */
  final class PathPredicates {
    private final SelectionPath path;

    PathPredicates(SelectionPath path) {
      this.path = path;
    }

    /** Equal to {@code value} (a Number, String, Boolean, LocalDate or Instant). */
    public Filter eq(Object value) {
      return compare(Op.EQ, value);
    }

    public Filter ne(Object value) {
      return compare(Op.NE, value);
    }

    public Filter lt(Object value) {
      return compare(Op.LT, value);
    }

    public Filter le(Object value) {
      return compare(Op.LE, value);
    }

    public Filter gt(Object value) {
      return compare(Op.GT, value);
    }

    public Filter ge(Object value) {
      return compare(Op.GE, value);
    }

    /** {@code path op value}. */
    public Filter compare(Op op, Object value) {
      return new Compare(path, op, Literal.of(value));
    }

    /** No value: SQL NULL, JSON null or missing. */
    public Filter isNull() {
      return new IsNull(path, false);
    }

    public Filter isNotNull() {
      return new Not(isNull());
    }

    /** The path does not exist in the row. */
    public Filter isMissing() {
      return new IsNull(path, true);
    }

    public Filter isNotMissing() {
      return new Not(isMissing());
    }

    @Override
    public String toString() {
      return path.toString();
    }
  }
}
