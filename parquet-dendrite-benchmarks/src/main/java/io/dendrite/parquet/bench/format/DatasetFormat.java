package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * One storage format of the dataset suite: writes a dataset's records to one file and reads
 * every record back, materialized as the dataset's Java record, in file order. The
 * {@code -par} variant of a format reads the same file on {@link DatasetFormats#threads()}
 * threads.
 */
public interface DatasetFormat {
  /** The name used as {@code @Param format}, e.g. {@code json-lz4-par}. */
  String name();

  /**
   * The name of the format that writes this format's file: the serial format for a
   * {@code -par} variant, the typed dendrite layout for {@code parquet-avro}; else
   * {@link #name()}. Formats with the same file name share one file.
   */
  default String fileFormat() {
    return name();
  }

  /** Writes {@code records} to {@code file} (which must not exist). */
  <R extends Record> void write(Dataset<R> dataset, Iterator<R> records, Path file)
      throws IOException;

  /** Reads every record of {@code file} to {@code sink}, in file order. */
  <R extends Record> void read(Dataset<R> dataset, Path file, Consumer<? super R> sink)
      throws IOException;
}
