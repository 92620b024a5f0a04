package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Avro's own file format ({@code avro-snappy}): an object container file of snappy blocks,
 * read with {@link DataFileReader} and a reused record. The {@code -par} variant decompresses
 * blocks on this thread ({@link DataFileStream#nextBlock}) and decodes whole blocks on the
 * pool.
 */
final class AvroContainerFormat implements DatasetFormat {
  private final int threads;

  AvroContainerFormat(int threads) {
    this.threads = threads;
  }

  @Override
  public String name() {
    return fileFormat() + (threads > 1 ? DatasetFormats.PARALLEL_SUFFIX : "");
  }

  @Override
  public String fileFormat() {
    return "avro-snappy";
  }

  @Override
  public <R extends Record> void write(Dataset<R> dataset, Iterator<R> records, Path file)
      throws IOException {
    Schema schema = AvroShapes.schema(dataset.recordType());
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(
        new GenericDatumWriter<GenericRecord>(schema))) {
      w.setCodec(CodecFactory.snappyCodec());
      w.create(schema, Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE_NEW));
      while (records.hasNext()) {
        w.append(AvroShapes.toGeneric(records.next(), schema));
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R extends Record> void read(Dataset<R> dataset, Path file, Consumer<? super R> sink)
      throws IOException {
    Class<R> type = dataset.recordType();
    if (threads <= 1) {
      AvroShapes.Reader records = new AvroShapes.Reader(type);
      try (DataFileReader<GenericRecord> r = new DataFileReader<>(file.toFile(),
          new GenericDatumReader<>())) {
        GenericRecord reuse = null;
        while (r.hasNext()) {
          reuse = r.next(reuse);
          sink.accept((R) records.read(reuse));
        }
      }
      return;
    }
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file),
        Compression.BUFFER);
        DataFileStream<GenericRecord> stream = new DataFileStream<>(in,
            new GenericDatumReader<>());
        OrderedPool pool = new OrderedPool(threads, 2 * threads, r -> sink.accept((R) r))) {
      Schema schema = stream.getSchema();
      ThreadLocal<BlockDecoder> decoders =
          ThreadLocal.withInitial(() -> new BlockDecoder(schema, type));
      while (stream.hasNext()) {
        int count = Math.toIntExact(stream.getBlockCount());
        ByteBuffer block = stream.nextBlock();
        byte[] bytes = new byte[block.remaining()]; // the stream reuses its block buffer
        block.get(bytes);
        pool.submit(() -> decoders.get().decode(bytes, count));
      }
      pool.finish();
    }
  }

  /** Decodes the records of one decompressed block; one per thread. */
  private static final class BlockDecoder {
    private final GenericDatumReader<GenericRecord> reader;
    private final AvroShapes.Reader records;
    private BinaryDecoder decoder;
    private GenericRecord reuse;

    BlockDecoder(Schema schema, Class<?> type) {
      this.reader = new GenericDatumReader<>(schema, schema, GenericData.get());
      this.records = new AvroShapes.Reader(type);
    }

    Object[] decode(byte[] block, int count) throws IOException {
      decoder = DecoderFactory.get().binaryDecoder(block, decoder);
      Object[] out = new Object[count];
      for (int i = 0; i < count; i++) {
        reuse = reader.read(reuse, decoder);
        out[i] = records.read(reuse);
      }
      return out;
    }
  }
}
