/**
 * Reading Parquet files with VARIANT columns, the API: {@link DendriteReader} (rows, records
 * and batches), {@link DendriteRow}, {@link DendriteBatch} and {@link PathVector}, {@link
 * DendriteReadException}, and for engines the filter's plan of a file ({@link FilterPlan}, with
 * its {@link FilterPlan.RowRanges}, and {@link ReadReport}).
 *
 * <p>Behind it, internal packages (not API; public only for each other): {@code
 * read.internal.plan} (the per-file plan: which columns each selection needs in this file's
 * layout, and the filter's row-group and page planning), {@code read.internal.engine} (row
 * batches, path readers, record assembly, parallel decoding), {@code read.internal.file}
 * (footer and file access) and {@code read.internal.column} (page decoding). The API types
 * are views: {@link PathVector} and {@link DendriteBatch} show the engine's vectors and
 * batches, and the engine makes {@link DendriteRow}s through {@code Rows}.
 *
 * <h2>Types and values: one model</h2>
 *
 * <p>The spec has two type systems, and so does the reader; each is mapped from Parquet in one
 * place, and each leaf's values become Java values in one place.
 *
 * <ul>
 *   <li><b>Ordinary columns</b> have a {@link io.dendrite.parquet.schema.FieldType.PrimitiveFieldType}
 *       (Parquet's logical types, LogicalTypes.md), from {@link
 *       io.dendrite.parquet.schema.RecordSchema#fromParquet}: the only reading of an ordinary
 *       column's annotations.
 *   <li><b>Shredded {@code typed_value} leaves</b> have a {@link
 *       io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive}: a {@link
 *       io.dendrite.parquet.variant.VariantType} (the Variant value types, VariantEncoding.md),
 *       with a decimal's precision and scale, from {@code
 *       VariantSchemas.shreddedTypeOf}: the spec's table of shredded
 *       types, read in one place.
 *   <li>{@code JavaValues} turns a leaf's physical values into the Java values the reader
 *       returns, for both kinds of leaf; the vectors, the record readers of nested columns and
 *       the filter planner's dictionary check ({@code DictionaryValues})
 *       all use it, so a value reads the same wherever it is read.
 *   <li>{@code TypedLeafValues} turns a typed leaf's Java value into the variant it stands for
 *       (its exact variant type); {@code TypedCast} pairs each typed getter's cast of a variant
 *       ({@link io.dendrite.parquet.variant.internal.VariantCasts}) with the same cast of a typed leaf's
 *       Java value ({@link io.dendrite.parquet.variant.internal.JavaCasts}), for getters, batches,
 *       record components and filters alike.
 * </ul>
 *
 * <p>{@code PrimitiveFieldType.Kind} and {@code VariantType} stay two enums on purpose: a
 * Parquet column type and a Variant value type are different things (an {@code int64} column
 * is not an {@code int8} variant, a variant has no unsigned or {@code TIME(MILLIS)} type), and
 * the shredding table between them is the spec's, not an identity.
 */
package io.dendrite.parquet.read;

import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.read.FilterPlan.RowRanges;
