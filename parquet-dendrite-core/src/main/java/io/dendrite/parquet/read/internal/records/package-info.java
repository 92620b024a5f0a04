/**
 * Generated record assembly: for a Java record type and a file layout, a class written with
 * (relocated) ASM that reads a batch's leaf columns (values, definition and repetition levels,
 * dictionary ids) straight into the record constructors, with no row, struct, list or boxed
 * value in between; VARIANT columns from their shredded leaves where a batch allows
 * ({@code LeavesFirst}), else from the path readers' vectors. Internal: no compatibility
 * guarantees.
 */
package io.dendrite.parquet.read.internal.records;
