package io.dendrite.parquet.read.internal.column;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * Test support: pages made by hand (any bytes, any header counts) and a page reader serving
 * them, for damaged pages and page layouts parquet-java's writers no longer produce.
 */
final class FakePages {
  private FakePages() {}

  /** A page reader serving {@code dictionary} (or none) and {@code data}. */
  static PageReader pages(DictionaryPage dictionary, DataPage... data) {
    Queue<DataPage> queue = new ArrayDeque<>(List.of(data));
    return new PageReader() {
      @Override
      public DictionaryPage readDictionaryPage() {
        return dictionary;
      }

      @Override
      public long getTotalValueCount() {
        return Arrays.stream(data).mapToLong(DataPage::getValueCount).sum();
      }

      @Override
      public DataPage readPage() {
        return queue.poll();
      }
    };
  }

  /**
   * A page v1 of {@code valueCount} entries: the given sections (levels, then values), levels
   * RLE.
   */
  static DataPageV1 v1(int valueCount, Encoding values, byte[]... sections) {
    return v1(valueCount, Encoding.RLE, values, sections);
  }

  /** As {@link #v1(int, Encoding, byte[]...)} with levels in {@code levels}. */
  static DataPageV1 v1(int valueCount, Encoding levels, Encoding values, byte[]... sections) {
    byte[] page = concat(sections);
    return new DataPageV1(BytesInput.from(page), valueCount, page.length, null, levels, levels,
        values);
  }

  /** A level section of page v1: its 4-byte length, then the levels. */
  static byte[] levels(byte[] rle) {
    return concat(le32(rle.length), rle);
  }

  /** One RLE run: {@code count} times {@code value}, of {@code bitWidth} bits. */
  static byte[] rleRun(int count, int bitWidth, int value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long header = (long) count << 1;
    while ((header & ~0x7FL) != 0) {
      out.write((int) (header & 0x7F) | 0x80);
      header >>>= 7;
    }
    out.write((int) header);
    for (int i = 0; i < (bitWidth + 7) / 8; i++) {
      out.write(value >>> (8 * i));
    }
    return out.toByteArray();
  }

  static byte[] le32(int v) {
    return bytes(v, v >>> 8, v >>> 16, v >>> 24);
  }

  static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
