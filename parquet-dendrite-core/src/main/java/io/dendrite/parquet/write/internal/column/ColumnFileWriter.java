package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.util.Map;
import java.util.function.Function;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file written by our own column writing: records arrive as record-consumer events
 * ({@link #recordConsumer()}), are striped into per-leaf buffers (or come striped already, from
 * {@link StripedRows} filled on other threads: {@link #append}), and each full row group is
 * encoded leaf by leaf ({@code ChunkEncoder}) through parquet-java's {@link ParquetFileWriter},
 * which still writes the page headers, indexes, bloom filters and footer. A row group ends
 * when its estimated encoded size reaches {@code rowGroupSize} bytes, its buffers hold twice
 * that ({@code RowGroupSizer}), or it has {@code rowGroupRows} rows.
 *
 * <p>With a parallelism of 1 each full row group is encoded on the writing thread. With more,
 * its chunks are encoded on up to that many threads while the writing thread fills the next
 * ({@code ParallelRowGroups}), at the cost of a second set of buffers; the file is the same
 * bytes either way. A chunk that fails to encode fails the next {@link #endRow} or
 * {@link #close}, with that failure as the cause.
 *
 * <p>The footer's {@code created_by} names this library ({@code "parquet-dendrite version
 * X"}), not parquet-java, whose writer still lays out the tail: {@link CreatedByOutputFile}
 * rewrites the footer it writes. Readers key their workarounds for old writers' bugs on
 * {@code created_by} (parquet-java's {@code CorruptStatistics} and
 * {@code CorruptDeltaByteArrays}, parquet-cpp's and DuckDB's statistics checks): they apply
 * to {@code parquet-mr} versions and leave another application's file alone, which is right for
 * ours (its statistics and delta encodings are our encoders', tested against parquet-java's).
 */
public final class ColumnFileWriter implements AutoCloseable, RewindableRows {
  private final ParquetFileWriter file;
  private final CreatedByOutputFile out;
  private final MessageType schema;
  private final Map<String, String> footer;
  private final LeafChunks chunks;
  private final LeafBuffer[] leaves;
  private final long[] unscaled;
  private final LevelRecorder recorder;
  private final RowMarks marks;
  private final RowGroupSizer sizer;
  private final RowGroupFile rowGroups;
  private final int rowGroupRows;
  /** Encodes on the writing thread (parallelism 1), else null. */
  private final ChunkWorker inline;
  /** Encodes on threads (parallelism above 1), else null. */
  private final ParallelRowGroups parallel;
  private int rows;
  private int rowGroup;
  private boolean ended;

  private ColumnFileWriter(ParquetFileWriter file, CreatedByOutputFile out, MessageType schema,
      Map<String, String> footer,
      Function<String, ChunkOptions> columnOptions, ParquetConfiguration conf,
      long rowGroupSize, int rowGroupRows, int parallelism) {
    this.file = file;
    this.out = out;
    this.schema = schema;
    this.footer = footer;
    this.rowGroupRows = rowGroupRows;
    this.chunks = new LeafChunks(schema, columnOptions);
    leaves = new LeafBuffer[chunks.count()];
    unscaled = new long[leaves.length];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBuffer(chunks.column(i), chunks.options(i));
    }
    recorder = new LevelRecorder(schema, leaves);
    marks = new RowMarks(leaves, recorder);
    sizer = new RowGroupSizer(leaves, rowGroupSize);
    rowGroups = new RowGroupFile(file, sizer, leaves.length);
    if (parallelism > 1) {
      inline = null;
      parallel = new ParallelRowGroups(chunks, rowGroups, leaves, parallelism,
          () -> new ChunkWorker(conf));
    } else {
      inline = new ChunkWorker(conf);
      parallel = null;
    }
  }

  /**
   * Creates {@code out} (replacing what is there: it is a temporary file) and writes its magic
   * bytes. Page CRCs are written as parquet-java's writer writes them by default.
   *
   * @param createdBy the footer's {@code created_by}
   * @param columnOptions the options of a leaf column by its dotted path
   * @param parallelism the most threads encoding a row group's chunks; 1 encodes them on the
   *     writing thread
   */
  public static ColumnFileWriter create(OutputFile target, String createdBy, MessageType schema,
      Map<String, String> footer, Function<String, ChunkOptions> columnOptions,
      ParquetConfiguration conf, long rowGroupSize, int rowGroupRows, int parallelism)
      throws IOException {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
    }
    CreatedByOutputFile out = new CreatedByOutputFile(target, createdBy);
    ParquetFileWriter file = new ParquetFileWriter(out, schema, ParquetFileWriter.Mode.OVERWRITE,
        rowGroupSize, ParquetWriter.MAX_PADDING_SIZE_DEFAULT,
        ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH,
        ParquetProperties.DEFAULT_STATISTICS_TRUNCATE_LENGTH,
        ParquetProperties.DEFAULT_PAGE_WRITE_CHECKSUM_ENABLED);
    try {
      file.start();
      return new ColumnFileWriter(file, out, schema, footer, columnOptions, conf, rowGroupSize,
          rowGroupRows, parallelism);
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  /** Where records go, one {@code startMessage}..{@code endMessage} each, then {@link #endRow}. */
  @Override
  public LevelRecorder recordConsumer() {
    return recorder;
  }

  /** {@inheritDoc} Then {@link #endRow()} ends it. */
  @Override
  public void markRow() {
    marks.mark();
  }

  @Override
  public void rollBackRow() {
    marks.rollBack();
  }

  /**
   * Counts the record just written and ends the row group when it is full.
   *
   * @throws IOException also when a chunk of an earlier row group failed to encode
   */
  public void endRow() throws IOException {
    rows++;
    if (parallel != null) {
      parallel.checkFailure(); // one volatile read a row
    }
    if (rows >= rowGroupRows || sizer.full(rows)) {
      endRowGroup();
    }
  }

  /**
   * Buffers to stripe rows into apart from this file, on any thread, for {@link #append}: they
   * record with this file's schema and leaf columns.
   */
  public StripedRows newStripedRows() {
    return new StripedRows(schema, chunks);
  }

  /**
   * Appends the next {@code count} rows of {@code striped} (made by {@link #newStripedRows}),
   * ending row groups after the same rows as {@link #endRow} after each of them would: runs of
   * rows are moved up to the next row at which the row group's size is looked at.
   *
   * @throws IOException also when a chunk of an earlier row group failed to encode
   */
  public void append(StripedRows striped, int count) throws IOException {
    while (count > 0) {
      int run = Math.min(count,
          Math.min(rowGroupRows - rows, sizer.rowsToNextCheck(rows)));
      striped.appendTo(leaves, run);
      rows += run;
      count -= run;
      if (parallel != null) {
        parallel.checkFailure();
      }
      if (rows >= rowGroupRows || sizer.full(rows)) {
        endRowGroup();
      }
    }
  }

  /** Encodes the row group buffered, or hands it to the encoding threads, and starts the next. */
  private void endRowGroup() throws IOException {
    if (rows == 0) {
      return;
    }
    if (parallel != null) {
      parallel.handOver(rowGroup, rows);
    } else {
      for (int i = 0; i < leaves.length; i++) {
        unscaled[i] = RowGroupSizer.unscaled(leaves[i]);
      }
      rowGroups.write(rowGroup, rows, unscaled,
          (i, out) -> inline.encode(chunks, i, rowGroup, leaves[i], out));
      for (LeafBuffer leaf : leaves) {
        leaf.clear();
      }
    }
    rowGroup++;
    sizer.start(rowGroup);
    rows = 0;
  }

  /**
   * For each leaf column (by dotted path, in schema order) whose chunks were encoded otherwise
   * than by default under encodings(auto): what was chosen and why. Complete once closed.
   */
  public Map<String, String> encodingChoices() {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (int i = 0; i < leaves.length; i++) {
      String summary = chunks.encodings(i).summary(rowGroup);
      if (summary != null) {
        out.put(chunks.path(i), summary);
      }
    }
    return out;
  }

  /** Writes the last row group and the footer, and closes the file. */
  @Override
  public void close() throws IOException {
    if (ended) {
      return;
    }
    ended = true;
    try {
      endRowGroup();
      if (parallel != null) {
        parallel.finish();
      }
      out.startTail();
      file.end(footer);
    } catch (IOException | RuntimeException | Error e) {
      stopEncoding(true);
      try {
        file.close();
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    stopEncoding(false);
  }

  /**
   * Closes the file as it is, without a footer (the caller deletes it), after stopping the
   * chunks being encoded; throws nothing.
   */
  public void abort() {
    if (ended) {
      return;
    }
    ended = true;
    stopEncoding(true);
    try {
      file.close();
    } catch (IOException | RuntimeException ignored) {
      // The file is being discarded; the failure that caused it is what matters.
    }
  }

  /** Ends the encoding threads, if any, and releases the compressors. */
  private void stopEncoding(boolean abort) {
    if (parallel == null) {
      inline.release();
    } else if (abort) {
      parallel.abort();
    } else {
      parallel.close();
    }
  }
}
