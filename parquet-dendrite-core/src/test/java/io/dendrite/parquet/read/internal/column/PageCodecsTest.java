package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.PageCodecs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.xerial.snappy.Snappy;

/**
 * Pages decompress to their bytes with every codec, from any number of threads at once, and a
 * page whose sizes disagree fails.
 */
class PageCodecsTest {
  private final PageCodecs codecs =
      new PageCodecs(() -> HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0));
  private final BytesInputDecompressor snappy =
      codecs.getDecompressor(CompressionCodecName.SNAPPY);

  /**
   * parquet-java's factory (which parses a Hadoop configuration) is made only for a codec the
   * engine does not decompress itself, and once.
   */
  @Test
  void parquetJavasFactoryIsMadeOnlyForItsCodecsAndOnce() {
    AtomicInteger made = new AtomicInteger();
    PageCodecs lazy = new PageCodecs(() -> {
      made.incrementAndGet();
      // Stands for parquet-java's factory: its LZO decompressor needs a library not here.
      return new org.apache.parquet.compression.CompressionCodecFactory() {
        @Override
        public org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor
            getCompressor(CompressionCodecName codec) {
          throw new UnsupportedOperationException();
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
          return codecs.getDecompressor(CompressionCodecName.UNCOMPRESSED);
        }

        @Override
        public void release() {
        }
      };
    });
    for (CompressionCodecName c : List.of(CompressionCodecName.UNCOMPRESSED,
        CompressionCodecName.SNAPPY, CompressionCodecName.ZSTD, CompressionCodecName.GZIP,
        CompressionCodecName.LZ4_RAW, CompressionCodecName.LZ4)) {
      lazy.getDecompressor(c);
    }
    lazy.release();
    assertEquals(0, made.get());
    // LZO is parquet-java's.
    lazy.getDecompressor(CompressionCodecName.LZO);
    lazy.getDecompressor(CompressionCodecName.LZO);
    lazy.release();
    assertEquals(1, made.get());
  }

  private static byte[] page() {
    byte[] page = new byte[50_000];
    new Random(3).nextBytes(page);
    Arrays.fill(page, 10_000, 30_000, (byte) 7); // compressible too
    return page;
  }

  @Test
  void snappyPagesDecompressFromHeapSlicesAndDirectBuffers() throws IOException {
    byte[] page = page();
    byte[] compressed = Snappy.compress(page);
    // A slice in the middle of a larger array, as pages sit in a chunk read whole.
    byte[] chunk = new byte[compressed.length + 20];
    System.arraycopy(compressed, 0, chunk, 11, compressed.length);
    BytesInput slice = BytesInput.from(ByteBuffer.wrap(chunk, 11, compressed.length).slice());
    assertArrayEquals(page, snappy.decompress(slice, page.length).toByteArray());

    ByteBuffer direct = ByteBuffer.allocateDirect(compressed.length);
    direct.put(compressed).flip();
    assertArrayEquals(page, snappy.decompress(BytesInput.from(direct), page.length)
        .toByteArray());

    ByteBuffer out = ByteBuffer.allocate(page.length);
    snappy.decompress(ByteBuffer.wrap(compressed), compressed.length, out, page.length);
    assertArrayEquals(page, out.array());
  }

  @Test
  void aPageWhoseHeaderDisagreesWithTheSnappyLengthFails() throws IOException {
    byte[] page = page();
    byte[] compressed = Snappy.compress(page);
    IOException e = assertThrows(IOException.class,
        () -> snappy.decompress(BytesInput.from(compressed), page.length - 1));
    assertEquals("snappy page decompresses to 50000 bytes, the page header says 49999",
        e.getMessage());
  }

  @Test
  void damagedSnappyBytesFailInsteadOfDecodingToOtherBytes() throws IOException {
    byte[] page = page();
    byte[] compressed = Snappy.compress(page);
    byte[] damaged = Arrays.copyOf(compressed, compressed.length / 2); // truncated
    assertThrows(IOException.class,
        () -> snappy.decompress(BytesInput.from(damaged), page.length));
  }

  /** Pages compressed by parquet-java's own compressor for {@code codec}. */
  private byte[] compress(CompressionCodecName codec, byte[] page) throws IOException {
    return codecs.getCompressor(codec).compress(BytesInput.from(page)).toByteArray();
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodecName.class,
      names = {"UNCOMPRESSED", "SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
  void pagesParquetJavaCompressesDecompressToTheirBytes(CompressionCodecName codec)
      throws IOException {
    byte[] page = page();
    byte[] compressed = compress(codec, page);
    BytesInputDecompressor d = codecs.getDecompressor(codec);
    assertArrayEquals(page, d.decompress(BytesInput.from(compressed), page.length)
        .toByteArray());
    byte[] empty = compress(codec, new byte[0]);
    assertEquals(0, d.decompress(BytesInput.from(empty), 0).toByteArray().length);
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodecName.class, names = {"ZSTD", "GZIP", "LZ4_RAW"})
  void aPageWhoseHeaderDisagreesWithItsBytesFails(CompressionCodecName codec)
      throws IOException {
    byte[] page = page();
    byte[] compressed = compress(codec, page);
    BytesInputDecompressor d = codecs.getDecompressor(codec);
    String name = codec.name().toLowerCase(java.util.Locale.ROOT);
    IOException shorter = assertThrows(IOException.class,
        () -> d.decompress(BytesInput.from(compressed), page.length + 1));
    IOException longer = assertThrows(IOException.class,
        () -> d.decompress(BytesInput.from(compressed), page.length - 1));
    assertTrue(shorter.getMessage().startsWith(name + " page "), shorter.getMessage());
    assertTrue(longer.getMessage().startsWith(name + " page "), longer.getMessage());
    byte[] truncated = Arrays.copyOf(compressed, compressed.length / 2);
    assertThrows(IOException.class, () -> d.decompress(BytesInput.from(truncated), page.length));
  }

  /** Hadoop's framing of an LZ4 page: blocks of {@code block} bytes, chunks of {@code chunk}. */
  private static byte[] hadoopLz4(byte[] page, int block, int chunk) {
    io.airlift.compress.lz4.Lz4Compressor lz4 = new io.airlift.compress.lz4.Lz4Compressor();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int b = 0; b < page.length; b += block) {
      int blockEnd = Math.min(page.length, b + block);
      out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(blockEnd - b).array());
      for (int c = b; c < blockEnd; c += chunk) {
        int n = Math.min(chunk, blockEnd - c);
        byte[] compressed = new byte[lz4.maxCompressedLength(n)];
        int size = lz4.compress(page, c, n, compressed, 0, compressed.length);
        out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(size).array());
        out.write(compressed, 0, size);
      }
    }
    return out.toByteArray();
  }

  /**
   * The deprecated LZ4 codec: Hadoop's framing (one block, several, blocks of several chunks)
   * and a bare LZ4 block decompress to the page; damaged bytes and a header that disagrees
   * fail with an IOException naming the codec.
   */
  @Test
  void lz4PagesInHadoopsFramingAndBareDecompressToTheirBytes() throws IOException {
    byte[] page = page();
    BytesInputDecompressor d = codecs.getDecompressor(CompressionCodecName.LZ4);
    byte[] bare = new byte[new io.airlift.compress.lz4.Lz4Compressor()
        .maxCompressedLength(page.length)];
    int bareSize = new io.airlift.compress.lz4.Lz4Compressor()
        .compress(page, 0, page.length, bare, 0, bare.length);
    List<byte[]> framings = List.of(hadoopLz4(page, page.length, page.length),
        hadoopLz4(page, 256 * 1024, 256 * 1024), hadoopLz4(page, 16_384, 16_384),
        hadoopLz4(page, 20_000, 7_000), Arrays.copyOf(bare, bareSize));
    for (byte[] compressed : framings) {
      assertArrayEquals(page, d.decompress(BytesInput.from(compressed), page.length)
          .toByteArray());
      IOException longer = assertThrows(IOException.class,
          () -> d.decompress(BytesInput.from(compressed), page.length + 1));
      assertTrue(longer.getMessage().startsWith("lz4 page "), longer.getMessage());
      byte[] truncated = Arrays.copyOf(compressed, compressed.length / 2);
      assertThrows(IOException.class,
          () -> d.decompress(BytesInput.from(truncated), page.length));
    }
  }

  /**
   * The engine decodes a row group's chunks on several threads, and the page readers of one
   * file reader share one decompressor per codec: each must give every thread its own bytes.
   */
  @ParameterizedTest
  @EnumSource(value = CompressionCodecName.class,
      names = {"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
  void oneDecompressorServesSeveralThreadsAtOnce(CompressionCodecName codec) throws Exception {
    int threads = 4;
    byte[][] pages = new byte[threads][];
    byte[][] compressed = new byte[threads][];
    for (int t = 0; t < threads; t++) {
      pages[t] = new byte[20_000 + 5_000 * t];
      new Random(t).nextBytes(pages[t]);
      Arrays.fill(pages[t], 1_000, 9_000, (byte) t);
      compressed[t] = compress(codec, pages[t]);
    }
    BytesInputDecompressor d = codecs.getDecompressor(codec);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<Integer>> wrong = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int mine = t;
        wrong.add(pool.submit(() -> {
          start.await();
          int differing = 0;
          for (int i = 0; i < 300; i++) {
            byte[] got = d.decompress(BytesInput.from(compressed[mine]), pages[mine].length)
                .toByteArray();
            differing += Arrays.equals(pages[mine], got) ? 0 : 1;
          }
          return differing;
        }));
      }
      for (int t = 0; t < threads; t++) {
        assertEquals(0, wrong.get(t).get(), "pages thread " + t + " got wrong");
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
