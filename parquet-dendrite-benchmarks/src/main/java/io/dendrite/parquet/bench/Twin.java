package io.dendrite.parquet.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parquet-dendrite benchmark method with the baseline method of the same class that
 * does the same work (usually parquet-java 1.18.1). The report shows this method's time as a
 * ratio to its twin's, measured with the same parameters in the same run, and checks the
 * standing target: every dendrite method at least as fast as its twin (ratio at most 1).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Twin {
  /** Name of the baseline {@code @Benchmark} method in the same class. */
  String value();
}
