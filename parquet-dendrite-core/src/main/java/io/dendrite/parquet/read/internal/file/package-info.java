/**
 * Internal, not API: the file under a read: footers decoded in place and pruned to the columns
 * read ({@code ThriftBytes}, {@code PrunedFooter}), buffered local files, and a row group's
 * pages. May change without notice.
 */
package io.dendrite.parquet.read.internal.file;
