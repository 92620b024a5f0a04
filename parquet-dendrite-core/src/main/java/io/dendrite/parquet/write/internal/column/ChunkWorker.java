package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;

/**
 * What one thread needs to encode column chunks: a {@link ChunkEncoder} and compressors
 * (parquet-java's compressors reuse their output buffer, so no two threads may share one).
 * Used by one thread at a time; {@link #release()} once no thread uses it any more.
 */
final class ChunkWorker {
  private final ChunkEncoder encoder = new ChunkEncoder();
  private final CodecFactory codecs;

  ChunkWorker(ParquetConfiguration conf, int pageSize) {
    this.codecs = new CodecFactory(conf, pageSize);
  }

  /**
   * Encodes leaf {@code i} of {@code leaves}, row group {@code rowGroup}, from {@code buffer}
   * into {@code out}, and logs an encoding chosen from the data.
   */
  void encode(LeafChunks leaves, int i, int rowGroup, LeafBuffer buffer, ChunkOutput out)
      throws IOException {
    ChunkOptions options = leaves.options(i);
    AutoEncodings.Choice changed = encoder.write(buffer, options, leaves.statistics(i),
        leaves.sizes(i), codecs.getCompressor(options.codec()), out);
    if (changed != null) {
      leaves.encodings(i).add(rowGroup, changed);
    }
  }

  /** Returns the compressors' native and pooled resources. */
  void release() {
    codecs.release();
  }
}
