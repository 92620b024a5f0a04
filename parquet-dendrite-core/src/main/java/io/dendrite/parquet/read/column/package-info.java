/**
 * Page-level decoding of one leaf column chunk (issue 12's engine, layer 1): definition and
 * repetition levels and values decoded in bulk into reusable arrays ({@link
 * io.dendrite.parquet.read.column.LeafBatch}), dictionary pages decoded once per chunk ({@link
 * io.dendrite.parquet.read.column.ColumnDictionary}). parquet-java is used only for file, page
 * and decompression I/O. Internal: public only for the read engine in the parent package.
 */
package io.dendrite.parquet.read.column;
