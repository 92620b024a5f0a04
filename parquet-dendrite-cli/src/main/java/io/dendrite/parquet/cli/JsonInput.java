package io.dendrite.parquet.cli;

import com.github.luben.zstd.ZstdInputStream;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A JSON-lines input: a file or {@code -} for stdin, gzip- or zstd-compressed or plain.
 * Compression is recognized by its magic bytes (so {@code .gz} and {@code .zst} files work
 * whatever their name, and compressed stdin too). The text is UTF-8, read line by line as the
 * writer reads it ({@link DendriteWriter#readJsonLines}): a leading byte-order mark is skipped,
 * and a line that is not valid UTF-8 is an invalid line, named by its number (and skipped with
 * {@code --skip-invalid}).
 */
final class JsonInput implements Closeable {
  private static final int BUFFER = 1 << 16;

  private final String name;
  private final Path path;
  private final long size;
  private final boolean compressed;
  private final Counting raw;
  private final BufferedInputStream text;

  private JsonInput(String name, Path path, long size, InputStream in) throws IOException {
    this.name = name;
    this.path = path;
    this.size = size;
    this.raw = new Counting(in);
    BufferedInputStream buffered = new BufferedInputStream(raw, BUFFER);
    buffered.mark(4);
    byte[] magic = buffered.readNBytes(4);
    buffered.reset();
    if (magic.length >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
      text = new BufferedInputStream(new GZIPInputStream(buffered, BUFFER), BUFFER);
      compressed = true;
    } else if (magic.length == 4 && (magic[0] & 0xff) == 0x28 && (magic[1] & 0xff) == 0xb5
        && (magic[2] & 0xff) == 0x2f && (magic[3] & 0xff) == 0xfd) {
      text = new BufferedInputStream(new ZstdInputStream(buffered), BUFFER);
      compressed = true;
    } else {
      text = buffered;
      compressed = false;
    }
  }

  /** Opens {@code arg}: {@code -} is {@code stdin}, anything else a file path. */
  static JsonInput open(String arg, InputStream stdin) throws IOException {
    if (arg.equals("-")) {
      return new JsonInput("stdin", null, -1, stdin);
    }
    Path p = Path.of(arg);
    if (!Files.exists(p)) {
      throw new NoSuchFileException(arg);
    }
    if (Files.isDirectory(p)) {
      throw new CliException(arg + ": is a directory, expected a JSON-lines file");
    }
    return new JsonInput(arg, p, Files.size(p), Files.newInputStream(p));
  }

  /** The name used in messages: the path as given, or {@code stdin}. */
  String name() {
    return name;
  }

  /** Whether this is a file that can be opened again (not stdin). */
  boolean reopenable() {
    return path != null;
  }

  /** Opens the same file again from the start. */
  JsonInput reopen() throws IOException {
    return open(path.toString(), null);
  }

  /** Whether the bytes were gzip or zstd compressed. */
  boolean compressed() {
    return compressed;
  }

  /** Size on disk in bytes, or -1 for stdin. */
  long size() {
    return size;
  }

  /** Bytes read so far from the file or stdin (compressed bytes for compressed input). */
  long bytesRead() {
    return raw.count;
  }

  /**
   * The UTF-8 text, decompressed; it supports {@code mark}/{@code reset}, so a sample can be
   * read and then read again. Read lines with {@link #readLines}.
   */
  InputStream text() {
    return text;
  }

  /**
   * Hands the lines of the text from where it is now to {@code visitor} (see the class
   * description and {@link DendriteWriter#readJsonLines}); returns the number of lines read.
   */
  long readLines(DendriteWriter.LineVisitor visitor) throws IOException {
    return DendriteWriter.readJsonLines(text, visitor);
  }

  @Override
  public void close() throws IOException {
    text.close();
  }

  private static final class Counting extends FilterInputStream {
    volatile long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
