package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * Byte-array values stored in byte segments of {@link #LENGTH} bytes, for the same reason as
 * {@link Segments}: no row group's bytes in one large array. A value never spans two segments,
 * so encoders read each value from one array: one that does not fit in the rest of a segment
 * starts the next, and one longer than a segment gets a segment of its own size.
 *
 * <p>A value is found by its address, {@code segment << SHIFT | offset}: the segment in
 * {@link #array} and the offset in {@link #offset}; its length is in {@link #lengths}. A segment
 * longer than {@code LENGTH} takes the addresses of as many segments as it spans, so addresses
 * still grow with the bytes written and a row group's values stay under 2 GiB, as before.
 */
final class BinaryValues {
  static final int SHIFT = 18;
  /** Bytes per segment: 256 KB. */
  static final int LENGTH = 1 << SHIFT;
  static final int MASK = LENGTH - 1;
  private static final int INITIAL = 1024;

  /** Each value's address and length. */
  final IntSegments starts = new IntSegments();
  final IntSegments lengths = new IntSegments();

  private final String column;
  private byte[][] segments = new byte[4][];
  /** Bytes of all values, as if one after another. */
  private long byteCount;
  /** Where the value being added starts and where its next byte goes. */
  private int valueStart;
  private int position;
  /** The segment that {@link #position} is in, its address and the address past its end. */
  private byte[] tail;
  private int tailBase;
  private int tailEnd;

  /** {@code column}: the column path, for errors. */
  BinaryValues(String column) {
    this.column = column;
  }

  int size() {
    return lengths.size();
  }

  long byteCount() {
    return byteCount;
  }

  /** Empties the values, keeping their segments. */
  void clear() {
    starts.clear();
    lengths.clear();
    byteCount = 0;
    valueStart = 0;
    position = 0;
    tail = null;
    tailBase = 0;
    tailEnd = 0;
  }

  /** The segment holding the value at {@code address}. */
  byte[] array(int address) {
    return segments[address >>> SHIFT];
  }

  /** Where in {@link #array} the value at {@code address} starts. */
  static int offset(int address) {
    return address & MASK;
  }

  int start(int i) {
    return starts.get(i);
  }

  int length(int i) {
    return lengths.get(i);
  }

  /** Adds a value of {@code len} bytes of {@code src} from {@code off}. */
  void add(byte[] src, int off, int len) {
    begin(len);
    write(src, off, len);
    end();
  }

  /** Starts a value of {@code expected} bytes (a hint: {@link #write} makes room for more). */
  void begin(int expected) {
    valueStart = position;
    // Also for an empty value: its address must name an allocated segment.
    if (position + (long) expected >= tailEnd) {
      makeRoom(expected);
    }
  }

  void write(byte[] src, int off, int len) {
    if (position + (long) len > tailEnd) {
      makeRoom(len);
    }
    System.arraycopy(src, off, tail, position - tailBase, len);
    position += len;
  }

  void write(int b) {
    if (position >= tailEnd) {
      makeRoom(1);
    }
    tail[position - tailBase] = (byte) b;
    position++;
  }

  /** The bytes of the value being added so far. */
  int pending() {
    return position - valueStart;
  }

  /** Drops the bytes of the value being added. */
  void abandon() {
    position = valueStart;
  }

  /** Ends the value being added and returns its length. */
  int end() {
    int len = position - valueStart;
    starts.add(valueStart);
    lengths.add(len);
    byteCount += len;
    closeSegmentIfFull();
    return len;
  }

  /**
   * After a value that reaches past its segment's addresses (it had a longer segment to
   * itself): the next value starts a segment, at the first address past this one's bytes.
   */
  private void closeSegmentIfFull() {
    if (position - tailBase >= LENGTH) {
      long segmentsTaken = ((long) (position - 1 - tailBase) >>> SHIFT) + 1;
      position = (int) Math.min(Integer.MAX_VALUE, tailBase + (segmentsTaken << SHIFT));
      tailEnd = position;
    }
    valueStart = position;
  }

  /**
   * Room for {@code extra} more bytes of the value being added, which keeps it in one array:
   * grows the first segment while it is small, else moves the value's bytes so far to the
   * start of the next segment, sized for it when it is longer than a segment.
   */
  private void makeRoom(int extra) {
    int written = position - valueStart;
    long need = (long) written + extra;
    int k;
    int offset;
    if (tail == null || valueStart - tailBase >= LENGTH) {
      // No segment yet, or the last one is closed: the value starts the one at its address.
      k = valueStart >>> SHIFT;
      offset = valueStart & MASK;
    } else {
      k = tailBase >>> SHIFT;
      offset = valueStart - tailBase;
      if (offset > 0 && offset + need > LENGTH) {
        k++;
        offset = 0;
      }
    }
    long base = (long) k << SHIFT;
    long needed = offset + need;
    if (base + needed > Integer.MAX_VALUE) {
      throw new IllegalStateException("column " + column
          + ": more than 2 GiB of values in one row group; lower the row group size");
    }
    if (k >= segments.length) {
      segments = Arrays.copyOf(segments, Math.max(k + 1, 2 * segments.length));
    }
    byte[] segment = segments[k];
    if (segment == null || segment.length < needed) {
      int length = k == 0 && needed <= LENGTH
          ? (int) Math.min(LENGTH, Math.max(Math.max(INITIAL, needed),
              2L * (segment == null ? 0 : segment.length)))
          : (int) Math.max(LENGTH, needed);
      byte[] grown = new byte[length];
      if (segment != null && segment == tail) {
        // The small first segment, or one whose only value outgrew it: keep what it holds.
        System.arraycopy(segment, 0, grown, 0, position - tailBase);
      }
      segments[k] = grown;
      segment = grown;
    }
    if (tail == null || base != tailBase) {
      // The value moves to the start of segment k with its bytes so far.
      if (written > 0) {
        System.arraycopy(tail, valueStart - tailBase, segment, 0, written);
      }
      valueStart = (int) base + offset;
      position = valueStart + written;
    }
    tail = segment;
    tailBase = (int) base;
    tailEnd = (int) Math.min(Integer.MAX_VALUE, base + segment.length);
  }

  /**
   * Appends values {@code [from, to)} of {@code src}: runs of values lying one after another in
   * a segment of {@code src} and fitting in the rest of this one's move by one array copy.
   */
  void appendFrom(BinaryValues src, int from, int to) {
    int i = from;
    while (i < to) {
      int first = src.start(i);
      int len = src.length(i);
      begin(len);
      long room = Math.min(tailEnd, tailBase + (long) LENGTH) - position;
      int j = i + 1;
      long run = len;
      while (j < to && run + src.length(j) <= room && src.start(j) == first + run
          && src.start(j) >>> SHIFT == first >>> SHIFT) {
        run += src.length(j);
        j++;
      }
      int shift = position - first;
      System.arraycopy(src.array(first), offset(first), tail, position - tailBase, (int) run);
      for (int v = i; v < j; v++) {
        starts.add(src.start(v) + shift);
      }
      lengths.appendFrom(src.lengths, i, j);
      byteCount += run;
      position += (int) run;
      closeSegmentIfFull();
      i = j;
    }
  }
}
