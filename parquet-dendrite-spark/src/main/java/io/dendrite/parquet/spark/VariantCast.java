package io.dendrite.parquet.spark;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import org.apache.spark.sql.catalyst.expressions.variant.VariantCastArgs;
import org.apache.spark.sql.catalyst.expressions.variant.VariantGet$;
import org.apache.spark.sql.catalyst.util.DateTimeUtils$;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.unsafe.types.VariantVal;
import scala.Option;

/**
 * The cast of a served extraction: Spark's own ({@code VariantGet.cast}, what
 * {@code variant_get} applies after navigating), so every type, time zone, overflow and error
 * (Spark's {@code INVALID_VARIANT_CAST} when {@code failOnError}) is Spark's. The core has
 * navigated already; this casts the value found at the path.
 *
 * <p>Where Spark's cast returns the value unchanged (an integer as {@code bigint}, an integer of
 * up to 32 bits as {@code int}, a boolean as {@code boolean}, a double as {@code double}) the
 * value is taken directly: {@code VariantGet.cast} builds a {@code Literal} (and a {@code Cast})
 * expression per value, which was most of a selective scan's task time.
 */
final class VariantCast {
  /** The targets whose values are sometimes taken without Spark's cast. */
  private enum Direct { LONG, INT, BOOLEAN, DOUBLE, NONE }

  private final DataType type;
  private final VariantCastArgs args;
  private final Direct direct;

  VariantCast(ExtractedPath path) {
    // Spark resolves variant_get's time zone before offering it; the session's otherwise.
    String zone = path.timeZoneId() != null ? path.timeZoneId()
        : SQLConf.get().sessionLocalTimeZone();
    this.type = path.type();
    this.args = new VariantCastArgs(path.failOnError(), Option.apply(zone),
        DateTimeUtils$.MODULE$.getZoneId(zone));
    this.direct = type instanceof LongType ? Direct.LONG : type instanceof IntegerType ? Direct.INT
        : type instanceof BooleanType ? Direct.BOOLEAN : type instanceof DoubleType ? Direct.DOUBLE
        : Direct.NONE;
  }

  /** Spark's value of the variant at the path, null for no value (a missing path). */
  Object apply(VariantValue v) {
    if (v == null) {
      return null;
    }
    v.validate(); // a damaged value fails here, whichever way it is cast
    Object same = unchanged(v);
    if (same != null) {
      return same;
    }
    EncodedVariant e = v.toEncoded();
    return VariantGet$.MODULE$.cast(new VariantVal(e.value(), e.metadata()), type, args);
  }

  /** Spark's value where its cast keeps the value as it is; null where Spark must cast. */
  private Object unchanged(VariantValue v) {
    VariantType t = v.type();
    return switch (direct) {
      case LONG -> t == VariantType.INT8 || t == VariantType.INT16 || t == VariantType.INT32
          || t == VariantType.INT64 ? (Object) v.getLong() : null;
      case INT -> t == VariantType.INT8 || t == VariantType.INT16 || t == VariantType.INT32
          ? (Object) (int) v.getLong() : null;
      case BOOLEAN -> t == VariantType.BOOLEAN ? (Object) v.getBoolean() : null;
      case DOUBLE -> t == VariantType.DOUBLE ? (Object) v.getDouble() : null;
      case NONE -> null;
    };
  }
}
