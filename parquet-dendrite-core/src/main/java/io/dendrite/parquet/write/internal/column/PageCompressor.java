package io.dendrite.parquet.write.internal.column;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import io.airlift.compress.lz4.Lz4Compressor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Compresses the pages of one thread with a codec library called directly, into a buffer reused
 * page after page (the page is handed over before the next is compressed). parquet-java's
 * {@code CodecFactory} goes through Hadoop's codecs, which need a Hadoop {@code Configuration}
 * (parsing core-default.xml once, and looking up a buffer size for every page): a measurable
 * part of a short convert's CPU. The codecs' settings are parquet-java's: zstd at the level its
 * key {@code parquet.compression.codec.zstd.level} sets in the writer's configuration (the job's
 * Hadoop configuration when the writer was given one, see {@code ParquetWriters.configuration};
 * 3 unless set), gzip at zlib's default level. Not thread-safe.
 */
abstract class PageCompressor {
  /** The compressor of {@code codec}; {@code conf} may set the zstd level. */
  static PageCompressor of(CompressionCodecName codec, ParquetConfiguration conf) {
    switch (codec) {
      case UNCOMPRESSED:
        return new Uncompressed();
      case SNAPPY:
        return new SnappyPages();
      case ZSTD:
        // Compile-time constants of parquet-java's codec: its Hadoop class is never loaded.
        return new ZstdPages(conf.getInt(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL,
            ZstandardCodec.DEFAULT_PARQUET_COMPRESS_ZSTD_LEVEL));
      case GZIP:
        return new GzipPages();
      case LZ4_RAW:
        return new Lz4RawPages();
      default:
        throw new IllegalArgumentException("codec " + codec + " is not written by this library");
    }
  }

  /** The compressed form of {@code page[0, size)}, valid until the next call. */
  abstract BytesInput compress(byte[] page, int size) throws IOException;

  /** Frees native resources; the compressor is not used afterwards. */
  void release() {}

  /** A codec whose output is bounded in advance, written into one growing array. */
  private abstract static class Bounded extends PageCompressor {
    private byte[] out = new byte[0];

    @Override
    final BytesInput compress(byte[] page, int size) throws IOException {
      int bound = maxLength(size);
      if (out.length < bound) {
        out = new byte[Math.max(bound, out.length * 2)];
      }
      return BytesInput.from(out, 0, compress(page, size, out));
    }

    abstract int maxLength(int size);

    /** Compresses {@code page[0, size)} into {@code out}; returns the length written. */
    abstract int compress(byte[] page, int size, byte[] out) throws IOException;
  }

  private static final class Uncompressed extends PageCompressor {
    @Override
    BytesInput compress(byte[] page, int size) {
      return BytesInput.from(page, 0, size);
    }
  }

  private static final class SnappyPages extends Bounded {
    @Override
    int maxLength(int size) {
      return Snappy.maxCompressedLength(size);
    }

    @Override
    int compress(byte[] page, int size, byte[] out) throws IOException {
      return Snappy.compress(page, 0, size, out, 0);
    }
  }

  private static final class ZstdPages extends Bounded {
    private final ZstdCompressCtx context = new ZstdCompressCtx();

    ZstdPages(int level) {
      context.setLevel(level);
    }

    @Override
    int maxLength(int size) {
      return Math.toIntExact(Zstd.compressBound(size));
    }

    @Override
    int compress(byte[] page, int size, byte[] out) {
      return context.compressByteArray(out, 0, out.length, page, 0, size);
    }

    @Override
    void release() {
      context.close();
    }
  }

  private static final class Lz4RawPages extends Bounded {
    private final Lz4Compressor lz4 = new Lz4Compressor();

    @Override
    int maxLength(int size) {
      return lz4.maxCompressedLength(size);
    }

    @Override
    int compress(byte[] page, int size, byte[] out) {
      return lz4.compress(page, 0, size, out, 0, out.length);
    }
  }

  /** gzip members as Hadoop's GzipCodec writes them; rare enough for a stream per page. */
  private static final class GzipPages extends PageCompressor {
    private final Buffer out = new Buffer();

    @Override
    BytesInput compress(byte[] page, int size) throws IOException {
      out.reset();
      try (GZIPOutputStream gzip = new GZIPOutputStream(out, 1 << 16)) {
        gzip.write(page, 0, size);
      }
      return BytesInput.from(out.array(), 0, out.size());
    }

    /** A byte array output stream whose array is read in place. */
    private static final class Buffer extends ByteArrayOutputStream {
      byte[] array() {
        return buf;
      }
    }
  }
}
