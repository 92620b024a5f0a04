package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;

/**
 * parquet-avro, what a parquet-java user reaches for. Reads the typed file ({@code dendrite}'s
 * file, {@link #fileFormat()}) with parquet-avro's
 * {@link AvroParquetReader} with the generic model, the Avro schema derived from the Parquet
 * schema, each {@link GenericRecord} converted to a record. Lists are the standard three-level
 * form, so {@code parquet.avro.add-list-element-records} is off (with its default, a list of
 * structs reads as a list of one-field records). The {@code -par} variant reads row groups on
 * the pool ({@code withFileRange}), one whole row group per task.
 *
 * <p>{@link #write} (the write suite) uses {@code AvroParquetWriter} with the generic model,
 * the dendrite files' codec and row group size, and standard three-level lists.
 */
final class ParquetAvroFormat implements DatasetFormat {
  private final int threads;

  ParquetAvroFormat(int threads) {
    this.threads = threads;
  }

  private static ParquetConfiguration conf() {
    ParquetConfiguration conf = new PlainParquetConfiguration();
    conf.setBoolean("parquet.avro.add-list-element-records", false);
    return conf;
  }

  @Override
  public String name() {
    return "parquet-avro" + (threads > 1 ? DatasetFormats.PARALLEL_SUFFIX : "");
  }

  @Override
  public String fileFormat() {
    return DendriteFormat.Layout.TYPED.formatName;
  }

  @Override
  public <R extends Record> void write(Dataset<R> dataset, Iterator<R> records, Path file)
      throws IOException {
    Schema schema = AvroShapes.schema(dataset.recordType());
    ParquetConfiguration conf = new PlainParquetConfiguration();
    conf.setBoolean("parquet.avro.write-old-list-structure", false);
    try (ParquetWriter<GenericRecord> w = AvroParquetWriter.<GenericRecord>builder(
            new LocalOutputFile(file))
        .withConf(conf).withSchema(schema).withDataModel(GenericData.get())
        .withCompressionCodec(CompressionCodecName.valueOf(DendriteFormat.codec().name()))
        .withRowGroupSize(DendriteFormat.ROW_GROUP_BYTES).build()) {
      while (records.hasNext()) {
        w.write(AvroShapes.toGeneric(records.next(), schema));
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R extends Record> void read(Dataset<R> dataset, Path file, Consumer<? super R> sink)
      throws IOException {
    Class<R> type = dataset.recordType();
    InputFile input = new LocalInputFile(file);
    if (threads <= 1) {
      AvroShapes.Reader records = new AvroShapes.Reader(type);
      try (ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(input, conf())
          .withDataModel(GenericData.get()).build()) {
        GenericRecord g;
        while ((g = r.read()) != null) {
          sink.accept((R) records.read(g));
        }
      }
      return;
    }
    List<BlockMetaData> rowGroups;
    try (ParquetFileReader footer = ParquetFileReader.open(input)) {
      rowGroups = footer.getFooter().getBlocks();
    }
    ThreadLocal<AvroShapes.Reader> readers =
        ThreadLocal.withInitial(() -> new AvroShapes.Reader(type));
    try (OrderedPool pool = new OrderedPool(threads, threads, r -> sink.accept((R) r))) {
      for (BlockMetaData block : rowGroups) {
        pool.submit(() -> {
          List<Object> out = new ArrayList<>();
          AvroShapes.Reader records = readers.get();
          try (ParquetReader<GenericRecord> r = AvroParquetReader
              .<GenericRecord>builder(input, conf()).withDataModel(GenericData.get())
              .withFileRange(block.getStartingPos(),
                  block.getStartingPos() + block.getCompressedSize())
              .build()) {
            GenericRecord g;
            while ((g = r.read()) != null) {
              out.add(records.read(g));
            }
          }
          return out.toArray();
        });
      }
      pool.finish();
    }
  }
}
