package io.dendrite.parquet.spark;

import org.apache.spark.sql.SparkSessionExtensions;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * Spark session extensions of {@code format("dendrite")}: row-group skipping on variant paths
 * ({@link VariantSkippingRule}), which Spark's data source API offers no way to receive. Enable
 * it when the session starts: {@code spark.sql.extensions=io.dendrite.parquet.spark.DendriteExtensions}
 * (the module's README shows spark-submit, pyspark and the session builder).
 */
public final class DendriteExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
  /** Spark makes the extensions by class name, with this constructor. */
  public DendriteExtensions() {}

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectPreCBORule(session -> new VariantSkippingRule());
    return BoxedUnit.UNIT;
  }
}
