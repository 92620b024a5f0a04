package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.path.SelectionPath;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilterParserTest {

  private static String error(String expression) {
    return assertThrows(IllegalArgumentException.class, () -> Filter.parse(expression))
        .getMessage();
  }

  @Test
  void andBindsTighterThanOrAndParenthesesGroup() {
    assertEquals(Filter.or(Filter.path("a").eq(1),
            Filter.and(Filter.path("b").eq(2), Filter.path("c").eq(3))),
        Filter.parse("a = 1 or b = 2 and c = 3"));
    assertEquals(Filter.and(Filter.or(Filter.path("a").eq(1), Filter.path("b").eq(2)),
            Filter.path("c").eq(3)),
        Filter.parse("(a = 1 or b = 2) and c = 3"));
    assertEquals(Filter.and(Filter.not(Filter.path("a").eq(1)), Filter.path("b").isNotNull()),
        Filter.parse("NOT a = 1 AnD b IS NOT NULL"));
  }

  @Test
  void operatorsAndLiterals() {
    assertEquals(Filter.path("x").ne(new BigDecimal("-1.5e3")), Filter.parse("x <> -1.5e3"));
    assertEquals(Filter.path("x").eq(1), Filter.parse("x == 1"));
    assertEquals(Filter.path("x").le(1), Filter.parse("x<=1"));
    assertEquals(Filter.path("x").ge(1), Filter.parse("x>=1"));
    assertEquals(Filter.path("x").lt(1), Filter.parse("x<1"));
    assertEquals(Filter.path("s").eq("it's"), Filter.parse("s = 'it''s'"));
    assertEquals(Filter.path("s").eq("it's"), Filter.parse("s = \"it's\""));
    assertEquals(Filter.path("s").eq("a'b"), Filter.parse("s = 'a\\'b'"));
    assertEquals(Filter.path("ok").eq(true), Filter.parse("ok = TRUE"));
    assertEquals(Filter.path("d").ge(LocalDate.of(2024, 5, 1)),
        Filter.parse("d >= date '2024-05-01'"));
    assertEquals(Filter.path("t").lt(Instant.parse("2024-05-01T10:00:00Z")),
        Filter.parse("t < timestamp '2024-05-01 10:00:00'"));
    assertEquals(Filter.path("t").lt(Instant.parse("2024-05-01T08:00:00Z")),
        Filter.parse("t < timestamp '2024-05-01T10:00:00+02:00'"));
  }

  @Test
  void nullsAndMissingPaths() {
    assertEquals(Filter.path("x").isNull(), Filter.parse("x = null"));
    assertEquals(Filter.path("x").isNotNull(), Filter.parse("x != null"));
    assertEquals(Filter.path("x").isMissing(), Filter.parse("x is missing"));
    assertEquals(Filter.path("x").isNotMissing(), Filter.parse("x is not missing"));
  }

  @Test
  void printsParseableText() {
    for (String text : List.of("a = 1 or b = 2 and c = 3", "(a = 1 or b = 2) and c = 3",
        "not (a = 1 and b = 2)", "not a > 1", "x is not missing", "x is null",
        "`odd name`.c[0] = 'it''s'", "p.tags[*] = 'x'", "d >= date '2024-05-01'",
        "t < timestamp '2024-05-01T10:00:00Z'", "ok != false", "x = -1.5E+3")) {
      Filter f = Filter.parse(text);
      assertEquals(f, Filter.parse(f.toString()), text + " printed as " + f);
    }
    assertEquals("a = 1 or b = 2 and c = 3", Filter.parse("a=1 OR b=2 AND c=3").toString());
    assertEquals("`odd name`.c[0] = 'it''s'", Filter.parse("`odd name`.c[0] = 'it''s'")
        .toString());
  }

  @Test
  void pathsAreCollectedOnceUpToTheFirstAnyElement() {
    Filter f = Filter.parse("a.b[0] = 1 or `odd name`.c is null or a.b[0] > 5"
        + " or p.items[*].sku = 'x' or p.items[*].n > 2");
    assertEquals(List.of("a.b[0]", "`odd name`.c", "p.items"),
        f.paths().stream().map(SelectionPath::text).toList());
    assertEquals("odd name", f.paths().get(1).column());
  }

  @Test
  void anyElementTakesComparisonsOnly() {
    assertTrue(error("tags[*] is null").contains("[*] paths take comparisons"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Filter.path("tags[*]").isMissing()).getMessage().contains("[*]"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> SelectionPath.parse("tags[*]")).getMessage().contains("only allowed in filters"));
  }

  @Test
  void syntaxErrorsNameThePosition() {
    assertEquals("expected a literal (a number, 'text', true, false, null, date '...' or"
        + " timestamp '...') at position 5 in \"a = \"", error("a = "));
    assertEquals("expected an operator (= != < <= > >=) or 'is [not] null|missing' after a at"
        + " position 3 in \"a 1\"", error("a 1"));
    assertTrue(error("(a = 1").contains("expected ')'"));
    assertTrue(error("a = 1 b = 2").contains(
        "expected 'and', 'or' or the end of the expression at position 7"));
    assertTrue(error("a < null").contains("only = and != compare with null at position 3"));
    assertTrue(error("a > true").contains("booleans compare only with = and != at position 5"));
    assertTrue(error("a = 'open").contains("unterminated ' quote at position 5"));
    assertTrue(error("").contains("expected a path"));
    assertTrue(error("a = 1..2").contains("'1..2' is not a number"));
    assertTrue(error("d = date 'May'").contains("'May' is not a date at position 10"));
    assertTrue(error("a is nothing").contains("expected 'null' or 'missing' after 'is'"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Filter.path("x").eq(Double.NaN)).getMessage().contains("NaN"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> Filter.path("x").eq(null)).getMessage().contains("isNull()"));
  }
}
