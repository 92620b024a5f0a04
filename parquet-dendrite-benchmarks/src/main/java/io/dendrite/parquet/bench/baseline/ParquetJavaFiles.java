package io.dendrite.parquet.bench.baseline;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Opens parquet-java writers and readers on local files with the settings parquet-dendrite
 * uses (so that only the record path differs): no Hadoop {@code Configuration}, row groups of
 * 128 MiB, pages of 1 MiB, dictionary encoding on, the given codec.
 */
public final class ParquetJavaFiles {
  public static final long ROW_GROUP_SIZE = 128L << 20;
  public static final int PAGE_SIZE = 1 << 20;

  private ParquetJavaFiles() {}

  /** {@code snappy}, {@code zstd}, {@code gzip} or {@code uncompressed}. */
  public static CompressionCodecName codec(String name) {
    return CompressionCodecName.fromConf(name);
  }

  public static <T> ParquetWriter<T> writer(Path file, WriteSupport<T> support, String codec)
      throws IOException {
    return writer(file, support, codec, 0);
  }

  /** As above, with row groups of at most {@code rowGroupRows} rows (0: only the size limit). */
  public static <T> ParquetWriter<T> writer(Path file, WriteSupport<T> support, String codec,
      int rowGroupRows) throws IOException {
    return new WriterBuilder<>(file, support)
        .withRowGroupRowCountLimit(rowGroupRows > 0 ? rowGroupRows : Integer.MAX_VALUE)
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(codec(codec))
        .withRowGroupSize(ROW_GROUP_SIZE)
        .withPageSize(PAGE_SIZE)
        .withDictionaryEncoding(true)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build();
  }

  public static <T> ParquetReader<T> reader(Path file, ReadSupport<T> support)
      throws IOException {
    return new ReaderBuilder<>(file, support).build();
  }

  private static final class WriterBuilder<T> extends ParquetWriter.Builder<T, WriterBuilder<T>> {
    private final WriteSupport<T> support;

    WriterBuilder(Path file, WriteSupport<T> support) {
      super(new LocalOutputFile(file));
      this.support = support;
    }

    @Override
    protected WriterBuilder<T> self() {
      return this;
    }

    @Override
    @SuppressWarnings("deprecation") // abstract in parquet-java 1.18.1
    protected WriteSupport<T> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<T> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }

  private static final class ReaderBuilder<T> extends ParquetReader.Builder<T> {
    private final ReadSupport<T> support;

    ReaderBuilder(Path file, ReadSupport<T> support) {
      super(new LocalInputFile(file), new PlainParquetConfiguration());
      this.support = support;
    }

    @Override
    protected ReadSupport<T> getReadSupport() {
      return support;
    }
  }
}
