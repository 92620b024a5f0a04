package io.dendrite.parquet.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A target from DESIGN.md section 5 / the benchmark issue: this method's time divided by the
 * time of {@link #vs()} (same class, same parameters, same run) must be at most
 * {@link #maxRatio()}. The report prints the measured ratio and whether it was met.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(Goal.List.class)
public @interface Goal {
  /** The reference {@code @Benchmark} method in the same class. */
  String vs();

  /** Largest acceptable ratio of this method's time to the reference's. */
  double maxRatio();

  /** The target as a human reads it, e.g. "shredded write <= 2.5x the plain-column floor". */
  String text();

  /**
   * Only for results with this parameter value, as {@code name=value} (e.g.
   * {@code layout=shredded}); empty for every result.
   */
  String when() default "";

  /** Several goals on one method, each for its own parameters. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface List {
    Goal[] value();
  }
}
