package io.dendrite.parquet.filter;

import io.dendrite.parquet.filter.internal.ValueCasts;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JavaCasts;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
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

  /**
   * A constant a path is compared with. Its kind says how the row's value is cast before the
   * comparison, with the rules of the typed getters ({@link io.dendrite.parquet.variant.internal.VariantCasts}):
   * a number compares as a decimal ({@code getDecimal}), text as a string ({@code getString}), a
   * boolean as {@code getBoolean}, a date as {@code getLocalDate}, a timestamp as
   * {@code getInstant}.
   *
   * @param kind how the value compares
   * @param value BigDecimal, String, Boolean, LocalDate or Instant, as the kind says
   */
  public record Literal(Kind kind, Object value) {
    /** The cast a row's value goes through before it is compared with the literal. */
    public enum Kind { NUMBER, TEXT, BOOLEAN, DATE, TIMESTAMP }

    /** Checks that the value is of the kind's Java type. */
    public Literal {
      Class<?> expected = switch (kind) {
        case NUMBER -> BigDecimal.class;
        case TEXT -> String.class;
        case BOOLEAN -> Boolean.class;
        case DATE -> LocalDate.class;
        case TIMESTAMP -> Instant.class;
      };
      if (!expected.isInstance(value)) {
        throw new IllegalArgumentException("a " + kind + " literal holds a "
            + expected.getSimpleName() + ", not " + value);
      }
    }

    /**
     * The literal of a Java value: any {@link Number} (finite), String, Boolean, LocalDate or
     * Instant.
     *
     * @throws IllegalArgumentException for null (use {@code isNull()}), NaN, infinities and other
     *     types
     */
    public static Literal of(Object value) {
      if (value instanceof BigDecimal d) {
        return new Literal(Kind.NUMBER, d);
      }
      if (value instanceof BigInteger i) {
        return new Literal(Kind.NUMBER, new BigDecimal(i));
      }
      if (value instanceof Double || value instanceof Float) {
        double d = ((Number) value).doubleValue();
        if (!Double.isFinite(d)) {
          throw new IllegalArgumentException("cannot compare with " + value
              + ": NaN and infinities do not cast to a number");
        }
        return new Literal(Kind.NUMBER, new BigDecimal(value.toString()));
      }
      if (value instanceof Long || value instanceof Integer || value instanceof Short
          || value instanceof Byte) {
        return new Literal(Kind.NUMBER, BigDecimal.valueOf(((Number) value).longValue()));
      }
      if (value instanceof String s) {
        return new Literal(Kind.TEXT, s);
      }
      if (value instanceof Boolean b) {
        return new Literal(Kind.BOOLEAN, b);
      }
      if (value instanceof LocalDate d) {
        return new Literal(Kind.DATE, d);
      }
      if (value instanceof Instant i) {
        return new Literal(Kind.TIMESTAMP, i);
      }
      throw new IllegalArgumentException(value == null
          ? "compare with null using isNull() / isNotNull()"
          : "cannot compare with a " + value.getClass().getSimpleName()
              + "; use a number, String, Boolean, LocalDate or Instant");
    }

    /** The literal as the expression language writes it. */
    @Override
    public String toString() {
      return switch (kind) {
        case NUMBER -> ((BigDecimal) value).toString();
        case TEXT -> quote((String) value);
        case BOOLEAN -> value.toString();
        case DATE -> "date " + quote(value.toString());
        case TIMESTAMP -> "timestamp " + quote(value.toString());
      };
    }

    private static String quote(String s) {
      return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
    }
  }

  /** A comparison operator. */
  public enum Op {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /** The operator that holds exactly when this one does not (for values that compare). */
    public Op negate() {
      return switch (this) {
        case EQ -> NE;
        case NE -> EQ;
        case LT -> GE;
        case LE -> GT;
        case GT -> LE;
        case GE -> LT;
      };
    }

    /**
     * The operator with its operands swapped: {@code b flip(op) a} holds exactly when
     * {@code a op b} does (for a comparison written literal first, e.g. {@code 5 < x}).
     */
    public Op flip() {
      return switch (this) {
        case EQ, NE -> this;
        case LT -> GT;
        case LE -> GE;
        case GT -> LT;
        case GE -> LE;
      };
    }

    /** Whether a comparison result ({@code compareTo}'s sign) satisfies this operator. */
    public boolean test(int cmp) {
      return switch (this) {
        case EQ -> cmp == 0;
        case NE -> cmp != 0;
        case LT -> cmp < 0;
        case LE -> cmp <= 0;
        case GT -> cmp > 0;
        case GE -> cmp >= 0;
      };
    }

    @Override
    public String toString() {
      return symbol;
    }
  }

  /**
   * A {@link Filter} compiled once to test rows exactly, with SQL's three-valued logic (see
   * {@link Filter}): each comparison knows its path's index in {@link #paths()} and its literal's
   * cast, so testing a row does no lookups by name.
   */
  public static final class FilterEvaluator {
    private static final int FALSE = 0;
    private static final int TRUE = 1;
    private static final int UNKNOWN = 2;

    /** A compiled node: returns TRUE, FALSE or UNKNOWN. */
    private interface Node {
      int eval(FilterValues row);
    }

    private final List<SelectionPath> paths;
    private final Node root;

    FilterEvaluator(Filter filter) {
      this.paths = filter.paths();
      this.root = compile(filter);
    }

    /** The paths whose values {@link #test} reads, by index ({@link Filter#paths()}). */
    public List<SelectionPath> paths() {
      return paths;
    }

    /** Whether the filter is true for this row (false and unknown both fail it). */
    public boolean test(FilterValues row) {
      return root.eval(row) == TRUE;
    }

    private Node compile(Filter f) {
      if (f instanceof Filter.And a) {
        Node[] parts = a.filters().stream().map(this::compile).toArray(Node[]::new);
        return row -> {
          int result = TRUE;
          for (Node p : parts) {
            int r = p.eval(row);
            if (r == FALSE) {
              return FALSE;
            }
            if (r == UNKNOWN) {
              result = UNKNOWN;
            }
          }
          return result;
        };
      }
      if (f instanceof Filter.Or o) {
        Node[] parts = o.filters().stream().map(this::compile).toArray(Node[]::new);
        return row -> {
          int result = FALSE;
          for (Node p : parts) {
            int r = p.eval(row);
            if (r == TRUE) {
              return TRUE;
            }
            if (r == UNKNOWN) {
              result = UNKNOWN;
            }
          }
          return result;
        };
      }
      if (f instanceof Filter.Not n) {
        Node inner = compile(n.filter());
        return row -> {
          int r = inner.eval(row);
          return r == UNKNOWN ? UNKNOWN : TRUE - r;
        };
      }
      if (f instanceof Filter.IsNull n) {
        int i = paths.indexOf(n.path());
        if (n.missing()) {
          return row -> row.isMissing(i) ? TRUE : FALSE;
        }
        return row -> {
          Object v = row.get(i);
          return v == null || row.isMissing(i) || (v instanceof VariantValue vv && vv.isNull())
              ? TRUE : FALSE;
        };
      }
      Filter.Compare c = (Filter.Compare) f;
      int any = c.path().firstAny();
      if (any < 0) {
        int i = paths.indexOf(c.path());
        Literal.Kind kind = c.literal().kind();
        Object literal = c.literal().value();
        Op op = c.op();
        Long whole = kind == Literal.Kind.NUMBER ? exactLong((java.math.BigDecimal) literal) : null;
        if (whole != null) {
          long w = whole;
          Node boxed = compare(i, kind, literal, op, whole);
          return row -> row.isWholeNumber(i)
              ? op.test(Long.compare(row.wholeNumber(i), w)) ? TRUE : FALSE
              : boxed.eval(row);
        }
        return compare(i, kind, literal, op, null);
      }
      int i = paths.indexOf(Filter.readPath(c.path()));
      List<Segment> rest = c.path().tail(any);
      return row -> anyElement(row.get(i), rest, c);
    }

    /**
     * A comparison of the value at path {@code i} (a Java value or a variant) with a literal;
     * {@code whole} is the literal as a long when it is a whole number, else null.
     */
    private static Node compare(int i, Literal.Kind kind, Object literal, Op op, Long whole) {
      return row -> {
        Object v = row.get(i);
        if (v == null) {
          return UNKNOWN;
        }
        if (whole != null && JavaCasts.isWholeNumber(v)) {
          // An integer cast to a decimal is exact: compare without making one.
          return op.test(Long.compare(((Number) v).longValue(), whole)) ? TRUE : FALSE;
        }
        Object cast = ValueCasts.cast(kind, v, v instanceof VariantValue ? null : row.asVariant(i));
        if (cast == null) {
          return UNKNOWN;
        }
        return op.test(ValueCasts.compare(cast, literal)) ? TRUE : FALSE;
      };
    }

    private static Long exactLong(java.math.BigDecimal d) {
      try {
        return d.longValueExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }

    /**
     * {@code rest} starts with {@code [*]}: TRUE when the comparison is true for some element,
     * UNKNOWN when there is no array here, else FALSE.
     */
    private static int anyElement(Object value, List<Segment> rest, Filter.Compare c) {
      int size;
      if (value instanceof VariantValue v && v.type() == VariantType.ARRAY) {
        size = v.arraySize();
      } else if (value instanceof List<?> list) {
        size = list.size();
      } else {
        return UNKNOWN;
      }
      int result = FALSE;
      for (int e = 0; e < size; e++) {
        Object element = value instanceof VariantValue v ? v.element(e) : ((List<?>) value).get(e);
        int r = elementResult(element, rest.subList(1, rest.size()), c);
        if (r == TRUE) {
          return TRUE;
        }
      }
      return result;
    }

    /** The comparison on {@code rest} below one element (further {@code [*]} searched too). */
    private static int elementResult(Object element, List<Segment> rest, Filter.Compare c) {
      Object v = element;
      for (int s = 0; s < rest.size(); s++) {
        if (v == null) {
          return UNKNOWN;
        }
        Segment seg = rest.get(s);
        if (seg.isAny()) {
          return anyElement(v, rest.subList(s, rest.size()), c);
        }
        v = SelectionPath.stepInto(v, seg);
      }
      Object cast = ValueCasts.cast(c.literal().kind(), v, null);
      if (cast == null) {
        return UNKNOWN;
      }
      return c.op().test(ValueCasts.compare(cast, c.literal().value())) ? TRUE : FALSE;
    }
  }

  /**
   * One row's values of a filter's {@link Filter#paths()}, by index, as a reader holds them. The
   * read engine implements it over its own row or batch; {@link FilterEvaluator} reads it.
   */
  public interface FilterValues {
    /** Whether path {@code i} does not exist in this row (a variant field or element not there). */
    boolean isMissing(int i);

    /**
     * The value at path {@code i}: null when there is none (SQL NULL or missing), a
     * {@link VariantValue}, or a Java value (a typed leaf or an ordinary column, as
     * {@code DendriteReader} documents them).
     */
    Object get(int i);

    /**
     * Whether the value at path {@code i} is a whole number the reader holds unboxed (an integer
     * column or typed leaf), which {@link #wholeNumber} gives: comparing it with a whole literal
     * then allocates nothing.
     */
    default boolean isWholeNumber(int i) {
      return false;
    }

    /** The value at path {@code i} when {@link #isWholeNumber} is true. */
    default long wholeNumber(int i) {
      throw new IllegalStateException("path " + i + " holds no unboxed whole number");
    }

    /**
     * The value at path {@code i} as the variant the reader would give for it, when it is held as
     * a Java value of a variant path (a typed leaf); null otherwise. Casts of types without a
     * shortcut use it, so a nanosecond timestamp leaf casts as a nanosecond timestamp.
     */
    default VariantValue asVariant(int i) {
      return null;
    }
  }
}
