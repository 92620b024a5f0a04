package io.dendrite.parquet.write.internal.column;

/** {@link Segments} of {@code int}. */
final class IntSegments extends Segments {
  /** The segment that {@link #add} writes to, valid while {@code size < limit}. */
  private int[] tail;

  @Override
  Object newSegment(int length) {
    return new int[length];
  }

  void add(int v) {
    int n = size;
    if (n >= limit) {
      if (n == Integer.MAX_VALUE) {
        throw new IllegalStateException("more than 2^31 entries in one row group");
      }
      tail = (int[]) reach(n);
    }
    tail[n & MASK] = v;
    size = n + 1;
  }

  int get(int i) {
    return ((int[]) segments[i >>> SHIFT])[i & MASK];
  }

  /** Segment {@code k}: elements {@code k << SHIFT} on, as many as {@link #size} reaches. */
  int[] segment(int k) {
    return (int[]) segments[k];
  }

  /** The sum of elements {@code [from, to)}. */
  long sum(int from, int to) {
    long sum = 0;
    for (int i = from; i < to; ) {
      int[] v = segment(i >>> SHIFT);
      int end = segmentEnd(i, to);
      for (int k = i & MASK, e = k + end - i; k < e; k++) {
        sum += v[k];
      }
      i = end;
    }
    return sum;
  }
}
