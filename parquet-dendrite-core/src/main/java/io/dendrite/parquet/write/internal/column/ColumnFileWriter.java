package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file written by our own column writing: records arrive as record-consumer events
 * ({@link #recordConsumer()}), are striped into per-leaf buffers, and each full row group is
 * encoded leaf by leaf ({@code ChunkEncoder}) through parquet-java's {@link ParquetFileWriter},
 * which still writes the page headers, indexes, bloom filters and footer. A row group ends
 * when its estimated encoded size reaches {@code rowGroupSize} bytes, its buffers hold twice
 * that ({@code RowGroupSizer}), or it has {@code rowGroupRows} rows.
 *
 * <p>The footer's {@code created_by} stays parquet-java's ("parquet-mr version 1.18.1 (build
 * ...)", or the version on the classpath): {@link ParquetFileWriter#end} writes its own
 * compile-time constant and the footer serialization it calls is private, so naming
 * parquet-dendrite there means writing the indexes, bloom filters and footer ourselves. The
 * footer's {@code dendrite.writer} key names this library and its version instead. The claim
 * is true where readers use it: parquet-java's version checks ({@code VersionParser},
 * {@code CorruptStatistics}) judge statistics by it, and ours have the min and max
 * parquet-java's writer gives (the differential test compares them).
 */
public final class ColumnFileWriter implements AutoCloseable {
  private final ParquetFileWriter file;
  private final Map<String, String> footer;
  private final LeafBuffer[] leaves;
  private final ChunkOptions[] options;
  private final PageStatistics[] statistics;
  private final PageSizeStatistics[] sizes;
  private final LevelRecorder recorder;
  private final ChunkEncoder encoder = new ChunkEncoder();
  private final CodecFactory codecs;
  private final RowGroupSizer sizer;
  private final int rowGroupRows;
  private int rows;
  private boolean ended;

  private ColumnFileWriter(ParquetFileWriter file, MessageType schema, Map<String, String> footer,
      Function<String, ChunkOptions> columnOptions, CodecFactory codecs, long rowGroupSize,
      int rowGroupRows) {
    this.file = file;
    this.footer = footer;
    this.codecs = codecs;
    this.rowGroupRows = rowGroupRows;
    List<ColumnDescriptor> columns = schema.getColumns();
    leaves = new LeafBuffer[columns.size()];
    options = new ChunkOptions[columns.size()];
    statistics = new PageStatistics[columns.size()];
    sizes = new PageSizeStatistics[columns.size()];
    for (int i = 0; i < leaves.length; i++) {
      ColumnDescriptor c = columns.get(i);
      leaves[i] = new LeafBuffer(c);
      options[i] = columnOptions.apply(String.join(".", c.getPath()));
      statistics[i] = new PageStatistics(c.getPrimitiveType());
      sizes[i] = new PageSizeStatistics(c);
    }
    recorder = new LevelRecorder(schema, leaves);
    sizer = new RowGroupSizer(leaves, rowGroupSize);
  }

  /**
   * Creates {@code out} (replacing what is there: it is a temporary file) and writes its magic
   * bytes. Page CRCs are written as parquet-java's writer writes them by default.
   *
   * @param columnOptions the options of a leaf column by its dotted path
   */
  public static ColumnFileWriter create(OutputFile out, MessageType schema,
      Map<String, String> footer, Function<String, ChunkOptions> columnOptions,
      ParquetConfiguration conf, int pageSize, long rowGroupSize, int rowGroupRows)
      throws IOException {
    ParquetFileWriter file = new ParquetFileWriter(out, schema, ParquetFileWriter.Mode.OVERWRITE,
        rowGroupSize, ParquetWriter.MAX_PADDING_SIZE_DEFAULT,
        ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH,
        ParquetProperties.DEFAULT_STATISTICS_TRUNCATE_LENGTH,
        ParquetProperties.DEFAULT_PAGE_WRITE_CHECKSUM_ENABLED);
    try {
      file.start();
      return new ColumnFileWriter(file, schema, footer, columnOptions,
          new CodecFactory(conf, pageSize), rowGroupSize, rowGroupRows);
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  /** Where records go, one {@code startMessage}..{@code endMessage} each, then {@link #endRow}. */
  public RecordConsumer recordConsumer() {
    return recorder;
  }

  /** Counts the record just written and writes the row group when it is full. */
  public void endRow() throws IOException {
    rows++;
    if (rows >= rowGroupRows || sizer.full(rows)) {
      writeRowGroup();
    }
  }

  private void writeRowGroup() throws IOException {
    if (rows == 0) {
      return;
    }
    file.startBlock(rows);
    for (int i = 0; i < leaves.length; i++) {
      BytesInputCompressor compressor = codecs.getCompressor(options[i].codec());
      long start = file.getPos();
      encoder.write(leaves[i], options[i], statistics[i], sizes[i], compressor, file);
      sizer.written(i, file.getPos() - start);
      leaves[i].clear();
    }
    file.endBlock();
    sizer.reset();
    rows = 0;
  }

  /** Writes the last row group and the footer, and closes the file. */
  @Override
  public void close() throws IOException {
    if (ended) {
      return;
    }
    ended = true;
    try {
      writeRowGroup();
      file.end(footer);
    } catch (IOException | RuntimeException | Error e) {
      try {
        file.close();
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    } finally {
      codecs.release();
    }
  }

  /** Closes the file as it is, without a footer (the caller deletes it); throws nothing. */
  public void abort() {
    if (ended) {
      return;
    }
    ended = true;
    try {
      file.close();
    } catch (IOException | RuntimeException ignored) {
      // The file is being discarded; the failure that caused it is what matters.
    } finally {
      codecs.release();
    }
  }
}
