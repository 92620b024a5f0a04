package io.dendrite.parquet.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the floor of a suite (DESIGN.md section 5): the same values as plain top-level columns
 * through a minimal parquet-java WriteSupport/ReadSupport. The report shows every method of the
 * suite as a multiple of it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Floor {}
