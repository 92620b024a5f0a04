package io.dendrite.parquet.read;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.read.internal.column.PageCodecs;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.ColumnarRows;
import io.dendrite.parquet.read.internal.engine.FilteredPageReads;
import io.dendrite.parquet.read.internal.engine.LeafDecoding;
import io.dendrite.parquet.read.internal.engine.ParallelRowGroups;
import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.records.RecordAssemblers;
import io.dendrite.parquet.read.internal.engine.RowBatch;
import io.dendrite.parquet.read.internal.engine.RowBatchSize;
import io.dendrite.parquet.read.internal.engine.RowBatches;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.read.internal.file.BufferedLocalFile;
import io.dendrite.parquet.read.internal.file.ClassPrefetch;
import io.dendrite.parquet.read.internal.file.PrunedFooter;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import io.dendrite.parquet.schema.RecordSchema;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

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
 * time zone), LocalTime, UUID, {@code Map<String,Object>} (structs: their non-null fields, in
 * schema order, unmodifiable), {@code List} and
 * {@code Map}; VARIANT columns as {@link io.dendrite.parquet.variant.VariantValue}.
 */
public final class DendriteReader implements Closeable, Iterable<DendriteRow> {
  /** Opens the columnar engine over this read's row groups with a batch size (null: none). */
  private interface EngineOpener {
    /**
     * @param records whether rows are read one by one (not as batches): a {@code select(Class)}
     *     read then builds them as records where it can
     */
    ColumnarRows open(int batchRows, boolean records) throws IOException;
  }

  private final String file;
  private final RecordSchema schema;
  private final MessageType requested;
  private final RowShape shape;
  /** Exactly one of these two reads the rows. */
  private final EngineOpener engine;
  /** Rows per batch when the engine's rows are read one by one ({@link RowBatchSize}). */
  private final int rowBatch;
  private final ParallelRowGroups parallel;
  /** The 1-based row number of each row group's first row, to name the row group in errors. */
  private final long[] firstRows;
  private ColumnarRows columnar;
  private boolean engineOpened;
  private RowBatch batch;
  private int batchRow;
  /** The view of the engine's batch given to users: one per read, as the batch is reused. */
  private DendriteBatch view;
  private boolean batchesTaken;
  /** What the filter skips; null without a filter. */
  private final ReadReport report;
  private long rowsRead;

  private DendriteReader(String file, RecordSchema schema,
      MessageType requested, RowShape shape, EngineOpener engine,
      int rowBatch, ParallelRowGroups parallel, long[] firstRows,
      ReadReport report) {
    this.file = file;
    this.schema = schema;
    this.requested = requested;
    this.shape = shape;
    this.engine = engine;
    this.rowBatch = rowBatch;
    this.parallel = parallel;
    this.firstRows = firstRows;
    this.report = report;
  }

  public static Builder builder(java.nio.file.Path path) {
    return new Builder(path, null, null);
  }

  public static Builder builder(org.apache.hadoop.fs.Path path,
      Configuration conf) {
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
  public MessageType requestedSchema() {
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
    if (batchesTaken) {
      throw new IllegalStateException("rows of " + file + " are being read as batches");
    }
    return readRow();
  }

  private DendriteRow readRow() {
    try {
      DendriteRow row = parallel != null ? parallel.next() : nextEngineRow();
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

  private DendriteRow nextEngineRow() throws IOException {
    if (engineRows(rowBatch, true) == null) {
      return null;
    }
    if (batch == null || batchRow >= batch.size()) {
      batch = columnar.next();
      batchRow = 0;
      if (batch == null) {
        return null;
      }
    }
    return batch.row(batchRow++);
  }

  /** The engine's rows, opened on first use; null when the filter leaves no row group. */
  private ColumnarRows engineRows(int batchRows, boolean records) throws IOException {
    if (!engineOpened) {
      engineOpened = true;
      columnar = engine.open(batchRows, records);
    }
    return columnar;
  }

  /**
   * The rest of the rows column-wise, in batches of up to {@code rows} rows: for engines and
   * aggregations, without a Java object per value where the file stores plain columns (see
   * {@link PathVector}). Each batch is valid until the next one is taken. Rows and batches
   * do not mix: call this before any {@link #read()}.
   *
   * <pre>{@code
   * try (DendriteReader r = DendriteReader.builder(path).select("payload.amount").build()) {
   *   long sum = 0;
   *   for (DendriteBatch b : r.batches(4096)) {
   *     PathVector amount = b.vector(0);
   *     long[] longs = amount.longs(); // null unless this file shreds the path as int64
   *     for (int i = 0; i < b.size(); i++) {
   *       if (amount.isTyped(i)) {
   *         sum += longs[i];
   *       } else if (!amount.isNull(i)) {
   *         sum += amount.getLong(i); // the value sits in a residual: cast rules apply
   *       }
   *     }
   *   }
   * }
   * }</pre>
   *
   * @throws DendriteReadException from the iterator, as {@link #read()} does
   */
  public Iterable<DendriteBatch> batches(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("a batch holds at least 1 row, got " + rows);
    }
    if (rowsRead > 0 || batchesTaken) {
      throw new IllegalStateException("batches must be taken before any row is read");
    }
    batchesTaken = true;
    // Not fetched ahead: a batch is refilled in place, so the next one is read only when asked.
    return () -> new Iterator<>() {
      private DendriteBatch next;
      private boolean fetched;
      private boolean done;

      @Override
      public boolean hasNext() {
        if (!fetched && !done) {
          next = nextBatch(rows);
          fetched = true;
          done = next == null;
        }
        return !done;
      }

      @Override
      public DendriteBatch next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        fetched = false;
        return next;
      }
    };
  }

  private DendriteBatch nextBatch(int rows) {
    try {
      // Batches come in order from the engine, parallel or not: under parallelism(n) each row
      // group's column chunks decode on the threads. (Rows of parallel row groups packed back
      // into batches cost a row object per row: TPC-H read slower than on one thread.)
      RowBatch next = engine != null ? (engineRows(rows, false) == null ? null : columnar.next())
          : RowBatches.next(shape, rows, this::readRow);
      if (next == null) {
        return null;
      }
      if (view == null || view.engine() != next) {
        view = new DendriteBatch(next);
      }
      return view;
    } catch (IOException | RuntimeException e) {
      throw DendriteReadException.of(file, -1, rowsRead + 1, e);
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

  /**
   * The position of a selected path (or column) in every row of this read, for
   * {@link DendriteRow}'s and {@link PathVector}'s getters by position.
   *
   * @throws IllegalArgumentException when the path was not selected
   */
  public int indexOf(String path) {
    return shape.indexOf(path);
  }

  /** Rows the engine decoded so far (row groups decoded in parallel are not counted). */
  long rowsDecoded() {
    return columnar == null ? 0 : columnar.rowsDecoded();
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
  public ReadReport readReport() {
    return report;
  }

  @Override
  public void close() throws IOException {
    if (parallel != null) {
      parallel.close();
    } else if (columnar != null) {
      columnar.close();
    }
  }

  /** Options of a {@link DendriteReader}. */
  public static final class Builder {
    private final java.nio.file.Path localPath;
    private final org.apache.hadoop.fs.Path hadoopPath;
    private final Configuration conf;
    /** The paths as given: parsed once, by build(). */
    private List<String> selection;
    /** Or paths parsed by the caller. */
    private List<SelectionPath> parsedSelection;
    /** The record type of {@link #select(Class)}, mapped on decoding threads when parallel. */
    private Class<?> recordType;
    private boolean strictCasts;
    private int parallelism = 1;
    private boolean pageSkipping = true;
    private long parallelColumnBytes = LeafDecoding.PARALLEL_BYTES;
    private Filter filter;
    /** The byte range of {@link #split}; length -1: the whole file. */
    private long splitStart;
    private long splitLength = -1;

    private Builder(java.nio.file.Path localPath, org.apache.hadoop.fs.Path hadoopPath,
        Configuration conf) {
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
      this.parsedSelection = null;
      this.recordType = null;
      return this;
    }

    /** As {@link #select(String...)}, with paths parsed already (rows name them by their text). */
    public Builder select(SelectionPath... paths) {
      if (paths.length == 0) {
        throw new IllegalArgumentException("select at least one path");
      }
      this.parsedSelection = List.of(paths);
      this.selection = null;
      this.recordType = null;
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
      select(RecordMapping.paths(recordType));
      this.recordType = recordType;
      return this;
    }

    /** Make typed getters throw on a failed cast instead of returning null (default false). */
    public Builder strictCasts(boolean strict) {
      this.strictCasts = strict;
      return this;
    }

    /**
     * Decode on {@code threads} threads (default 1); rows still come in file order. Rows of a
     * file with several row groups decode a row group per thread; rows of a single row group,
     * and {@link DendriteReader#batches batches}, decode each row group's column chunks in
     * parallel instead (the columns split between the threads by their bytes), where a batch
     * holds enough bytes to be worth handing to another thread (1 MiB uncompressed). Worth it
     * for CPU-heavy columns (variants, strings, compressed pages) and reads of many columns.
     * Rows of a {@link #select(Class)} read built as records by generated code take a third
     * way, whatever {@code threads} above 1: each batch decodes on a second thread while the
     * reading thread builds the records of the batch before, so no records are built ahead of
     * the reader (records of row groups decoded ahead stayed alive until read, and copying
     * them in young collections cost more than the second thread saved).
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1, got " + threads);
      }
      this.parallelism = threads;
      return this;
    }

    /**
     * Whether a filtered read asks parquet-java for only the pages its row ranges need
     * ({@code readFilteredRowGroup} with the public {@code RowRanges}, parquet-java 1.18 and
     * later; default true). False, and always on an older parquet-java (Spark 4.1's and 4.2's),
     * reads whole row groups and skips the rows outside the ranges while decoding: the same
     * rows, more bytes read.
     */
    public Builder pageSkipping(boolean on) {
      this.pageSkipping = on;
      return this;
    }

    /**
     * Batches of at least this many bytes (uncompressed, estimated) decode their column chunks
     * on the {@link #parallelism} threads (default 1 MiB): a smaller batch costs more to hand
     * over than a thread saves on it. 0 splits every batch.
     */
    public Builder parallelColumnBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("parallelColumnBytes must not be negative, got "
            + bytes);
      }
      this.parallelColumnBytes = bytes;
      return this;
    }

    /**
     * Returns only rows where {@code expression} is true, e.g.
     * {@code "payload.event.type = 'click' and payload.amount > 10"} (language and semantics:
     * {@link io.dendrite.parquet.filter.Filter}). Row groups and pages that cannot match are
     * not read, as far as this file's metadata proves it ({@link #readReport()}); rows are
     * returned in file order (row groups decoded on {@link #parallelism} threads). The
     * filter's paths need not be selected. On a parquet-java without the public
     * {@code RowRanges} (before 1.18: Spark 4.1's and 4.2's), pages that cannot match are read
     * but not decoded.
     *
     * @throws IllegalArgumentException naming the position of a syntax error
     */
    public Builder where(String expression) {
      return where(Filter.parse(expression));
    }

    /** As {@link #where(String)}, with a filter built in code ({@code Filter.path(..).gt(..)}). */
    public Builder where(Filter filter) {
      this.filter = filter;
      return this;
    }

    /**
     * Reads only the row groups of the byte range {@code [start, start + length)} of the file
     * (a Hadoop or Spark input split): those whose middle byte lies in it, as parquet-java
     * assigns them, so that splits covering the file read each row once. A {@link #where}
     * filter then plans and reports ({@link #readReport()}) the split's row groups only.
     */
    public Builder split(long start, long length) {
      if (start < 0 || length < 0) {
        throw new IllegalArgumentException("a split starts at a byte >= 0 and has a length"
            + " >= 0, got start " + start + ", length " + length);
      }
      this.splitStart = start;
      this.splitLength = length;
      return this;
    }

    /** Opens the file; fails with the file name if it is missing or not Parquet. */
    public DendriteReader build() throws IOException {
      ClassPrefetch.start(); // overlaps a fresh JVM's slowest class initializations with planning
      String name = localPath != null ? localPath.toString() : hadoopPath.toString();
      // A local read needs no Hadoop configuration: making one parses its XML resources.
      Configuration hadoopConf = localPath != null ? null
          : conf == null ? new Configuration() : conf;
      InputFile input = localPath != null ? new BufferedLocalFile(localPath)
          : HadoopInputFile.fromPath(hadoopPath, hadoopConf);
      // A damaged page fails instead of decoding to wrong values (DESIGN.md §6). One options
      // object per file reader: its codec factory caches decompressors, not thread-safe.
      Supplier<ParquetReadOptions> options = () -> (localPath != null
          ? ParquetReadOptions.builder(new PlainParquetConfiguration())
          : HadoopReadOptions.builder(hadoopConf)).usePageChecksumVerification(true)
          .withCodecFactory(new PageCodecs(() -> localPath != null
              ? HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0)
              : HadoopCodecs.newFactory(hadoopConf, 0)))
          .build();
      try {
        return open(name, input, options, plan(input, options));
      } catch (IOException | RuntimeException e) {
        throw DendriteReadException.of(name, -1, 0, e);
      }
    }

    /**
     * What build() learns from the footer: the plan compiled for the engine, the records of
     * {@link #select(Class)} (or null), and the footer kept for the engine.
     */
    private record Planned(RecordSchema schema, ReadPlan plan, ColumnarPlan compiled,
        RecordAssemblers.Factory records, ParquetMetadata metadata,
        ColumnarRows.Filtering filtering, BitSet split) {
      /** Whether row group {@code g} is read at all: in the split, and not skipped. */
      boolean reads(int g) {
        return (split == null || split.get(g))
            && (filtering == null || !filtering.plan().skips(g));
      }

      RowShape shape() {
        return filtering != null ? filtering.shape() : plan.shape();
      }
    }

    /**
     * Reads the footer once, keeping only what the selection (and filter) reads, and plans the
     * read: every path parsed once, here.
     */
    private Planned plan(InputFile input, Supplier<ParquetReadOptions> options)
        throws IOException {
      // The engine converts the footer for the chunks it reads only.
      PrunedFooter pruned = PrunedFooter.read(input);
      if (pruned == null) {
        // A footer PrunedFooter leaves to parquet-java: its error is the one users see.
        try (ParquetFileReader r = ParquetFileReader.open(input, options.get())) {
          throw new IOException("this reader does not read this file's footer (encrypted, or "
              + "a row group without column chunks)");
        }
      }
      MessageType fileSchema = pruned.schema();
      // Decided on whole row groups, before the footer is pruned to the columns read.
      BitSet split = splitLength < 0 ? null
          : pruned.rowGroupsOfSplit(splitStart, splitLength);
      List<Selection> selected = parsedSelection != null ? Selection.of(parsedSelection)
          : selection != null ? Selection.parse(selection) : null;
      List<Selection> reads = filter != null ? withFilterPaths(fileSchema, selected) : selected;
      ReadPlan plan = ReadPlan.create(fileSchema, reads, pruned.allNullColumns()::contains,
          strictCasts);
      // Compiled before the footer is converted for parquet-java (keep), which waits for
      // ParquetMetadata's class initialization in a fresh JVM (ClassPrefetch).
      ColumnarPlan compiled = ColumnarPlan.compile(plan);
      int returned = selected != null ? selected.size() : fileSchema.getFieldCount();
      RowShape shape = filter == null ? plan.shape() : returnedShape(plan.shape(), returned);
      // Rows of select(Class) are built as records by generated code: from the leaves where it
      // covers the layout, else (and in a filtered read) from the path readers' vectors.
      RecordAssemblers.Factory records = recordType == null ? null
          : RecordAssemblers.forLayout(recordType, compiled.requested, shape, filter != null);
      Set<ColumnPath> kept = new HashSet<>();
      plan.requestedSchema().getColumns().forEach(c -> kept.add(ColumnPath.get(c.getPath())));
      if (filter != null) {
        kept.addAll(FilterPlanner.columns(filter, fileSchema));
      }
      ParquetMetadata metadata = pruned.keep(kept, filter != null);
      ColumnarRows.Filtering filtering = null;
      if (filter != null) {
        try (ParquetFileReader planning = reopen(input, metadata, options.get())) {
          filtering = filtering(planning, plan, reads, shape, split);
        }
      }
      return new Planned(RecordSchema.fromParquet(fileSchema), plan, compiled, records,
          metadata, filtering, split);
    }

    /**
     * The reader over the planned read: the engine's batches, serially (column chunks decode on
     * the threads), or row groups decoded in parallel, each on one thread.
     */
    private DendriteReader open(String name, InputFile input,
        Supplier<ParquetReadOptions> options, Planned planned) {
      List<BlockMetaData> rowGroups = planned.metadata().getBlocks();
      long[] counts = rowGroups.stream().mapToLong(BlockMetaData::getRowCount).toArray();
      long[] firstRows = new long[counts.length];
      for (int g = 0; g < counts.length; g++) {
        firstRows[g] = g == 0 ? 1 : firstRows[g - 1] + counts[g - 1];
      }
      ColumnarRows.Filtering filtering = planned.filtering();
      // The row groups of the split the filter may find rows in: with none, the file is not
      // opened again.
      List<Integer> kept = IntStream.range(0, counts.length).boxed()
          .filter(planned::reads).toList();
      ColumnarPlan compiled = planned.compiled();
      int rowBatch = RowBatchSize.of(rowGroups, planned.plan().requestedSchema());
      int leafCount = compiled.leaves.size();
      ParquetMetadata metadata = planned.metadata();
      RecordAssemblers.Factory records = planned.records();
      // Records of select(Class) under parallelism: each batch's successor decodes on a second
      // thread while the batch's records are built (ColumnarRows#decodeAhead), in place of
      // row groups decoded whole ahead, whose records stayed alive until read (see
      // ParallelRowGroups): no record is built before it is wanted.
      boolean recordsAhead = parallelism > 1 && records != null;
      EngineOpener engine = (batchRows, asRecords) -> {
        if (kept.isEmpty()) {
          return null;
        }
        boolean ahead = recordsAhead && asRecords;
        ColumnarRows rows = new ColumnarRows(name, reopen(input, metadata, options.get()),
            compiled, kept, firstRows, batchRows, filtering, ahead ? LeafDecoding.serial(leafCount)
                : new LeafDecoding(parallelism, leafCount, parallelColumnBytes),
            asRecords && records != null ? records.create() : null);
        return ahead ? rows.decodeAhead() : rows;
      };
      boolean parallel = parallelism > 1 && rowGroups.size() > 1 && !recordsAhead;
      ParallelRowGroups rows = !parallel ? null : new ParallelRowGroups((rowGroup, into) -> {
        if (!planned.reads(rowGroup)) {
          return; // not even opened
        }
        try (ColumnarRows one = new ColumnarRows(name, reopen(input, metadata, options.get()),
            compiled, List.of(rowGroup), firstRows, rowBatch, filtering,
            LeafDecoding.serial(leafCount), null)) {
          for (RowBatch b = one.next(); b != null; b = one.next()) {
            for (int r = 0; r < b.size(); r++) {
              into.add(b.row(r));
            }
          }
        }
      }, counts, Math.min(parallelism, rowGroups.size()), premap(planned.shape()));
      return new DendriteReader(name, planned.schema(), planned.plan().requestedSchema(),
          planned.shape(), engine, rowBatch, rows, firstRows,
          filtering != null ? filtering.plan().report() : null);
    }

    /**
     * The mapping of {@link #select(Class)}'s record for decoding threads where no generated
     * assembler builds it (the interpreted path), or null.
     */
    private RecordMapping<?> premap(RowShape shape) {
      return recordType == null ? null : shape.mapping(recordType);
    }

    /** A reader of the file given the footer build() read, so that it is not read again. */
    private static ParquetFileReader reopen(InputFile input,
        ParquetMetadata footer, ParquetReadOptions options)
        throws IOException {
      SeekableInputStream in = input.newStream();
      try {
        return ParquetFileReader.open(input, footer, options, in);
      } catch (IOException | RuntimeException e) {
        in.close();
        throw e;
      }
    }

    /**
     * The selection (every column when none) followed by the filter's paths that are not
     * selected: those are read only to test rows and left out of the rows returned.
     */
    private List<Selection> withFilterPaths(MessageType fileSchema, List<Selection> selected) {
      List<Selection> reads = new ArrayList<>();
      if (selected != null) {
        reads.addAll(selected);
      } else {
        fileSchema.getFields().forEach(t -> reads.add(
            new Selection(t.getName(), SelectionPath.column(t.getName()))));
      }
      List<SelectionPath> paths = reads.stream().map(Selection::path).toList();
      for (SelectionPath p : filter.paths()) {
        if (!paths.contains(p)) {
          reads.add(new Selection(p.text(), p));
        }
      }
      return reads;
    }

    /** The rows a filtered read returns: the plan's first {@code returned} selections. */
    private RowShape returnedShape(RowShape all, int returned) {
      return new RowShape(all.names.subList(0, returned),
          Arrays.copyOf(all.leafTypes, returned), Arrays.copyOf(all.variant, returned),
          strictCasts);
    }

    /**
     * The filter of a read of {@code reads} ({@link #withFilterPaths}): which rows of this file
     * may match (from its metadata), each filter path's place in the plan, and the rows
     * returned (the plan's first selections).
     */
    private ColumnarRows.Filtering filtering(ParquetFileReader footer, ReadPlan plan,
        List<Selection> reads, RowShape shape, BitSet split) throws IOException {
      List<SelectionPath> paths = reads.stream().map(Selection::path).toList();
      int[] slots = filter.paths().stream().mapToInt(paths::indexOf).toArray();
      return new ColumnarRows.Filtering(
          FilterPlanner.plan(footer, filter, plan.requestedSchema(), split),
          filter.evaluator(), slots, shape, pageSkipping && FilteredPageReads.AVAILABLE);
    }
  }
}
