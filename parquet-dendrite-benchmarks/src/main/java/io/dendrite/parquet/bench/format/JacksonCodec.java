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
  private final ObjectMapper mapper;
  private final boolean lines;

  private JacksonCodec(String name, ObjectMapper mapper, boolean lines) {
    super(name);
    this.mapper = mapper;
    this.lines = lines;
  }

  static JacksonCodec json() {
    return new JacksonCodec("json", configure(JsonMapper.builder()).build(), true);
  }

  static JacksonCodec smile() {
    return new JacksonCodec("smile", configure(SmileMapper.builder()).build(), false);
  }

  private static <M extends ObjectMapper, B extends com.fasterxml.jackson.databind.cfg
      .MapperBuilder<M, B>> B configure(B builder) {
    return builder.addModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .serializationInclusion(JsonInclude.Include.NON_NULL);
  }

  @Override
  boolean lines() {
    return lines;
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    ObjectWriter writer = mapper.writerFor(dataset.recordType());
    return (record, out) -> writer.writeValue(out, record);
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    ObjectReader reader = mapper.readerFor(dataset.recordType());
    return (bytes, offset, length) -> reader.readValue(bytes, offset, length);
  }

  @Override
  void readSerial(Dataset<?> dataset, InputStream in, Consumer<Object> sink) throws IOException {
    if (!lines) {
      super.readSerial(dataset, in, sink);
      return;
    }
    try (MappingIterator<Object> it = mapper.readerFor(dataset.recordType()).readValues(in)) {
      while (it.hasNextValue()) {
        sink.accept(it.nextValue());
      }
    }
  }
}
