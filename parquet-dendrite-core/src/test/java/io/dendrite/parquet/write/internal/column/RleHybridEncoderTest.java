package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our RLE/bit-packed hybrid output, decoded by parquet-java's decoder. */
class RleHybridEncoderTest {
  @ParameterizedTest(name = "bit width {0}")
  @ValueSource(ints = {1, 2, 3, 5, 7, 8, 9, 13, 16, 20, 24, 31, 32})
  void parquetJavaDecodesRunsAndNoise(int bitWidth) throws IOException {
    Random r = new Random(bitWidth * 7919L);
    RleHybridEncoder encoder = new RleHybridEncoder();
    ByteSink out = new ByteSink(16);
    for (int trial = 0; trial < 40; trial++) {
      int n = r.nextInt(trial < 5 ? 20 : 3000);
      int offset = r.nextInt(5);
      int[] values = new int[offset + n + 3];
      int i = offset;
      while (i < offset + n) {
        int len = Math.min(offset + n - i, 1 + r.nextInt(r.nextBoolean() ? 4 : 40));
        boolean run = r.nextBoolean();
        int v = value(r, bitWidth);
        for (int k = 0; k < len; k++) {
          values[i++] = run ? v : value(r, bitWidth);
        }
      }
      values[offset + n] = -1; // past the range: must not be encoded
      out.reset();
      encoder.encode(values, offset, offset + n, bitWidth, out);
      RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(bitWidth,
          new ByteArrayInputStream(out.array(), 0, out.size()));
      for (int k = 0; k < n; k++) {
        assertEquals(values[offset + k], d.readInt(), "trial " + trial + " value " + k);
      }
    }
  }

  @Test
  void aLongRunIsOneRepeatedRun() {
    ByteSink out = new ByteSink(16);
    new RleHybridEncoder().encode(new int[10_000], 0, 10_000, 5, out);
    // Header: ULEB-128 of 10,000 << 1 = 20,000 (3 bytes), then the value in 1 byte.
    assertEquals(4, out.size());
  }

  @Test
  void theLengthPrefixCountsTheRunsAfterIt() {
    ByteSink out = new ByteSink(16);
    out.writeByte(9);
    int[] levels = {0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    new RleHybridEncoder().encodeWithLength(levels, 0, levels.length, 1, out);
    byte[] b = out.array();
    int length = (b[1] & 0xFF) | (b[2] & 0xFF) << 8 | (b[3] & 0xFF) << 16 | (b[4] & 0xFF) << 24;
    assertEquals(out.size() - 5, length);
  }

  /** Levels not stored (all one value) must encode as the stored array would, bit for bit. */
  @Test
  void aRunOfOneValueIsEncodedAsItsArray() {
    RleHybridEncoder encoder = new RleHybridEncoder();
    for (int bitWidth = 0; bitWidth <= 9; bitWidth += bitWidth == 0 ? 1 : 4) {
      int value = (1 << bitWidth) - 1;
      for (int count = 0; count <= 40; count++) {
        int[] levels = new int[count];
        Arrays.fill(levels, value);
        ByteSink expected = new ByteSink(16);
        encoder.encodeWithLength(levels, 0, count, bitWidth, expected);
        ByteSink actual = new ByteSink(16);
        encoder.encodeLevelsWithLength(null, value, 0, count, bitWidth, actual);
        assertEquals(Arrays.toString(Arrays.copyOf(expected.array(),
            expected.size())), Arrays.toString(Arrays.copyOf(actual.array(),
            actual.size())), "width " + bitWidth + ", count " + count);
      }
    }
  }

  private static int value(Random r, int bitWidth) {
    return (int) (r.nextLong() & ((1L << bitWidth) - 1));
  }
}
