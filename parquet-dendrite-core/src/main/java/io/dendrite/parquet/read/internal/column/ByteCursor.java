package io.dendrite.parquet.read.internal.column;

/**
 * A read position in a page's bytes, {@code [pos, end)} of {@code buf}, with the
 * variable-length integers of the encodings' headers (ULEB-128 and zigzag, as the spec's
 * DELTA_BINARY_PACKED and RLE sections define them). Every read checks the end.
 */
final class ByteCursor {
  byte[] buf;
  int pos;
  int end;

  void reset(byte[] buf, int pos, int end) {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
  }

  int remaining() {
    return end - pos;
  }

  /** Fails unless {@code n} more bytes are there. */
  void need(long n, String what) {
    if (n > end - pos || n < 0) {
      throw new InvalidPageException(what + ": " + n + " bytes needed, " + (end - pos)
          + " left in the page");
    }
  }

  /** An unsigned LEB-128 integer of up to 64 bits. */
  long readUnsignedVarLong(String what) {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= end) {
        throw new InvalidPageException(what + ": the page ends inside a variable-length integer");
      }
      int b = buf[pos++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new InvalidPageException(what + ": variable-length integer longer than 10 bytes");
  }

  /** An unsigned LEB-128 integer that must lie in {@code 0 .. max}. */
  long readUnsignedVarLong(String what, long max) {
    long v = readUnsignedVarLong(what);
    if (v < 0 || v > max) {
      throw new InvalidPageException(what + " " + Long.toUnsignedString(v)
          + " is out of range (at most " + max + ")");
    }
    return v;
  }

  /** A zigzag-encoded LEB-128 integer of up to 64 bits. */
  long readZigZagVarLong(String what) {
    long v = readUnsignedVarLong(what);
    return (v >>> 1) ^ -(v & 1);
  }

  /** A 4-byte little-endian int. */
  int readIntLittleEndian(String what) {
    need(4, what);
    int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8 | (buf[pos + 2] & 0xFF) << 16
        | buf[pos + 3] << 24;
    pos += 4;
    return v;
  }
}
