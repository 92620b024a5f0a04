/**
 * Internal, not API: the lexer of every text form ({@code TextCursor}: paths, record schemas,
 * shredding schemas, filters). Public only for the other packages of this library; may change
 * without notice.
 */
package io.dendrite.parquet.path.internal;
