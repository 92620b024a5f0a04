package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.read.internal.column.BitPackedLevelDecoder;
import io.dendrite.parquet.read.internal.column.InvalidPageException;
import io.dendrite.parquet.read.internal.column.LeafValues.Embedded;
import io.dendrite.parquet.read.internal.column.LevelDecoder;
import io.dendrite.parquet.read.internal.column.PageDecoder;
import io.dendrite.parquet.read.internal.column.RleHybridDecoder;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

/**
 * Levels, dictionary ids and booleans as parquet-java's own encoders write them (RLE/bit-packed
 * hybrid; the deprecated BIT_PACKED), decoded by ours equal to the input: every bit width, runs
 * and random values, 0, 1 and many values, read in random pieces and with skips.
 */
class RleHybridDecoderTest {
  private static final int[] COUNTS = {0, 1, 2, 7, 8, 9, 15, 16, 17, 100, 1000, 5003};

  @Test
  void everyBitWidthRunsAndRandomValues() throws Exception {
    Random random = new Random(11);
    for (int width = 0; width <= 32; width++) {
      for (int count : COUNTS) {
        int[] values = values(width, count, random);
        RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(width,
            64, 1 << 20, HeapByteBufferAllocator.getInstance());
        for (int v : values) {
          encoder.writeInt(v);
        }
        BytesInput bytes = encoder.toBytes();
        String what = "width " + width + ", " + count + " values";
        for (boolean atEnd : new boolean[] {false, true}) {
          Embedded e = LeafValues.embed(bytes, random, atEnd);
          RleHybridDecoder d = new RleHybridDecoder();
          d.init(e.buf(), e.start(), e.end(), width);
          assertArrayEquals(values, readInPieces(d, count, random), what);
          d.init(e.buf(), e.start(), e.end(), width);
          assertSkipsAndReads(d, values, random, what);
        }
      }
    }
  }

  @Test
  void readingPastTheValuesFails() throws Exception {
    RunLengthBitPackingHybridEncoder encoder =
        new RunLengthBitPackingHybridEncoder(3, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
    for (int i = 0; i < 10; i++) {
      encoder.writeInt(5);
    }
    byte[] bytes = encoder.toBytes().toByteArray();
    RleHybridDecoder d = new RleHybridDecoder();
    d.init(bytes, 0, bytes.length, 3);
    d.read(new int[10], 0, 10);
    InvalidPageException e = assertThrows(InvalidPageException.class, () -> d.read(new int[1], 0, 1));
    assertEquals("RLE/bit-packed hybrid data ends before all its values were read", e.getMessage());
  }

  @Test
  void deprecatedBitPackedLevels() throws Exception {
    Random random = new Random(12);
    for (int max : new int[] {1, 2, 3, 7, 8, 100, 255}) { // parquet-java writes up to 8 bits
      int width = PageDecoder.bitWidth(max);
      for (int count : COUNTS) {
        int[] values = new int[count];
        BitPackingValuesWriter w = new BitPackingValuesWriter(max, 64, 1 << 20,
            HeapByteBufferAllocator.getInstance());
        for (int i = 0; i < count; i++) {
          values[i] = random.nextInt(max + 1);
          w.writeInteger(values[i]);
        }
        Embedded e = LeafValues.embed(w.getBytes(), random, random.nextBoolean());
        BitPackedLevelDecoder d = new BitPackedLevelDecoder();
        d.init(e.buf(), e.start(), e.end(), width);
        assertArrayEquals(values, readInPieces(d, count, random), "max " + max);
        d.init(e.buf(), e.start(), e.end(), width);
        assertSkipsAndReads(d, values, random, "max " + max);
      }
    }
  }

  /** Values of {@code width} bits: long runs, short runs and random values, extremes included. */
  static int[] values(int width, int count, Random random) {
    long mask = (1L << width) - 1;
    int[] values = new int[count];
    int i = 0;
    while (i < count) {
      int kind = random.nextInt(4);
      int len = Math.min(count - i, kind == 0 ? 1 + random.nextInt(300) : 1 + random.nextInt(20));
      int v = (int) (random.nextLong() & mask);
      for (int k = 0; k < len; k++, i++) {
        if (kind == 0 || kind == 1) {
          values[i] = v; // a run
        } else if (kind == 2) {
          values[i] = (int) (random.nextLong() & mask);
        } else {
          values[i] = (int) (random.nextBoolean() ? mask : 0); // the extremes
        }
      }
    }
    return values;
  }

  static int[] readInPieces(LevelDecoder d, int count, Random random) {
    int[] out = new int[count + 3];
    Arrays.fill(out, -7);
    int at = 0;
    while (at < count) {
      int k = Math.min(count - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 700));
      d.read(out, at, k);
      at += k;
    }
    assertEquals(-7, out[count], "wrote past the values asked for");
    return Arrays.copyOf(out, count);
  }

  static void assertSkipsAndReads(LevelDecoder d, int[] values, Random random, String what) {
    int at = 0;
    int[] piece = new int[800];
    while (at < values.length) {
      int k = Math.min(values.length - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 700));
      if (random.nextBoolean()) {
        d.skip(k);
      } else {
        d.read(piece, 0, k);
        assertArrayEquals(Arrays.copyOfRange(values, at, at + k), Arrays.copyOf(piece, k),
            what + ", values " + at + ".." + (at + k));
      }
      at += k;
    }
  }
}
