package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * Avro binary records (no container: schema known to both sides, as in a message stream),
 * through {@link GenericRecord}s with the decoder and record reused, then converted to the
 * dataset's records ({@link AvroShapes}).
 */
final class AvroCodec extends RecordCodec {
  AvroCodec() {
    super("avro");
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    Schema schema = AvroShapes.schema(dataset.recordType());
    GenericDatumWriter<GenericRecord> writer = new GenericDatumWriter<>(schema);
    return new Encoder() {
      private BinaryEncoder encoder;

      @Override
      public void encode(Object record, Buffer out) throws java.io.IOException {
        encoder = EncoderFactory.get().binaryEncoder(out, encoder);
        writer.write(AvroShapes.toGeneric(record, schema), encoder);
        encoder.flush();
      }
    };
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    Schema schema = AvroShapes.schema(dataset.recordType());
    GenericDatumReader<GenericRecord> reader =
        new GenericDatumReader<>(schema, schema, GenericData.get());
    AvroShapes.Reader records = new AvroShapes.Reader(dataset.recordType());
    return new Decoder() {
      private BinaryDecoder decoder;
      private GenericRecord reuse;

      @Override
      public Object decode(byte[] bytes, int offset, int length) throws java.io.IOException {
        decoder = DecoderFactory.get().binaryDecoder(bytes, offset, length, decoder);
        reuse = reader.read(reuse, decoder);
        return records.read(reuse);
      }
    };
  }
}
