/**
 * Our own column writing (issue 31, item 2), internal, not API: public only for the write
 * package. {@link io.dendrite.parquet.write.internal.column.ColumnFileWriter} stripes records
 * into per-leaf buffers ({@code LevelRecorder}, {@code LeafBuffer}), or takes rows other threads
 * striped with the same recorder ({@code StripedRows}) by array copies, and encodes each row
 * group's chunks ({@code ChunkEncoder}): pages cut at row starts ({@code PageCuts}), levels and
 * dictionary ids in the RLE/bit-packed hybrid ({@code RleHybridEncoder}, {@code BitPacker}),
 * values PLAIN, BYTE_STREAM_SPLIT ({@code PlainEncoder}) or dictionary-encoded
 * ({@code ValueDictionary}), page statistics in the spec's sort orders ({@code PageStatistics})
 * and size statistics ({@code PageSizeStatistics}), compressed with parquet-java's codecs; row
 * groups end by an estimate of their encoded size ({@code RowGroupSizer}). parquet-java's
 * {@code ParquetFileWriter} writes the page headers, CRCs, column and offset indexes, bloom
 * filters and footer. Data page v2 pages fall
 * back from a dictionary to DELTA_BINARY_PACKED ({@code DeltaBinaryPackedEncoder}) and
 * DELTA_BYTE_ARRAY ({@code DeltaByteArrayEncoder}), as parquet-java's v2 writer does. With
 * encodings(auto), {@code AutoEncodings} chooses per chunk, in either page version, among the
 * dictionary, PLAIN, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY
 * ({@code DeltaLengthByteArrayEncoder}) and DELTA_BYTE_ARRAY by estimated size, and
 * {@code EncodingLog} keeps what it chose for the write report. With a
 * parallelism above 1, full row groups are encoded on threads ({@code ParallelRowGroups}) into
 * {@code BufferedChunk}s that the writing thread replays into the file in column order
 * ({@code RowGroupFile}), so the bytes do not depend on the threads.
 */
package io.dendrite.parquet.write.internal.column;
