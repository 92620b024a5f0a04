package io.dendrite.parquet.write.internal.column;

/**
 * PLAIN (Encodings.md): fixed-width values little-endian, booleans one bit each from the least
 * significant bit, BYTE_ARRAY a 4-byte little-endian length then the bytes,
 * FIXED_LEN_BYTE_ARRAY the bytes alone.
 */
final class PlainEncoder {
  private final BitPacker packer = new BitPacker();

  /**
   * Values {@code [from, to)} of {@code leaf}, one loop per physical type, each over one
   * segment at a time.
   */
  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    switch (leaf.type) {
      case BOOLEAN:
        packer.start(out);
        for (int i = from; i < to; ) {
          boolean[] v = leaf.booleans.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            packer.append(v[k] ? 1 : 0, 1);
          }
          i = end;
        }
        packer.finish();
        break;
      case INT32:
        out.ensure(4 * (to - from));
        for (int i = from; i < to; ) {
          int[] v = leaf.ints.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            out.writeIntLe(v[k]);
          }
          i = end;
        }
        break;
      case INT64:
        out.ensure(8 * (to - from));
        for (int i = from; i < to; ) {
          long[] v = leaf.longs.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            out.writeLongLe(v[k]);
          }
          i = end;
        }
        break;
      case FLOAT:
        out.ensure(4 * (to - from));
        for (int i = from; i < to; ) {
          float[] v = leaf.floats.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            out.writeIntLe(Float.floatToRawIntBits(v[k]));
          }
          i = end;
        }
        break;
      case DOUBLE:
        out.ensure(8 * (to - from));
        for (int i = from; i < to; ) {
          double[] v = leaf.doubles.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            out.writeLongLe(Double.doubleToRawLongBits(v[k]));
          }
          i = end;
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        writeBytes(leaf.binary, from, to, out);
        break;
      default: {
        BinaryValues values = leaf.binary;
        for (int i = from; i < to; ) {
          int[] starts = values.starts.segment(i >>> Segments.SHIFT);
          int[] lengths = values.lengths.segment(i >>> Segments.SHIFT);
          int end = Segments.segmentEnd(i, to);
          for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
            int len = lengths[k];
            out.writeIntLe(len);
            out.writeBytes(values.array(starts[k]), BinaryValues.offset(starts[k]), len);
          }
          i = end;
        }
        break;
      }
    }
  }

  /**
   * The bytes of values {@code [from, to)} one after another, without lengths: one copy per
   * run of values that lie one after another in a segment.
   */
  static void writeBytes(BinaryValues values, int from, int to, ByteSink out) {
    int runStart = 0;
    int runEnd = 0;
    for (int i = from; i < to; ) {
      int[] starts = values.starts.segment(i >>> Segments.SHIFT);
      int[] lengths = values.lengths.segment(i >>> Segments.SHIFT);
      int end = Segments.segmentEnd(i, to);
      for (int k = i & Segments.MASK, e = k + end - i; k < e; k++) {
        int start = starts[k];
        if (start != runEnd || start >>> BinaryValues.SHIFT != runStart >>> BinaryValues.SHIFT) {
          flush(values, runStart, runEnd, out);
          runStart = start;
        }
        runEnd = start + lengths[k];
      }
      i = end;
    }
    flush(values, runStart, runEnd, out);
  }

  private static void flush(BinaryValues values, int start, int end, ByteSink out) {
    if (end > start) {
      out.writeBytes(values.array(start), BinaryValues.offset(start), end - start);
    }
  }

  /** The values at {@code indices[0, count)} of {@code leaf}: a dictionary page's entries. */
  void encodeAt(LeafBuffer leaf, IntSegments indices, int count, ByteSink out) {
    for (int k = 0; k < count; k++) {
      int i = indices.get(k);
      switch (leaf.type) {
        case INT32:
          out.writeIntLe(leaf.ints.get(i));
          break;
        case INT64:
          out.writeLongLe(leaf.longs.get(i));
          break;
        case FLOAT:
          out.writeIntLe(Float.floatToRawIntBits(leaf.floats.get(i)));
          break;
        case DOUBLE:
          out.writeLongLe(Double.doubleToRawLongBits(leaf.doubles.get(i)));
          break;
        case FIXED_LEN_BYTE_ARRAY: {
          int start = leaf.binary.start(i);
          out.writeBytes(leaf.binary.array(start), BinaryValues.offset(start),
              leaf.binary.length(i));
          break;
        }
        case BINARY: {
          int start = leaf.binary.start(i);
          int len = leaf.binary.length(i);
          out.writeIntLe(len);
          out.writeBytes(leaf.binary.array(start), BinaryValues.offset(start), len);
          break;
        }
        default:
          throw new IllegalStateException("no dictionary for " + leaf.type);
      }
    }
  }

  /**
   * BYTE_STREAM_SPLIT (Encodings.md): byte k of every value, then byte k + 1 of every value, for
   * FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY.
   */
  void encodeByteStreamSplit(LeafBuffer leaf, int from, int to, ByteSink scratch,
      ByteSink out) {
    scratch.reset();
    encode(leaf, from, to, scratch);
    int n = to - from;
    if (n == 0) {
      return;
    }
    int width = scratch.size() / n;
    byte[] plain = scratch.array();
    out.ensure(scratch.size());
    for (int k = 0; k < width; k++) {
      for (int i = 0; i < n; i++) {
        out.writeByte(plain[i * width + k]);
      }
    }
  }
}
