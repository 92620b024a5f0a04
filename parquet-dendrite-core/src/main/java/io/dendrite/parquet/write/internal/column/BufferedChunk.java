package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A column chunk encoded on an encoding thread and held until the thread owning the file
 * replays it ({@link #writeTo}), with the same calls in the same order, so the file's bytes do
 * not depend on where the chunk was encoded. Page bytes are copied into one buffer, kept from
 * row group to row group. Stops with an {@link InterruptedIOException} at the next page when
 * its thread is interrupted (the writer was aborted).
 */
final class BufferedChunk implements ChunkOutput {
  /** One call, replayed with the chunk's bytes. */
  private interface Call {
    void replay(ChunkOutput out, byte[] data) throws IOException;
  }

  private final List<Call> calls = new ArrayList<>();
  private final ByteSink data = new ByteSink(1 << 16);
  private final OutputStream dataStream = new OutputStream() {
    @Override
    public void write(int b) {
      data.writeByte(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      data.writeBytes(b, off, len);
    }
  };

  /** Empties the chunk for the next row group, keeping its buffer. */
  void clear() {
    calls.clear();
    data.reset();
  }

  /** Makes the calls recorded, in order, on {@code out}. */
  void writeTo(ChunkOutput out) throws IOException {
    byte[] bytes = data.array();
    for (Call c : calls) {
      c.replay(out, bytes);
    }
  }

  @Override
  public void startColumn(ColumnDescriptor column, long valueCount, CompressionCodecName codec) {
    calls.add((out, d) -> out.startColumn(column, valueCount, codec));
  }

  @Override
  public void writeDictionaryPage(DictionaryPage page) throws IOException {
    checkInterrupt();
    int off = copy(page.getBytes());
    int len = data.size() - off;
    int uncompressed = page.getUncompressedSize();
    int entries = page.getDictionarySize();
    Encoding encoding = page.getEncoding();
    calls.add((out, d) -> out.writeDictionaryPage(new DictionaryPage(
        BytesInput.from(d, off, len), uncompressed, entries, encoding)));
  }

  @Override
  public void addBloomFilter(String column, BloomFilter filter) {
    calls.add((out, d) -> out.addBloomFilter(column, filter));
  }

  @Override
  public void writeDataPage(int valueCount, int uncompressedSize, BytesInput bytes,
      Statistics<?> statistics, int rowCount, Encoding rlEncoding, Encoding dlEncoding,
      Encoding valuesEncoding, SizeStatistics sizes) throws IOException {
    checkInterrupt();
    int off = copy(bytes);
    int len = data.size() - off;
    calls.add((out, d) -> out.writeDataPage(valueCount, uncompressedSize,
        BytesInput.from(d, off, len), statistics, rowCount, rlEncoding, dlEncoding,
        valuesEncoding, sizes));
  }

  @Override
  public void writeDataPageV2(int rowCount, int nullCount, int valueCount, BytesInput repLevels,
      BytesInput defLevels, Encoding dataEncoding, BytesInput compressedData,
      int uncompressedDataSize, Statistics<?> statistics, SizeStatistics sizes)
      throws IOException {
    checkInterrupt();
    int repOff = copy(repLevels);
    int defOff = copy(defLevels);
    int dataOff = copy(compressedData);
    int end = data.size();
    calls.add((out, d) -> out.writeDataPageV2(rowCount, nullCount, valueCount,
        BytesInput.from(d, repOff, defOff - repOff), BytesInput.from(d, defOff, dataOff - defOff),
        dataEncoding, BytesInput.from(d, dataOff, end - dataOff), uncompressedDataSize,
        statistics, sizes));
  }

  @Override
  public void endColumn() {
    calls.add((out, d) -> out.endColumn());
  }

  /** Appends {@code bytes} (valid only now: encoders reuse their buffers); returns its offset. */
  private int copy(BytesInput bytes) throws IOException {
    int off = data.size();
    long size = bytes.size();
    if (size > Integer.MAX_VALUE - 16L - off) {
      throw new IOException("a column chunk of over 2 GiB encoded: lower the row group size");
    }
    data.ensure((int) size);
    bytes.writeAllTo(dataStream);
    return off;
  }

  private static void checkInterrupt() throws InterruptedIOException {
    if (Thread.currentThread().isInterrupted()) {
      throw new InterruptedIOException("column chunk encoding interrupted: the writer aborted");
    }
  }
}
