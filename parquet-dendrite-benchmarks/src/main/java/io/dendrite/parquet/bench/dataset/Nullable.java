package io.dendrite.parquet.bench.dataset;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record component of a dataset record that may be null. Every other component is
 * never null (lists are never null and hold no nulls), so each format's schema declares it
 * required: {@code not null} in Parquet, no union in Avro, no {@code optional} in protobuf.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER,
    ElementType.METHOD})
public @interface Nullable {}
