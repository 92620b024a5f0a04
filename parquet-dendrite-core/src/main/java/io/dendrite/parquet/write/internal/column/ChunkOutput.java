package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Where {@code ChunkEncoder} puts one column chunk: the file itself ({@link FileChunkOutput})
 * or a buffer replayed into it later ({@link BufferedChunk}). The calls are parquet-java's
 * {@code ParquetFileWriter}'s, so a chunk replayed makes the same bytes as one written at once.
 * Byte inputs are valid only during the call.
 */
interface ChunkOutput {
  void startColumn(ColumnDescriptor column, long valueCount, CompressionCodecName codec)
      throws IOException;

  void writeDictionaryPage(DictionaryPage page) throws IOException;

  void addBloomFilter(String column, BloomFilter filter);

  /** A data page v1: levels and values compressed together in {@code bytes}. */
  void writeDataPage(int valueCount, int uncompressedSize, BytesInput bytes,
      Statistics<?> statistics, int rowCount, Encoding rlEncoding, Encoding dlEncoding,
      Encoding valuesEncoding, SizeStatistics sizes) throws IOException;

  /** A data page v2: levels uncompressed, apart from the (compressed) values. */
  void writeDataPageV2(int rowCount, int nullCount, int valueCount, BytesInput repLevels,
      BytesInput defLevels, Encoding dataEncoding, BytesInput compressedData,
      int uncompressedDataSize, Statistics<?> statistics, SizeStatistics sizes)
      throws IOException;

  void endColumn() throws IOException;
}
