package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhereExpressionTest {

  private static boolean test(String expr, Object... kv) {
    Map<String, Object> values = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      values.put((String) kv[i], kv[i + 1]);
    }
    return WhereExpression.parse(expr).test(p -> values.get(p.text()));
  }

  private static VariantValue variant(String json) throws Exception {
    return VariantValue.of(VariantJson.parse(json));
  }

  @Test
  void andBindsTighterThanOrAndParenthesesGroup() {
    assertTrue(test("a = 1 or b = 2 and c = 3", "a", 1L, "b", 0L, "c", 0L));
    assertFalse(test("a = 1 or b = 2 and c = 3", "a", 0L, "b", 2L, "c", 0L));
    assertFalse(test("(a = 1 or b = 2) and c = 3", "a", 1L, "b", 0L, "c", 0L));
    assertTrue(test("not (a = 1) and b = 2", "a", 0L, "b", 2L));
    assertTrue(test("A = 1 AND b IS NOT NULL Or c = 9", "A", 1L, "b", "x"));
  }

  @Test
  void numbersCompareByValueAcrossTypes() throws Exception {
    assertTrue(test("x = 5.0", "x", 5L));
    assertTrue(test("x = 5", "x", new BigDecimal("5.00")));
    assertTrue(test("x = 5", "x", 5.0d));
    assertTrue(test("x = 5", "x", variant("5")));
    assertTrue(test("x > 4.5", "x", variant("5")));
    assertTrue(test("x < 1e3", "x", variant("999.5")));
    assertTrue(test("x >= -2", "x", -2));
    assertFalse(test("x > 5", "x", 5L));
    assertTrue(test("x <= 5", "x", 5.0f));
    assertTrue(test("x != 5", "x", Double.NaN));
    assertFalse(test("x = 5", "x", Double.NaN));
  }

  @Test
  void stringsBooleansAndTemporalText() throws Exception {
    assertTrue(test("s < 'abd'", "s", "abc"));
    assertTrue(test("s = \"it's\"", "s", "it's"));
    assertTrue(test("s = 'it''s'", "s", "it's"));
    assertTrue(test("s = 'text'", "s", variant("\"text\"")));
    assertTrue(test("ok = true", "ok", true));
    assertTrue(test("ok != true", "ok", variant("false")));
    assertTrue(test("d >= '2024-05-01' and d < '2024-06-01'", "d", LocalDate.of(2024, 5, 17)));
  }

  @Test
  void nullsAndMissingValuesOnlyMatchIsNull() throws Exception {
    assertFalse(test("x > 1"));
    assertFalse(test("x != 1"));
    assertTrue(test("x is null"));
    assertTrue(test("x = null"));
    assertFalse(test("x != null"));
    assertTrue(test("not x > 1"));
    assertTrue(test("x is null", "x", variant("null")), "a variant null is null");
    assertTrue(test("x is not null", "x", 0L));
  }

  @Test
  void differentKindsAreNeverEqual() throws Exception {
    assertFalse(test("x = 5", "x", "5"));
    assertTrue(test("x != 5", "x", "5"));
    assertFalse(test("x < 5", "x", "4"));
    assertFalse(test("x = 1", "x", variant("{\"a\": 1}")));
    assertTrue(test("x != 1", "x", variant("[1]")));
    assertFalse(test("x = 'true'", "x", true));
  }

  @Test
  void pathsAreCollected() {
    WhereExpression e = WhereExpression.parse("a.b[0] = 1 or `odd name`.c is null");
    assertEquals(List.of("a.b[0]", "`odd name`.c"), e.paths().stream().map(ValuePath::text)
        .toList());
    assertEquals("odd name", e.paths().get(1).column());
  }

  @Test
  void syntaxErrorsNameThePosition() {
    assertEquals("--where: expected a literal (a number, 'text', true, false or null) at the end "
        + "of \"a = \"", assertThrows(IllegalArgumentException.class,
            () -> WhereExpression.parse("a = ")).getMessage());
    assertEquals("--where: expected an operator (= != < <= > >=) or 'is [not] null' after a at "
        + "position 3 of \"a 1\"", assertThrows(IllegalArgumentException.class,
            () -> WhereExpression.parse("a 1")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("(a = 1")).getMessage().contains("expected ')'"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("a = 1 b = 2")).getMessage()
        .contains("expected 'and', 'or' or the end of the expression at position 7"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("a < null")).getMessage()
        .contains("only = and != compare with null"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("a > true")).getMessage()
        .contains("booleans compare only with = and !="));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("a = 'open")).getMessage().contains("unterminated"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WhereExpression.parse("")).getMessage().contains("expected a path"));
  }

  @Test
  void valuePathsParseFieldsIndexesAndQuotedNames() {
    ValuePath p = ValuePath.parse("payload.items[2].sku", "--select");
    assertEquals("payload", p.column());
    assertEquals("payload.items[2].sku", p.text());
    assertEquals("odd.name", ValuePath.parse("`odd.name`.x", "--select").column());
    assertEquals(List.of("a", "`b,c`.d", "e[0]"),
        ValuePath.parseList("a, `b,c`.d ,e[0]", "--select").stream().map(ValuePath::text)
            .toList());
    assertThrows(IllegalArgumentException.class, () -> ValuePath.parse("a..b", "--select"));
    assertEquals("--select: expected an index like [0] at position 3 of \"a[x]\"",
        assertThrows(IllegalArgumentException.class, () -> ValuePath.parse("a[x]", "--select"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> ValuePath.parseList("a,", "--select"));
  }
}
