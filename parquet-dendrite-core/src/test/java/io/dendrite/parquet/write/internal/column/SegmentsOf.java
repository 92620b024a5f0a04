package io.dendrite.parquet.write.internal.column;

/** Segmented copies of plain arrays, for tests of the encoders that read segments. */
final class SegmentsOf {
  private SegmentsOf() {}

  static IntSegments ints(int... values) {
    IntSegments out = new IntSegments();
    for (int v : values) {
      out.add(v);
    }
    return out;
  }

  static LongSegments longs(long... values) {
    LongSegments out = new LongSegments();
    for (long v : values) {
      out.add(v);
    }
    return out;
  }
}
