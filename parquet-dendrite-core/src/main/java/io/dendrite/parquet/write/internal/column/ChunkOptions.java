package io.dendrite.parquet.write.internal.column;

import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How one leaf column's chunks are encoded.
 *
 * @param codec the page compression codec
 * @param dictionary whether to try a dictionary (PLAIN when it grows past {@code pageSize} or
 *     does not make the chunk smaller)
 * @param byteStreamSplit BYTE_STREAM_SPLIT instead of PLAIN, without a dictionary
 * @param bloomFilter whether to write a bloom filter per chunk
 * @param pageSize the encoded bytes of values after which a page ends
 * @param pageRows the most rows in a page
 * @param pageVersion 1 or 2: data page v1 (PLAIN without a dictionary) or v2 (DELTA encodings
 *     without a dictionary, as parquet-java's v2 writer chooses them)
 * @param autoEncodings whether the values encoding is chosen from each chunk's data
 *     ({@code AutoEncodings}) instead of by {@code pageVersion} alone
 */
public record ChunkOptions(CompressionCodecName codec, boolean dictionary,
    boolean byteStreamSplit, boolean bloomFilter, int pageSize, int pageRows,
    int pageVersion, boolean autoEncodings) {
  /** Options with parquet-java's fixed choice of encodings. */
  public ChunkOptions(CompressionCodecName codec, boolean dictionary, boolean byteStreamSplit,
      boolean bloomFilter, int pageSize, int pageRows, int pageVersion) {
    this(codec, dictionary, byteStreamSplit, bloomFilter, pageSize, pageRows, pageVersion,
        false);
  }
}
