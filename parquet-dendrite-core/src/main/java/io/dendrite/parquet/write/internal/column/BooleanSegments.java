package io.dendrite.parquet.write.internal.column;

/** {@link Segments} of {@code boolean}. */
final class BooleanSegments extends Segments {
  /** The segment that {@link #add} writes to, valid while {@code size < limit}. */
  private boolean[] tail;

  @Override
  Object newSegment(int length) {
    return new boolean[length];
  }

  void add(boolean v) {
    int n = size;
    if (n >= limit) {
      if (n == Integer.MAX_VALUE) {
        throw new IllegalStateException("more than 2^31 entries in one row group");
      }
      tail = (boolean[]) reach(n);
    }
    tail[n & MASK] = v;
    size = n + 1;
  }

  boolean get(int i) {
    return ((boolean[]) segments[i >>> SHIFT])[i & MASK];
  }

  /** Segment {@code k}: elements {@code k << SHIFT} on, as many as {@link #size} reaches. */
  boolean[] segment(int k) {
    return (boolean[]) segments[k];
  }
}
