package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.filter.internal.ValueCasts;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Java value casts exactly as VariantCasts casts its variant, shortcut or not. */
class ValueCastsTest {

  @Test
  void javaValuesCastAsTheirVariants() {
    List<Object> values = List.of(0L, -7L, Long.MAX_VALUE, 5, (short) -3, (byte) 9,
        new BigDecimal("12.50"), new BigDecimal("-0.001"), 1.5d, -0.0d, 0.1f, 1e300d,
        Double.NaN, Float.POSITIVE_INFINITY, true, false, "12", " 7 ", "abc", "2024-05-01",
        LocalDate.of(2024, 5, 1), Instant.parse("2024-05-01T10:11:12.123456Z"),
        LocalDateTime.of(2024, 5, 1, 10, 11, 12));
    int casts = 0;
    for (Literal.Kind kind : Literal.Kind.values()) {
      for (Object v : values) {
        Object direct = ValueCasts.cast(kind, v, null);
        Object slow = ValueCasts.cast(kind, ValueCasts.encode(v), null);
        String what = kind + " of " + v.getClass().getSimpleName() + " " + v;
        if (direct == null || slow == null) {
          assertEquals(slow, direct, what);
        } else {
          casts++;
          assertEquals(0, ValueCasts.compare(direct, slow), what + ": " + direct + " vs " + slow);
        }
      }
    }
    assertNotSame(0, casts);
  }
}
