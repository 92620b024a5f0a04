package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * How a row format turns one record into bytes and back (JSON, Smile, Avro binary, protobuf,
 * Fory). The file framing and compression are {@link RowFormat}'s.
 */
abstract class RecordCodec {
  /** Encodes records of one dataset; one per writer. */
  interface Encoder {
    void encode(Object record, Buffer out) throws IOException;
  }

  /** Decodes records of one dataset; one per thread. */
  interface Decoder {
    Object decode(byte[] bytes, int offset, int length) throws IOException;
  }

  /** A reusable output buffer whose bytes are read in place. */
  static final class Buffer extends ByteArrayOutputStream {
    Buffer() {
      super(4096);
    }

    byte[] bytes() {
      return buf;
    }
  }

  private final String name;

  RecordCodec(String name) {
    this.name = name;
  }

  String name() {
    return name;
  }

  /** True when records are newline-delimited (JSON), false for varint length prefixes. */
  boolean lines() {
    return false;
  }

  abstract Encoder encoder(Dataset<?> dataset);

  abstract Decoder decoder(Dataset<?> dataset);

  /**
   * Reads every record of a decompressed stream on this thread, the way a user of this
   * library would; by default frame by frame through one {@link Decoder}.
   */
  void readSerial(Dataset<?> dataset, InputStream in, Consumer<Object> sink) throws IOException {
    FrameReader frames = new FrameReader(in, lines());
    Decoder decoder = decoder(dataset);
    while (frames.next()) {
      sink.accept(decoder.decode(frames.frame(), 0, frames.length()));
    }
  }
}
