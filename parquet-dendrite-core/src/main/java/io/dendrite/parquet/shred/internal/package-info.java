/**
 * Internal, not API: the shredders that split a variant into a column's {@code value}/{@code
 * typed_value} layout, one class per shape, and their path counters for the shredding report.
 * Public only for the writer; may change without notice.
 */
package io.dendrite.parquet.shred.internal;
