package io.dendrite.parquet.cli;

import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The row filter of {@code cat --where}: a small expression language over {@link ValuePath}s.
 *
 * <pre>
 * expr       := term ('or' term)*
 * term       := factor ('and' factor)*
 * factor     := 'not' factor | '(' expr ')' | path op literal | path 'is' ['not'] 'null'
 * op         := '=' | '==' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;='
 * literal    := number | 'text' | "text" | true | false | null
 * </pre>
 *
 * <p>Keywords are case-insensitive; {@code and} binds tighter than {@code or}. Semantics:
 * numbers compare numerically whatever their type (int64 column, variant int8, decimal,
 * double); strings compare by code unit; booleans only with {@code =}/{@code !=}; dates,
 * timestamps, times and UUIDs compare as their ISO/canonical text ({@code '2024-05-01'}).
 * A comparison with a null or missing value (SQL null, a variant null, an absent field) is
 * false (test with {@code is null}, or {@code = null}, which means the same); values of different kinds are never equal, so
 * {@code !=} is true and the orderings are false; objects and arrays only match {@code !=}.
 */
final class WhereExpression {
  /** A node of the parsed expression. */
  private interface Node {
    boolean test(Function<ValuePath, Object> values);
  }

  private enum Op {
    EQ, NE, LT, LE, GT, GE
  }

  private final String text;
  private final Node root;
  private final List<ValuePath> paths;

  private WhereExpression(String text, Node root, List<ValuePath> paths) {
    this.text = text;
    this.root = root;
    this.paths = Collections.unmodifiableList(paths);
  }

  /**
   * Parses an expression.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  static WhereExpression parse(String text) {
    Parser p = new Parser(new Scanner(text, "--where"));
    Node root = p.expr();
    if (!p.s.atEnd()) {
      throw p.s.error("expected 'and', 'or' or the end of the expression");
    }
    return new WhereExpression(text, root, p.paths);
  }

  /** The paths the expression reads, to check against each file's columns. */
  List<ValuePath> paths() {
    return paths;
  }

  /** Whether the row whose values {@code values} gives matches. */
  boolean test(Function<ValuePath, Object> values) {
    return root.test(values);
  }

  @Override
  public String toString() {
    return text;
  }

  private static final class Parser {
    final Scanner s;
    final List<ValuePath> paths = new ArrayList<>();

    Parser(Scanner s) {
      this.s = s;
    }

    Node expr() {
      Node left = term();
      while (s.tryKeyword("or")) {
        Node a = left;
        Node b = term();
        left = v -> a.test(v) || b.test(v);
      }
      return left;
    }

    Node term() {
      Node left = factor();
      while (s.tryKeyword("and")) {
        Node a = left;
        Node b = factor();
        left = v -> a.test(v) && b.test(v);
      }
      return left;
    }

    Node factor() {
      if (s.tryKeyword("not")) {
        Node inner = factor();
        return v -> !inner.test(v);
      }
      if (s.tryConsume('(')) {
        Node inner = expr();
        if (!s.tryConsume(')')) {
          throw s.error("expected ')'");
        }
        return inner;
      }
      if (s.atEnd()) {
        throw s.error("expected a path");
      }
      ValuePath path = ValuePath.read(s);
      paths.add(path);
      if (s.tryKeyword("is")) {
        boolean not = s.tryKeyword("not");
        if (!s.tryKeyword("null")) {
          throw s.error("expected 'null' after 'is'");
        }
        return not ? v -> isPresent(v.apply(path)) : v -> !isPresent(v.apply(path));
      }
      int at = s.pos();
      Op op = op();
      if (op == null) {
        throw s.error("expected an operator (= != < <= > >=) or 'is [not] null' after "
            + path);
      }
      s.skipSpace();
      int literalAt = s.pos();
      Object literal = literal();
      if (literal == null) {
        if (op != Op.EQ && op != Op.NE) {
          throw s.errorAt(at, "only = and != compare with null");
        }
        return op == Op.EQ ? v -> !isPresent(v.apply(path)) : v -> isPresent(v.apply(path));
      }
      if (literal instanceof Boolean && op != Op.EQ && op != Op.NE) {
        throw s.errorAt(literalAt, "booleans compare only with = and !=");
      }
      return v -> compare(op, normalize(v.apply(path)), literal);
    }

    Op op() {
      if (s.tryConsume("==") || s.tryConsume("=")) {
        return Op.EQ;
      }
      if (s.tryConsume("!=") || s.tryConsume("<>")) {
        return Op.NE;
      }
      if (s.tryConsume("<=")) {
        return Op.LE;
      }
      if (s.tryConsume(">=")) {
        return Op.GE;
      }
      if (s.tryConsume("<")) {
        return Op.LT;
      }
      if (s.tryConsume(">")) {
        return Op.GT;
      }
      return null;
    }

    /** A literal; JSON null is returned as null. */
    Object literal() {
      char c = s.peek();
      if (c == '\'' || c == '"') {
        return s.quoted(c);
      }
      if (s.tryKeyword("true")) {
        return Boolean.TRUE;
      }
      if (s.tryKeyword("false")) {
        return Boolean.FALSE;
      }
      if (s.tryKeyword("null")) {
        return null;
      }
      int start = s.pos();
      StringBuilder n = new StringBuilder();
      while (true) {
        char d = s.peekRaw();
        if (Character.isDigit(d) || d == '-' || d == '+' || d == '.' || d == 'e' || d == 'E') {
          n.append(s.next());
        } else {
          break;
        }
      }
      try {
        return new BigDecimal(n.toString());
      } catch (NumberFormatException e) {
        throw s.errorAt(start, "expected a literal (a number, 'text', true, false or null)");
      }
    }
  }

  /** Whether a value is neither missing, SQL null, nor a variant null. */
  static boolean isPresent(Object v) {
    return v != null && !(v instanceof VariantValue vv && vv.isNull());
  }

  /** Kinds a value compares as. */
  private static final Object OTHER = new Object();

  /**
   * A value as it compares: null, Boolean, BigDecimal (exact numbers and finite floats), Double
   * (NaN, infinities), String (text and ISO renderings), or {@link #OTHER} (objects, arrays).
   */
  static Object normalize(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof VariantValue vv) {
      switch (vv.type()) {
        case NULL: return null;
        case BOOLEAN: return vv.getBoolean();
        case INT8: case INT16: case INT32: case INT64: return BigDecimal.valueOf(vv.getLong());
        case DECIMAL4: case DECIMAL8: case DECIMAL16: return vv.getDecimal();
        case DOUBLE: return number(vv.getDouble());
        case FLOAT: return number(vv.getFloat());
        case STRING: return vv.getString();
        case OBJECT: case ARRAY: return OTHER;
        default: {
          // Dates, timestamps, times, UUIDs, binary: their JSON rendering is a quoted string.
          String json = vv.toJson();
          return json.startsWith("\"") ? json.substring(1, json.length() - 1) : json;
        }
      }
    }
    if (v instanceof Boolean || v instanceof String) {
      return v;
    }
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (v instanceof Double || v instanceof Float) {
      return number(((Number) v).doubleValue());
    }
    if (v instanceof Number n) {
      return BigDecimal.valueOf(n.longValue());
    }
    if (v instanceof byte[] b) {
      return Base64.getEncoder().encodeToString(b);
    }
    if (v instanceof Map || v instanceof List) {
      return OTHER;
    }
    return v.toString();
  }

  private static Object number(double d) {
    return Double.isFinite(d) ? new BigDecimal(Double.toString(d)) : (Object) d;
  }

  private static boolean compare(Op op, Object value, Object literal) {
    if (value == null) {
      return false;
    }
    int cmp;
    if (value instanceof BigDecimal a && literal instanceof BigDecimal b) {
      cmp = a.compareTo(b);
    } else if (value instanceof Double a && literal instanceof BigDecimal b) {
      cmp = Double.compare(a, b.doubleValue());
      if (a.isNaN()) {
        return op == Op.NE;
      }
    } else if (value instanceof String a && literal instanceof String b) {
      cmp = a.compareTo(b);
    } else if (value instanceof Boolean a && literal instanceof Boolean b) {
      cmp = a.equals(b) ? 0 : 1;
    } else {
      return op == Op.NE;
    }
    switch (op) {
      case EQ: return cmp == 0;
      case NE: return cmp != 0;
      case LT: return cmp < 0;
      case LE: return cmp <= 0;
      case GT: return cmp > 0;
      default: return cmp >= 0;
    }
  }
}
