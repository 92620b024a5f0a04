package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.column.PageCodecs;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.ColumnarRows;
import io.dendrite.parquet.read.internal.engine.LeafDecoding;
import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowBatch;
import io.dendrite.parquet.read.internal.file.AllNullColumns;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import io.dendrite.parquet.read.internal.records.RecordAssemblers;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetInputSplit;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.MessageType;

/**
 * The rows of one Hadoop input split of a Parquet file, read by the columnar engine: the row
 * groups parquet-java assigns to the split (those whose middle byte lies in it, or the row
 * groups a {@code ParquetInputSplit} lists), so the splits of a file read each row once. What
 * {@code DendriteInputFormat}'s record reader runs; usable by any engine that plans its own
 * splits.
 *
 * <p>Configuration keys: {@value DendriteReadSupport#SELECT} (comma-separated paths; absent
 * reads every column), {@value DendriteReadSupport#RECORD} (a Java record class: rows are built
 * as that record, for {@code row.as(Class)}; it selects its paths when {@code SELECT} is
 * absent), {@value DendriteReadSupport#STRICT_CASTS}, and
 * {@value ParquetInputFormat#PAGE_VERIFY_CHECKSUM_ENABLED} (default true here: a damaged page
 * fails instead of decoding to wrong values). parquet-java's record filters are not applied: a
 * configuration that sets one fails rather than return rows the filter would drop. Every
 * failure is a {@link DendriteReadException} naming the file and, where known, the row group
 * and 1-based row of the file.
 */
public final class SplitReader implements Closeable {
  /** Rows decoded at a time. */
  private static final int BATCH_ROWS = 4096;

  private final String file;
  /** The 1-based row number of each row group's first row (all the file's row groups). */
  private final long[] firstRows;
  private final long rows;
  private final ColumnarRows engine;
  private RowBatch batch;
  private int batchRow;
  private long rowsRead;

  private SplitReader(String file, long[] firstRows, long rows, ColumnarRows engine) {
    this.file = file;
    this.firstRows = firstRows;
    this.rows = rows;
    this.engine = engine;
  }

  /**
   * Opens {@code split} (a {@link FileSplit}, or parquet-java's {@code ParquetInputSplit}).
   *
   * @throws DendriteReadException naming the file when it cannot be opened, is not Parquet, or
   *     the selection does not fit its schema
   */
  public static SplitReader open(FileSplit split, Configuration conf) {
    org.apache.hadoop.fs.Path path = split.getPath();
    String name = path.toString();
    ParquetFileReader reader = null;
    try {
      if (FilterCompat.isFilteringRequired(ParquetInputFormat.getFilter(conf))) {
        throw new IllegalArgumentException("a parquet-java record filter is configured ("
            + ParquetInputFormat.FILTER_PREDICATE + " or "
            + ParquetInputFormat.UNBOUND_RECORD_FILTER + "), which this reader does not apply;"
            + " test the rows instead");
      }
      InputFile input = HadoopInputFile.fromPath(path, conf);
      List<BlockMetaData> assigned;
      try (ParquetFileReader f = ParquetFileReader.open(input, HadoopReadOptions
          .builder(conf, path).withMetadataFilter(assignment(split)).build())) {
        assigned = f.getFooter().getBlocks();
      }
      ParquetReadOptions options = HadoopReadOptions.builder(conf, path)
          .usePageChecksumVerification(
              conf.getBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, true))
          .withCodecFactory(new PageCodecs(() -> HadoopCodecs.newFactory(conf, 0)))
          .build();
      reader = ParquetFileReader.open(input, options);
      List<BlockMetaData> all = reader.getFooter().getBlocks();
      List<Integer> groups = indexes(all, assigned);
      long[] firstRows = new long[all.size()];
      for (int g = 0; g < all.size(); g++) {
        firstRows[g] = g == 0 ? 1 : firstRows[g - 1] + all.get(g - 1).getRowCount();
      }
      long rows = assigned.stream().mapToLong(BlockMetaData::getRowCount).sum();
      Class<?> recordType = recordType(conf);
      List<Selection> selection = recordType != null && conf.get(DendriteReadSupport.SELECT)
          == null ? Selection.parse(RecordMapping.paths(recordType))
          : DendriteReadSupport.configuredSelection(conf.get(DendriteReadSupport.SELECT));
      boolean strict = conf.getBoolean(DendriteReadSupport.STRICT_CASTS, false);
      java.util.Set<String> allNull = AllNullColumns.of(assigned);
      MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
      ReadPlan plan = ReadPlan.create(fileSchema, selection, allNull::contains, strict);
      ColumnarPlan compiled = ColumnarPlan.compile(plan);
      // Rows of a record type are built as records by generated code (RecordAssemblers).
      RecordAssemblers.Factory records = recordType == null ? null
          : RecordAssemblers.forLayout(recordType, compiled.requested, plan.shape(), false);
      // A task per split already: its column chunks decode on the task's thread.
      return new SplitReader(name, firstRows, rows, new ColumnarRows(name, reader, compiled,
          groups, firstRows, BATCH_ROWS, null, LeafDecoding.serial(compiled.leaves.size()),
          records == null ? null : records.create()));
    } catch (IOException | RuntimeException e) {
      if (reader != null) {
        try {
          reader.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw DendriteReadException.of(name, -1, 0, e);
    }
  }

  /** The configured record type ({@value DendriteReadSupport#RECORD}), or null. */
  private static Class<?> recordType(Configuration conf) {
    String name = conf.get(DendriteReadSupport.RECORD);
    if (name == null || name.isBlank()) {
      return null;
    }
    try {
      return conf.getClassByName(name.trim());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(DendriteReadSupport.RECORD + " names no class on the"
          + " task's classpath: " + name, e);
    }
  }

  /** parquet-java's choice of the split's row groups, as {@code ParquetRecordReader} makes it. */
  @SuppressWarnings("deprecation")
  private static ParquetMetadataConverter.MetadataFilter assignment(FileSplit split) {
    if (split instanceof ParquetInputSplit p && p.getRowGroupOffsets() != null) {
      return ParquetMetadataConverter.offsets(p.getRowGroupOffsets());
    }
    return ParquetMetadataConverter.range(split.getStart(), split.getStart() + split.getLength());
  }

  /** The file indexes of {@code assigned}, a subsequence of {@code all} (the same footer). */
  private static List<Integer> indexes(List<BlockMetaData> all, List<BlockMetaData> assigned) {
    List<Integer> out = new ArrayList<>();
    int g = 0;
    for (BlockMetaData b : assigned) {
      while (g < all.size() && !(all.get(g).getStartingPos() == b.getStartingPos()
          && all.get(g).getRowCount() == b.getRowCount())) {
        g++;
      }
      if (g == all.size()) {
        throw new IllegalStateException("the row group at byte " + b.getStartingPos()
            + " of the split is not in the file's footer");
      }
      out.add(g++);
    }
    return out;
  }

  /**
   * The next row, or null after the split's last.
   *
   * @throws DendriteReadException naming the file, row group and row, for invalid data, a page
   *     whose checksum does not match, or any other failure to decode the file
   */
  public DendriteRow read() {
    DendriteRow row = nextEngineRow();
    if (row != null) {
      rowsRead++;
    }
    return row;
  }

  private DendriteRow nextEngineRow() {
    if (batch == null || batchRow >= batch.size()) {
      batch = engine.next();
      batchRow = 0;
      if (batch == null) {
        return null;
      }
    }
    long row = batch.firstRow() + batchRow;
    try {
      return batch.row(batchRow++);
    } catch (RuntimeException e) { // a typed value the variant type cannot hold
      int group = 0;
      while (group + 1 < firstRows.length && firstRows[group + 1] <= row) {
        group++;
      }
      throw DendriteReadException.of(file, group, row, e);
    }
  }

  /** The share of the split's rows read, from 0 to 1. */
  public float progress() {
    return rows == 0 ? 1f : (float) rowsRead / rows;
  }

  @Override
  public void close() throws IOException {
    engine.close();
  }
}
