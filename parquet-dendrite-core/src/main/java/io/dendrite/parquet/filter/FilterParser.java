package io.dendrite.parquet.filter;

import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** Parses the expression language described in {@link Filter}. */
final class FilterParser {
  private final TextCursor c;

  private FilterParser(String text) {
    this.c = new TextCursor(text, false);
  }

  static Filter parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("filter expression must not be null");
    }
    FilterParser p = new FilterParser(text);
    if (p.c.atEnd()) {
      throw p.c.error("a path");
    }
    Filter f = p.expr();
    if (!p.c.atEnd()) {
      throw p.c.error("'and', 'or' or the end of the expression");
    }
    return f;
  }

  /** One path, {@code [*]} allowed. */
  static SelectionPath path(String text) {
    TextCursor c = new TextCursor(text, false);
    SelectionPath p = SelectionPath.read(c, true);
    if (!c.atEnd()) {
      throw c.error("'.', '[' or the end of the path");
    }
    return p;
  }

  private Filter expr() {
    List<Filter> parts = new ArrayList<>(List.of(term()));
    while (c.tryKeyword("or")) {
      parts.add(term());
    }
    return parts.size() == 1 ? parts.get(0) : new Filter.Or(parts);
  }

  private Filter term() {
    List<Filter> parts = new ArrayList<>(List.of(factor()));
    while (c.tryKeyword("and")) {
      parts.add(factor());
    }
    return parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
  }

  private Filter factor() {
    if (c.tryKeyword("not")) {
      return new Filter.Not(factor());
    }
    if (c.tryConsume('(')) {
      Filter inner = expr();
      c.expect(')');
      return inner;
    }
    if (c.atEnd()) {
      throw c.error("a path");
    }
    c.skipWhitespace();
    int pathAt = c.offset();
    SelectionPath path = SelectionPath.read(c, true);
    if (c.tryKeyword("is")) {
      boolean not = c.tryKeyword("not");
      boolean missing;
      if (c.tryKeyword("null")) {
        missing = false;
      } else if (c.tryKeyword("missing")) {
        missing = true;
      } else {
        throw c.error("'null' or 'missing' after 'is'");
      }
      Filter test = isNull(path, missing, pathAt);
      return not ? new Filter.Not(test) : test;
    }
    c.skipWhitespace();
    int opAt = c.offset();
    Op op = op();
    if (op == null) {
      throw c.error("an operator (= != < <= > >=) or 'is [not] null|missing' after " + path);
    }
    c.skipWhitespace();
    int literalAt = c.offset();
    if (c.tryKeyword("null")) {
      if (op != Op.EQ && op != Op.NE) {
        throw c.errorAt(opAt, "only = and != compare with null");
      }
      Filter test = isNull(path, false, pathAt);
      return op == Op.EQ ? test : new Filter.Not(test);
    }
    Literal literal = literal();
    try {
      return new Filter.Compare(path, op, literal);
    } catch (IllegalArgumentException e) {
      throw c.errorAt(literalAt, e.getMessage());
    }
  }

  private Filter isNull(SelectionPath path, boolean missing, int at) {
    try {
      return new Filter.IsNull(path, missing);
    } catch (IllegalArgumentException e) {
      throw c.errorAt(at, e.getMessage());
    }
  }

  private Op op() {
    if (c.tryConsume("==") || c.tryConsume("=")) {
      return Op.EQ;
    }
    if (c.tryConsume("!=") || c.tryConsume("<>")) {
      return Op.NE;
    }
    if (c.tryConsume("<=")) {
      return Op.LE;
    }
    if (c.tryConsume(">=")) {
      return Op.GE;
    }
    if (c.tryConsume("<")) {
      return Op.LT;
    }
    if (c.tryConsume(">")) {
      return Op.GT;
    }
    return null;
  }

  private Literal literal() {
    c.skipWhitespace();
    int at = c.offset();
    String text = quoted();
    if (text != null) {
      return new Literal(Literal.Kind.TEXT, text);
    }
    if (c.tryKeyword("true")) {
      return new Literal(Literal.Kind.BOOLEAN, true);
    }
    if (c.tryKeyword("false")) {
      return new Literal(Literal.Kind.BOOLEAN, false);
    }
    if (c.tryKeyword("date")) {
      return temporal(Literal.Kind.DATE, "date");
    }
    if (c.tryKeyword("timestamp")) {
      return temporal(Literal.Kind.TIMESTAMP, "timestamp");
    }
    String number = c.tryRun(ch -> Character.isDigit(ch) || ch == '-' || ch == '+' || ch == '.'
        || ch == 'e' || ch == 'E');
    if (number != null) {
      try {
        return new Literal(Literal.Kind.NUMBER, new BigDecimal(number));
      } catch (NumberFormatException e) {
        throw c.errorAt(at, "'" + number + "' is not a number");
      }
    }
    throw c.errorAt(at, "expected a literal (a number, 'text', true, false, null, date '...' or"
        + " timestamp '...')");
  }

  private String quoted() {
    String s = c.tryQuoted('\'');
    return s != null ? s : c.tryQuoted('"');
  }

  /** {@code date '2024-05-01'}, {@code timestamp '2024-05-01 10:00:00Z'}: parsed as casts do. */
  private Literal temporal(Literal.Kind kind, String keyword) {
    c.skipWhitespace();
    int at = c.offset();
    String text = quoted();
    if (text == null) {
      throw c.error("a quoted " + keyword + " after '" + keyword + "'");
    }
    VariantEncoder e = new VariantEncoder(true);
    e.writeString(text);
    VariantValue v = VariantValue.of(e.finish());
    try {
      return new Literal(kind, kind == Literal.Kind.DATE ? VariantCasts.toLocalDate(v)
          : VariantCasts.toInstant(v));
    } catch (VariantCastException ex) {
      throw c.errorAt(at, "'" + text + "' is not a " + keyword);
    }
  }
}
