/**
 * Internal, not API: how a filter literal casts against a value ({@code ValueCasts}), shared
 * by row evaluation and row-group planning so both decide alike. May change without notice.
 */
package io.dendrite.parquet.filter.internal;
