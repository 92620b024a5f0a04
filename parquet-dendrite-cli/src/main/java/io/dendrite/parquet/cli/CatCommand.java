package io.dendrite.parquet.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
        "--where: path op literal, with op one of = != < <= > >=, or path is [not] null, "
            + "path is [not] missing; combine with and, or, not and parentheses. Literals: "
            + "numbers, 'text' or \"text\", true, false, null, date '2024-05-01', timestamp "
            + "'2024-05-01 10:00:00Z'. The value is cast to the literal's type as the typed "
            + "getters cast (a number compares as a decimal, 'text' as a string); a comparison "
            + "with a null, missing or uncastable value is unknown, and only rows where the "
            + "expression is true print. tags[*] = 'x' holds when some element equals 'x'.",
        ""},
    footer = {"", "Examples:",
        "  dendrite cat events.parquet --limit 10",
        "  dendrite cat out/ --select id,payload.user.name --where \"payload.score >= 40\"",
        "  dendrite cat events.parquet --select id,payload.tags[0] --format table",
        "  dendrite cat events.parquet --where \"payload.score > 90\" --explain"})
final class CatCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Parquet files or directories of part files.")
  List<Path> files;

  @Option(names = "--select", paramLabel = "PATHS",
      description = "Comma-separated paths to print (default: every column); repeatable.")
  List<String> select = new ArrayList<>();

  @Option(names = "--where", paramLabel = "EXPR", description = "Print only rows matching EXPR;"
      + " row groups and pages that cannot match are not read.")
  String where;

  @Option(names = "--explain", description = "Print, per file, what --where skips (row groups,"
      + " pages, rows, bytes) instead of the rows.")
  boolean explain;

  @Option(names = {"--limit", "-n"}, paramLabel = "N", description = "Print at most N rows.")
  Long limit;

  @Option(names = "--format", paramLabel = "jsonl|table|csv", defaultValue = "jsonl",
      description = "Output format (default: ${DEFAULT-VALUE}). table reads all rows before "
          + "printing (use --limit on large files) and cuts cells at 80 characters.")
  String format;

  @Override
  public Integer call() throws Exception {
    List<SelectionPath> selected = new ArrayList<>();
    Filter filter = null;
    String option = "--select";
    try {
      for (String s : select) {
        selected.addAll(SelectionPath.parseList(s));
      }
      option = "--where";
      filter = where == null ? null : Filter.parse(where);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
    }
    if (explain && filter == null) {
      throw new ParameterException(spec.commandLine(), "--explain needs --where");
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
      List<SelectionPath> paths = selected;
      List<String> names = new ArrayList<>();
      if (paths.isEmpty()) {
        paths = new ArrayList<>();
        for (Field f : schema.fields()) {
          paths.add(SelectionPath.column(f.name())); // quoted, so any name works
          names.add(f.name());
        }
      } else {
        paths.forEach(p -> names.add(p.text()));
      }
      check(paths, schema, file, "--select");
      if (filter != null) {
        check(filter.paths(), schema, file, "--where");
      }
      // The reader reads only what these paths need in this file's layout.
      Map<String, SelectionPath> wanted = new LinkedHashMap<>();
      paths.forEach(p -> wanted.putIfAbsent(p.text(), p)); // rows are looked up by text
      DendriteReader.Builder b = DendriteReader.builder(file)
          .select(wanted.values().toArray(new SelectionPath[0]));
      if (filter != null) {
        b.where(filter);
      }
      try (DendriteReader r = b.build()) {
        if (explain) {
          out.println(file + ":");
          out.print(r.readReport());
          continue;
        }
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
          for (int i = 0; i < values.length; i++) {
            values[i] = row.get(paths.get(i).text());
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

  /** Each path must name a column (and struct fields) of the file. */
  private static void check(List<SelectionPath> paths, RecordSchema schema, Path file,
      String option) {
    for (SelectionPath p : paths) {
      try {
        schema.checkPath(p);
      } catch (IllegalArgumentException e) {
        throw new CliException(file + ": " + option + " " + e.getMessage());
      }
    }
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
