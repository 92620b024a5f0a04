package io.dendrite.parquet.write;

import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.write.internal.column.StripedRows;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import org.apache.parquet.schema.MessageType;

/**
 * Writes records with VARIANT columns to one Parquet file, shredding variants as configured.
 *
 * <pre>{@code
 * try (DendriteWriter w = DendriteWriter.builder(Path.of("events.parquet"))
 *     .schema("id int64 not null, payload variant")
 *     .build()) {
 *   w.write(Map.of("id", 1L, "payload", Map.of("user", "ada", "score", 42)));
 *   w.writeJson("{\"id\": 2, \"payload\": {\"user\": \"bob\", \"score\": 7}}");
 * }
 * }</pre>
 *
 * <p>Records come as Java records ({@link #write(Record)}, the schema derived from their class),
 * maps ({@link #write(Map)}), JSON objects ({@link #writeJson},
 * {@link #writeJsonLines}) or whole JSON documents stored in one VARIANT column
 * ({@link Builder#jsonDocumentColumn}). Shredding is inferred from the first rows by default
 * ({@link InferenceOptions#DEFAULTS}); it can instead be given, pinned from an existing file, or
 * switched off. Settings are fixed when {@link Builder#build()} creates the writer.
 *
 * <p>Failure: the file appears at its final path only when {@link #close()} succeeds. An invalid
 * record ({@link InvalidRecordException}) is skipped when {@link Builder#skipInvalid(boolean)} is
 * set; otherwise it, like any other exception from a write (an I/O error, a failed encoding),
 * aborts the writer: the exception is thrown, the temporary file is deleted, later writes throw
 * {@link IllegalStateException}, and {@link #close()} publishes nothing and throws nothing, so
 * try-with-resources leaves no file behind. Without {@link Builder#overwrite(boolean)}, a file
 * that appears at the final path while writing is never replaced: {@code close()} fails with
 * {@link java.nio.file.FileAlreadyExistsException}. The temporary files of writers still open
 * when the JVM is shut down (SIGTERM, Ctrl-C) are deleted by a shutdown hook.
 *
 * <p>Nesting: a variant value may nest at most {@link VariantBinary#MAX_NESTING_DEPTH} arrays and
 * objects, whatever the input (map, list, Jackson node, JSON text, encoded variant); a deeper
 * record is an {@link InvalidRecordException} naming the file, row (for JSON lines, the line) and
 * field. Whatever is written within the limit reads back, whole and by path.
 * Instances are not thread-safe.
 *
 * <p>Internal, not API, and subject to change: the system property
 * {@code dendrite.write.engine} chooses who encodes the columns. {@code dendrite} (the default)
 * is this library's own column writing; {@code parquet-java} is parquet-java's record consumer
 * and column writers. Both write the same values and choose among the same
 * encodings for each page version; page and row group boundaries, and where a dictionary is
 * given up, may differ. It is read when a file is created.
 */
public final class DendriteWriter implements Closeable {
  private static final int MAX_REASONS = 20;
  /** parquet-java's default page row count limit. */
  private static final int DEFAULT_PAGE_ROWS = 20_000;

  private enum State { OPEN, CLOSED, FAILED }

  private final OutputTarget target;
  private final RecordSchema schema;
  private final WriterOptions options;
  private final RecordCoercer coercer;
  private final JsonRecordParser json;
  private final List<VariantColumn> variantColumns;
  private final InProgressFile file;

  /** The record rows of the last record class written ({@link #write(Record)}). */
  private RecordRows recordRows;
  /** The rows held while inferring shredding; null once the file is created. */
  private InferenceBuffer sample;
  private RowSink writer;
  private State state = State.OPEN;
  private long rowsSeen;
  /** Rows the JSON parsing threads shredded straight from JSON, summed as each run ends. */
  private long rowsShreddedFromJson;
  /** Records written by a generated writer ({@link DirectRecords}). */
  private long recordsGenerated;
  private long rowsWritten;
  private long rowsSkipped;
  private final List<String> skippedReasons = new ArrayList<>();

  private DendriteWriter(WriterOptions options, OutputTarget target, RecordSchema schema,
      ShreddingSchema given, String givenOrigin) throws IOException {
    this.target = target;
    this.schema = schema;
    this.options = options;
    this.coercer = new RecordCoercer(schema);
    this.json = JsonRecordParser.of(coercer, options.documentColumn(), options.shredDirect());
    this.variantColumns = VariantColumn.of(schema, options.infer(), given, givenOrigin);
    this.file = new InProgressFile(target);
    target.checkWritable(options.overwrite());
    if (options.infer() != null && !variantColumns.isEmpty()) {
      sample = new InferenceBuffer(options.infer(), variantColumns);
    } else {
      try {
        open();
      } catch (RuntimeException | Error e) {
        abandon();
        throw e;
      }
    }
  }

  /**
   * This library's version (the build's), as the files it writes name it in their
   * {@code created_by} ("parquet-dendrite version <version>"); "dev" in a build that left its
   * resources unfiltered.
   */
  public static String version() {
    return FooterKeys.VERSION;
  }

  /** Starts a writer for a local file; no Hadoop file system is involved. */
  public static Builder builder(java.nio.file.Path path) {
    return new Builder(path, null, null);
  }

  /** Starts a writer for a file on a Hadoop file system (hdfs://, s3a://, file://). */
  public static Builder builder(org.apache.hadoop.fs.Path path,
      org.apache.hadoop.conf.Configuration conf) {
    return new Builder(null, path, conf);
  }

  /**
   * Reads UTF-8 JSON lines by the rules of {@link #writeJsonLines(InputStream)} without writing
   * them, to look at the input before a writer is built (the CLI chooses column types from a
   * sample). Lines end at {@code \n}, {@code \r\n} or {@code \r}; a UTF-8 byte-order mark at the
   * very start is skipped; blank lines are skipped but counted. Each other line goes to
   * {@link LineVisitor#line} with its number, a line that is not well-formed UTF-8 to
   * {@link LineVisitor#invalid}, until the input ends or the visitor returns false. Lines are
   * not parsed. The stream is read in large blocks, possibly past the last line visited, and
   * not closed.
   *
   * <pre>{@code
   * List<String> first = new ArrayList<>();
   * DendriteWriter.readJsonLines(in, (line, number) -> first.add(line) && first.size() < 10);
   * }</pre>
   *
   * @return the number of lines read, blank and invalid ones included
   * @throws InvalidRecordException for a line that is not UTF-8, from the default
   *     {@link LineVisitor#invalid}
   */
  public static long readJsonLines(InputStream utf8, LineVisitor visitor) throws IOException {
    return Utf8LineReader.forEachLine(utf8, visitor);
  }

  /**
   * How a writer chooses each column chunk's value encoding ({@link Builder#encodings}).
   * Either way every encoding written is one the Parquet spec (Encodings.md) allows in data page
   * v1 and v2 alike, and dictionaries, statistics, indexes and bloom filters are written as ever.
   */
  public enum Encodings {
    /**
     * parquet-java's fixed choice (the default): a dictionary where it makes the chunk smaller,
     * else PLAIN in data page v1 and DELTA_BINARY_PACKED / DELTA_BYTE_ARRAY in v2;
     * BYTE_STREAM_SPLIT only for the paths {@link Builder#byteStreamSplit} names.
     */
    DEFAULT,
    /**
     * Chosen per column chunk from its values, by estimated encoded size before compression:
     * INT32/INT64 DELTA_BINARY_PACKED when smaller than PLAIN and the dictionary (sorted or
     * clustered ids, timestamps); BYTE_ARRAY the dictionary when it pays, else the smallest of
     * PLAIN, DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY (values sharing prefixes with the
     * one before). Booleans, FLOAT/DOUBLE and fixed-length byte arrays as {@link #DEFAULT}: not
     * BYTE_STREAM_SPLIT, which Spark 4.1's vectorized reader fails on (ask for it per path
     * with {@link Builder#byteStreamSplit}, which auto keeps, as it keeps
     * {@link Builder#noDictionary}). The choice depends only on the chunk's values, so files
     * are the same bytes for every parallelism. Needs the default write engine (our own column
     * writing); parquet-java's engine ignores it.
     */
    AUTO
  }

  /** What {@link #readJsonLines} hands the lines to. */
  @FunctionalInterface
  public interface LineVisitor {
    /** A non-blank line, without its end, and its number (from 1); returns whether to go on. */
    boolean line(String line, long lineNumber);

    /**
     * A line that is not well-formed UTF-8, consumed: {@link InvalidRecordException#row()} is
     * its number and {@link InvalidRecordException#problem()} names the bad byte. Returns
     * whether to go on; by default throws {@code invalid}.
     */
    default boolean invalid(InvalidRecordException invalid) {
      throw invalid;
    }
  }

  /**
   * Writes one record: column name to value. Ordinary columns take the Java types their
   * {@link io.dendrite.parquet.schema.FieldType} documents; VARIANT columns take any value
   * {@link io.dendrite.parquet.variant.internal.VariantJava#write} accepts (maps, lists, primitives,
   * BigDecimal, java.time values, byte[], UUID, records, Jackson nodes, encoded variants).
   *
   * @throws InvalidRecordException when the record does not fit the schema (unless skipping)
   */
  public void write(Map<String, ?> record) {
    ensureOpen();
    try {
      if (record != null && writtenFromJava(record)) {
        rowsSeen++;
        return;
      }
    } catch (RuntimeException | Error e) {
      abandon();
      throw e;
    }
    writeOne(record, coercer::coerce);
  }

  /**
   * Writes a map whose VARIANT values are shredded straight from the Java values when the
   * file's engine can ({@link RowSink#maps()}); false when it did not, with nothing written.
   */
  private boolean writtenFromJava(Map<String, ?> record) {
    DirectMaps direct = writer == null || !options.shredDirect() ? null : writer.maps();
    if (direct == null || !direct.write(record)) {
      return false;
    }
    endDirectRow();
    return true;
  }

  /**
   * Writes one Java record: its components are the columns of
   * {@link RecordSchema#ofRecord(Class)}, which must be this writer's schema (build it with
   * {@link Builder#schema(Class)}), and {@code DendriteReader.select(Class)} reads it back as an
   * equal record. Records are written by a class generated once per record class and file
   * schema (relocated ASM; a hidden class that unloads with the record class), which reads each
   * component through its accessor and records it straight into its column: no map, row or
   * boxed value per record. The system property {@code dendrite.records.interpret=true} writes
   * them by normalizing each into a row instead, as the first rows of a file whose shredding is
   * inferred are written.
   *
   * <pre>{@code
   * record Order(long id, @NotNull String customer, List<@NotNull Line> lines) {}
   * record Line(String sku, @Decimal(precision = 12, scale = 2) BigDecimal price) {}
   *
   * try (DendriteWriter w = DendriteWriter.builder(Path.of("orders.parquet"))
   *     .schema(Order.class).build()) {
   *   w.write(new Order(1, "ada", List.of(new Line("x-1", new BigDecimal("9.90")))));
   * }
   * }</pre>
   *
   * @throws InvalidRecordException when a component does not fit its column, e.g. a null
   *     {@link RecordSchema.NotNull} component, naming the field, the component and the row
   *     (unless skipping)
   * @throws IllegalArgumentException when the record's class does not have this writer's
   *     schema, or has components of unsupported types
   */
  public void write(Record record) {
    ensureOpen();
    DirectRecords direct =
        writer == null || !options.generatedRecords() ? null : writer.records();
    try {
      RecordRows rows = direct == null || record == null ? null : recordRows(record);
      if (rows == null || !direct.takes(rows.type)) {
        writeOne(record, r -> recordRows(r).row(r, coercer));
        return;
      }
      long row = ++rowsSeen;
      RuntimeException failed = direct.write(record);
      if (failed != null) {
        // Taken back: the interpreted normalization says what is wrong, naming the field.
        try {
          rows.row(record, coercer);
        } catch (InvalidRecordException e) {
          rejected(e, row);
          return;
        }
        throw writeFailed(failed);
      }
      endDirectRow();
      recordsGenerated++;
    } catch (RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  private <T> void writeOne(T record, Function<T, Object[]> normalize) {
    ensureOpen();
    try {
      if (record == null) {
        throw new IllegalArgumentException(target.displayName() + ": record must not be null");
      }
      long row = ++rowsSeen;
      Object[] normalized;
      try {
        normalized = normalize.apply(record);
      } catch (InvalidRecordException e) {
        rejected(e, row);
        return;
      }
      accept(normalized);
    } catch (RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  /** The rows of {@code record}'s class, checked once per class to have this writer's schema. */
  private RecordRows recordRows(Record record) {
    RecordRows rows = recordRows;
    if (rows == null || rows.type != record.getClass()) {
      rows = RecordRows.of(record.getClass());
      if (!rows.schema.equals(schema)) {
        throw new IllegalArgumentException(target.displayName() + ": records of "
            + record.getClass().getName() + " have the schema " + rows.schema
            + ", not this writer's: " + schema);
      }
      recordRows = rows;
    }
    return rows;
  }

  /**
   * Writes one record given as a JSON object (or a whole document, see the builder).
   *
   * @throws InvalidRecordException when the text is not a record that fits the schema (unless
   *     skipping)
   */
  public void writeJson(String line) {
    ensureOpen();
    try {
      writeJsonRow(line, ++rowsSeen);
    } catch (RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  /**
   * Writes every non-blank line of {@code in} as a JSON record; error messages number rows by
   * line. A byte-order mark (U+FEFF) at the start of the first line is skipped. Returns the
   * number of rows written from this reader. An error reading {@code in} aborts the writer like
   * an invalid line does.
   */
  public long writeJsonLines(Reader in) throws IOException {
    ensureOpen();
    try {
      BufferedReader lines = in instanceof BufferedReader ? (BufferedReader) in
          : new BufferedReader(in, 1 << 16);
      long before = rowsAccepted();
      JsonLinePipeline.LineSource source = new TextLines() {
        private long number;
        private String line;

        @Override
        public boolean next() throws IOException {
          line = lines.readLine();
          if (line != null && ++number == 1 && line.startsWith("\uFEFF")) {
            line = line.substring(1);
          }
          return line != null;
        }

        @Override
        public long lineNumber() {
          return number;
        }

        @Override
        public String text() {
          return line;
        }
      };
      writeJsonLines(source);
      return rowsAccepted() - before;
    } catch (IOException | RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  /**
   * Writes every non-blank line of UTF-8 bytes as a JSON record (rules of
   * {@link #readJsonLines}): a leading byte-order mark is skipped, and a line that is not
   * well-formed UTF-8 is an invalid record of that line, skipped with
   * {@link Builder#skipInvalid}. Error messages number rows by line. The stream is not closed.
   * Returns the number of rows written from this stream. An error reading {@code utf8} aborts
   * the writer like an invalid line does.
   */
  public long writeJsonLines(InputStream utf8) throws IOException {
    ensureOpen();
    try {
      Utf8LineReader lines = new Utf8LineReader(utf8);
      long before = rowsAccepted();
      writeJsonLines(new JsonLinePipeline.LineSource() {
        @Override
        public boolean next() throws IOException {
          return lines.nextLine(); // a line that is not UTF-8 throws InvalidRecordException
        }

        @Override
        public long lineNumber() {
          return lines.lineNumber();
        }

        @Override
        public String text() {
          return null; // parsed from its bytes
        }

        @Override
        public byte[] bytes() {
          return lines.buffer();
        }

        @Override
        public int offset() {
          return lines.lineStart();
        }

        @Override
        public int length() {
          return lines.lineLength();
        }
      });
      return rowsAccepted() - before;
    } catch (IOException | RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  /** Every line of {@code source}: on this thread, or parsed on {@code parallelism} threads. */
  private void writeJsonLines(JsonLinePipeline.LineSource source) throws IOException {
    JsonLinePipeline.LineSink sink = new JsonLinePipeline.LineSink() {
      @Override
      public void row(Object[] row, long lineNumber) {
        rowsSeen++;
        accept(row);
      }

      @Override
      public void invalid(InvalidRecordException e, long lineNumber) {
        rowsSeen++;
        rejected(e, lineNumber);
      }

      @Override
      public void striped(StripedRows rows, int count) {
        rowsSeen += count;
        writeStriped(rows, count);
      }

      @Override
      public void stripeFailed(Throwable e, long lineNumber) {
        rowsSeen++;
        if (e instanceof RuntimeException) {
          throw writeFailed((RuntimeException) e);
        }
        throw (Error) e;
      }
    };
    if (options.parallelism() > 1) {
      Queue<JsonRecordParser> parsers = new ConcurrentLinkedQueue<>();
      try {
        new JsonLinePipeline(options.parallelism(), () -> {
          JsonRecordParser p = JsonRecordParser.of(new RecordCoercer(schema),
              options.documentColumn(), options.shredDirect());
          parsers.add(p);
          return p;
        }, () -> writer == null ? null : writer.striping()).run(source, sink);
      } finally {
        for (JsonRecordParser p : parsers) {
          rowsShreddedFromJson += p.directRows();
        }
      }
      return;
    }
    while (true) {
      try {
        if (!source.next()) {
          return;
        }
      } catch (InvalidRecordException e) {
        sink.invalid(e, e.row());
        continue;
      }
      long lineNumber = source.lineNumber();
      if (writtenFromTokens(source.text(), source.bytes(), source.offset(), source.length())) {
        rowsSeen++;
        continue;
      }
      Object[] row;
      try {
        row = JsonLinePipeline.parseUnlessBlank(json, source.text(), source.bytes(),
            source.offset(), source.length());
      } catch (InvalidRecordException e) {
        sink.invalid(e, lineNumber);
        continue;
      }
      if (row != null) {
        sink.row(row, lineNumber);
      }
    }
  }

  /** Lines of text: no bytes. */
  private abstract static class TextLines implements JsonLinePipeline.LineSource {
    @Override
    public byte[] bytes() {
      return null;
    }

    @Override
    public int offset() {
      return 0;
    }

    @Override
    public int length() {
      return 0;
    }
  }

  private void writeJsonRow(String line, long row) {
    if (writtenFromTokens(line, null, 0, 0)) {
      return;
    }
    Object[] normalized;
    try {
      normalized = json.parse(line);
    } catch (InvalidRecordException e) {
      rejected(e, row);
      return;
    }
    accept(normalized);
  }

  private void rejected(InvalidRecordException e, long row) {
    InvalidRecordException located = e.locate(target.displayName(), row);
    if (options.skipInvalid()) {
      rowsSkipped++;
      if (skippedReasons.size() < MAX_REASONS) {
        skippedReasons.add(located.getMessage());
      }
      return;
    }
    fail();
    throw located;
  }

  /** Rows written or held for inference, to count the rows a call accepted. */
  private long rowsAccepted() {
    return rowsWritten + (sample == null ? 0 : sample.size());
  }

  private void accept(Object[] row) {
    if (writer == null) {
      if (sample.add(row)) {
        open();
      }
      return;
    }
    writeRow(row);
  }

  private void writeRow(Object[] row) {
    try {
      writer.write(row);
      rowsWritten++;
    } catch (IOException e) {
      throw writeFailed(e);
    } catch (RuntimeException e) {
      throw writeFailed(e);
    }
  }

  /**
   * Writes the row of a JSON line (its text, or when that is null its UTF-8 bytes {@code b[off,
   * off + len)}) straight from its tokens when the file's engine can ({@link
   * RowSink#jsonRows()}); false when it did not, with nothing written: the caller parses it.
   */
  private boolean writtenFromTokens(String text, byte[] b, int off, int len) {
    JsonDirectRows direct = writer == null ? null : writer.jsonRows();
    if (direct == null) {
      return false;
    }
    if (text != null) {
      // Jackson's parser of UTF-8 bytes reads a line faster than its parser of characters
      // reads a String (which copied the line into chars: a tenth of a warm JSON line's time),
      // and encoding a String of ASCII is one array copy. A lone surrogate becomes '?' either
      // way (String.getBytes here, the variant's UTF-8 there); a line given back is parsed as
      // text, as before.
      b = text.getBytes(StandardCharsets.UTF_8);
      off = 0;
      len = b.length;
    }
    if (!direct.write(json, null, b, off, len)) {
      return false;
    }
    endDirectRow();
    return true;
  }

  /**
   * Ends a row recorded straight into the columns, from its JSON line ({@link RowSink#jsonRows()})
   * or a Java record ({@link RowSink#records()}).
   */
  private void endDirectRow() {
    try {
      writer.endRow();
      rowsWritten++;
    } catch (IOException e) {
      throw writeFailed(e);
    } catch (RuntimeException e) {
      throw writeFailed(e);
    }
  }

  /** Writes rows another thread shredded and striped ({@link RowSink#striping()}). */
  private void writeStriped(StripedRows rows, int count) {
    try {
      writer.write(rows, count);
      rowsWritten += count;
    } catch (IOException e) {
      throw writeFailed(e);
    } catch (RuntimeException e) {
      throw writeFailed(e);
    }
  }

  /** Fails the writer for an I/O error while writing rows, which is returned to throw. */
  private UncheckedIOException writeFailed(IOException e) {
    fail();
    return new UncheckedIOException("cannot write " + target.displayName() + ": "
        + e.getMessage(), e);
  }

  /** Fails the writer for a failure to write the next row, which is returned to throw. */
  private IllegalStateException writeFailed(RuntimeException e) {
    fail();
    return new IllegalStateException("cannot write " + target.displayName() + " at row "
        + (rowsWritten + 1) + ": " + e.getMessage(), e);
  }

  /** Fixes every shredding schema, creates the Parquet file and writes the rows held. */
  private void open() {
    for (VariantColumn c : variantColumns) {
      c.fixShredding();
    }
    RowWriteSupport support = RowWriteSupport.forFile(schema, variantColumns,
        options.widenExactNumerics(), options.variantAnnotation());
    try {
      writer = file.create(support, options);
    } catch (IOException e) {
      fail();
      throw new UncheckedIOException("cannot create " + target.displayName() + ": "
          + e.getMessage(), e);
    }
    if (sample != null) {
      for (Object[] row : sample.rows()) {
        writeRow(row);
      }
      sample = null;
    }
  }

  /**
   * Finishes the file and publishes it at its final path. Without overwriting, a file that
   * appeared there meanwhile is left as it is and this throws
   * {@link java.nio.file.FileAlreadyExistsException}. If it fails, or after a failed write or
   * {@link #abort()} (when it does nothing and throws nothing), no file is left at the final path
   * and the temporary file is deleted. Closing twice is harmless.
   */
  @Override
  public void close() throws IOException {
    if (state != State.OPEN) {
      return;
    }
    try {
      if (writer == null) {
        open();
      }
      file.publish(options.overwrite());
      state = State.CLOSED;
    } catch (IOException | RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  /** Abandons the file: nothing appears at the final path. Safe to call more than once. */
  public void abort() {
    abandon();
  }

  /** Fails the writer unless that already happened (or it closed). */
  private void abandon() {
    if (state == State.OPEN) {
      fail();
    }
  }

  private void fail() {
    state = State.FAILED;
    file.discard();
  }

  private void ensureOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException(target.displayName() + ": writer is "
          + (state == State.CLOSED ? "closed" : "aborted after an earlier failure"));
    }
  }

  /** The record schema being written. */
  public RecordSchema schema() {
    return schema;
  }

  /** The final path of the file, as given. */
  public String path() {
    return target.displayName();
  }

  /**
   * Rows written straight from their JSON lines (issue 31, "one pass into columns"), on the
   * parsing threads or this one, the other rows having been parsed into rows first; for tests.
   */
  long rowsShreddedFromJson() {
    return rowsShreddedFromJson + json.directRows();
  }

  /** Maps whose variants were shredded straight from their Java values; for tests. */
  long mapsShreddedDirectly() {
    DirectMaps direct = writer == null ? null : writer.maps();
    return direct == null ? 0 : direct.rows();
  }

  /** Records written by a generated writer ({@link DirectRecords}), not as rows; for tests. */
  long recordsGenerated() {
    return recordsGenerated;
  }

  /**
   * Where shredded values landed so far (final once closed). Before the shredding schema is
   * fixed (while sampling for inference), columns report no paths. With
   * {@link Builder#encodings encodings(AUTO)}, also the columns whose encoding was chosen
   * otherwise than by default, and why ({@link ShreddingReport#encodings()}).
   */
  public ShreddingReport report() {
    List<ShreddingReport.ColumnReport> columns = new ArrayList<>();
    for (VariantColumn c : variantColumns) {
      columns.add(c.report());
    }
    return new ShreddingReport(rowsWritten, rowsSkipped, skippedReasons, columns,
        writer == null ? Map.of() : writer.encodingChoices());
  }

  /**
   * Options of a {@link DendriteWriter}. Defaults: codec snappy, row groups of 128 MiB, pages of
   * 1 MiB, shredding inferred with {@link InferenceOptions#DEFAULTS}, fail on the first invalid
   * record, refuse to overwrite an existing file. {@link #build()} copies the settings: a builder
   * can be changed and built again without affecting writers built before.
   */
  public static final class Builder {
    private final java.nio.file.Path localPath;
    private final org.apache.hadoop.fs.Path hadoopPath;
    private final org.apache.hadoop.conf.Configuration conf;
    private RecordSchema recordSchema;
    private Codec codec = Codec.SNAPPY;
    private long rowGroupSize = 128L << 20;
    private int pageSize = 1 << 20;
    private int rowGroupRows = Integer.MAX_VALUE;
    private int pageRows = DEFAULT_PAGE_ROWS;
    private List<String> bloomFilterPaths = List.of();
    private ColumnEncodings encodings = ColumnEncodings.DEFAULTS;
    private boolean overwrite;
    private boolean skipInvalid;
    private InferenceOptions infer = InferenceOptions.DEFAULTS;
    private boolean widenExactNumerics;
    private ShreddingSchema given;
    private java.nio.file.Path pinLocal;
    private org.apache.hadoop.fs.Path pinHadoop;
    private String documentColumn;
    private boolean variantAnnotation = true;
    private boolean shredDirect = true;
    private boolean generatedRecords = true;
    private int parallelism = 1;

    private Builder(java.nio.file.Path localPath, org.apache.hadoop.fs.Path hadoopPath,
        org.apache.hadoop.conf.Configuration conf) {
      this.localPath = localPath;
      this.hadoopPath = hadoopPath;
      this.conf = conf;
    }

    /** The record schema; optional only when pinning from a file (its schema is used). */
    public Builder schema(RecordSchema schema) {
      this.recordSchema = schema;
      return this;
    }

    /**
     * The schema of a Java record class ({@link RecordSchema#ofRecord}), whose records
     * {@link DendriteWriter#write(Record)} then takes.
     */
    public Builder schema(Class<? extends Record> recordClass) {
      return schema(RecordSchema.ofRecord(recordClass));
    }

    /** The record schema in its text form, e.g. {@code "id int64 not null, payload variant"}. */
    public Builder schema(String schema) {
      return schema(RecordSchema.parse(schema));
    }

    public Builder codec(Codec codec) {
      this.codec = codec;
      return this;
    }

    /**
     * Target row group size in bytes (default 128 MiB), measured as parquet-java measures it:
     * an estimate of the row group's encoded and compressed size, so row groups come out near
     * it. parquet-java's writer holds about this many bytes of encoded pages per open file.
     * Our own column writing (the default; the internal {@code dendrite.write.engine} property
     * can choose parquet-java's instead) holds a row group's values unencoded until it ends,
     * so it also ends a row group when those buffers, counted with every value's bytes, reach
     * twice this size: its heap per open file is at most 2x this (plus the headroom of arrays
     * grown by doubling), and where data encodes to less than half its unencoded size (levels
     * are buffered as 4-byte ints) its row groups come out smaller than this. A string or
     * binary column whose dictionary stays within the page size holds each distinct value once
     * and a 4-byte id per value, so its heap is usually far below that bound. With
     * {@link #parallelism} above 1 it holds one row group being filled and one being encoded
     * (with that one's encoded chunks until they are written), so up to about twice that again.
     */
    public Builder rowGroupSize(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("row group size must be positive, got " + bytes);
      }
      this.rowGroupSize = bytes;
      return this;
    }

    /**
     * The most rows in a row group (default: no limit; {@link #rowGroupSize} bounds it in
     * bytes). Smaller row groups let a filter skip more finely (see the README on clustering).
     */
    public Builder rowGroupRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("row group rows must be positive, got " + rows);
      }
      this.rowGroupRows = rows;
      return this;
    }

    /**
     * The most rows in a data page (default 20,000); with the page size in bytes, it sets how
     * finely the column index lets a filter skip pages.
     */
    public Builder pageRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("page rows must be positive, got " + rows);
      }
      this.pageRows = rows;
      return this;
    }

    /**
     * Writes a bloom filter for each of these paths: a top-level or struct column, or a path
     * into a VARIANT column ({@code payload.user.id}) for its shredded {@code typed_value}.
     * Filters on {@code path = literal} then skip row groups the value is not in. A variant
     * path that the file does not shred as a primitive (for example when inferred shredding
     * leaves it in the residual) gets no bloom filter.
     *
     * @throws IllegalArgumentException for a path that does not parse
     */
    public Builder bloomFilter(String... paths) {
      this.bloomFilterPaths = parsed(paths);
      return this;
    }

    /**
     * The data page version (default 1). Version 1 pages fall back from a dictionary to PLAIN,
     * and every Parquet reader reads them. Version 2 pages fall back to parquet-java's v2
     * encodings (DELTA_BINARY_PACKED for integers, DELTA_BYTE_ARRAY for strings and binaries),
     * which make sorted or clustered columns far smaller; Spark 3.3+, DuckDB, pyarrow,
     * parquet-java and this library read them, older readers may not.
     *
     * @throws IllegalArgumentException unless {@code version} is 1 or 2
     */
    public Builder pageVersion(int version) {
      if (version != 1 && version != 2) {
        throw new IllegalArgumentException("page version must be 1 or 2, got " + version);
      }
      encodings = encodings.withPageVersion(version);
      return this;
    }

    /**
     * Writes these paths without a dictionary (by default every column tries one): for columns
     * whose values rarely repeat, such as ids and timestamps, a dictionary is written and then
     * abandoned. Paths as for {@link #bloomFilter}: a column, or a VARIANT path the file shreds
     * as a primitive (its {@code typed_value}); other paths are left as they are.
     *
     * @throws IllegalArgumentException for a path that does not parse
     */
    public Builder noDictionary(String... paths) {
      encodings = encodings.withNoDictionary(parsed(paths));
      return this;
    }

    /**
     * Writes these paths with BYTE_STREAM_SPLIT, without a dictionary: the bytes of each value
     * are spread over streams, so a codec compresses FLOAT and DOUBLE columns (also INT32,
     * INT64 and fixed-length binaries) better than PLAIN. Paths as for {@link #noDictionary}.
     *
     * @throws IllegalArgumentException for a path that does not parse
     */
    public Builder byteStreamSplit(String... paths) {
      encodings = encodings.withByteStreamSplit(parsed(paths));
      return this;
    }

    /**
     * Compresses these paths with {@code codec} instead of the file's codec ({@link #codec}):
     * say LZ4_RAW, faster to decompress, for the columns a workload reads most, and ZSTD,
     * smaller, for the rest. Paths as for {@link #noDictionary}; a later call for a path wins.
     *
     * @throws IllegalArgumentException for a path that does not parse
     */
    public Builder codec(Codec codec, String... paths) {
      encodings = encodings.withCodec(java.util.Objects.requireNonNull(codec, "codec"),
          parsed(paths));
      return this;
    }

    /**
     * How each column chunk's value encoding is chosen (default {@link Encodings#DEFAULT},
     * parquet-java's fixed choice, which every reader of the page version reads and whose
     * files the differential tests compare with parquet-java's). {@link Encodings#AUTO}
     * chooses per chunk from its values: DELTA_BINARY_PACKED for sorted or clustered integers,
     * DELTA_LENGTH_BYTE_ARRAY or DELTA_BYTE_ARRAY for
     * strings without a useful dictionary, also in data page v1 (the spec ties no value
     * encoding to a page version; Spark 4.1, DuckDB, pyarrow and parquet-java read them). The
     * {@link DendriteWriter#report() report} lists the columns whose choice differs from the
     * default, with the estimate behind it.
     */
    public Builder encodings(Encodings choice) {
      encodings = encodings.withChoice(java.util.Objects.requireNonNull(choice, "encodings"));
      return this;
    }

    private static List<String> parsed(String... paths) {
      for (String p : paths) {
        io.dendrite.parquet.path.SelectionPath.parse(p);
      }
      return List.of(paths);
    }

    /** Target page size in bytes (default 1 MiB). */
    public Builder pageSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("page size must be positive, got " + bytes);
      }
      this.pageSize = bytes;
      return this;
    }

    /**
     * Replace an existing file at the path, atomically where the file system can (default:
     * refuse, also when a file appears at the path while the writer is open).
     */
    public Builder overwrite(boolean overwrite) {
      this.overwrite = overwrite;
      return this;
    }

    /**
     * Lenient mode: drop invalid records, keep the rest, and list the first reasons in the
     * report. By default the first invalid record fails the file and nothing is produced.
     */
    public Builder skipInvalid(boolean skip) {
      this.skipInvalid = skip;
      return this;
    }

    /**
     * Spark-style numeric widening (default false). By default a value goes to a
     * {@code typed_value} only if it reads back as the same value with the same JSON text, and
     * inference picks types for that (integers and decimals apart, decimals by scale). With
     * true, a decimal {@code typed_value} also takes integers and decimals of other scales whose
     * value it holds exactly, and inference unifies integers and decimals into one decimal as
     * Spark does: more values are typed, but {@code 5} reads back as {@code 5.00}. Also on when
     * the {@link InferenceOptions} given have {@code widenExactNumerics}.
     */
    public Builder widenExactNumerics(boolean widen) {
      this.widenExactNumerics = widen;
      return this;
    }

    /** Store every VARIANT column unshredded ({@code metadata} + {@code value} only). */
    public Builder unshredded() {
      this.infer = null;
      this.given = null;
      clearPin();
      return this;
    }

    /** Infer each VARIANT column's shredding from the first rows (the default). */
    public Builder inferShredding(InferenceOptions options) {
      this.infer = options;
      this.given = null;
      clearPin();
      return this;
    }

    /** Shred as given; VARIANT columns the schema does not name are written unshredded. */
    public Builder shredding(ShreddingSchema shredding) {
      this.given = shredding;
      this.infer = null;
      clearPin();
      return this;
    }

    /** Shred as given in the text form of {@link ShreddingSchema#parse}. */
    public Builder shredding(String shredding) {
      return shredding(ShreddingSchema.parse(shredding));
    }

    /**
     * Use the shredding of an existing Parquet file, so consecutive files of a table keep one
     * layout. When no record schema is set, the file's schema is used too.
     */
    public Builder pinShredding(java.nio.file.Path existingFile) {
      clearPin();
      this.pinLocal = existingFile;
      this.infer = null;
      this.given = null;
      return this;
    }

    /** As {@link #pinShredding(java.nio.file.Path)}, for a file on a Hadoop file system. */
    public Builder pinShredding(org.apache.hadoop.fs.Path existingFile) {
      clearPin();
      this.pinHadoop = existingFile;
      this.infer = null;
      this.given = null;
      return this;
    }

    /** Store each JSON line given to {@link #writeJson} whole in this top-level VARIANT column. */
    public Builder jsonDocumentColumn(String column) {
      this.documentColumn = column;
      return this;
    }

    /**
     * Whether VARIANT columns carry the VARIANT logical-type annotation (default true, as
     * LogicalTypes.md requires). With false they are plain groups of the same {@code metadata},
     * {@code value} and {@code typed_value} fields (as Spark 4.1 writes with
     * {@code spark.sql.parquet.variant.annotateLogicalType.enabled=false}), for readers that
     * fail on the annotation: parquet-java before 1.16, which added it, fails to open the file
     * even when the VARIANT column is not read (parquet-java issue 3633, with 1.15.x); the same
     * is reported for Polars (pola-rs/polars issue 28627). parquet-java 1.16.0 and 1.18.1 read
     * both forms. Other readers that know variants see a struct (Spark 4.1 unless its read
     * schema says variant, DuckDB 2.0). This library recognises the plain groups by their fields
     * and reads them as variants everywhere, and pins shredding from them. Shredding and the
     * {@link DendriteWriter#report() report} do not change.
     */
    public Builder variantAnnotation(boolean annotate) {
      this.variantAnnotation = annotate;
      return this;
    }

    /**
     * Whether the variants of JSON lines and of maps are shredded straight from their tokens
     * and Java values where the column engine can take them (default true); false encodes
     * every variant whole first. Both make the same file: tests compare them.
     */
    Builder shredDirect(boolean direct) {
      this.shredDirect = direct;
      return this;
    }

    /**
     * Whether Java records are written by a writer generated for their class where the column
     * engine can take them (default true, unless {@code dendrite.records.interpret} is set);
     * false normalizes each into a row first, as the parquet-java engine writes them. Both make
     * the same file: tests compare them.
     */
    Builder generatedRecords(boolean generated) {
      this.generatedRecords = generated;
      return this;
    }

    /**
     * Threads that parse JSON lines ({@link DendriteWriter#writeJsonLines}) while the calling
     * thread reads the input and writes the rows (default 1: everything on the calling thread,
     * no thread started). The file, the rows and the errors are the same for every count; lines
     * go to the threads in chunks of at most 1,024 lines or about 1 Mi characters, and at most
     * {@code threads + 1} chunks are held at once. {@link DendriteWriter#write(Map)},
     * {@link DendriteWriter#writeJson} and records are written on the calling thread whatever
     * this says.
     *
     * <p>With our own column writing (the default engine, see the class comment), a
     * full row group's column chunks are also encoded and compressed on up to this many threads
     * while the calling thread fills the next row group, whatever the input; the file is the
     * same bytes for every count. And once the file is created (after the rows that shredding
     * is inferred from), the threads parsing JSON lines also shred each chunk's rows and stripe
     * them into leaf entries (levels and values) of the chunk's own, which the calling thread
     * then appends to the row group by array copies, ending row groups after the same rows as
     * on one thread. Memory: at most one row group being filled and one being encoded, so up to
     * twice the buffers {@link #rowGroupSize} describes, plus the {@code threads + 1} chunks in
     * flight, each with its lines (at most about 1 Mi characters), its rows until striped, and
     * its striped entries: two 4-byte levels and the value per entry, so up to about 10 bytes
     * per byte of line for lines of tiny array elements ({@code [1,2,3,...]}), far less for
     * objects of strings. Striped entries' buffers are pooled, one per chunk in flight, and keep
     * the size of the largest chunk they held until the writer closes. The threads are the
     * writer's own and end when it closes or aborts; a chunk that fails to encode fails the next
     * write or the close, with that failure as the cause, and leaves no file.
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1: " + threads);
      }
      this.parallelism = threads;
      return this;
    }

    private void clearPin() {
      pinLocal = null;
      pinHadoop = null;
    }

    /**
     * Creates the writer with a copy of this builder's settings (changing the builder later does
     * not affect it; building again makes an independent writer). Fails early if the file exists
     * (without overwrite) or options clash.
     */
    public DendriteWriter build() throws IOException {
      OutputTarget target = localPath != null ? new LocalOutputTarget(localPath)
          : OutputTarget.of(hadoopPath, conf == null
              ? new org.apache.hadoop.conf.Configuration() : conf);
      RecordSchema schema = recordSchema;
      ShreddingSchema shredding = given;
      String origin = "given";
      if (pinLocal != null || pinHadoop != null) {
        MessageType pinned = pinLocal != null ? ParquetWriters.footerSchema(pinLocal)
            : ParquetWriters.footerSchema(pinHadoop, conf);
        shredding = ShreddingSchema.fromParquet(pinned);
        origin = "pinned from " + (pinLocal != null ? pinLocal : pinHadoop);
        if (schema == null) {
          schema = RecordSchema.fromParquet(pinned);
        }
      }
      if (schema == null) {
        throw new IllegalStateException("a record schema is required: call schema(...)");
      }
      boolean widen = widenExactNumerics || (infer != null && infer.widenExactNumerics());
      WriterOptions options = new WriterOptions(codec, rowGroupSize, pageSize, overwrite,
          skipInvalid, infer == null ? null : infer.withWidenExactNumerics(widen), widen,
          documentColumn, rowGroupRows, pageRows, bloomFilterPaths, encodings, variantAnnotation,
          parallelism, shredDirect, generatedRecords);
      return new DendriteWriter(options, target, schema, shredding, origin);
    }
  }
}
