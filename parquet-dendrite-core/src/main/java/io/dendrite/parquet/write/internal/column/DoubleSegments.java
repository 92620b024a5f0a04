package io.dendrite.parquet.write.internal.column;

/** {@link Segments} of {@code double}. */
final class DoubleSegments extends Segments {
  /** The segment that {@link #add} writes to, valid while {@code size < limit}. */
  private double[] tail;

  @Override
  Object newSegment(int length) {
    return new double[length];
  }

  void add(double v) {
    int n = size;
    if (n >= limit) {
      if (n == Integer.MAX_VALUE) {
        throw new IllegalStateException("more than 2^31 entries in one row group");
      }
      tail = (double[]) reach(n);
    }
    tail[n & MASK] = v;
    size = n + 1;
  }

  double get(int i) {
    return ((double[]) segments[i >>> SHIFT])[i & MASK];
  }

  /** Segment {@code k}: elements {@code k << SHIFT} on, as many as {@link #size} reaches. */
  double[] segment(int k) {
    return (double[]) segments[k];
  }
}
