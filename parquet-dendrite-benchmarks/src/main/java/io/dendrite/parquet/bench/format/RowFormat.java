package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * A row format: one stream of records ({@link RecordCodec}), each length-prefixed (JSON:
 * newline-terminated), compressed as a whole ({@link Compression}). Serial reads decode on
 * the reading thread; the {@code -par} variant hands chunks to {@link ChunkedDecoder}.
 */
final class RowFormat implements DatasetFormat {
  private final RecordCodec codec;
  private final Compression compression;
  private final int threads;

  RowFormat(RecordCodec codec, Compression compression, int threads) {
    this.codec = codec;
    this.compression = compression;
    this.threads = threads;
  }

  @Override
  public String name() {
    return fileFormat() + (threads > 1 ? DatasetFormats.PARALLEL_SUFFIX : "");
  }

  @Override
  public String fileFormat() {
    return codec.name() + "-" + compression.suffix();
  }

  @Override
  public <R extends Record> void write(Dataset<R> dataset, Iterator<R> records, Path file)
      throws IOException {
    RecordCodec.Encoder encoder = codec.encoder(dataset);
    RecordCodec.Buffer buffer = new RecordCodec.Buffer();
    try (OutputStream out = compression.create(file)) {
      while (records.hasNext()) {
        buffer.reset();
        encoder.encode(records.next(), buffer);
        if (codec.lines()) {
          out.write(buffer.bytes(), 0, buffer.size());
          out.write('\n');
        } else {
          FrameReader.writeLength(out, buffer.size());
          out.write(buffer.bytes(), 0, buffer.size());
        }
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R extends Record> void read(Dataset<R> dataset, Path file, Consumer<? super R> sink)
      throws IOException {
    Consumer<Object> records = r -> sink.accept((R) r);
    try (InputStream in = compression.open(file)) {
      if (threads > 1) {
        ChunkedDecoder.read(new FrameReader(in, codec.lines()), () -> codec.decoder(dataset),
            threads, records);
      } else {
        codec.readSerial(dataset, in, records);
      }
    }
  }
}
