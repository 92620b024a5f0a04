package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.internal.JavaCasts;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Each shortcut gives exactly what VariantCasts gives for the variant of the same value. */
class JavaCastsTest {
  private static final List<Object> VALUES = List.of(0L, -7L, Long.MAX_VALUE, Long.MIN_VALUE,
      5, Integer.MIN_VALUE, (short) -3, (byte) 9, 3_000_000_000L, new BigDecimal("12.50"),
      new BigDecimal("-0.001"), new BigDecimal("1E+3"), new BigDecimal("1" + "0".repeat(40)),
      1.5d, -0.0d, 0.1f, 1e300d, Double.NaN,
      Float.POSITIVE_INFINITY, true, false, "12", " 7 ", "abc", "2024-05-01",
      LocalDate.of(2024, 5, 1), Instant.parse("2024-05-01T10:11:12.123456Z"),
      LocalDateTime.of(2024, 5, 1, 10, 11, 12));

  private record Cast(Function<Object, ?> java, Function<VariantValue, ?> variant) {}

  private static final Map<String, Cast> CASTS = Map.of(
      "text", new Cast(JavaCasts::toText, VariantCasts::toText),
      "long", new Cast(JavaCasts::toLong, VariantCasts::toLong),
      "int", new Cast(JavaCasts::toInt, VariantCasts::toInt),
      "double", new Cast(JavaCasts::toDouble, VariantCasts::toDouble),
      "decimal", new Cast(JavaCasts::toDecimal, VariantCasts::toDecimal),
      "boolean", new Cast(JavaCasts::toBoolean, VariantCasts::toBoolean),
      "instant", new Cast(JavaCasts::toInstant, VariantCasts::toInstant),
      "date", new Cast(JavaCasts::toLocalDate, VariantCasts::toLocalDate));

  @Test
  void everyShortcutIsTheVariantsCast() {
    CASTS.forEach((name, cast) -> {
      int shortcuts = 0;
      for (Object v : VALUES) {
        Object direct = cast.java().apply(v);
        if (direct == null) {
          continue;
        }
        shortcuts++;
        // equals, not compareTo: a decimal's scale is part of the answer.
        assertEquals(cast.variant().apply(variantOf(v)), direct,
            name + " of " + v.getClass().getSimpleName() + " " + v);
      }
      assertTrue(shortcuts > 0, name + " took " + shortcuts + " shortcuts");
    });
  }

  @Test
  void failingCastsHaveNoShortcutSoTheirErrorsStayVariantCasts() {
    assertNull(JavaCasts.toDecimal(Double.NaN));
    assertNull(JavaCasts.toDecimal(Float.POSITIVE_INFINITY));
    assertNull(JavaCasts.toInt(3_000_000_000L));
    assertNull(JavaCasts.toLong("12")); // strings parse in VariantCasts
  }

  private static VariantValue variantOf(Object v) {
    VariantEncoder e = new VariantEncoder(true);
    VariantJava.write(v, e);
    return VariantValue.of(e.finish());
  }
}
