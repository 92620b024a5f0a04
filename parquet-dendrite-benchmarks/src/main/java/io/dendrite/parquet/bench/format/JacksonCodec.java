package io.dendrite.parquet.bench.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * Jackson databind to and from the records: JSON lines (read with a {@link MappingIterator}
 * over the stream, as Jackson documents for newline-delimited JSON) or length-prefixed Smile
 * documents. Null fields are left out; dates are ISO text.
 */
final class JacksonCodec extends RecordCodec {
  /** Smile documents, else JSON lines. */
  private final boolean smile;
  private ObjectMapper mapper;

  private JacksonCodec(String name, boolean smile) {
    super(name);
    this.smile = smile;
  }

  static JacksonCodec json() {
    return new JacksonCodec("json", false);
  }

  static JacksonCodec smile() {
    return new JacksonCodec("smile", true);
  }

  /**
   * The mapper, made on first use rather than with the codec: making a format must not start
   * Jackson ({@code DatasetFirstReadBenchmark} makes its format before the measured first read;
   * the other codecs make their Fory, Avro and protobuf readers within the read too).
   */
  private synchronized ObjectMapper mapper() {
    if (mapper == null) {
      mapper = smile ? configure(SmileMapper.builder()).build()
          : configure(JsonMapper.builder()).build();
    }
    return mapper;
  }

  private static <M extends ObjectMapper, B extends com.fasterxml.jackson.databind.cfg
      .MapperBuilder<M, B>> B configure(B builder) {
    return builder.addModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .serializationInclusion(JsonInclude.Include.NON_NULL);
  }

  @Override
  boolean lines() {
    return !smile;
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    ObjectWriter writer = mapper().writerFor(dataset.recordType());
    return (record, out) -> writer.writeValue(out, record);
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    ObjectReader reader = mapper().readerFor(dataset.recordType());
    return (bytes, offset, length) -> reader.readValue(bytes, offset, length);
  }

  @Override
  void readSerial(Dataset<?> dataset, InputStream in, Consumer<Object> sink) throws IOException {
    if (smile) {
      super.readSerial(dataset, in, sink);
      return;
    }
    try (MappingIterator<Object> it = mapper().readerFor(dataset.recordType()).readValues(in)) {
      while (it.hasNextValue()) {
        sink.accept(it.nextValue());
      }
    }
  }
}
