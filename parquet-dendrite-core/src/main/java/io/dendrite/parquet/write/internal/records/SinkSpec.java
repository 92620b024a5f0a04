package io.dendrite.parquet.write.internal.records;

import io.dendrite.parquet.schema.FieldType;

/**
 * A value the generated code hands to a {@link ValueSink}: its column type and Java type, its
 * Parquet node, and where that node is.
 *
 * @param type the column type (a primitive type the code does not record itself, or VARIANT)
 * @param javaType the component's (or type argument's) Java type
 * @param parquet the Parquet node of the value (a primitive, or the VARIANT group)
 * @param parquetPath the node's names from the message down
 * @param fieldPath the field's canonical path ({@link io.dendrite.parquet.path.FieldPath})
 */
public record SinkSpec(FieldType type, java.lang.reflect.Type javaType,
    org.apache.parquet.schema.Type parquet, String[] parquetPath, String fieldPath) {}
