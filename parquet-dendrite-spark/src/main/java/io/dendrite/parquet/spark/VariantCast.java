package io.dendrite.parquet.spark;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import org.apache.spark.sql.catalyst.expressions.variant.VariantCastArgs;
import org.apache.spark.sql.catalyst.expressions.variant.VariantGet$;
import org.apache.spark.sql.catalyst.util.DateTimeUtils$;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.VariantVal;
import scala.Option;

/**
 * The cast of a served extraction: Spark's own ({@code VariantGet.cast}, what
 * {@code variant_get} applies after navigating), so every type, time zone, overflow and error
 * (Spark's {@code INVALID_VARIANT_CAST} when {@code failOnError}) is Spark's. The core has
 * navigated already; this casts the value found at the path.
 */
final class VariantCast {
  private final DataType type;
  private final VariantCastArgs args;

  VariantCast(ExtractedPath path) {
    // Spark resolves variant_get's time zone before offering it; the session's otherwise.
    String zone = path.timeZoneId() != null ? path.timeZoneId()
        : SQLConf.get().sessionLocalTimeZone();
    this.type = path.type();
    this.args = new VariantCastArgs(path.failOnError(), Option.apply(zone),
        DateTimeUtils$.MODULE$.getZoneId(zone));
  }

  /** Spark's value of the variant at the path, null for no value (a missing path). */
  Object apply(VariantValue v) {
    if (v == null) {
      return null;
    }
    EncodedVariant e = v.toEncoded(); // validates the bytes (a damaged value fails here)
    return VariantGet$.MODULE$.cast(new VariantVal(e.value(), e.metadata()), type, args);
  }
}
