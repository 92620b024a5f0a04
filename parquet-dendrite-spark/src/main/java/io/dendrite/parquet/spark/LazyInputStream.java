package io.dendrite.parquet.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetFileRange;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A file's stream opened on its first use, not before: the driver's planning over a cached
 * footer reads the file only for a row group its statistics keep (dictionaries, page indexes),
 * so a file whose statistics rule out every row group is never opened (an open is a request to
 * the store on object stores; on a local disk, opening and closing was a fifth of the driver's
 * row-group planning of a selective query that ruled out 3 files of 4).
 */
final class LazyInputStream extends SeekableInputStream {
  private final InputFile file;
  private SeekableInputStream in;

  LazyInputStream(InputFile file) {
    this.file = file;
  }

  private SeekableInputStream in() throws IOException {
    if (in == null) {
      in = file.newStream();
    }
    return in;
  }

  /** Whether the file was opened. */
  boolean opened() {
    return in != null;
  }

  @Override
  public long getPos() throws IOException {
    return in == null ? 0 : in.getPos();
  }

  @Override
  public void seek(long newPos) throws IOException {
    in().seek(newPos);
  }

  @Override
  public void readFully(byte[] bytes) throws IOException {
    in().readFully(bytes);
  }

  @Override
  public void readFully(byte[] bytes, int start, int len) throws IOException {
    in().readFully(bytes, start, len);
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    return in().read(buf);
  }

  @Override
  public void readFully(ByteBuffer buf) throws IOException {
    in().readFully(buf);
  }

  @Override
  public int read() throws IOException {
    return in().read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return in().read(b, off, len);
  }

  @Override
  public long skip(long n) throws IOException {
    return in().skip(n);
  }

  @Override
  public int available() throws IOException {
    return in == null ? 0 : in.available();
  }

  @Override
  public void readVectored(List<ParquetFileRange> ranges, ByteBufferAllocator allocator)
      throws IOException {
    in().readVectored(ranges, allocator);
  }

  @Override
  public boolean readVectoredAvailable(ByteBufferAllocator allocator) {
    try {
      return in().readVectoredAvailable(allocator);
    } catch (IOException e) {
      return false; // the read that follows fails with the file's own error
    }
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      in.close();
    }
  }
}
