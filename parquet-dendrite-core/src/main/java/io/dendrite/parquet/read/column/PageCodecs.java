package io.dendrite.parquet.read.column;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The decompressors of the engine's page reads ({@code ParquetReadOptions.withCodecFactory}):
 * SNAPPY pages decompress with snappy-java's array API straight into the heap array the page
 * decoders read; every other codec is {@code fallback}'s, parquet-java's own.
 *
 * <p>Why: parquet-java's SNAPPY decompressor streams each page through two direct buffers it
 * allocates per file reader (fresh, zeroed memory for every file opened) and copies the result
 * back to the heap. On the filter suite's plain int64 pages that path ran at ~425 MB/s against
 * snappy-java's ~615 MB/s on the same bytes into a heap array (docs/benchmarks/README.md).
 */
public final class PageCodecs implements CompressionCodecFactory {
  private final CompressionCodecFactory fallback;

  /** @param fallback parquet-java's factory, for every codec but SNAPPY and for compressing */
  public PageCodecs(CompressionCodecFactory fallback) {
    this.fallback = fallback;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return fallback.getCompressor(codec);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return codec == CompressionCodecName.SNAPPY ? SnappyPages.INSTANCE
        : fallback.getDecompressor(codec);
  }

  @Override
  public void release() {
    fallback.release();
  }

  /** Stateless, so one instance serves every reader and thread. */
  private static final class SnappyPages implements BytesInputDecompressor {
    static final SnappyPages INSTANCE = new SnappyPages();

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      ByteBuffer in = bytes.toByteBuffer(); // a slice of the chunk read on the heap: no copy
      byte[] compressed;
      int offset;
      if (in.hasArray()) {
        compressed = in.array();
        offset = in.arrayOffset() + in.position();
      } else {
        compressed = new byte[in.remaining()];
        in.duplicate().get(compressed);
        offset = 0;
      }
      int length = in.remaining();
      // The native decoder writes as many bytes as the page's own header says, unchecked
      // against the array: a damaged header must fail here, not overrun the heap.
      int declared = Snappy.uncompressedLength(compressed, offset, length);
      if (declared != uncompressedSize) {
        throw new IOException("snappy page decompresses to " + declared
            + " bytes, the page header says " + uncompressedSize);
      }
      byte[] out = new byte[uncompressedSize];
      Snappy.uncompress(compressed, offset, length, out, 0);
      return BytesInput.from(out);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int decompressedSize) throws IOException {
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      ByteBuffer page = decompress(BytesInput.from(in), decompressedSize).toByteBuffer();
      output.put(page);
    }

    @Override
    public void release() {
    }
  }
}
