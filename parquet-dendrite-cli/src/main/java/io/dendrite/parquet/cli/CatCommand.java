package io.dendrite.parquet.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.Field;
import io.dendrite.parquet.schema.FieldPath;
import io.dendrite.parquet.schema.RecordSchema;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dendrite cat}: rows of Parquet files to stdout, VARIANT values as nested JSON. */
@Command(name = "cat", mixinStandardHelpOptions = true,
    header = "Print rows as JSON lines, a table or CSV; variants as nested JSON.",
    description = {
        "Print the rows of Parquet files: one JSON object per line (default), an aligned "
            + "table, or CSV. VARIANT values print as nested JSON, not as strings. Several "
            + "files and directories of part files (as Spark writes them) are read in order, "
            + "each with its own layout; in a directory, *.parquet files are read in name "
            + "order, skipping hidden and _-prefixed files.",
        "",
        "Paths (--select, --where): the first segment is a top-level column; then .field "
            + "and [N] step into a VARIANT value, a struct, a map or a list "
            + "(payload.items[0].sku). Quote odd names with backquotes: `a.b`.c. A missing "
            + "field or element prints as null.",
        "",
        "--where: path op literal, with op one of = != < <= > >=, or path is [not] null; "
            + "combine with and, or, not and parentheses. Literals: numbers, 'text' or "
            + "\"text\", true, false, null. Numbers compare numerically across types; dates "
            + "and timestamps compare as ISO text; a comparison with a null or missing value "
            + "is false.",
        ""},
    footer = {"", "Examples:",
        "  dendrite cat events.parquet --limit 10",
        "  dendrite cat out/ --select id,payload.user.name --where \"payload.score >= 40\"",
        "  dendrite cat events.parquet --select id,payload.tags[0] --format table"})
final class CatCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Parquet files or directories of part files.")
  List<Path> files;

  @Option(names = "--select", paramLabel = "PATHS",
      description = "Comma-separated paths to print (default: every column); repeatable.")
  List<String> select = new ArrayList<>();

  @Option(names = "--where", paramLabel = "EXPR", description = "Print only rows matching EXPR.")
  String where;

  @Option(names = {"--limit", "-n"}, paramLabel = "N", description = "Print at most N rows.")
  Long limit;

  @Option(names = "--format", paramLabel = "jsonl|table|csv", defaultValue = "jsonl",
      description = "Output format (default: ${DEFAULT-VALUE}). table reads all rows before "
          + "printing (use --limit on large files) and cuts cells at 80 characters.")
  String format;

  @Override
  public Integer call() throws Exception {
    List<ValuePath> selected = new ArrayList<>();
    WhereExpression filter;
    try {
      for (String s : select) {
        selected.addAll(ValuePath.parseList(s, "--select"));
      }
      filter = where == null ? null : WhereExpression.parse(where);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (limit != null && limit < 0) {
      throw new ParameterException(spec.commandLine(), "--limit must not be negative");
    }
    String fmt = format.toLowerCase(Locale.ROOT);
    if (!List.of("jsonl", "json", "table", "csv").contains(fmt)) {
      throw new ParameterException(spec.commandLine(),
          "unknown --format '" + format + "': expected jsonl, table or csv");
    }
    List<Path> inputs = ParquetFiles.expand(files);

    PrintWriter out = spec.commandLine().getOut();
    Writer w = new BufferedWriter(out, 1 << 16);
    Sink sink = fmt.equals("table") ? new TableSink(w) : fmt.equals("csv") ? new CsvSink(w)
        : new JsonSink(w);
    long printed = 0;
    List<String> header = null;
    files:
    for (Path file : inputs) {
      if (limit != null && printed >= limit) {
        break;
      }
      // Footer first: a clear message for files that are not Parquet.
      RecordSchema schema =
          RecordSchema.fromParquet(ParquetFiles.footer(file).getFileMetaData().getSchema());
      List<ValuePath> paths = selected;
      // How each path is named to the reader: whole columns quoted, so any name works.
      Map<ValuePath, String> selection = new HashMap<>();
      if (paths.isEmpty()) {
        paths = new ArrayList<>();
        for (Field f : schema.fields()) {
          ValuePath column = ValuePath.column(f.name());
          paths.add(column);
          selection.put(column, FieldPath.quote(f.name()));
        }
      }
      for (ValuePath p : paths) {
        p.check(schema, file.toString(), "--select");
      }
      if (filter != null) {
        for (ValuePath p : filter.paths()) {
          p.check(schema, file.toString(), "--where");
        }
      }
      // The reader reads only what these paths need in this file's layout.
      Set<String> wanted = new LinkedHashSet<>();
      paths.forEach(p -> wanted.add(selection.getOrDefault(p, p.text())));
      if (filter != null) {
        filter.paths().forEach(p -> wanted.add(selection.getOrDefault(p, p.text())));
      }
      try (DendriteReader r = DendriteReader.builder(file).select(List.copyOf(wanted)).build()) {
        List<String> names = paths.stream().map(ValuePath::text).toList();
        if (header == null) {
          header = names;
          sink.start(header);
        } else if (!header.equals(names) && !(sink instanceof JsonSink)) {
          throw new CliException(file + ": columns " + names + " differ from the first file's "
              + header + "; use --select to pick common columns");
        }
        Object[] values = new Object[paths.size()];
        DendriteRow row;
        while ((limit == null || printed < limit) && (row = r.read()) != null) {
          DendriteRow current = row;
          if (filter != null
              && !filter.test(p -> current.get(selection.getOrDefault(p, p.text())))) {
            continue;
          }
          for (int i = 0; i < values.length; i++) {
            ValuePath p = paths.get(i);
            values[i] = row.get(selection.getOrDefault(p, p.text()));
          }
          sink.row(names, values);
          printed++;
          if ((printed & 1023) == 0) {
            w.flush();
            if (out.checkError()) {
              break files; // stdout closed (e.g. piped into head): stop reading
            }
          }
        }
      }
    }
    sink.finish();
    w.flush();
    out.flush();
    return 0;
  }

  /** Where rows go, in one output format. */
  private interface Sink {
    void start(List<String> header) throws IOException;

    void row(List<String> names, Object[] values) throws IOException;

    void finish() throws IOException;
  }

  /** One JSON object per line, keys as the paths were written. */
  private static final class JsonSink implements Sink {
    private final Writer w;
    private final JsonGenerator gen;

    JsonSink(Writer w) throws IOException {
      this.w = w;
      this.gen = JsonValues.generator(w);
      gen.setRootValueSeparator(null);
    }

    @Override
    public void start(List<String> header) {}

    @Override
    public void row(List<String> names, Object[] values) throws IOException {
      gen.writeStartObject();
      for (int i = 0; i < values.length; i++) {
        gen.writeFieldName(names.get(i));
        JsonValues.write(gen, values[i]);
      }
      gen.writeEndObject();
      gen.writeRaw('\n');
    }

    @Override
    public void finish() throws IOException {
      gen.flush();
      w.flush();
    }
  }

  /** RFC 4180 CSV with a header line; structured values as JSON text, null as empty. */
  private static final class CsvSink implements Sink {
    private final Writer w;

    CsvSink(Writer w) {
      this.w = w;
    }

    @Override
    public void start(List<String> header) throws IOException {
      line(header.toArray());
    }

    @Override
    public void row(List<String> names, Object[] values) throws IOException {
      String[] cells = new String[values.length];
      for (int i = 0; i < values.length; i++) {
        cells[i] = JsonValues.toText(values[i], "");
      }
      line(cells);
    }

    private void line(Object[] cells) throws IOException {
      for (int i = 0; i < cells.length; i++) {
        if (i > 0) {
          w.write(',');
        }
        w.write(quote(cells[i].toString()));
      }
      w.write("\r\n");
    }

    static String quote(String s) {
      boolean needs = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0
          || s.indexOf('\r') >= 0 || (!s.isEmpty()
              && (Character.isWhitespace(s.charAt(0))
                  || Character.isWhitespace(s.charAt(s.length() - 1))));
      return needs ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    @Override
    public void finish() throws IOException {
      w.flush();
    }
  }

  /** An aligned table, printed once every row is in. */
  private static final class TableSink implements Sink {
    private final Writer w;
    private TextTable table;

    TableSink(Writer w) {
      this.w = w;
    }

    @Override
    public void start(List<String> header) {
      table = TextTable.leftAligned(80, header.toArray(new String[0]));
    }

    @Override
    public void row(List<String> names, Object[] values) {
      String[] cells = new String[values.length];
      for (int i = 0; i < values.length; i++) {
        cells[i] = JsonValues.toText(values[i], "null");
      }
      table.add(cells);
    }

    @Override
    public void finish() throws IOException {
      if (table != null) {
        PrintWriter pw = new PrintWriter(w);
        table.print(pw, "");
        pw.flush();
      }
    }
  }
}
