package io.dendrite.parquet.spark;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Hands the variant-path parts of a {@code Filter} over a {@code format("dendrite")} relation
 * to its scan, for skipping row groups only: the Filter stays, so rows are never lost or
 * wrong. Spark's V2 translation knows no {@code variant_get}, so no source ever sees these.
 *
 * <p>Runs in Spark's "Pre CBO Rules" batch ({@code injectPreCBORule}), which in Spark 4.1.3 and
 * 4.2.0 comes after the operator optimizations (filters pushed down onto the relation) and
 * just before "Early Filter and Projection Push-Down" ({@code V2ScanRelationPushDown}), where
 * Spark builds the scan from the relation's options: the predicate goes there, as the option
 * {@link VariantPredicate#OPTION}. So it sees {@code variant_get} as the query wrote it, before
 * Spark's variant extraction pushdown rewrites it into a field of the scan's output. Nothing
 * runs after that batch that a {@code SparkSessionExtensions} rule could join.
 *
 * <p>Idempotent (a relation that has the option is left alone) and never fails a query: on
 * anything unexpected the plan is returned unchanged.
 */
final class VariantSkippingRule extends Rule<LogicalPlan> {
  private static final Logger LOG = LoggerFactory.getLogger(VariantSkippingRule.class);

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    try {
      return rewrite(plan);
    } catch (RuntimeException | LinkageError e) {
      LOG.warn("dendrite: variant skipping left this plan unchanged: {}", e.toString());
      return plan;
    }
  }

  private static LogicalPlan rewrite(LogicalPlan plan) {
    if (plan instanceof Filter f && f.child() instanceof DataSourceV2Relation r
        && r.table() instanceof DendriteTable && !r.options().containsKey(VariantPredicate.OPTION)) {
      Set<String> variants = CollectionConverters.asJava(r.output()).stream()
          .filter(a -> a.dataType() instanceof VariantType).map(AttributeReference::name)
          .collect(Collectors.toSet());
      VariantPredicate p = variants.isEmpty() ? null : VariantConditions.of(f.condition(), variants);
      if (p == null) {
        return plan;
      }
      Map<String, String> options = new HashMap<>(r.options().asCaseSensitiveMap());
      options.put(VariantPredicate.OPTION, p.encode());
      return f.copy(f.condition(), r.copy(r.table(), r.output(), r.catalog(), r.identifier(),
          new CaseInsensitiveStringMap(options), r.timeTravelSpec()));
    }
    return (LogicalPlan) plan.mapChildren(VariantSkippingRule::rewrite);
  }
}
