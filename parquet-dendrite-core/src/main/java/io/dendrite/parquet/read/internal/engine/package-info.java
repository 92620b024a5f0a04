/**
 * Internal, not API: the columnar engine. A compiled plan ({@code ColumnarPlan}) fills one
 * {@code ColumnVector} per selection from a row group's leaf batches ({@code ColumnarRows},
 * {@code RowBatch}), through path readers bound at plan time; nested values and records are
 * assembled here ({@code ValueReaders}, {@code ShapeReaders}, {@code RecordMapping}); row
 * groups or column chunks decode on threads ({@code ParallelRowGroups}, {@code LeafDecoding}).
 * Public only for the read API and the Hadoop bindings; may change without notice.
 */
package io.dendrite.parquet.read.internal.engine;
