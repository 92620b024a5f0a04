package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantCasts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.Test;

/**
 * Our cast rules ({@link VariantCasts}) and {@link JsonStyle#SPARK} text against a running
 * Spark on edge values: every variant type Spark makes, numbers at the edges of truncation,
 * rounding and overflow, and the string forms Spark accepts or refuses. Spark builds each
 * variant; we decode the very bytes it returns and cast them ourselves.
 */
class VariantCastsMatchSparkTest {
  private static final List<String> VALUES = List.of(
      "parse_json('-1.5')", "parse_json('2.5')", "parse_json('-2.7')", "parse_json('1e20')",
      "parse_json('-1.5e0')", "parse_json('12345678901234567890')", "parse_json('0')",
      "parse_json('0.0')", "parse_json('3000000000')", "parse_json('-9223372036854775808')",
      "parse_json('1.5e-7')", "parse_json('1e7')", "parse_json('123456789.0e0')",
      "parse_json('32.55e0')", "parse_json('4335.5e18')", "parse_json('true')",
      "parse_json('false')", "parse_json('null')",
      "cast(cast('NaN' AS double) AS variant)", "cast(cast('-Infinity' AS double) AS variant)",
      "cast(cast(1.1 AS float) AS variant)", "cast(cast(1e7 AS float) AS variant)",
      "cast(cast(0.1 AS float) AS variant)", "cast(cast(-7 AS tinyint) AS variant)",
      "cast(cast(300 AS smallint) AS variant)", "cast(cast(70000 AS int) AS variant)",
      "cast(cast(1.25 AS decimal(5,2)) AS variant)", "cast(cast(100 AS decimal(5,0)) AS variant)",
      "cast(cast(-0.001 AS decimal(20,3)) AS variant)",
      "cast(cast('12345678901234567890.123456789012345678' AS decimal(38,18)) AS variant)",
      "parse_json('\"12\"')", "parse_json('\" 12 \"')", "parse_json('\"1.5\"')",
      "parse_json('\"1e3\"')", "parse_json('\"+5\"')", "parse_json('\"0x10\"')",
      "parse_json('\"99999999999999999999\"')", "parse_json('\"true\"')", "parse_json('\"t\"')",
      "parse_json('\"yes\"')", "parse_json('\"1\"')", "parse_json('\" TRUE \"')",
      "parse_json('\"no\"')", "parse_json('\"2\"')", "parse_json('\"NaN\"')",
      "parse_json('\"inf\"')", "parse_json('\"-Infinity\"')", "parse_json('\"1.5d\"')",
      "parse_json('\"\"')", "parse_json('\"2024-02-29\"')", "parse_json('\"2024-02-29 10:11:12\"')",
      "parse_json('\"2024-02-29T10:11:12Z\"')", "parse_json('\"2024-02-29T10:11:12.5+02:00\"')",
      "parse_json('\"2024-02-29 10:11:12.1234567\"')", "parse_json('\"2024\"')",
      "parse_json('\"2024-2-3\"')", "parse_json('\" 2024-02-29 \"')",
      "parse_json('\"2024-02-29T10:11\"')", "parse_json('\"2024-02-30\"')",
      "parse_json('\"2024-02-29 junk\"')",
      "cast(date'2024-02-29' AS variant)", "cast(date'1960-01-01' AS variant)",
      "cast(timestamp'2024-02-29 10:11:12.345678' AS variant)",
      "cast(timestamp'2024-02-29 10:11:12' AS variant)",
      "cast(timestamp'1969-12-31 23:59:59.5' AS variant)",
      "cast(timestamp_ntz'2024-02-29 10:11:12.5' AS variant)",
      "cast(X'00ff' AS variant)", "cast(X'68656c6c6f' AS variant)",
      "parse_json('{\"a\":1.50,\"b\":1e2,\"c\":[true,null],\"d\":{}}')", "parse_json('[]')",
      "to_variant_object(named_struct('t', timestamp'2024-01-01 00:00:00.25',"
          + " 'n', timestamp_ntz'2024-01-01 00:00:00', 'd', date'2024-01-01', 'b', X'01',"
          + " 'f', cast(0.1 AS float), 'x', cast(1.10 AS decimal(4,2))))");
  private static final List<String> TYPES = List.of(
      "string", "bigint", "int", "double", "decimal(38,10)", "boolean", "date", "timestamp");
  private static final List<Function<VariantValue, Object>> CASTS = List.of(
      VariantCasts::toText, VariantCasts::toLong, VariantCasts::toInt, VariantCasts::toDouble,
      v -> {
        BigDecimal d = VariantCasts.toDecimal(v);
        return d == null ? null : d.setScale(10, java.math.RoundingMode.HALF_UP);
      },
      VariantCasts::toBoolean, VariantCasts::toLocalDate, VariantCasts::toInstant);

  @Test
  void castsAndJsonTextEqualSparks() {
    List<String> mismatches = new ArrayList<>();
    int nonNull = 0;
    for (String expr : VALUES) {
      StringBuilder sql = new StringBuilder("SELECT ").append(expr).append(", to_json(")
          .append(expr).append(")");
      for (String type : TYPES) {
        sql.append(", try_variant_get(").append(expr).append(", '$', '").append(type).append("')");
      }
      Row r = LocalSpark.session().sql(sql.toString()).collectAsList().get(0);
      VariantVal bytes = (VariantVal) r.get(0);
      VariantValue ours = VariantValue.of(bytes.getMetadata(), bytes.getValue()).validate();
      if (!r.getString(1).equals(ours.toJson(JsonStyle.SPARK))) {
        mismatches.add(expr + " to_json: Spark " + r.getString(1) + ", ours "
            + ours.toJson(JsonStyle.SPARK));
      }
      for (int i = 0; i < TYPES.size(); i++) {
        Object want = r.get(2 + i);
        nonNull += want == null ? 0 : 1;
        Object got;
        try {
          got = CASTS.get(i).apply(ours);
        } catch (VariantCastException e) {
          got = null;
        }
        boolean same = want instanceof BigDecimal && got instanceof BigDecimal
            ? ((BigDecimal) want).compareTo((BigDecimal) got) == 0
            : want instanceof Double && got instanceof Double
                ? Double.compare((Double) want, (Double) got) == 0
                : java.util.Objects.equals(want, got);
        if (!same) {
          mismatches.add(expr + " as " + TYPES.get(i) + ": Spark " + want + ", ours " + got);
        }
      }
    }
    assertEquals(List.of(), mismatches, String.join("\n", mismatches));
    assertTrue(nonNull > VALUES.size() * 3, "Spark returned values: " + nonNull);
  }
}
