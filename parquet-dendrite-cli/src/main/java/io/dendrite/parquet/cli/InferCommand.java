package io.dendrite.parquet.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingInference;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.write.DendriteWriter;
import io.dendrite.parquet.write.InvalidRecordException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dendrite infer}: the shredding schema {@code convert --shred auto} would choose, in the
 * text form {@code --shred FILE} reads.
 */
@Command(name = "infer", mixinStandardHelpOptions = true,
    header = "Print the shredding schema convert would infer.",
    description = {
        "Print the shredding schema that 'dendrite convert' would infer for the VARIANT "
            + "columns of a JSON-lines input, in the text form --shred FILE accepts (lines "
            + "starting with # are comments). Column types follow the rule of 'dendrite "
            + "convert --help'; shredding is inferred from the first 4096 rows (or 64 MiB), "
            + "as the writer does. Edit the output and pass it to --shred to fix the layout.",
        ""},
    footer = {"", "Example:",
        "  dendrite infer events.jsonl --variant payload > shred.txt",
        "  dendrite convert events.jsonl events.parquet --variant payload --shred shred.txt"})
final class InferCommand implements Callable<Integer> {
  private static final JsonFactory JSON = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(10_000).build())
      .build();

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = "JSON-lines input file, or - for stdin.")
  String input;

  @Option(names = "--variant", paramLabel = "COL", split = ",",
      description = "Treat key COL as a VARIANT column (comma-separated, repeatable, as for "
          + "convert); '*' treats each whole line as one VARIANT column v.")
  List<String> variants = new ArrayList<>();

  @Option(names = "--sample-lines", paramLabel = "N", defaultValue = "4096",
      description = "Lines scanned to choose column types when the input is not scanned "
          + "whole (default: ${DEFAULT-VALUE}).")
  int sampleLines;

  @Option(names = "--skip-invalid", description = "Ignore lines that are not JSON objects.")
  boolean skipInvalid;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    boolean wholeLines = variants.contains("*");
    if (wholeLines && variants.size() > 1) {
      throw new ParameterException(spec.commandLine(),
          "--variant '*' stores whole lines and cannot be combined with other --variant keys");
    }
    if (sampleLines < 1) {
      throw new ParameterException(spec.commandLine(), "--sample-lines must be at least 1");
    }
    InferenceOptions options = InferenceOptions.DEFAULTS;
    RecordSchema schema;
    List<String> records;
    try (JsonInput in = JsonInput.open(input, System.in)) {
      if (wholeLines) {
        schema = RecordSchema.parse("v variant");
        records = documents(in, options.sampleRows());
      } else {
        JsonSampler.Result sample =
            JsonSampler.scan(in, sampleLines, options.sampleRows(), skipInvalid);
        schema = sample.types().schema(new LinkedHashSet<>(variants), in.name());
        ConvertCommand.warnOfMissingVariantKeys(variants, sample, in.name(),
            spec.commandLine().getErr());
        records = sample.firstRecords();
      }
    }

    Map<String, ShreddingInference> inference = new LinkedHashMap<>();
    for (Field f : schema.fields()) {
      if (f.type() instanceof VariantFieldType) {
        inference.put(f.name(), new ShreddingInference(options));
      }
    }
    long bytes = 0;
    long rows = 0;
    for (String line : records) {
      if (rows >= options.sampleRows() || bytes >= options.sampleBytes()) {
        break;
      }
      if (wholeLines) {
        inference.get("v").add(VariantJson.parse(line));
      } else {
        addFields(line, inference);
      }
      rows++;
      bytes += line.length();
    }

    Map<String, ShreddedType> chosen = new LinkedHashMap<>();
    for (Map.Entry<String, ShreddingInference> e : inference.entrySet()) {
      ShreddedType t = e.getValue().infer();
      if (t != null) {
        chosen.put(FieldPath.quote(e.getKey()), t);
      }
    }
    out.println("# shredding inferred from " + rows + " rows of "
        + (input.equals("-") ? "stdin" : input) + " by 'dendrite infer'");
    out.println("# columns: " + schema);
    if (inference.isEmpty()) {
      out.println("# no VARIANT column (use --variant COL)");
    } else if (chosen.isEmpty()) {
      out.println("# no VARIANT column worth shredding: all stay unshredded");
    } else {
      out.println(ShreddingSchema.of(chosen));
    }
    out.flush();
    return 0;
  }

  /** The first {@code max} non-blank lines that are JSON documents. */
  private List<String> documents(JsonInput in, int max) throws IOException {
    List<String> lines = new ArrayList<>();
    if (max <= 0) {
      return lines;
    }
    in.readLines(new DendriteWriter.LineVisitor() {
      @Override
      public boolean line(String line, long lineNumber) {
        try {
          VariantJson.parse(line);
        } catch (IOException | RuntimeException e) {
          if (skipInvalid) {
            return true;
          }
          throw new CliException(in.name() + ": line " + lineNumber + ": malformed JSON: "
              + DendriteCli.describe(e), e);
        }
        lines.add(line);
        return lines.size() < max;
      }

      @Override
      public boolean invalid(InvalidRecordException e) {
        if (skipInvalid) {
          return true;
        }
        throw new CliException(in.name() + ": line " + e.row() + ": " + e.problem(), e);
      }
    });
    return lines;
  }

  /** Feeds the non-null values of the VARIANT keys of one record to their inference. */
  private static void addFields(String line, Map<String, ShreddingInference> inference)
      throws IOException {
    try (JsonParser p = JSON.createParser(line)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        ShreddingInference target = inference.get(p.currentName());
        JsonToken t = p.nextToken();
        if (target == null || t == JsonToken.VALUE_NULL) {
          p.skipChildren();
          continue;
        }
        target.add(VariantJson.parse(p));
      }
    }
  }
}
