package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our page compressors against parquet-java's decompressors (what parquet-java, and through the
 * same formats every other reader, inflates pages with): each codec the writer offers, pages of
 * several sizes one after the other through one compressor (its buffer reused and grown).
 */
class PageCompressorTest {
  private static final PlainParquetConfiguration CONF = new PlainParquetConfiguration();

  /** Text-like bytes (compressible) with random runs, {@code size} long. */
  private static byte[] page(int size, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[size];
    byte[] words = "alpha beta gamma delta {\"id\": 12345, \"kind\": \"click\"} "
        .getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < size; i++) {
      b[i] = r.nextInt(8) == 0 ? (byte) r.nextInt(256) : words[(i * 7 + i / 13) % words.length];
    }
    return b;
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodecName.class,
      names = {"UNCOMPRESSED", "SNAPPY", "ZSTD", "GZIP", "LZ4_RAW"})
  void parquetJavaInflatesWhatWeCompress(CompressionCodecName codec) throws Exception {
    PageCompressor compressor = PageCompressor.of(codec, CONF);
    CodecFactory parquetJava = new CodecFactory(CONF, 1 << 20);
    try {
      long seed = 1;
      for (int size : new int[] {0, 1, 100, 70_000, 10, 1 << 20, 3_000}) {
        byte[] page = page(size, seed++);
        // A larger array than the page: only [0, size) is compressed.
        byte[] array = Arrays.copyOf(page, size + 17);
        byte[] compressed = compressor.compress(array, size).toByteArray();
        byte[] inflated = parquetJava.getDecompressor(codec)
            .decompress(BytesInput.from(compressed), size).toByteArray();
        assertArrayEquals(page, inflated, codec + ", " + size + " bytes");
        if (codec != CompressionCodecName.UNCOMPRESSED && size >= 3_000) {
          assertTrue(compressed.length < size, codec + ": " + compressed.length + " of " + size);
        }
      }
    } finally {
      compressor.release();
      parquetJava.release();
    }
  }

  @Test
  void theZstdLevelIsParquetJavasSetting() throws Exception {
    byte[] page = page(200_000, 7);
    PlainParquetConfiguration strong = new PlainParquetConfiguration();
    strong.setInt(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, 19);
    PageCompressor byDefault = PageCompressor.of(CompressionCodecName.ZSTD, CONF);
    PageCompressor level19 = PageCompressor.of(CompressionCodecName.ZSTD, strong);
    byte[] a = byDefault.compress(page, page.length).toByteArray();
    byte[] b = level19.compress(page, page.length).toByteArray();
    assertFalse(Arrays.equals(a, b), "level 19 and the default level 3 wrote the same bytes");
    assertTrue(b.length < a.length, b.length + " at level 19, " + a.length + " at 3");
    byDefault.release();
    level19.release();
  }

  @Test
  void aCodecTheWriterDoesNotOfferIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PageCompressor.of(CompressionCodecName.LZO, CONF));
    assertEquals("codec LZO is not written by this library", e.getMessage());
  }
}
