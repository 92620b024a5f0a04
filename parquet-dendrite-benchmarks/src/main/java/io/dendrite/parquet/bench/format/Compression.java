package io.dendrite.parquet.bench.format;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;

/**
 * The stream compressions of the row formats, each with its library's default level: gzip
 * (the JDK's zlib), lz4 (lz4-java block stream, 64 KiB blocks, read with the safe
 * decompressor) and zstd (zstd-jni, level 3).
 */
public enum Compression {
  GZ("gz") {
    @Override
    OutputStream compress(OutputStream out) throws IOException {
      return new GZIPOutputStream(out, BUFFER);
    }

    @Override
    InputStream decompress(InputStream in) throws IOException {
      return new GZIPInputStream(in, BUFFER);
    }
  },
  LZ4("lz4") {
    @Override
    OutputStream compress(OutputStream out) {
      return new LZ4BlockOutputStream(out, 1 << 16, LZ4Factory.fastestInstance().fastCompressor());
    }

    @Override
    InputStream decompress(InputStream in) {
      return LZ4BlockInputStream.newBuilder()
          .withDecompressor(LZ4Factory.fastestInstance().safeDecompressor()).build(in);
    }
  },
  ZSTD("zstd") {
    @Override
    OutputStream compress(OutputStream out) throws IOException {
      return new ZstdOutputStreamNoFinalizer(out, 3);
    }

    @Override
    InputStream decompress(InputStream in) throws IOException {
      return new ZstdInputStreamNoFinalizer(in);
    }
  };

  static final int BUFFER = 1 << 16;
  private final String suffix;

  Compression(String suffix) {
    this.suffix = suffix;
  }

  /** The name in format names ({@code json-gz}). */
  public String suffix() {
    return suffix;
  }

  abstract OutputStream compress(OutputStream out) throws IOException;

  abstract InputStream decompress(InputStream in) throws IOException;

  /** A new file, compressed. */
  OutputStream create(Path file) throws IOException {
    return compress(new BufferedOutputStream(
        Files.newOutputStream(file, StandardOpenOption.CREATE_NEW), BUFFER));
  }

  /** A file's decompressed bytes. */
  InputStream open(Path file) throws IOException {
    return decompress(new BufferedInputStream(Files.newInputStream(file), BUFFER));
  }
}
