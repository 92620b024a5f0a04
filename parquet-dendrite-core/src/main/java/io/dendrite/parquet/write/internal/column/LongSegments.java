package io.dendrite.parquet.write.internal.column;

/** {@link Segments} of {@code long}. */
final class LongSegments extends Segments {
  /** The segment that {@link #add} writes to, valid while {@code size < limit}. */
  private long[] tail;

  @Override
  Object newSegment(int length) {
    return new long[length];
  }

  void add(long v) {
    int n = size;
    if (n >= limit) {
      if (n == Integer.MAX_VALUE) {
        throw new IllegalStateException("more than 2^31 entries in one row group");
      }
      tail = (long[]) reach(n);
    }
    tail[n & MASK] = v;
    size = n + 1;
  }

  long get(int i) {
    return ((long[]) segments[i >>> SHIFT])[i & MASK];
  }

  /** Segment {@code k}: elements {@code k << SHIFT} on, as many as {@link #size} reaches. */
  long[] segment(int k) {
    return (long[]) segments[k];
  }
}
