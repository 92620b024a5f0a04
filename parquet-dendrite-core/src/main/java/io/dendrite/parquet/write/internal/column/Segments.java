package io.dendrite.parquet.write.internal.column;

/**
 * A growable array of one primitive kind stored in fixed-size segments, so that a row group's
 * worth of entries never sits in one large array: under G1 an array over half a region is a
 * humongous allocation, and a row group of doubled arrays made hundreds of MB of them per file.
 * Growth adds a segment and never copies one that is full; only the first segment starts small
 * and doubles up to {@link #LENGTH}, so a column with few entries stays small.
 *
 * <p>Element {@code i} is at {@code segment(i >>> SHIFT)[i & MASK]}. Encoders loop over a
 * range one segment at a time, a plain loop over one array each; {@link #clear} keeps the
 * segments for the next row group. Subclasses add the typed {@code add}, {@code get} and
 * {@code segment}.
 */
abstract class Segments {
  static final int SHIFT = 15;
  /** Elements per segment: 128 KB of ints, 256 KB of longs or doubles. */
  static final int LENGTH = 1 << SHIFT;
  static final int MASK = LENGTH - 1;
  private static final int INITIAL = 64;

  /** The segments, each an array of the subclass's kind; null past the last allocated. */
  Object[] segments = new Object[4];
  int size;
  /** The index past the last writable element of the segment that {@code add} writes to. */
  int limit;
  private int firstLength;

  final int size() {
    return size;
  }

  /** Empties the array, keeping its segments. */
  final void clear() {
    size = 0;
    limit = 0; // the next add looks up its segment again
  }

  /** The last element of the segment holding element {@code i}, plus one, capped at {@code to}. */
  static int segmentEnd(int i, int to) {
    return Math.min(to, (i | MASK) + 1);
  }

  /** A new array of the subclass's kind. */
  abstract Object newSegment(int length);

  /**
   * Makes element {@code n} writable and returns its segment: allocates it, or grows the first
   * segment, and sets {@link #limit} to where the segment ends.
   */
  final Object reach(int n) {
    int k = n >>> SHIFT;
    if (k == 0) {
      if (segments[0] == null || n >= firstLength) {
        int length = Math.min(LENGTH, Math.max(INITIAL, Math.max(2 * firstLength, n + 1)));
        Object grown = newSegment(length);
        if (segments[0] != null) {
          System.arraycopy(segments[0], 0, grown, 0, firstLength);
        }
        segments[0] = grown;
        firstLength = length;
      }
      limit = firstLength;
      return segments[0];
    }
    if (k >= segments.length) {
      segments = java.util.Arrays.copyOf(segments, Math.max(k + 1, 2 * segments.length));
    }
    if (segments[k] == null) {
      segments[k] = newSegment(LENGTH);
    }
    limit = (int) Math.min(Integer.MAX_VALUE, ((long) k + 1) << SHIFT);
    return segments[k];
  }

  /** Appends elements {@code [from, to)} of {@code src}, of the same kind: array copies. */
  final void appendFrom(Segments src, int from, int to) {
    if (to - from > Integer.MAX_VALUE - size) {
      throw new IllegalStateException("more than 2^31 entries in one row group");
    }
    int i = from;
    while (i < to) {
      Object target = size < limit ? segments[size >>> SHIFT] : reach(size);
      int n = Math.min(segmentEnd(i, to) - i, limit - size);
      System.arraycopy(src.segments[i >>> SHIFT], i & MASK, target, size & MASK, n);
      size += n;
      i += n;
    }
    limit = 0; // subclasses cache the segment they add to: make the next add look it up
  }
}
