package io.dendrite.parquet.read.internal.column;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The decompressors of the engine's page reads ({@code ParquetReadOptions.withCodecFactory}).
 * Every decompressor it hands out may be called from several threads at once: the engine
 * decodes a row group's column chunks in parallel, and parquet-java's page readers of one file
 * reader share one decompressor per codec.
 *
 * <p>SNAPPY, ZSTD, GZIP, LZ4_RAW and LZ4 pages decompress in one call from the heap slice of the chunk read
 * straight into the heap array the page decoders read. Why not parquet-java's: its SNAPPY
 * decompressor streams each page through two direct buffers it allocates per file reader
 * (fresh, zeroed memory for every file opened) and copies the result back to the heap (on the
 * filter suite's plain int64 pages that path ran at ~425 MB/s against snappy-java's ~615 MB/s
 * on the same bytes, docs/benchmarks/README.md); its ZSTD and GZIP decompressors are streams
 * over one shared, stateful codec object, not safe on two threads; its LZ4_RAW decompressor
 * goes through direct buffers too; its LZ4 needs lz4-java, absent here. Other codecs (BROTLI,
 * LZO) are {@code fallback}'s, parquet-java's own, one page at a time.
 */
public final class PageCodecs implements CompressionCodecFactory {
  /** parquet-java's factory, made on first need: most files need none of its codecs. */
  private final Supplier<CompressionCodecFactory> fallbackFactory;
  private CompressionCodecFactory fallback;
  private final Map<CompressionCodecName, BytesInputDecompressor> serialized =
      new EnumMap<>(CompressionCodecName.class);

  /**
   * @param fallback makes parquet-java's factory, for the codecs above and for compressing;
   *     called at most once, and only when such a codec is asked for (making it parses a Hadoop
   *     configuration, which a cold read of a zstd, gzip or snappy file need not pay)
   */
  public PageCodecs(Supplier<CompressionCodecFactory> fallback) {
    this.fallbackFactory = fallback;
  }

  private synchronized CompressionCodecFactory fallback() {
    if (fallback == null) {
      fallback = fallbackFactory.get();
    }
    return fallback;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return fallback().getCompressor(codec);
  }

  @Override
  public synchronized BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    switch (codec) {
      case UNCOMPRESSED:
        return Uncompressed.INSTANCE;
      case SNAPPY:
        return SnappyPages.INSTANCE;
      case ZSTD:
        return ZstdPages.INSTANCE;
      case GZIP:
        return GzipPages.INSTANCE;
      case LZ4_RAW:
        return Lz4RawPages.INSTANCE;
      case LZ4:
        return Lz4Pages.INSTANCE;
      default:
        return serialized.computeIfAbsent(codec,
            c -> new Serialized(fallback().getDecompressor(c)));
    }
  }

  @Override
  public synchronized void release() {
    if (fallback != null) {
      fallback.release();
    }
  }

  /** Pages written without compression: their bytes as they are. */
  private static final class Uncompressed implements BytesInputDecompressor {
    static final Uncompressed INSTANCE = new Uncompressed();

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) {
      return bytes;
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int decompressedSize) {
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      output.put(in);
    }

    @Override
    public void release() {
    }
  }

  /**
   * A codec that decompresses a page held in a heap array into a new heap array of the size
   * the page header declares, failing if the page does not decompress to exactly that size.
   * Stateless, so one instance serves every reader and thread.
   */
  private abstract static class HeapPages implements BytesInputDecompressor {
    /** Decompresses {@code in[offset, offset + length)} into all of {@code out}. */
    abstract void decompress(byte[] in, int offset, int length, byte[] out) throws IOException;

    @Override
    public final BytesInput decompress(BytesInput bytes, int uncompressedSize)
        throws IOException {
      ByteBuffer in = bytes.toByteBuffer(); // a slice of the chunk read on the heap: no copy
      byte[] out = new byte[uncompressedSize];
      if (uncompressedSize == 0 && !in.hasRemaining()) {
        // an empty page compressed to no bytes at all (parquet-java's snappy compressor does)
      } else if (in.hasArray()) {
        decompress(in.array(), in.arrayOffset() + in.position(), in.remaining(), out);
      } else {
        byte[] compressed = new byte[in.remaining()];
        in.duplicate().get(compressed);
        decompress(compressed, 0, compressed.length, out);
      }
      return BytesInput.from(out);
    }

    @Override
    public final void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int decompressedSize) throws IOException {
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      output.put(decompress(BytesInput.from(in), decompressedSize).toByteBuffer());
    }

    @Override
    public final void release() {
    }
  }

  private static final class SnappyPages extends HeapPages {
    static final SnappyPages INSTANCE = new SnappyPages();

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
      // The native decoder writes as many bytes as the page's own header says, unchecked
      // against the array: a damaged header must fail here, not overrun the heap.
      int declared = Snappy.uncompressedLength(in, offset, length);
      if (declared != out.length) {
        throw new IOException("snappy page decompresses to " + declared
            + " bytes, the page header says " + out.length);
      }
      Snappy.uncompress(in, offset, length, out, 0);
    }
  }

  private static final class ZstdPages extends HeapPages {
    static final ZstdPages INSTANCE = new ZstdPages();

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
      long n;
      try {
        // Bounded by out's length; decodes every frame of the page (writers may write several).
        n = Zstd.decompressByteArray(out, 0, out.length, in, offset, length);
      } catch (RuntimeException e) { // zstd-jni reports corrupt input as ZstdException
        throw new IOException("zstd page does not decompress: " + e.getMessage(), e);
      }
      if (Zstd.isError(n)) {
        throw new IOException("zstd page does not decompress: " + Zstd.getErrorName(n));
      }
      if (n != out.length) {
        throw new IOException("zstd page decompresses to " + n
            + " bytes, the page header says " + out.length);
      }
    }
  }

  private static final class GzipPages extends HeapPages {
    static final GzipPages INSTANCE = new GzipPages();

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
      // A gzip stream (RFC 1952), possibly of several members, as the spec's GZIP says.
      try (InputStream gzip = new GZIPInputStream(
          new ByteArrayInputStream(in, offset, length), 64 * 1024)) {
        int n = gzip.readNBytes(out, 0, out.length);
        if (n != out.length || gzip.read() != -1) {
          throw new IOException("gzip page decompresses to "
              + (n != out.length ? n + "" : "more than " + out.length)
              + " bytes, the page header says " + out.length);
        }
      }
    }
  }

  /** LZ4 block format pages (Parquet's LZ4_RAW), with the aircompressor parquet-java uses. */
  private static final class Lz4RawPages extends HeapPages {
    static final Lz4RawPages INSTANCE = new Lz4RawPages();
    /** Stateless: its methods keep nothing between calls, so one serves every thread. */
    static final Lz4Decompressor LZ4 = new Lz4Decompressor();

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
      block(in, offset, length, out, "lz4_raw", "lz4_raw page does not decompress: ");
    }

    /**
     * Decompresses one LZ4 block into all of {@code out}; failures name the page's codec,
     * a failure to decode starting with {@code failed}.
     */
    static void block(byte[] in, int offset, int length, byte[] out, String codec,
        String failed) throws IOException {
      int n;
      try {
        n = LZ4.decompress(in, offset, length, out, 0, out.length);
      } catch (MalformedInputException | IndexOutOfBoundsException e) {
        throw new IOException(failed + e.getMessage(), e);
      }
      if (n != out.length) {
        throw new IOException(codec + " page decompresses to " + n
            + " bytes, the page header says " + out.length);
      }
    }
  }

  /**
   * Pages of the deprecated LZ4 codec, whose framing the spec leaves undocumented. Files hold
   * two: Hadoop's (parquet-java's writers, through Hadoop's {@code Lz4Codec}), the page as
   * blocks, each a 4-byte big-endian length of its bytes uncompressed followed by chunks, each
   * a 4-byte big-endian compressed length and an LZ4 block; and a bare LZ4 block (older
   * parquet-cpp). Hadoop's framing is tried first; where its lengths do not add up to the
   * page, the page is read as one LZ4 block, as other readers do. (parquet-java's own
   * decompressor needs lz4-java, which is not on our classpath nor Spark's.)
   */
  private static final class Lz4Pages extends HeapPages {
    static final Lz4Pages INSTANCE = new Lz4Pages();

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
      if (!hadoopFramed(in, offset, length, out)) {
        Lz4RawPages.block(in, offset, length, out, "lz4", "lz4 page does not decompress,"
            + " neither in Hadoop's framing nor as one LZ4 block: ");
      }
    }

    /** Whether the page is in Hadoop's framing and decompresses to exactly {@code out}. */
    private static boolean hadoopFramed(byte[] in, int offset, int length, byte[] out) {
      int pos = offset;
      int end = offset + length;
      int produced = 0;
      try {
        while (pos < end) {
          if (end - pos < 4) {
            return false;
          }
          int block = bigEndian(in, pos);
          pos += 4;
          if (block < 0 || block > out.length - produced) {
            return false;
          }
          int blockEnd = produced + block;
          while (produced < blockEnd) {
            if (end - pos < 4) {
              return false;
            }
            int chunk = bigEndian(in, pos);
            pos += 4;
            if (chunk <= 0 || chunk > end - pos) {
              return false;
            }
            produced += Lz4RawPages.LZ4.decompress(in, pos, chunk, out, produced,
                blockEnd - produced);
            pos += chunk;
          }
        }
      } catch (MalformedInputException | IndexOutOfBoundsException e) {
        return false;
      }
      return produced == out.length;
    }

    private static int bigEndian(byte[] b, int i) {
      return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8
          | (b[i + 3] & 0xff);
    }
  }

  /**
   * parquet-java's decompressor of one file reader for a codec, one page at a time. The page is
   * copied out inside the lock: parquet-java's decompressors may return a stream that is read
   * only later, on the shared codec state.
   */
  private static final class Serialized implements BytesInputDecompressor {
    private final BytesInputDecompressor codec;

    Serialized(BytesInputDecompressor codec) {
      this.codec = codec;
    }

    @Override
    public synchronized BytesInput decompress(BytesInput bytes, int uncompressedSize)
        throws IOException {
      return BytesInput.from(codec.decompress(bytes, uncompressedSize).toByteArray());
    }

    @Override
    public synchronized void decompress(ByteBuffer input, int compressedSize,
        ByteBuffer output, int decompressedSize) throws IOException {
      codec.decompress(input, compressedSize, output, decompressedSize);
    }

    @Override
    public synchronized void release() {
      codec.release();
    }
  }
}
