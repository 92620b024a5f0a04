/**
 * Page-level decoding of one leaf column chunk (issue 12's engine, layer 1): definition and
 * repetition levels and values decoded in bulk into reusable arrays ({@link
 * io.dendrite.parquet.read.internal.column.LeafBatch}), dictionary pages decoded once per chunk ({@link
 * io.dendrite.parquet.read.internal.column.ColumnDictionary}). parquet-java is used only for file, page
 * and decompression I/O. Internal, not API: public only for the read engine and the Hadoop bindings.
 *
 * <p>{@link io.dendrite.parquet.read.internal.column.ColumnChunkReader} counts rows and walks the pages
 * (gaps, whole-page skips, rows over page boundaries); {@code PageDecoder} opens one page v1 or
 * v2 and picks a decoder per section; one class per encoding of the spec decodes a section in
 * bulk ({@code RleHybridDecoder}, {@code PlainValuesDecoder}, {@code DeltaBinaryPackedDecoder},
 * ...), and {@code FallbackValuesDecoder} hands an encoding we do not know to parquet-java.
 * {@code io.dendrite.parquet.hadoop.LeafRecorder} makes the same batches from parquet-java's
 * record assembly instead of pages, for reads through its {@code ReadSupport}.
 */
package io.dendrite.parquet.read.internal.column;
