package io.dendrite.parquet.bench.format;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Splits a decompressed row-format stream into its records: varint length-prefixed frames
 * (as protobuf's {@code writeDelimitedTo}), or newline-delimited lines for JSON. The current
 * frame is {@code frame()[0 .. length)}; the array is reused by the next call.
 */
final class FrameReader {
  private final InputStream in;
  private final boolean lines;
  private final byte[] buffer = new byte[Compression.BUFFER];
  private int position;
  private int limit;
  private byte[] frame = new byte[1024];
  private int length;

  FrameReader(InputStream in, boolean lines) {
    this.in = in;
    this.lines = lines;
  }

  /** Writes one varint length prefix. */
  static void writeLength(OutputStream out, int length) throws IOException {
    while ((length & ~0x7f) != 0) {
      out.write((length & 0x7f) | 0x80);
      length >>>= 7;
    }
    out.write(length);
  }

  byte[] frame() {
    return frame;
  }

  int length() {
    return length;
  }

  /** Reads the next record; false at the end of the stream. */
  boolean next() throws IOException {
    return lines ? nextLine() : nextFrame();
  }

  private boolean nextFrame() throws IOException {
    int b = read();
    if (b < 0) {
      return false;
    }
    int n = 0;
    for (int shift = 0; ; shift += 7) {
      n |= (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        break;
      }
      if (shift > 21 || (b = read()) < 0) {
        throw new EOFException("truncated or oversized frame length");
      }
    }
    if (n > frame.length) {
      frame = new byte[Math.max(n, frame.length * 2)];
    }
    int done = 0;
    while (done < n) {
      if (position == limit && !fill()) {
        throw new EOFException("truncated frame: " + done + " of " + n + " bytes");
      }
      int k = Math.min(n - done, limit - position);
      System.arraycopy(buffer, position, frame, done, k);
      position += k;
      done += k;
    }
    length = n;
    return true;
  }

  private boolean nextLine() throws IOException {
    int n = 0;
    while (true) {
      if (position == limit && !fill()) {
        length = n;
        return n > 0;
      }
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      int k = position - start;
      if (n + k > frame.length) {
        frame = Arrays.copyOf(frame, Math.max(n + k, frame.length * 2));
      }
      System.arraycopy(buffer, start, frame, n, k);
      n += k;
      if (position < limit) {
        position++; // the newline
        length = n;
        return true;
      }
    }
  }

  private int read() throws IOException {
    if (position == limit && !fill()) {
      return -1;
    }
    return buffer[position++] & 0xff;
  }

  private boolean fill() throws IOException {
    int n = in.readNBytes(buffer, 0, buffer.length);
    position = 0;
    limit = n;
    return n > 0;
  }
}
