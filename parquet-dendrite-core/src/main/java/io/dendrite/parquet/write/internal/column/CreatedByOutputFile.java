package io.dendrite.parquet.write.internal.column;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A file whose footer names its writer in {@code created_by}: parquet-java's
 * {@code ParquetFileWriter} writes the indexes, bloom filters and footer, and sets
 * {@code created_by} to its own compile-time constant in a private method, so what it writes
 * from {@link #startTail} on (indexes, bloom filters, footer, its length, the magic) is held in
 * memory and, when it closes the file, the footer is written again with our {@code created_by}.
 * Everything before the footer keeps its bytes and offsets; the footer is last, so its new
 * length moves nothing. Memory: the tail, i.e. the indexes and bloom filters of the whole file
 * and its footer.
 */
final class CreatedByOutputFile implements OutputFile {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final OutputFile file;
  private final String createdBy;
  private TailStream stream;

  /** @param createdBy as readers parse it: {@code <application> version <version>} */
  CreatedByOutputFile(OutputFile file, String createdBy) {
    this.file = file;
    this.createdBy = createdBy;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    stream = new TailStream(file.create(blockSizeHint));
    return stream;
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
    stream = new TailStream(file.createOrOverwrite(blockSizeHint));
    return stream;
  }

  @Override
  public boolean supportsBlockSize() {
    return file.supportsBlockSize();
  }

  @Override
  public long defaultBlockSize() {
    return file.defaultBlockSize();
  }

  @Override
  public String getPath() {
    return file.getPath();
  }

  /** From here on the bytes are the file's tail, ending with the footer: hold them. */
  void startTail() {
    stream.tail = new ByteArrayOutputStream();
  }

  private final class TailStream extends PositionOutputStream {
    private final PositionOutputStream out;
    private ByteArrayOutputStream tail;
    private boolean closed;

    TailStream(PositionOutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() throws IOException {
      return out.getPos() + (tail == null ? 0 : tail.size());
    }

    @Override
    public void write(int b) throws IOException {
      if (tail == null) {
        out.write(b);
      } else {
        tail.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (tail == null) {
        out.write(b, off, len);
      } else {
        tail.write(b, off, len);
      }
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    /** A file closed without its tail (an abort) is closed as it is. */
    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try (PositionOutputStream o = out) {
        if (tail != null) {
          o.write(withCreatedBy(tail.toByteArray()));
        }
      }
    }
  }

  /** The tail with its footer's {@code created_by} replaced. */
  private byte[] withCreatedBy(byte[] tail) throws IOException {
    int n = tail.length;
    if (n < 8 || !Arrays.equals(tail, n - 4, n, MAGIC, 0, 4)) {
      throw new IOException(file.getPath() + ": the file's tail does not end with its footer");
    }
    int length = (tail[n - 8] & 0xff) | (tail[n - 7] & 0xff) << 8 | (tail[n - 6] & 0xff) << 16
        | (tail[n - 5] & 0xff) << 24;
    int start = n - 8 - length;
    if (length < 0 || start < 0) {
      throw new IOException(file.getPath() + ": a footer of " + length + " bytes in a tail of "
          + n);
    }
    FileMetaData footer = Util.readFileMetaData(new ByteArrayInputStream(tail, start, length));
    footer.setCreated_by(createdBy);
    ByteArrayOutputStream out = new ByteArrayOutputStream(n + 64);
    out.write(tail, 0, start);
    int before = out.size();
    Util.writeFileMetaData(footer, out);
    int written = out.size() - before;
    out.write(written);
    out.write(written >>> 8);
    out.write(written >>> 16);
    out.write(written >>> 24);
    out.write(MAGIC);
    return out.toByteArray();
  }
}
