package io.dendrite.parquet.filter;

import io.dendrite.parquet.filter.internal.ValueCasts;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JavaCasts;
import java.util.List;

/**
 * A {@link Filter} compiled once to test rows exactly, with SQL's three-valued logic (see
 * {@link Filter}): each comparison knows its path's index in {@link #paths()} and its literal's
 * cast, so testing a row does no lookups by name.
 */
public final class FilterEvaluator {
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
