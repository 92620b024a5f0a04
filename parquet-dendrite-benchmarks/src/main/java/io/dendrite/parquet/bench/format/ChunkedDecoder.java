package io.dendrite.parquet.bench.format;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The {@code -par} reading of the row formats, as dendrite's benchmark did: this thread
 * decompresses and splits the stream into chunks of {@value #CHUNK} records, the chunks are
 * decoded on a pool of threads (one decoder per thread), and records reach the sink in file
 * order. At most two chunks per thread are in flight.
 */
final class ChunkedDecoder {
  static final int CHUNK = 256;

  private ChunkedDecoder() {}

  /** Record bytes of one chunk, copied out of the stream. */
  private static final class Chunk {
    byte[] bytes = new byte[64 * 1024];
    final int[] offsets = new int[CHUNK + 1];
    int count;

    void add(byte[] frame, int length) {
      int end = offsets[count];
      if (end + length > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(end + length, bytes.length * 2));
      }
      System.arraycopy(frame, 0, bytes, end, length);
      offsets[++count] = end + length;
    }

    Object[] decode(RecordCodec.Decoder d) throws IOException {
      Object[] out = new Object[count];
      for (int i = 0; i < count; i++) {
        out[i] = d.decode(bytes, offsets[i], offsets[i + 1] - offsets[i]);
      }
      return out;
    }
  }

  static void read(FrameReader frames, Supplier<RecordCodec.Decoder> decoders, int threads,
      Consumer<Object> sink) throws IOException {
    ThreadLocal<RecordCodec.Decoder> decoder = ThreadLocal.withInitial(decoders);
    try (OrderedPool pool = new OrderedPool(threads, 2 * threads, sink)) {
      Chunk chunk = new Chunk();
      while (frames.next()) {
        chunk.add(frames.frame(), frames.length());
        if (chunk.count == CHUNK) {
          Chunk full = chunk;
          pool.submit(() -> full.decode(decoder.get()));
          chunk = new Chunk();
        }
      }
      if (chunk.count > 0) {
        Chunk last = chunk;
        pool.submit(() -> last.decode(decoder.get()));
      }
      pool.finish();
    }
  }
}
