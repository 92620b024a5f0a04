package io.dendrite.parquet.write;

import io.dendrite.parquet.schema.Field;
import io.dendrite.parquet.schema.FieldPath;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.StructType;
import io.dendrite.parquet.schema.VariantFieldType;
import io.dendrite.parquet.shred.InferenceOptions;
import io.dendrite.parquet.shred.ShreddedType;
import io.dendrite.parquet.shred.ShreddingInference;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.shred.ShreddingSchema;
import io.dendrite.parquet.shred.VariantColumnShredder;
import io.dendrite.parquet.shred.VariantSchemas;
import io.dendrite.parquet.variant.EncodedVariant;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetWriter;
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
 * <p>Records come as maps ({@link #write}), JSON objects ({@link #writeJson},
 * {@link #writeJsonLines}) or whole JSON documents stored in one VARIANT column
 * ({@link Builder#jsonDocumentColumn}). Shredding is inferred from the first rows by default
 * ({@link InferenceOptions#DEFAULTS}); it can instead be given, pinned from an existing file, or
 * switched off. The file appears at its final path only when {@link #close()} succeeds; an
 * invalid record fails the whole file unless {@link Builder#skipInvalid(boolean)} was set.
 * Instances are not thread-safe.
 */
public final class DendriteWriter implements Closeable {
  private static final int MAX_REASONS = 20;

  private enum State { OPEN, CLOSED, FAILED }

  private final OutputTarget target;
  private final RecordSchema schema;
  private final Builder options;
  private final RecordCoercer coercer;
  private final JsonRecordParser json;
  private final List<VariantColumn> variantColumns;
  /** Spark-style numerics, fixed at build(): see {@link Builder#widenExactNumerics}. */
  private final boolean widenExactNumerics;

  private final List<Object[]> buffer = new ArrayList<>();
  private long bufferedBytes;
  private ParquetWriter<Object[]> writer;
  private State state = State.OPEN;
  private long rowsSeen;
  private long rowsWritten;
  private long rowsSkipped;
  private final List<String> skippedReasons = new ArrayList<>();

  /** One VARIANT column reachable through structs, with how it gets its shredding schema. */
  private static final class VariantColumn {
    final String path;
    final int[] slots;
    ShreddedType shredding;
    String origin;
    ShreddingInference inference;
    VariantColumnShredder shredder;

    VariantColumn(String path, int[] slots) {
      this.path = path;
      this.slots = slots;
    }

    EncodedVariant valueIn(Object[] row) {
      Object o = row;
      for (int slot : slots) {
        if (o == null) {
          return null;
        }
        o = ((Object[]) o)[slot];
      }
      return (EncodedVariant) o;
    }
  }

  private DendriteWriter(Builder b, OutputTarget target, RecordSchema schema,
      ShreddingSchema given, String givenOrigin) throws IOException {
    this.target = target;
    this.schema = schema;
    this.options = b;
    this.coercer = new RecordCoercer(schema);
    int documentColumn = -1;
    if (b.documentColumn != null) {
      documentColumn = coercer.indexOf(b.documentColumn);
      if (documentColumn < 0 || !coercer.isVariant(documentColumn)) {
        throw new IllegalArgumentException("jsonDocumentColumn '" + b.documentColumn
            + "' is not a top-level VARIANT column of " + schema);
      }
    }
    this.json = new JsonRecordParser(coercer, documentColumn);
    this.widenExactNumerics = b.widenExactNumerics
        || (b.infer != null && b.infer.widenExactNumerics());
    this.variantColumns = new ArrayList<>();
    collectVariants(schema.fields(), "", new int[0]);
    if (given != null) {
      for (String path : given.paths()) {
        if (variantColumns.stream().noneMatch(c -> c.path.equals(path))) {
          throw new IllegalArgumentException("shredding schema names '" + path
              + "', which is not a VARIANT column that can be shredded; shreddable columns "
              + "(top level or inside structs; variants in lists and maps are written "
              + "unshredded): " + variantColumns.stream().map(c -> c.path).toList());
        }
      }
    }
    for (VariantColumn c : variantColumns) {
      if (b.infer != null) {
        c.inference = new ShreddingInference(b.infer.withWidenExactNumerics(widenExactNumerics));
      } else if (given != null && given.get(c.path) != null) {
        c.shredding = given.get(c.path);
        c.origin = givenOrigin;
      } else {
        c.origin = "unshredded";
      }
    }
    target.checkWritable(b.overwrite);
    if (b.infer == null) {
      open();
    }
  }

  /**
   * Collects VARIANT columns reachable through structs under their canonical paths
   * ({@link FieldPath#child}, as {@link RecordSchema#variantColumns()} and
   * {@link ShreddingSchema} name them), so that names needing quotes match.
   */
  private void collectVariants(List<Field> fields, String parent, int[] slots) {
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      int[] path = java.util.Arrays.copyOf(slots, slots.length + 1);
      path[slots.length] = i;
      String name = FieldPath.child(parent, f.name());
      if (f.type() instanceof VariantFieldType) {
        variantColumns.add(new VariantColumn(name, path));
      } else if (f.type() instanceof StructType) {
        collectVariants(((StructType) f.type()).fields(), name, path);
      }
    }
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
   * Writes one record: column name to value. Ordinary columns take the Java types their
   * {@link io.dendrite.parquet.schema.FieldType} documents; VARIANT columns take any value
   * {@link io.dendrite.parquet.variant.VariantJava#write} accepts (maps, lists, primitives,
   * BigDecimal, java.time values, byte[], UUID, Jackson nodes, encoded variants).
   *
   * @throws InvalidRecordException when the record does not fit the schema (unless skipping)
   */
  public void write(Map<String, ?> record) {
    ensureOpen();
    if (record == null) {
      throw new IllegalArgumentException(target.displayName() + ": record must not be null");
    }
    long row = ++rowsSeen;
    Object[] normalized;
    try {
      normalized = coercer.coerce(record);
    } catch (InvalidRecordException e) {
      rejected(e, row);
      return;
    }
    accept(normalized);
  }

  /** Writes one record given as a JSON object (or a whole document, see the builder). */
  public void writeJson(String line) {
    ensureOpen();
    writeJsonRow(line, ++rowsSeen);
  }

  /**
   * Writes every non-blank line of {@code in} as a JSON record; error messages number rows by
   * line. A byte-order mark (U+FEFF) at the start of the first line is skipped. Returns the
   * number of rows written from this reader.
   */
  public long writeJsonLines(Reader in) throws IOException {
    ensureOpen();
    BufferedReader lines = in instanceof BufferedReader ? (BufferedReader) in
        : new BufferedReader(in, 1 << 16);
    long before = rowsWritten + buffer.size();
    long lineNumber = 0;
    String line;
    while ((line = lines.readLine()) != null) {
      lineNumber++;
      if (lineNumber == 1 && line.startsWith("\uFEFF")) {
        line = line.substring(1);
      }
      writeJsonLine(line, lineNumber);
    }
    return rowsWritten + buffer.size() - before;
  }

  /**
   * Writes every non-blank line of UTF-8 bytes as a JSON record (rules of
   * {@link Utf8LineReader}): a leading byte-order mark is skipped, and a line that is not
   * well-formed UTF-8 is an invalid record of that line, skipped with
   * {@link Builder#skipInvalid}. Error messages number rows by line. The stream is not closed.
   * Returns the number of rows written from this stream.
   */
  public long writeJsonLines(InputStream utf8) throws IOException {
    ensureOpen();
    Utf8LineReader lines = new Utf8LineReader(utf8);
    long before = rowsWritten + buffer.size();
    while (true) {
      String line;
      try {
        line = lines.readLine();
      } catch (InvalidRecordException e) {
        rowsSeen++;
        rejected(e, e.row());
        continue;
      }
      if (line == null) {
        break;
      }
      writeJsonLine(line, lines.lineNumber());
    }
    return rowsWritten + buffer.size() - before;
  }

  private void writeJsonLine(String line, long lineNumber) {
    if (!line.isBlank()) {
      rowsSeen++;
      writeJsonRow(line, lineNumber);
    }
  }

  private void writeJsonRow(String line, long row) {
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
    if (options.skipInvalid) {
      rowsSkipped++;
      if (skippedReasons.size() < MAX_REASONS) {
        skippedReasons.add(located.getMessage());
      }
      return;
    }
    fail();
    throw located;
  }

  private void accept(Object[] row) {
    if (writer == null) {
      buffer.add(row);
      bufferedBytes += estimateSize(row);
      for (VariantColumn c : variantColumns) {
        EncodedVariant v = c.valueIn(row);
        if (v != null && c.inference != null) {
          c.inference.add(v);
        }
      }
      if (buffer.size() >= options.infer.sampleRows()
          || bufferedBytes >= options.infer.sampleBytes()) {
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
      fail();
      throw new UncheckedIOException("cannot write " + target.displayName() + ": "
          + e.getMessage(), e);
    } catch (RuntimeException e) {
      fail();
      throw new IllegalStateException("cannot write " + target.displayName() + " at row "
          + (rowsWritten + 1) + ": " + e.getMessage(), e);
    }
  }

  /** Fixes every shredding schema, creates the Parquet file and flushes buffered rows. */
  private void open() {
    for (VariantColumn c : variantColumns) {
      if (c.inference != null) {
        c.shredding = c.inference.infer();
        c.origin = "inferred from " + c.inference.rows() + " rows";
        c.inference = null;
      }
    }
    Map<String, ShreddedType> shredding = new LinkedHashMap<>();
    for (VariantColumn c : variantColumns) {
      if (c.shredding != null) {
        shredding.put(c.path, c.shredding);
      }
    }
    MessageType parquetSchema = schema.toParquet(options.messageName, shredding::get);
    Map<String, VariantColumnShredder> shredders = new LinkedHashMap<>();
    for (VariantColumn c : variantColumns) {
      c.shredder = VariantColumnShredder.create(c.path, c.shredding, widenExactNumerics);
      shredders.put(c.path, c.shredder);
    }
    FieldWriter[] writers = FieldWriters.forStruct(schema.fields(), parquetSchema, "",
        path -> shredders.computeIfAbsent(path, p -> VariantColumnShredder.create(p, null)));
    Map<String, String> footer = new LinkedHashMap<>();
    footer.put(FooterKeys.WRITER, FooterKeys.writerName());
    footer.put(FooterKeys.RECORD_SCHEMA, schema.toString());
    if (!shredding.isEmpty()) {
      footer.put(FooterKeys.SHREDDING, ShreddingSchema.of(shredding).toString());
    }
    RowWriteSupport support = new RowWriteSupport(parquetSchema, footer, writers);
    try {
      writer = ParquetWriters.create(target, support, options);
    } catch (IOException e) {
      fail();
      throw new UncheckedIOException("cannot create " + target.displayName() + ": "
          + e.getMessage(), e);
    }
    for (Object[] row : buffer) {
      writeRow(row);
    }
    buffer.clear();
    bufferedBytes = 0;
  }

  /**
   * Finishes the file and moves it to its final path. After a failed write this only discards
   * the temporary file; no file is left at the final path.
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
      writer.close();
      target.commit(options.overwrite);
      state = State.CLOSED;
    } catch (IOException | RuntimeException e) {
      fail();
      throw e;
    }
  }

  /** Abandons the file: nothing appears at the final path. Safe to call more than once. */
  public void abort() {
    if (state == State.OPEN) {
      fail();
    }
  }

  private void fail() {
    state = State.FAILED;
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException | RuntimeException ignored) {
        // The file is being discarded; the original failure is what matters.
      }
    }
    target.discard();
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
   * Where shredded values landed so far (final once closed). Before the shredding schema is
   * fixed (while sampling for inference), columns report no paths.
   */
  public ShreddingReport report() {
    List<ShreddingReport.ColumnReport> columns = new ArrayList<>();
    for (VariantColumn c : variantColumns) {
      columns.add(new ShreddingReport.ColumnReport(c.path, c.shredding,
          c.origin == null ? "inferring" : c.origin,
          c.shredder == null ? List.of() : c.shredder.counts()));
    }
    return new ShreddingReport(rowsWritten, rowsSkipped, skippedReasons, columns);
  }

  private static long estimateSize(Object[] row) {
    long size = 16L * row.length;
    for (Object o : row) {
      if (o instanceof EncodedVariant) {
        EncodedVariant v = (EncodedVariant) o;
        size += v.metadata().length + v.value().length;
      } else if (o instanceof String) {
        size += ((String) o).length();
      } else if (o instanceof byte[]) {
        size += ((byte[]) o).length;
      } else if (o instanceof Object[]) {
        size += estimateSize((Object[]) o);
      } else if (o != null) {
        size += 16;
      }
    }
    return size;
  }

  /**
   * Options of a {@link DendriteWriter}. Defaults: codec snappy, row groups of 128 MiB, pages of
   * 1 MiB, shredding inferred with {@link InferenceOptions#DEFAULTS}, fail on the first invalid
   * record, refuse to overwrite an existing file.
   */
  public static final class Builder {
    private final java.nio.file.Path localPath;
    private final org.apache.hadoop.fs.Path hadoopPath;
    private final org.apache.hadoop.conf.Configuration conf;
    private RecordSchema recordSchema;
    Codec codec = Codec.SNAPPY;
    long rowGroupSize = 128L << 20;
    int pageSize = 1 << 20;
    boolean overwrite;
    boolean skipInvalid;
    InferenceOptions infer = InferenceOptions.DEFAULTS;
    boolean widenExactNumerics;
    private ShreddingSchema given;
    private java.nio.file.Path pinLocal;
    private org.apache.hadoop.fs.Path pinHadoop;
    String documentColumn;
    String messageName = "schema";

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

    /** The record schema in its text form, e.g. {@code "id int64 not null, payload variant"}. */
    public Builder schema(String schema) {
      return schema(RecordSchema.parse(schema));
    }

    public Builder codec(Codec codec) {
      this.codec = codec;
      return this;
    }

    /** Target row group size in bytes (default 128 MiB). */
    public Builder rowGroupSize(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("row group size must be positive, got " + bytes);
      }
      this.rowGroupSize = bytes;
      return this;
    }

    /** Target page size in bytes (default 1 MiB). */
    public Builder pageSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("page size must be positive, got " + bytes);
      }
      this.pageSize = bytes;
      return this;
    }

    /** Replace an existing file at the path (default: refuse). */
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

    private void clearPin() {
      pinLocal = null;
      pinHadoop = null;
    }

    /** Creates the writer; fails early if the file exists (without overwrite) or options clash. */
    public DendriteWriter build() throws IOException {
      OutputTarget target = localPath != null ? new LocalOutputTarget(localPath)
          : new HadoopOutputTarget(hadoopPath, conf == null
              ? new org.apache.hadoop.conf.Configuration() : conf);
      RecordSchema schema = recordSchema;
      ShreddingSchema shredding = given;
      String origin = "given";
      if (pinLocal != null || pinHadoop != null) {
        MessageType pinned = pinLocal != null ? ParquetWriters.footerSchema(pinLocal)
            : ParquetWriters.footerSchema(pinHadoop, conf);
        shredding = VariantSchemas.fromParquet(pinned);
        origin = "pinned from " + (pinLocal != null ? pinLocal : pinHadoop);
        if (schema == null) {
          schema = RecordSchema.fromParquet(pinned);
        }
      }
      if (schema == null) {
        throw new IllegalStateException("a record schema is required: call schema(...)");
      }
      return new DendriteWriter(this, target, schema, shredding, origin);
    }
  }
}
