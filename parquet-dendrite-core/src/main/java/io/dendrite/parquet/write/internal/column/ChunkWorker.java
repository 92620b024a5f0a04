package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * What one thread needs to encode column chunks: a {@link ChunkEncoder} and a compressor per
 * codec (they reuse their output buffer, so no two threads may share one).
 * Used by one thread at a time; {@link #release()} once no thread uses it any more.
 */
final class ChunkWorker {
  private final ChunkEncoder encoder = new ChunkEncoder();
  private final Map<CompressionCodecName, PageCompressor> compressors =
      new EnumMap<>(CompressionCodecName.class);
  private final ParquetConfiguration conf;

  ChunkWorker(ParquetConfiguration conf) {
    this.conf = conf;
  }

  /**
   * Encodes leaf {@code i} of {@code leaves}, row group {@code rowGroup}, from {@code buffer}
   * into {@code out}, and logs an encoding chosen from the data.
   */
  void encode(LeafChunks leaves, int i, int rowGroup, LeafBuffer buffer, ChunkOutput out)
      throws IOException {
    ChunkOptions options = leaves.options(i);
    AutoEncodings.Choice changed = encoder.write(buffer, options, leaves.statistics(i),
        leaves.sizes(i), compressor(options.codec()), out);
    if (changed != null) {
      leaves.encodings(i).add(rowGroup, changed);
    }
  }

  private PageCompressor compressor(CompressionCodecName codec) {
    return compressors.computeIfAbsent(codec, c -> PageCompressor.of(c, conf));
  }

  /** Returns the compressors' native resources. */
  void release() {
    compressors.values().forEach(PageCompressor::release);
    compressors.clear();
  }
}
