package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A column chunk written straight into parquet-java's {@link ParquetFileWriter}, which adds the
 * page headers (with CRCs), the chunk metadata and the column and offset indexes. Only the
 * thread that owns the file calls it.
 */
final class FileChunkOutput implements ChunkOutput {
  private final ParquetFileWriter file;

  FileChunkOutput(ParquetFileWriter file) {
    this.file = file;
  }

  @Override
  public void startColumn(ColumnDescriptor column, long valueCount, CompressionCodecName codec)
      throws IOException {
    file.startColumn(column, valueCount, codec);
  }

  @Override
  public void writeDictionaryPage(DictionaryPage page) throws IOException {
    file.writeDictionaryPage(page);
  }

  @Override
  public void addBloomFilter(String column, BloomFilter filter) {
    file.addBloomFilter(column, filter);
  }

  @Override
  public void writeDataPage(int valueCount, int uncompressedSize, BytesInput bytes,
      Statistics<?> statistics, int rowCount, Encoding rlEncoding, Encoding dlEncoding,
      Encoding valuesEncoding, SizeStatistics sizes) throws IOException {
    // The overloads taking size statistics also take an encryptor: none, no AAD.
    file.writeDataPage(valueCount, uncompressedSize, bytes, statistics, rowCount, rlEncoding,
        dlEncoding, valuesEncoding, null, null, sizes);
  }

  @Override
  public void writeDataPageV2(int rowCount, int nullCount, int valueCount, BytesInput repLevels,
      BytesInput defLevels, Encoding dataEncoding, BytesInput compressedData,
      int uncompressedDataSize, Statistics<?> statistics, SizeStatistics sizes)
      throws IOException {
    file.writeDataPageV2(rowCount, nullCount, valueCount, repLevels, defLevels, dataEncoding,
        compressedData, uncompressedDataSize, statistics, null, null, sizes);
  }

  @Override
  public void endColumn() throws IOException {
    file.endColumn();
  }
}
