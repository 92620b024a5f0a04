package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Random;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.junit.jupiter.api.Test;

/** DELTA_BINARY_PACKED from us, decoded by parquet-java's reader. */
class DeltaBinaryPackedEncoderTest {
  private static final int[] COUNTS = {1, 2, 31, 32, 33, 127, 128, 129, 130, 257, 1000, 4097};

  @Test
  void parquetJavaDecodesInts() throws IOException {
    Random r = new Random(21);
    DeltaBinaryPackedEncoder encoder = new DeltaBinaryPackedEncoder();
    ByteSink out = new ByteSink(8);
    for (int n : COUNTS) {
      for (int shape = 0; shape < 4; shape++) {
        int[] v = new int[n + 2];
        for (int i = 1; i <= n; i++) {
          v[i] = shape == 0 ? r.nextInt() : shape == 1 ? v[i - 1] + r.nextInt(10)
              : shape == 2 ? 42 : (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE);
        }
        out.reset();
        encoder.encodeInts(v, 1, n + 1, out);
        DeltaBinaryPackingValuesReader d = new DeltaBinaryPackingValuesReader();
        d.initFromPage(n, PlainEncoderTest.stream(out));
        for (int i = 1; i <= n; i++) {
          assertEquals(v[i], d.readInteger(), "n " + n + " shape " + shape + " value " + i);
        }
      }
    }
  }

  @Test
  void parquetJavaDecodesLongs() throws IOException {
    Random r = new Random(22);
    DeltaBinaryPackedEncoder encoder = new DeltaBinaryPackedEncoder();
    ByteSink out = new ByteSink(8);
    for (int n : COUNTS) {
      for (int shape = 0; shape < 4; shape++) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = shape == 0 ? r.nextLong() : shape == 1 ? (i == 0 ? 0 : v[i - 1]) + r.nextInt(99)
              : shape == 2 ? -7 : (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE);
        }
        out.reset();
        encoder.encodeLongs(v, 0, n, out);
        DeltaBinaryPackingValuesReader d = new DeltaBinaryPackingValuesReader();
        d.initFromPage(n, PlainEncoderTest.stream(out));
        for (int i = 0; i < n; i++) {
          assertEquals(v[i], d.readLong(), "n " + n + " shape " + shape + " value " + i);
        }
      }
    }
  }

  @Test
  void int32DeltasWrapInThirtyTwoBits() {
    ByteSink out = new ByteSink(8);
    new DeltaBinaryPackedEncoder().encodeInts(
        new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE}, 0, 3, out);
    // Header: 128 (2 bytes), 4, 3, zigzag(MIN_VALUE) = 2^32 - 1 (5 bytes): 9 bytes. Deltas
    // wrap to -1 and 1: min delta -1 (1 byte), 4 widths, 32 values of 2 bits (8 bytes).
    assertEquals(9 + 1 + 4 + 8, out.size());
  }

  @Test
  void sizeIsWhatEncodingWrites() {
    // The size estimates AutoEncodings compares must be the encoded bytes, for any data.
    Random r = new Random(13);
    DeltaBinaryPackedEncoder encoder = new DeltaBinaryPackedEncoder();
    for (int trial = 0; trial < 60; trial++) {
      int n = r.nextInt(trial < 10 ? 4 : 2000);
      int[] ints = new int[n];
      long[] longs = new long[n];
      int spread = 1 << r.nextInt(31);
      for (int i = 0; i < n; i++) {
        ints[i] = trial % 3 == 0 ? r.nextInt() : (i > 0 ? ints[i - 1] : 0) + r.nextInt(spread);
        longs[i] = trial % 3 == 0 ? r.nextLong() : (i > 0 ? longs[i - 1] : 0) + ints[i];
      }
      int from = n == 0 ? 0 : r.nextInt(n);
      ByteSink out = new ByteSink(8);
      encoder.encodeInts(ints, from, n, out);
      assertEquals(out.size(),
          encoder.sizeOfInts(ints, from, n), "ints, trial " + trial);
      out.reset();
      encoder.encodeLongs(longs, from, n, out);
      assertEquals(out.size(),
          encoder.sizeOfLongs(longs, from, n), "longs, trial " + trial);
    }
  }
}
