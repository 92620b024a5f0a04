package io.dendrite.parquet.cli;

import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import io.dendrite.parquet.write.DendriteWriter.Encodings;
import io.dendrite.parquet.write.InvalidRecordException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dendrite convert}: JSON lines to a Parquet file with typed and VARIANT columns. */
@Command(name = "convert", mixinStandardHelpOptions = true,
    header = "Convert JSON lines to Parquet with typed and VARIANT columns.",
    description = {
        "Convert JSON lines to Parquet. Each top-level key becomes a column whose type is "
            + "chosen from a sample of lines; --variant makes a key a VARIANT column, and "
            + "--variant '*' stores each whole line in one VARIANT column named v. VARIANT "
            + "columns are shredded (default: inferred from the first 4096 rows). Prints the "
            + "shredding report when done.",
        "",
        "Column types, over the non-null values of a key: all true/false -> boolean; all "
            + "integers within 64 bits -> int64; all numbers, some with a fraction or "
            + "exponent -> double; all strings -> string; anything else (objects, arrays, "
            + "mixed kinds, only nulls) -> variant. Every column is nullable. The sample is "
            + "the whole input for uncompressed files up to 64 MiB, else the first "
            + "--sample-lines lines; a later line that does not fit fails with its line "
            + "number (or is skipped with --skip-invalid).",
        "",
        "Input: UTF-8 JSON lines from a file or - for stdin; gzip and zstd input (.gz, .zst) "
            + "is recognized by its magic bytes. Blank lines are ignored, a leading byte-order "
            + "mark is skipped, and a line that is not valid UTF-8 fails with its line number "
            + "(or is skipped with --skip-invalid). A number beyond the range of a double "
            + "(1e400) is an invalid line too, never Infinity or 0. A value may nest at most "
            + "1000 arrays and objects (deeper lines are invalid).",
        "",
        "Output: written to a hidden .OUT.<id>.inprogress file beside OUT and published as OUT "
            + "only when every line is done. After an error or an interruption (Ctrl-C, "
            + "SIGTERM) no OUT appears and the temporary file is removed. Without --overwrite, "
            + "an OUT that exists, or that appears while converting, is never replaced.",
        ""},
    footer = {"", "Examples:",
        "  dendrite convert events.jsonl events.parquet --variant payload",
        "  zcat events.jsonl.gz | dendrite convert - docs.parquet --variant '*'",
        "  dendrite convert events.jsonl.zst events.parquet --codec zstd --shred none",
        "  dendrite convert events.jsonl plain.parquet --variant payload --encodings default",
        "  dendrite convert events.jsonl old.parquet --variant payload --no-variant-annotation",
        "  dendrite infer events.jsonl --variant payload > shred.txt",
        "  dendrite convert events.jsonl out.parquet --variant payload --shred shred.txt"})
final class ConvertCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = "JSON-lines input file, or - for stdin.")
  String input;

  @Parameters(index = "1", paramLabel = "OUT", description = "Parquet file to write.")
  Path output;

  @Option(names = "--variant", paramLabel = "COL", split = ",",
      description = "Store key COL as a VARIANT column (comma-separated, repeatable), also "
          + "when no sampled line has it; '*' stores each whole line in one VARIANT column v.")
  List<String> variants = new ArrayList<>();

  @Option(names = "--shred", paramLabel = "auto|none|FILE", defaultValue = "auto",
      description = "Shredding of VARIANT columns: auto (infer from the first 4096 rows, the "
          + "default), none (unshredded), or a file in the text form 'dendrite infer' prints.")
  String shred;

  @Option(names = "--pin", paramLabel = "EXISTING.parquet",
      description = "Shred exactly as this existing file does (keeps one layout across files).")
  Path pin;

  @Option(names = "--codec", paramLabel = "snappy|zstd|gzip|lz4_raw|none", defaultValue = "snappy",
      description = "Page compression (default: ${DEFAULT-VALUE}).")
  String codec;

  @Option(names = "--row-group-size", paramLabel = "N", converter = Sizes.Converter.class,
      description = "Target row group size in bytes; k, m, g suffixes allowed (default: 128m).")
  Long rowGroupSize;

  @Option(names = "--page-version", paramLabel = "1|2", defaultValue = "1",
      description = "Data page version: 1 (default), which every reader reads (with "
          + "--encodings default: a dictionary falls back to PLAIN), or 2 (Spark 3.3+, DuckDB, "
          + "pyarrow read it; a dictionary falls back to DELTA encodings).")
  int pageVersion;

  @Option(names = "--no-dictionary", paramLabel = "PATHS", split = ",",
      description = "Columns or shredded VARIANT paths to write without a dictionary "
          + "(comma-separated, repeatable): ids, timestamps and other values that rarely "
          + "repeat.")
  List<String> noDictionary = new ArrayList<>();

  @Option(names = "--byte-stream-split", paramLabel = "PATHS", split = ",",
      description = "Columns or shredded VARIANT paths to write with BYTE_STREAM_SPLIT, "
          + "without a dictionary (comma-separated, repeatable): floating-point values then "
          + "compress better.")
  List<String> byteStreamSplit = new ArrayList<>();

  @Option(names = "--encodings", paramLabel = "auto|default", defaultValue = "auto",
      description = "Value encodings: auto (the default), chosen per column chunk from its "
          + "values: DELTA_BINARY_PACKED for sorted or clustered integers and timestamps, "
          + "DELTA_BYTE_ARRAY or DELTA_LENGTH_BYTE_ARRAY for strings without a useful "
          + "dictionary, in either page version (floating point as by default: Spark 4.1 "
          + "cannot read BYTE_STREAM_SPLIT; see --byte-stream-split); the report lists the "
          + "columns encoded otherwise than by default and why. Or default: parquet-java's "
          + "fixed choice (a dictionary where it pays, else PLAIN, or DELTA with "
          + "--page-version 2), for readers without DELTA encodings (Spark's vectorized "
          + "reader before 3.3, for one).")
  String encodings;

  @Option(names = "--sample-lines", paramLabel = "N", defaultValue = "4096",
      description = "Lines scanned to choose column types when the input is not scanned "
          + "whole (default: ${DEFAULT-VALUE}).")
  int sampleLines;

  @Option(names = "--skip-invalid",
      description = "Skip lines that are not valid UTF-8 or JSON objects, do not fit the "
          + "column types or nest too deep, and report how many were skipped (default: fail on "
          + "the first and write nothing).")
  boolean skipInvalid;

  @Option(names = "--overwrite",
      description = "Replace OUT if it exists (atomically: readers see the old or the new file).")
  boolean overwrite;

  @Option(names = "--no-variant-annotation",
      description = "Write VARIANT columns as plain groups (metadata, value, typed_value) "
          + "without the VARIANT logical-type annotation, as Spark does with "
          + "spark.sql.parquet.variant.annotateLogicalType.enabled=false. Only for readers "
          + "that fail on the annotation: parquet-java before 1.16 cannot open such a file at "
          + "all (1.15.x, parquet-java#3633); 1.16.0 (Spark 4.1's) and later read both. Readers "
          + "that know variants then see a struct: Spark 4.1 unless its read schema says "
          + "variant, DuckDB 2.0 a STRUCT of BLOBs. This tool reads them as variants.")
  boolean noVariantAnnotation;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads that parse JSON lines while the main thread writes, and that "
          + "encode column chunks (default: the "
          + "machine's processors, here ${DEFAULT-VALUE}; 1 does all on the main thread). "
          + "The file is the same for every N.")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--no-progress", description = "Never show the progress line.")
  boolean noProgress;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean wholeLines = variants.contains("*");
    if (wholeLines && variants.size() > 1) {
      throw new ParameterException(spec.commandLine(),
          "--variant '*' stores whole lines and cannot be combined with other --variant keys");
    }
    if (pin != null && !shred.equals("auto")) {
      throw new ParameterException(spec.commandLine(), "use either --pin or --shred, not both");
    }
    if (sampleLines < 1) {
      throw new ParameterException(spec.commandLine(), "--sample-lines must be at least 1");
    }
    if (threads < 1) {
      throw new ParameterException(spec.commandLine(), "--threads must be at least 1");
    }
    if (pageVersion != 1 && pageVersion != 2) {
      throw new ParameterException(spec.commandLine(),
          "--page-version must be 1 or 2, got " + pageVersion);
    }
    Encodings valueEncodings;
    switch (encodings) {
      case "auto":
        valueEncodings = Encodings.AUTO;
        break;
      case "default":
        valueEncodings = Encodings.DEFAULT;
        break;
      default:
        throw new ParameterException(spec.commandLine(),
            "--encodings must be auto or default, got " + encodings);
    }
    Codec compression;
    try {
      compression = Codec.parse(codec);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (!overwrite && Files.exists(output)) {
      throw new CliException(output + ": already exists (use --overwrite to replace it)");
    }
    if (pin != null && !Files.isRegularFile(pin)) {
      throw new NoSuchFileException(pin.toString());
    }
    ShreddingSchema given = shred.equals("auto") || shred.equals("none") ? null
        : readShreddingFile(Path.of(shred));

    long start = System.nanoTime();
    JsonInput in = JsonInput.open(input, System.in);
    try {
      RecordSchema schema;
      JsonSampler.Result sample = null;
      if (wholeLines) {
        schema = RecordSchema.parse("v variant");
      } else {
        sample = JsonSampler.scan(in, sampleLines, 0, skipInvalid);
        schema = sample.types().schema(new LinkedHashSet<>(variants), in.name());
        warnOfMissingVariantKeys(variants, sample, in.name(), err);
        if (sample.wholeInput()) {
          in.close();
          in = in.reopen();
        } // else the scan rewound the input: the writer reads the sampled lines again
      }

      DendriteWriter.Builder builder = DendriteWriter.builder(output)
          .schema(schema)
          .codec(compression)
          .overwrite(overwrite)
          .skipInvalid(skipInvalid)
          .pageVersion(pageVersion)
          .encodings(valueEncodings)
          .variantAnnotation(!noVariantAnnotation)
          .parallelism(threads)
          .noDictionary(noDictionary.toArray(new String[0]))
          .byteStreamSplit(byteStreamSplit.toArray(new String[0]));
      if (rowGroupSize != null) {
        builder.rowGroupSize(rowGroupSize);
      }
      if (wholeLines) {
        builder.jsonDocumentColumn("v");
      }
      if (pin != null) {
        builder.pinShredding(pin);
      } else if (shred.equals("none")) {
        builder.unshredded();
      } else if (given != null) {
        builder.shredding(given);
      }

      // Lines are counted for the progress line alone: a pass over every byte (about 2% of a
      // convert's CPU) that a run without a terminal does not pay.
      boolean showProgress = !noProgress && Progress.terminal();
      LineCounter counter = showProgress ? new LineCounter(in.text()) : null;
      InputStream lines = counter != null ? counter : in.text();
      JsonInput source = in;
      ShreddingReport report;
      DendriteWriter w = build(builder);
      try (Progress progress = Progress.start(showProgress, err,
          counter != null ? counter::lines : () -> 0, source::bytesRead, source.size())) {
        w.writeJsonLines(lines);
        w.close();
        report = w.report();
      } catch (InvalidRecordException e) {
        w.abort();
        throw new CliException(located(e, sample, schema), e);
      } catch (IOException | RuntimeException | Error e) {
        w.abort();
        throw e;
      }

      double seconds = (System.nanoTime() - start) / 1e9;
      out.printf(Locale.ROOT, "wrote %,d row%s to %s (%s, %s) in %.1f s%n",
          report.rowsWritten(), report.rowsWritten() == 1 ? "" : "s", output,
          Sizes.human(Files.size(output)), compression.name().toLowerCase(Locale.ROOT), seconds);
      out.println("columns: " + schema);
      if (report.rowsSkipped() > 0) {
        out.printf(Locale.ROOT, "skipped %,d invalid lines; the first:%n", report.rowsSkipped());
        for (String reason : report.skippedReasons()) {
          out.println("  " + reason.replace(output.toAbsolutePath() + ": row ", "line "));
        }
      }
      out.println();
      out.print(report);
      out.flush();
      return 0;
    } finally {
      in.close();
    }
  }

  /**
   * A --variant key no scanned line has still becomes a column (later lines may have it), but
   * is more often a typo: say so before the write (or the inferred schema), not only by an
   * all-null column after it. Also used by {@code infer}.
   */
  static void warnOfMissingVariantKeys(List<String> variants, JsonSampler.Result sample,
      String source, PrintWriter err) {
    for (String key : new LinkedHashSet<>(variants)) {
      if (!sample.types().hasKey(key)) {
        err.println(sample.wholeInput()
            ? String.format(Locale.ROOT, "dendrite: warning: --variant %s: no line of %s has "
                + "this key; its column holds only nulls", key, source)
            : String.format(Locale.ROOT, "dendrite: warning: --variant %s: not in the %,d "
                + "line%s of %s scanned for types; its column holds nulls unless later lines "
                + "have the key", key, sample.linesRead(), sample.linesRead() == 1 ? "" : "s",
                source));
      }
    }
    err.flush();
  }

  private static DendriteWriter build(DendriteWriter.Builder builder) throws IOException {
    try {
      return builder.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new CliException(e.getMessage(), e);
    }
  }

  /** The writer names the output file and a row; the user needs the input file and line. */
  private String located(InvalidRecordException e, JsonSampler.Result sample,
      RecordSchema schema) {
    StringBuilder sb = new StringBuilder(input.equals("-") ? "stdin" : input);
    sb.append(": line ").append(e.row());
    if (e.field() != null) {
      sb.append(", field '").append(e.field()).append('\'');
    }
    sb.append(": ").append(e.problem());
    // Only a typed column's value can contradict the sampled types: not bad bytes or a bad
    // line, and not a variant, which takes any value (it fails only when too deep).
    Field column = e.field() == null ? null : schema.field(e.field());
    if (sample != null && !sample.wholeInput() && e.row() > sample.linesRead()
        && e.field() != null && !(column != null && column.type() instanceof VariantFieldType)) {
      sb.append(" (column types were chosen from the first ").append(sample.linesRead())
          .append(" lines; use --variant for a key whose type varies, or a larger "
              + "--sample-lines)");
    }
    return sb.toString();
  }

  private static ShreddingSchema readShreddingFile(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new CliException(file + ": no such shredding schema file "
          + "(--shred takes auto, none or a file)");
    }
    try {
      return ShreddingSchema.parse(Files.readString(file));
    } catch (IllegalArgumentException e) {
      throw new CliException(file + ": " + e.getMessage(), e);
    }
  }

  /** Counts the line feeds read through it, for the progress line. */
  static final class LineCounter extends FilterInputStream {
    private volatile long lines;

    LineCounter(InputStream in) {
      super(in);
    }

    long lines() {
      return lines;
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      if (c == '\n') {
        lines++;
      }
      return c;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      int n = super.read(buf, off, len);
      long count = 0;
      for (int i = off; i < off + n; i++) {
        if (buf[i] == '\n') {
          count++;
        }
      }
      if (count > 0) {
        lines += count;
      }
      return n;
    }
  }
}
