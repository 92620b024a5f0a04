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

  /** Encodes leaf {@code i} of {@code leaves} from {@code buffer} into {@code out}. */
  void encode(LeafChunks leaves, int i, LeafBuffer buffer, ChunkOutput out) throws IOException {
    ChunkOptions options = leaves.options(i);
    encoder.write(buffer, options, leaves.statistics(i), leaves.sizes(i),
        codecs.getCompressor(options.codec()), out);
  }

  /** Returns the compressors' native and pooled resources. */
  void release() {
    codecs.release();
  }
}
