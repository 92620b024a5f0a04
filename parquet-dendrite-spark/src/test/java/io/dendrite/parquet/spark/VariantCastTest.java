package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.variant.VariantCastArgs;
import org.apache.spark.sql.catalyst.expressions.variant.VariantGet$;
import org.apache.spark.sql.catalyst.util.DateTimeUtils$;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * {@link VariantCast} against Spark's own {@code VariantGet.cast} called directly (the oracle),
 * for the values it takes without Spark and for those it leaves to Spark: integers of every
 * width (and overflowing ones), booleans, doubles, strings, decimals, nulls, objects, arrays.
 */
class VariantCastTest {
  private static final List<String> VALUES = List.of("0", "-128", "127", "300", "-40000",
      "70000", "2147483647", "2147483648", "-2147483649", "5000000000",
      "9223372036854775807", "-9223372036854775808", "true", "false", "1.5", "2.0e300",
      "-0.0", "1.25", "12345678901234567890.5", "\"12\"", "\"x\"", "\"true\"", "null",
      "{\"a\":1}", "[1,2]");
  private static final List<DataType> TYPES = List.of(DataTypes.LongType,
      DataTypes.IntegerType, DataTypes.ShortType, DataTypes.BooleanType, DataTypes.DoubleType,
      DataTypes.StringType, DataTypes.createDecimalType(10, 2));

  @Test
  void equalsSparksCastOfEveryValueToEveryType() throws Exception {
    for (boolean failOnError : new boolean[] {false, true}) {
      for (DataType type : TYPES) {
        VariantCast cast = new VariantCast(new ExtractedPath("v", "v.a", "$.a", type,
            failOnError, "UTC", Metadata.empty()));
        VariantCastArgs args = new VariantCastArgs(failOnError, Option.apply("UTC"),
            DateTimeUtils$.MODULE$.getZoneId("UTC"));
        for (String json : VALUES) {
          EncodedVariant e = VariantJson.parse(json);
          String what = json + " as " + type.simpleString() + (failOnError ? "" : " (try)");
          Object expected;
          try {
            expected = VariantGet$.MODULE$.cast(new VariantVal(e.value(), e.metadata()), type,
                args);
          } catch (RuntimeException sparkFails) {
            RuntimeException ours = assertThrows(RuntimeException.class,
                () -> cast.apply(VariantValue.of(e)), what);
            assertEquals(sparkFails.getClass(), ours.getClass(), what);
            continue;
          }
          assertEquals(expected, cast.apply(VariantValue.of(e)), what);
        }
      }
    }
  }

  @Test
  void aMissingPathIsNull() {
    VariantCast cast = new VariantCast(new ExtractedPath("v", "v.a", "$.a",
        DataTypes.LongType, true, "UTC", Metadata.empty()));
    assertEquals(null, cast.apply(null));
  }
}
