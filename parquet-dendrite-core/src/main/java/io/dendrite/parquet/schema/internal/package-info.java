/**
 * Internal, not API: how record and shredding schemas map to Parquet groups ({@code
 * VariantSchemas}, the spec's table of shredded types; {@code ShreddedLayoutReader}, the walk
 * of a VARIANT group's layout) and decimal bytes. Public only for the other packages of this
 * library; may change without notice.
 */
package io.dendrite.parquet.schema.internal;
