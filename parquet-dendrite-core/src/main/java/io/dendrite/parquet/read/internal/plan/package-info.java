/**
 * Internal, not API: the per-file read plan ({@code ReadPlan}, {@code VariantProjection}:
 * which Parquet columns each selection needs in this file's layout, and which shredded node
 * serves it) and the filter's planning from metadata (statistics, dictionaries, bloom filters,
 * page indexes: {@code RowGroupPlanner}, {@code ColumnPages}, {@code PathColumns}). Public
 * only for the read API, the engine and the writer; may change without notice.
 */
package io.dendrite.parquet.read.internal.plan;
