package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The JSON number rules of {@link VariantJson} (its class description), one case per row. */
class JsonNumbersTest {

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(delimiter = '|', value = {
      // integers: the smallest integer type, then decimal16 scale 0, then the nearest double
      "5                                           | INT8      | 5",
      "-0                                          | INT8      | 0",
      "9223372036854775807                         | INT64     | 9223372036854775807",
      "9223372036854775808                         | DECIMAL16 | 9223372036854775808",
      "99999999999999999999999999999999999999      | DECIMAL16 | 99999999999999999999999999999999999999",
      "123456789012345678901234567890123456789012  | DOUBLE    | 1.2345678901234568E41",
      // fractions: the written scale kept up to 38 digits, else the nearest double
      "1.50                                        | DECIMAL4  | 1.50",
      "-0.0                                        | DECIMAL4  | 0.0",
      "0.12345678901234567890123456789012345678    | DECIMAL16 | 0.12345678901234567890123456789012345678",
      "0.123456789012345678901234567890123456789   | DOUBLE    | 1.2345678901234568E-1",
      // exponents: the nearest double, zero and subnormals included
      "1.5e3                                       | DOUBLE    | 1.5E3",
      "-0e0                                        | DOUBLE    | -0.0E0",
      "0e-400                                      | DOUBLE    | 0.0E0",
      "1.7976931348623157e308                      | DOUBLE    | 1.7976931348623157E308",
  })
  void numbersMapAsDocumented(String json, VariantType type, String text) throws Exception {
    VariantValue v = VariantValue.of(VariantJson.parse(json));
    assertEquals(type, v.type(), json);
    assertEquals(text, v.toJson(), json);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "1e400                | 1E+400       | infinite",
      "-1e400               | -1E+400      | infinite",
      "1.8e308              | 1.8E+308     | infinite",
      "1e-400               | 1E-400       | become 0",
      "-2.5E-330            | -2.5E-330    | become 0",
  })
  void numbersBeyondTheDoubleRangeAreRejectedNotRounded(String json, String shown,
      String why) {
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> VariantJson.parse("{\"x\": " + json + "}"));
    assertTrue(e.getMessage().startsWith("number " + shown + " is beyond the range of a double"),
        e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
    assertTrue(e.getMessage().contains("no decimal holds it"), e.getMessage());
  }

  @Test
  void longIntegersAndFractionsBeyondTheDoubleRangeAreRejectedWithShortMessages() {
    String integer = "9".repeat(400);
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> VariantJson.parse(integer));
    assertTrue(e.getMessage().startsWith("number 9.9999999999999999999...E+399 is beyond"),
        e.getMessage());
    String tiny = "0." + "0".repeat(400) + "1";
    e = assertThrows(VariantFormatException.class, () -> VariantJson.parse(tiny));
    assertTrue(e.getMessage().startsWith("number 1E-401 is beyond"), e.getMessage());
  }

  @Test
  void hugeExponentsAreRejectedWithoutExpandingTheDigits() {
    // 1e999999999 as a plain integer would be a billion digits.
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> VariantJson.parse("1e999999999"));
    assertTrue(e.getMessage().startsWith("number 1E+999999999 is beyond"), e.getMessage());
  }

  @Test
  void subnormalDoublesAreKeptAsTheNearestDouble() throws Exception {
    // Within the double range, if with fewer digits: not an underflow.
    VariantValue v = VariantValue.of(VariantJson.parse("1e-320"));
    assertEquals(VariantType.DOUBLE, v.type());
    assertEquals(Double.parseDouble("1e-320"), v.getDouble());
    assertTrue(v.getDouble() > 0);
  }

  @Test
  void decimalsKeepTheirValueExactly() throws Exception {
    VariantValue v = VariantValue.of(VariantJson.parse("4506.3100"));
    assertEquals(new BigDecimal("4506.3100"), v.getDecimal());
    assertEquals(4, v.getDecimal().scale());
  }
}
