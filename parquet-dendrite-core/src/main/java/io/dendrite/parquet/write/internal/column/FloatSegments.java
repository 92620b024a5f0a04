package io.dendrite.parquet.write.internal.column;

/** {@link Segments} of {@code float}. */
final class FloatSegments extends Segments {
  /** The segment that {@link #add} writes to, valid while {@code size < limit}. */
  private float[] tail;

  @Override
  Object newSegment(int length) {
    return new float[length];
  }

  void add(float v) {
    int n = size;
    if (n >= limit) {
      if (n == Integer.MAX_VALUE) {
        throw new IllegalStateException("more than 2^31 entries in one row group");
      }
      tail = (float[]) reach(n);
    }
    tail[n & MASK] = v;
    size = n + 1;
  }

  float get(int i) {
    return ((float[]) segments[i >>> SHIFT])[i & MASK];
  }

  /** Segment {@code k}: elements {@code k << SHIFT} on, as many as {@link #size} reaches. */
  float[] segment(int k) {
    return (float[]) segments[k];
  }
}
