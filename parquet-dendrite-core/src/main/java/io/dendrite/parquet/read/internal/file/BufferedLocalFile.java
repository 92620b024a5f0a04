package io.dendrite.parquet.read.internal.file;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local Parquet file whose streams buffer small reads. parquet-java decodes column indexes,
 * offset indexes, dictionary page headers and bloom filter headers with thrift straight from
 * the file's stream, often one byte per read: on {@code LocalInputFile}, one system call per
 * byte. Here those reads come from an 8 KiB buffer; reads of a buffer's size or more (column
 * chunks) go straight to the file, without a copy.
 */
public final class BufferedLocalFile implements InputFile {
  private static final int BUFFER = 8192;
  private final Path path;
  /** The length first seen (threads of one read may race to set it, to the same value). */
  private volatile long length = -1;

  public BufferedLocalFile(Path path) {
    this.path = path;
  }

  @Override
  public long getLength() throws IOException {
    if (length < 0) {
      length = java.nio.file.Files.size(path);
    }
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return new Stream(FileChannel.open(path, StandardOpenOption.READ));
  }

  @Override
  public String toString() {
    return path.toString();
  }

  private static final class Stream extends SeekableInputStream {
    private final FileChannel channel;
    private final byte[] buffer = new byte[BUFFER];
    /** The file position of {@code buffer[0]}, and how many bytes from there it holds. */
    private long bufferStart;
    private int buffered;
    private long pos;

    Stream(FileChannel channel) {
      this.channel = channel;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0) {
        throw new EOFException("seek to negative position " + newPos);
      }
      pos = newPos;
    }

    /** Bytes the buffer holds from {@link #pos} on. */
    private int inBuffer() {
      long at = pos - bufferStart;
      return at >= 0 && at < buffered ? (int) (buffered - at) : 0;
    }

    /** Refills the buffer from {@link #pos}; false at the end of the file. */
    private boolean fill() throws IOException {
      int n = channel.read(ByteBuffer.wrap(buffer), pos);
      if (n <= 0) {
        buffered = 0;
        return false;
      }
      bufferStart = pos;
      buffered = n;
      return true;
    }

    @Override
    public int read() throws IOException {
      if (inBuffer() == 0 && !fill()) {
        return -1;
      }
      return buffer[(int) (pos++ - bufferStart)] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      java.util.Objects.checkFromIndexSize(off, len, b.length);
      return read(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (!dst.hasRemaining()) {
        return 0;
      }
      int have = inBuffer();
      if (have == 0 && dst.remaining() < BUFFER) {
        if (!fill()) {
          return -1;
        }
        have = buffered;
      }
      if (have > 0) {
        int n = Math.min(have, dst.remaining());
        dst.put(buffer, (int) (pos - bufferStart), n);
        pos += n;
        return n;
      }
      int n = channel.read(dst, pos);
      if (n > 0) {
        pos += n;
      }
      return n;
    }

    @Override
    public void readFully(byte[] b) throws IOException {
      readFully(ByteBuffer.wrap(b));
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
      java.util.Objects.checkFromIndexSize(off, len, b.length);
      readFully(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public void readFully(ByteBuffer dst) throws IOException {
      while (dst.hasRemaining()) {
        if (read(dst) < 0) {
          throw new EOFException("end of file at " + pos + " with " + dst.remaining()
              + " bytes still to read");
        }
      }
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = Math.max(0, Math.min(n, channel.size() - pos));
      pos += skipped;
      return skipped;
    }

    @Override
    public int available() {
      return inBuffer();
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
