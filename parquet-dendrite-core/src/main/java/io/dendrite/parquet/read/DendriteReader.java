package io.dendrite.parquet.read;

import io.dendrite.parquet.schema.RecordSchema;
import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/**
 * Reads rows from one Parquet file, reassembling VARIANT columns from any valid layout
 * (unshredded, shredded, partially shredded, arrays, nested shredding) written by any engine.
 *
 * <pre>{@code
 * try (DendriteReader r = DendriteReader.builder(Path.of("events.parquet")).build()) {
 *   for (DendriteRow row : r) {
 *     System.out.println(row.get("id") + " " + row.getJson("payload"));
 *   }
 * }
 * }</pre>
 *
 * <p>Ordinary columns come back as Boolean, Integer, Long, Float, Double, String, byte[],
 * BigDecimal, LocalDate, Instant (UTC-adjusted timestamps), LocalDateTime (timestamps without
 * time zone), LocalTime, UUID, {@code Map<String,Object>} (structs), {@code List} and
 * {@code Map}; VARIANT columns as {@link io.dendrite.parquet.variant.VariantValue}.
 */
public final class DendriteReader implements Closeable, Iterable<DendriteRow> {
  private final String file;
  private final RecordSchema schema;
  private final org.apache.parquet.schema.MessageType requested;
  private final ParquetReader<DendriteRow> reader;
  private final ParallelRowGroups parallel;
  /** The 1-based row number of each row group's first row, to name the row group in errors. */
  private final long[] firstRows;
  private final FilteredRows filtered;
  private long rowsRead;

  private DendriteReader(String file, RecordSchema schema,
      org.apache.parquet.schema.MessageType requested, ParquetReader<DendriteRow> reader,
      ParallelRowGroups parallel, long[] firstRows) {
    this.file = file;
    this.schema = schema;
    this.requested = requested;
    this.reader = reader;
    this.parallel = parallel;
    this.firstRows = firstRows;
    this.filtered = null;
  }

  private DendriteReader(String file, RecordSchema schema, FilteredRows filtered) {
    this.file = file;
    this.schema = schema;
    this.requested = filtered.requestedSchema();
    this.reader = null;
    this.parallel = null;
    this.firstRows = new long[0];
    this.filtered = filtered;
  }

  public static Builder builder(java.nio.file.Path path) {
    return new Builder(path, null, null);
  }

  public static Builder builder(org.apache.hadoop.fs.Path path,
      org.apache.hadoop.conf.Configuration conf) {
    return new Builder(null, path, conf);
  }

  /** The file's schema as a record schema. */
  public RecordSchema schema() {
    return schema;
  }

  /**
   * The Parquet columns this read requests from the file: with a selection, only what the
   * selected paths need in this file's layout.
   */
  public org.apache.parquet.schema.MessageType requestedSchema() {
    return requested;
  }

  /**
   * The next row, or null at the end of the file.
   *
   * @throws DendriteReadException naming the file, row group, row and (where known) column
   *     path, for invalid data (a variant binary or layout the spec forbids), a page whose
   *     checksum does not match, or any other failure to decode the file
   */
  public DendriteRow read() {
    try {
      DendriteRow row = filtered != null ? filtered.next()
          : parallel != null ? parallel.next() : reader.read();
      if (row != null) {
        rowsRead++;
      }
      return row;
    } catch (ParallelRowGroups.RowGroupFailure e) {
      throw DendriteReadException.of(file, e.rowGroup, e.row, e.getCause());
    } catch (IOException | RuntimeException e) {
      long row = rowsRead + 1;
      throw DendriteReadException.of(file, rowGroupOf(row), row, e);
    }
  }

  /** The row group holding the 1-based {@code row}. */
  private int rowGroupOf(long row) {
    int g = 0;
    while (g + 1 < firstRows.length && firstRows[g + 1] <= row) {
      g++;
    }
    return g;
  }

  /** Rows returned so far. */
  public long rowsRead() {
    return rowsRead;
  }

  @Override
  public Iterator<DendriteRow> iterator() {
    return new Iterator<>() {
      private DendriteRow next = read();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public DendriteRow next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        DendriteRow r = next;
        next = read();
        return r;
      }
    };
  }

  /** The remaining rows as a sequential stream; closing the stream does not close the reader. */
  public Stream<DendriteRow> stream() {
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false);
  }

  /**
   * What the filter given to {@link Builder#where} skips in this file (row groups, pages, rows,
   * bytes), decided before the first row is read; null when the read has no filter.
   */
  public io.dendrite.parquet.filter.ReadReport readReport() {
    return filtered == null ? null : filtered.report();
  }

  @Override
  public void close() throws IOException {
    if (filtered != null) {
      filtered.close();
    } else if (parallel != null) {
      parallel.close();
    } else {
      reader.close();
    }
  }

  /** Options of a {@link DendriteReader}. */
  public static final class Builder {
    private final java.nio.file.Path localPath;
    private final org.apache.hadoop.fs.Path hadoopPath;
    private final org.apache.hadoop.conf.Configuration conf;
    private List<String> selection;
    private boolean strictCasts;
    private int parallelism = 1;
    private io.dendrite.parquet.filter.Filter filter;

    private Builder(java.nio.file.Path localPath, org.apache.hadoop.fs.Path hadoopPath,
        org.apache.hadoop.conf.Configuration conf) {
      this.localPath = localPath;
      this.hadoopPath = hadoopPath;
      this.conf = conf;
    }

    /**
     * Reads only these paths: top-level columns, struct fields ({@code addr.city}), paths into
     * VARIANT columns ({@code payload.user.name}, {@code payload.tags[0]}). Only the Parquet
     * columns the paths need in this file are read. Rows then hold the paths in this order,
     * named as given. Without a selection every column is read whole.
     */
    public Builder select(String... paths) {
      return select(List.of(paths));
    }

    public Builder select(List<String> paths) {
      if (paths.isEmpty()) {
        throw new IllegalArgumentException("select at least one path");
      }
      this.selection = List.copyOf(paths);
      return this;
    }

    /**
     * Selects the paths a Java record declares, dendrite/carpet style: a projection is a
     * smaller record. Each component is a column or field; a component of record type selects
     * inside that struct or variant object. Read rows with {@link DendriteRow#as(Class)}.
     *
     * <pre>{@code
     * record Nested(String varcategory) {}
     * record Row(long id, String category, Nested nested) {}
     * try (DendriteReader r = DendriteReader.builder(path).select(Row.class).build()) {
     *   r.stream().map(row -> row.as(Row.class)).forEach(System.out::println);
     * }
     * }</pre>
     */
    public Builder select(Class<?> recordType) {
      return select(RecordMapping.paths(recordType));
    }

    /** Make typed getters throw on a failed cast instead of returning null (default false). */
    public Builder strictCasts(boolean strict) {
      this.strictCasts = strict;
      return this;
    }

    /**
     * Decode row groups on {@code threads} threads (default 1); rows still come in file order.
     * Worth it for files with several row groups and CPU-heavy columns (variants, strings).
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1, got " + threads);
      }
      this.parallelism = threads;
      return this;
    }

    /**
     * Returns only rows where {@code expression} is true, e.g.
     * {@code "payload.event.type = 'click' and payload.amount > 10"} (language and semantics:
     * {@link io.dendrite.parquet.filter.Filter}). Row groups and pages that cannot match are
     * not read, as far as this file's metadata proves it ({@link #readReport()}); rows are
     * returned in file order and row groups are read on one thread. The filter's paths need
     * not be selected.
     *
     * @throws IllegalArgumentException naming the position of a syntax error
     */
    public Builder where(String expression) {
      return where(io.dendrite.parquet.filter.Filter.parse(expression));
    }

    /** As {@link #where(String)}, with a filter built in code ({@code Filter.path(..).gt(..)}). */
    public Builder where(io.dendrite.parquet.filter.Filter filter) {
      this.filter = filter;
      return this;
    }

    /** Opens the file; fails with the file name if it is missing or not Parquet. */
    public DendriteReader build() throws IOException {
      String name = localPath != null ? localPath.toString() : hadoopPath.toString();
      InputFile input = localPath != null ? new LocalInputFile(localPath)
          : HadoopInputFile.fromPath(hadoopPath,
              conf == null ? new org.apache.hadoop.conf.Configuration() : conf);
      RecordSchema schema;
      org.apache.parquet.schema.MessageType requested;
      List<org.apache.parquet.hadoop.metadata.BlockMetaData> rowGroups;
      try (ParquetFileReader footer = ParquetFileReader.open(input)) {
        rowGroups = footer.getFooter().getBlocks();
        org.apache.parquet.schema.MessageType fileSchema =
            footer.getFooter().getFileMetaData().getSchema();
        schema = RecordSchema.fromParquet(fileSchema);
        // Planned here too so a bad selection fails now, naming the file.
        requested = ReadPlan.create(fileSchema, selection,
            AllNullColumns.of(rowGroups)::contains).requestedSchema();
      } catch (IOException | RuntimeException e) {
        throw DendriteReadException.of(name, -1, 0, e);
      }
      if (filter != null) {
        return new DendriteReader(name, schema, FilteredRows.open(name, input,
            localPath != null ? null : conf, selection, filter, strictCasts));
      }
      long[] counts = rowGroups.stream().mapToLong(b -> b.getRowCount()).toArray();
      long[] firstRows = new long[counts.length];
      for (int g = 0; g < counts.length; g++) {
        firstRows[g] = g == 0 ? 1 : firstRows[g - 1] + counts[g - 1];
      }
      try {
        if (parallelism > 1 && rowGroups.size() > 1) {
          ParallelRowGroups parallel = new ParallelRowGroups(rowGroup -> {
            org.apache.parquet.hadoop.metadata.BlockMetaData block = rowGroups.get(rowGroup);
            return parquetReader(input, AllNullColumns.of(List.of(block)))
                .withFileRange(block.getStartingPos(),
                    block.getStartingPos() + block.getCompressedSize()).build();
          }, counts, Math.min(parallelism, rowGroups.size()));
          return new DendriteReader(name, schema, requested, null, parallel, firstRows);
        }
        return new DendriteReader(name, schema, requested,
            parquetReader(input, AllNullColumns.of(rowGroups)).build(), null, firstRows);
      } catch (RuntimeException e) {
        throw DendriteReadException.of(name, -1, 0, e);
      }
    }

    private ParquetReader.Builder<DendriteRow> parquetReader(InputFile input,
        java.util.Set<String> allNullColumns) {
      ReadSupport<DendriteRow> support =
          new DendriteReadSupport(selection, strictCasts, allNullColumns);
      ParquetReader.Builder<DendriteRow> b = localPath != null ? new Local(input, support)
          : new Local(input, support).withConf(
              conf == null ? new org.apache.hadoop.conf.Configuration() : conf);
      // After withConf, which resets the options: a damaged page fails instead of decoding
      // to wrong values (DESIGN.md §6).
      return b.usePageChecksumVerification(true);
    }
  }

  private static final class Local extends ParquetReader.Builder<DendriteRow> {
    private final ReadSupport<DendriteRow> support;

    Local(InputFile file, ReadSupport<DendriteRow> support) {
      super(file, new PlainParquetConfiguration());
      this.support = support;
    }

    @Override
    protected ReadSupport<DendriteRow> getReadSupport() {
      return support;
    }
  }
}
