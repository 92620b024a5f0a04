package io.dendrite.parquet.read.internal.column;

import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The spec's DELTA_BINARY_PACKED encoding: a header (block size, miniblocks per block, value
 * count, first value), then blocks of a min delta, one bit width per miniblock and the
 * miniblocks' bit-packed deltas. Whole miniblock stretches are unpacked at once and summed in
 * place. INT32 columns (and byte-array lengths) decode in 32-bit arithmetic, INT64 in 64-bit,
 * both wrapping as the spec asks. Nothing is allocated per value.
 */
final class DeltaBinaryPackedDecoder extends ValuesDecoder {
  private static final int SKIP_CHUNK = 1024;

  /** 32-bit values: INT32 columns and the lengths of the byte-array encodings. */
  private final boolean ints;
  private final ByteCursor in = new ByteCursor();
  private int valuesPerMiniblock;
  private int miniblocks;
  /** Values not yet returned, the first value included until it is. */
  private long left;
  private boolean firstPending;
  /** The last value returned (or the first value, before it is returned). */
  private long last;
  private long minDelta;
  private int widthsPos;
  /** The next miniblock of the current block; {@code miniblocks} when a block header is due. */
  private int miniblock;
  private int width;
  private long bit;
  private int miniblockLeft;
  private int[] skipInts;
  private long[] skipLongs;

  DeltaBinaryPackedDecoder(boolean ints) {
    this.ints = ints;
  }

  /** For an INT32 or INT64 column. */
  static DeltaBinaryPackedDecoder forType(PrimitiveTypeName type) {
    return new DeltaBinaryPackedDecoder(type == PrimitiveTypeName.INT32);
  }

  /** Reads the header of the data at {@code buf[start, end)}. */
  void init(byte[] buf, int start, int end) {
    in.reset(buf, start, end);
    long blockSize = in.readUnsignedVarLong("DELTA_BINARY_PACKED block size", Integer.MAX_VALUE);
    long count = in.readUnsignedVarLong("DELTA_BINARY_PACKED miniblocks per block",
        Integer.MAX_VALUE);
    left = in.readUnsignedVarLong("DELTA_BINARY_PACKED value count", Long.MAX_VALUE);
    last = in.readZigZagVarLong("DELTA_BINARY_PACKED first value");
    if (blockSize == 0 || count == 0 || blockSize % count != 0
        || (blockSize / count) % 8 != 0) {
      throw new InvalidPageException("DELTA_BINARY_PACKED block size " + blockSize
          + " with " + count + " miniblocks: each miniblock must hold a multiple of 8 values");
    }
    miniblocks = (int) count;
    valuesPerMiniblock = (int) (blockSize / count);
    firstPending = left > 0;
    miniblock = miniblocks;
    miniblockLeft = 0;
  }

  /** Values not yet returned. */
  long remaining() {
    return left;
  }

  /**
   * Where the encoded data ends: after the last miniblock that holds a value, padding
   * included (the byte-array encodings put more data there). Only right after {@link #init}.
   */
  int dataEnd() {
    int pos = in.pos;
    long deltas = left > 0 ? left - 1 : 0;
    ByteCursor c = new ByteCursor();
    c.reset(in.buf, pos, in.end);
    while (deltas > 0) {
      c.readZigZagVarLong("DELTA_BINARY_PACKED min delta");
      c.need(miniblocks, "the bit widths of a DELTA_BINARY_PACKED block");
      int widths = c.pos;
      c.pos += miniblocks;
      for (int m = 0; m < miniblocks && deltas > 0; m++) {
        int w = checkWidth(c.buf[widths + m] & 0xFF);
        long bytes = (long) valuesPerMiniblock * w / 8;
        c.need(bytes, "a DELTA_BINARY_PACKED miniblock");
        c.pos += (int) bytes;
        deltas -= valuesPerMiniblock;
      }
    }
    return c.pos;
  }

  @Override
  void read(LeafBatch out, int at, int n) {
    if (ints) {
      out.ints = BatchArrays.ints(out.ints, (long) at + n);
      readInts(out.ints, at, n);
    } else {
      out.longs = BatchArrays.longs(out.longs, (long) at + n);
      readLongs(out.longs, at, n);
    }
  }

  @Override
  void skip(int n) {
    while (n > 0) {
      int k = Math.min(n, SKIP_CHUNK);
      if (ints) {
        skipInts = BatchArrays.ints(skipInts, k);
        readInts(skipInts, 0, k);
      } else {
        skipLongs = BatchArrays.longs(skipLongs, k);
        readLongs(skipLongs, 0, k);
      }
      n -= k;
    }
  }

  /** The next {@code n} values, in 32-bit arithmetic, into {@code out[off ..]}. */
  void readInts(int[] out, int off, int n) {
    take(n);
    int i = off;
    int stop = off + n;
    if (firstPending && i < stop) {
      out[i++] = (int) last;
      firstPending = false;
    }
    int acc = (int) last;
    while (i < stop) {
      if (miniblockLeft == 0) {
        nextMiniblock();
      }
      int k = Math.min(stop - i, miniblockLeft);
      if (width <= 32) {
        BitUnpacker.unpackInts(in.buf, bit, width, out, i, k);
      } else {
        unpackWideInts(out, i, k);
      }
      bit += (long) k * width;
      miniblockLeft -= k;
      int delta = (int) minDelta;
      for (int j = i, e = i + k; j < e; j++) {
        acc += delta + out[j];
        out[j] = acc;
      }
      i += k;
    }
    last = acc;
  }

  /**
   * Deltas wider than 32 bits in an INT32 column (DuckDB computes them in 64 bits): their
   * low 32 bits, which is all 32-bit wrapping arithmetic needs.
   */
  private void unpackWideInts(int[] out, int at, int k) {
    skipLongs = BatchArrays.longs(skipLongs, k);
    BitUnpacker.unpackLongs(in.buf, bit, width, skipLongs, 0, k);
    for (int j = 0; j < k; j++) {
      out[at + j] = (int) skipLongs[j];
    }
  }

  /** The next {@code n} values, in 64-bit arithmetic, into {@code out[off ..]}. */
  void readLongs(long[] out, int off, int n) {
    take(n);
    int i = off;
    int stop = off + n;
    if (firstPending && i < stop) {
      out[i++] = last;
      firstPending = false;
    }
    long acc = last;
    while (i < stop) {
      if (miniblockLeft == 0) {
        nextMiniblock();
      }
      int k = Math.min(stop - i, miniblockLeft);
      BitUnpacker.unpackLongs(in.buf, bit, width, out, i, k);
      bit += (long) k * width;
      miniblockLeft -= k;
      long delta = minDelta;
      for (int j = i, e = i + k; j < e; j++) {
        acc += delta + out[j];
        out[j] = acc;
      }
      i += k;
    }
    last = acc;
  }

  private void take(int n) {
    if (n > left) {
      throw new InvalidPageException("DELTA_BINARY_PACKED data holds " + left
          + " more values, " + n + " are needed");
    }
    left -= n;
  }

  private void nextMiniblock() {
    if (miniblock == miniblocks) {
      minDelta = in.readZigZagVarLong("DELTA_BINARY_PACKED min delta");
      in.need(miniblocks, "the bit widths of a DELTA_BINARY_PACKED block");
      widthsPos = in.pos;
      in.pos += miniblocks;
      miniblock = 0;
    }
    width = checkWidth(in.buf[widthsPos + miniblock++] & 0xFF);
    long bytes = (long) valuesPerMiniblock * width / 8;
    bit = (long) in.pos * 8;
    if (bytes <= in.remaining()) {
      miniblockLeft = valuesPerMiniblock;
      in.pos += (int) bytes;
    } else {
      // The last miniblock cut short (its padding left out): only its whole values count.
      miniblockLeft = (int) ((long) in.remaining() * 8 / width);
      in.pos = in.end;
      if (miniblockLeft == 0) {
        throw new InvalidPageException("DELTA_BINARY_PACKED data ends inside a miniblock");
      }
    }
  }

  /** At most 64 bits, also for INT32 columns, whose writers may compute deltas in 64 bits. */
  private int checkWidth(int w) {
    if (w > 64) {
      throw new InvalidPageException("DELTA_BINARY_PACKED miniblock bit width " + w
          + " is more than 64");
    }
    return w;
  }
}
