package io.dendrite.parquet.write.internal.column;

/**
 * PLAIN (Encodings.md): fixed-width values little-endian, booleans one bit each from the least
 * significant bit, BYTE_ARRAY a 4-byte little-endian length then the bytes,
 * FIXED_LEN_BYTE_ARRAY the bytes alone.
 */
final class PlainEncoder {
  private final BitPacker packer = new BitPacker();

  /** Values {@code [from, to)} of {@code leaf}, one loop per physical type. */
  void encode(LeafBuffer leaf, int from, int to, ByteSink out) {
    switch (leaf.type) {
      case BOOLEAN:
        packer.start(out);
        for (int i = from; i < to; i++) {
          packer.append(leaf.booleans[i] ? 1 : 0, 1);
        }
        packer.finish();
        break;
      case INT32:
        out.ensure(4 * (to - from));
        for (int i = from; i < to; i++) {
          out.writeIntLe(leaf.ints[i]);
        }
        break;
      case INT64:
        out.ensure(8 * (to - from));
        for (int i = from; i < to; i++) {
          out.writeLongLe(leaf.longs[i]);
        }
        break;
      case FLOAT:
        out.ensure(4 * (to - from));
        for (int i = from; i < to; i++) {
          out.writeIntLe(Float.floatToRawIntBits(leaf.floats[i]));
        }
        break;
      case DOUBLE:
        out.ensure(8 * (to - from));
        for (int i = from; i < to; i++) {
          out.writeLongLe(Double.doubleToRawLongBits(leaf.doubles[i]));
        }
        break;
      case FIXED_LEN_BYTE_ARRAY: {
        int start = leaf.valueStart(from);
        out.writeBytes(leaf.bytes, start, leaf.valueStart(to) - start);
        break;
      }
      default: {
        int start = leaf.valueStart(from);
        out.ensure(leaf.valueStart(to) - start + 4 * (to - from));
        for (int i = from; i < to; i++) {
          int end = leaf.valueEnds[i];
          out.writeIntLe(end - start);
          out.writeBytes(leaf.bytes, start, end - start);
          start = end;
        }
        break;
      }
    }
  }

  /** The values at {@code indices[0, count)} of {@code leaf}: a dictionary page's entries. */
  void encodeAt(LeafBuffer leaf, int[] indices, int count, ByteSink out) {
    for (int k = 0; k < count; k++) {
      int i = indices[k];
      switch (leaf.type) {
        case INT32:
          out.writeIntLe(leaf.ints[i]);
          break;
        case INT64:
          out.writeLongLe(leaf.longs[i]);
          break;
        case FLOAT:
          out.writeIntLe(Float.floatToRawIntBits(leaf.floats[i]));
          break;
        case DOUBLE:
          out.writeLongLe(Double.doubleToRawLongBits(leaf.doubles[i]));
          break;
        case FIXED_LEN_BYTE_ARRAY: {
          int start = leaf.valueStart(i);
          out.writeBytes(leaf.bytes, start, leaf.valueEnds[i] - start);
          break;
        }
        case BINARY: {
          int start = leaf.valueStart(i);
          out.writeIntLe(leaf.valueEnds[i] - start);
          out.writeBytes(leaf.bytes, start, leaf.valueEnds[i] - start);
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
