package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.filter.Filter.FilterEvaluator;
import io.dendrite.parquet.filter.Filter.FilterValues;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The filter language's semantics: casts as the typed getters, SQL's three-valued logic. */
class FilterEvaluatorTest {
  private static final Object MISSING = new Object();

  /** Tests {@code expr} on a row whose paths hold {@code kv} (absent: missing). */
  private static boolean test(String expr, Object... kv) {
    Map<String, Object> values = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      values.put((String) kv[i], kv[i + 1]);
    }
    FilterEvaluator e = Filter.parse(expr).evaluator();
    List<SelectionPath> paths = e.paths();
    return e.test(new FilterValues() {
      @Override
      public boolean isMissing(int i) {
        return !values.containsKey(paths.get(i).text());
      }

      @Override
      public Object get(int i) {
        return values.get(paths.get(i).text());
      }
    });
  }

  private static VariantValue variant(String json) {
    try {
      return VariantValue.of(VariantJson.parse(json));
    } catch (Exception e) {
      throw new IllegalArgumentException(json, e);
    }
  }

  @Test
  void logicAndPrecedence() {
    assertTrue(test("a = 1 or b = 2 and c = 3", "a", 1L, "b", 0L, "c", 0L));
    assertFalse(test("a = 1 or b = 2 and c = 3", "a", 0L, "b", 2L, "c", 0L));
    assertFalse(test("(a = 1 or b = 2) and c = 3", "a", 1L, "b", 0L, "c", 0L));
    assertTrue(test("not (a = 1) and b = 2", "a", 0L, "b", 2L));
  }

  @Test
  void numbersCastAsGetDecimalDoes() {
    assertTrue(test("x = 5.0", "x", 5L));
    assertTrue(test("x = 5", "x", new BigDecimal("5.00")));
    assertTrue(test("x = 5", "x", 5.0d));
    assertTrue(test("x <= 5", "x", 5.0f));
    assertTrue(test("x = 5", "x", variant("5")));
    assertTrue(test("x > 4.5", "x", variant("5")));
    assertTrue(test("x < 1e3", "x", variant("999.5")));
    assertTrue(test("x = 12", "x", "12"), "a string holding a number casts to it");
    assertTrue(test("x = 12", "x", variant("\" +12 \"")));
    assertTrue(test("x = 1", "x", true), "booleans cast to 1 and 0");
    assertTrue(test("x = 0.1", "x", 0.1d));
    assertFalse(test("x = 0.1", "x", 0.1f), "a float widens first: 0.10000000149011612");
    assertTrue(test("x > 1700000000", "x", Instant.parse("2024-01-01T00:00:00Z")),
        "timestamps cast to seconds since the epoch");
  }

  @Test
  void textCastsAsGetStringAndComparesByCodePoint() {
    assertTrue(test("s < 'abd'", "s", "abc"));
    assertTrue(test("s = 'text'", "s", variant("\"text\"")));
    assertTrue(test("s = '99'", "s", 99L));
    assertTrue(test("s = '150.0'", "s", 150.0d));
    assertTrue(test("s = 'true'", "s", true));
    assertTrue(test("s = '2024-05-01'", "s", LocalDate.of(2024, 5, 1)));
    // U+1F600 (a surrogate pair in UTF-16) sorts after U+FFFD, as in UTF-8 and Parquet.
    assertTrue(test("s > '\uFFFD'", "s", "\uD83D\uDE00"));
    assertFalse(test("s < '\uFFFD'", "s", "\uD83D\uDE00"));
  }

  @Test
  void booleansDatesAndTimestamps() {
    assertTrue(test("ok = true", "ok", true));
    assertTrue(test("ok != true", "ok", variant("false")));
    assertTrue(test("ok = true", "ok", "yes"));
    assertTrue(test("ok = true", "ok", 7L));
    assertTrue(test("d >= date '2024-05-01' and d < date '2024-06-01'",
        "d", LocalDate.of(2024, 5, 17)));
    assertTrue(test("d = date '2024-05-01'", "d", "2024-05-01"));
    assertTrue(test("d = date '2024-05-01'", "d", Instant.parse("2024-05-01T23:59:59Z")));
    assertTrue(test("t >= timestamp '2024-05-01 10:00:00'",
        "t", LocalDateTime.of(2024, 5, 1, 10, 0)));
    assertTrue(test("t = timestamp '2024-05-01'", "t", LocalDate.of(2024, 5, 1)));
  }

  @Test
  void unknownComparisonsNeverPassEvenNegated() {
    // Missing, SQL NULL, JSON null, objects, arrays and failed casts are unknown.
    for (Object[] row : new Object[][] {{}, {"x", null}, {"x", variant("null")},
        {"x", variant("{\"a\": 1}")}, {"x", variant("[1]")}, {"x", "five"},
        {"x", Double.NaN}}) {
      assertFalse(test("x = 5", row), java.util.Arrays.toString(row));
      assertFalse(test("x != 5", row), java.util.Arrays.toString(row));
      assertFalse(test("not x = 5", row), java.util.Arrays.toString(row));
    }
    assertTrue(test("x > 1 or y = 1", "y", 1L), "unknown or true is true");
    assertFalse(test("x > 1 and y = 1", "y", 1L), "unknown and true is unknown");
    assertTrue(test("not (x > 1 and y = 1)", "y", 2L), "unknown and false is false");
  }

  @Test
  void isNullMeansNoValueAndIsMissingMeansNotThere() {
    assertTrue(test("x is null"));
    assertTrue(test("x is missing"));
    assertTrue(test("x = null", "x", null));
    assertFalse(test("x is missing", "x", null), "SQL NULL is there");
    assertTrue(test("x is null", "x", variant("null")), "a JSON null is null");
    assertFalse(test("x is missing", "x", variant("null")), "a JSON null is not missing");
    assertTrue(test("x is not null", "x", 0L));
    assertTrue(test("x is not missing", "x", variant("null")));
    assertFalse(test("x != null", "x", variant("null")));
  }

  @Test
  void anyElementHoldsWhenSomeElementDoes() {
    VariantValue tags = variant("[\"a\", \"b\", null, {\"k\": 1}]");
    assertTrue(test("t[*] = 'b'", "t", tags));
    assertFalse(test("t[*] = 'c'", "t", tags));
    assertTrue(test("not t[*] = 'c'", "t", tags), "no element equal: false, so not is true");
    assertFalse(test("not t[*] = 'c'"), "no array: unknown");
    assertFalse(test("not t[*] = 'c'", "t", variant("\"c\"")), "not an array: unknown");
    assertTrue(test("not t[*] = 'c'", "t", variant("[]")), "an empty array has no match");
    assertTrue(test("t[*].k >= 1", "t", tags));
    assertTrue(test("m[*][*] = 4", "m", variant("[[1, 2], [3, 4]]")));
    assertTrue(test("l[*] = 2", "l", List.of(1L, 2L)), "ordinary lists too");
    assertTrue(test("l[*].n = 'x'", "l", List.of(Map.of("n", "y"), Map.of("n", "x"))));
  }
}
