package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * A growable little-endian byte buffer that encoders append to; reused page after page, so a
 * column chunk allocates its buffers once.
 */
final class ByteSink {
  private byte[] buf;
  private int size;

  ByteSink(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  int size() {
    return size;
  }

  byte[] array() {
    return buf;
  }

  void reset() {
    size = 0;
  }

  /** Makes room for {@code n} more bytes. */
  void ensure(int n) {
    long needed = (long) size + n;
    if (needed > buf.length) {
      if (needed > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("a page section over 2 GiB cannot be encoded");
      }
      buf = Arrays.copyOf(buf, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16L,
          (long) buf.length * 2)));
    }
  }

  void writeByte(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  void writeBytes(byte[] src, int off, int len) {
    ensure(len);
    System.arraycopy(src, off, buf, size, len);
    size += len;
  }

  void writeIntLe(int v) {
    ensure(4);
    putIntLe(size, v);
    size += 4;
  }

  void writeLongLe(long v) {
    ensure(8);
    for (int i = 0; i < 8; i++) {
      buf[size + i] = (byte) (v >>> (8 * i));
    }
    size += 8;
  }

  /** Overwrites 4 bytes at {@code pos} (a length prefix written after its section). */
  void putIntLe(int pos, int v) {
    buf[pos] = (byte) v;
    buf[pos + 1] = (byte) (v >>> 8);
    buf[pos + 2] = (byte) (v >>> 16);
    buf[pos + 3] = (byte) (v >>> 24);
  }

  /** ULEB-128, as the spec's RLE run headers and DELTA headers use. */
  void writeUnsignedVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
  }

  /** Zigzag then ULEB-128 (DELTA_BINARY_PACKED's first value and min deltas). */
  void writeZigZagVarLong(long v) {
    writeUnsignedVarLong((v << 1) ^ (v >> 63));
  }
}
