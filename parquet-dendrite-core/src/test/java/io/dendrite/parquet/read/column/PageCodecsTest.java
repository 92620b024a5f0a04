package io.dendrite.parquet.read.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/** SNAPPY pages decompress to their bytes, and a page whose sizes disagree fails. */
class PageCodecsTest {
  private final PageCodecs codecs =
      new PageCodecs(HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0));
  private final BytesInputDecompressor snappy =
      codecs.getDecompressor(CompressionCodecName.SNAPPY);

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

  @Test
  void otherCodecsAreParquetJavas() throws IOException {
    BytesInputDecompressor gzip = codecs.getDecompressor(CompressionCodecName.GZIP);
    assertTrue(gzip != snappy);
    byte[] page = page();
    byte[] compressed = codecs.getCompressor(CompressionCodecName.GZIP)
        .compress(BytesInput.from(page)).toByteArray();
    assertArrayEquals(page, gzip.decompress(BytesInput.from(compressed), page.length)
        .toByteArray());
  }
}
