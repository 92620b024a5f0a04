package io.dendrite.parquet.cli;

import io.dendrite.parquet.cli.ShreddingCoverage.ColumnCoverage;
import io.dendrite.parquet.cli.ShreddingCoverage.PathCounts;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.PrimitiveType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dendrite inspect}: footer facts and the shredding coverage of each variant path. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
    header = "Row groups, sizes, encodings, statistics, shredding coverage.",
    description = {
        "Describe a Parquet file: row groups, rows, and per column the codec, encodings, "
            + "compressed and uncompressed bytes and statistics (summed or merged over row "
            + "groups; --row-groups lists them per row group too), all from the footer.",
        "",
        "Then, for each shredded path of each VARIANT column, the shredding coverage: how "
            + "many values are in typed_value, in the residual value, or missing (an object "
            + "field that is absent). These are counted exactly by reading the definition "
            + "levels of each path's value and typed_value columns (no values are decoded), "
            + "and mean what the report of 'dendrite convert' means. A partially shredded "
            + "object counts in both typed_value and value, so shares can add up to more "
            + "than 100%%.",
        ""},
    footer = {"", "Example:", "  dendrite inspect events.parquet",
        "  dendrite inspect --row-groups part-00000.snappy.parquet"})
final class InspectCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A Parquet file.")
  Path file;

  @Option(names = "--row-groups", description = "Also list every column chunk of every row group.")
  boolean rowGroups;

  @Option(names = "--no-coverage",
      description = "Skip the shredding coverage scan (footer facts only).")
  boolean noCoverage;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFileReader reader = ParquetFiles.open(file)) {
      ParquetMetadata footer = reader.getFooter();
      FileMetaData meta = footer.getFileMetaData();
      List<BlockMetaData> blocks = footer.getBlocks();
      long rows = blocks.stream().mapToLong(BlockMetaData::getRowCount).sum();

      out.printf(Locale.ROOT, "file:        %s (%s)%n", file, Sizes.human(Files.size(file)));
      out.println("created by:  " + (meta.getCreatedBy() == null ? "(unknown)" : meta.getCreatedBy()));
      out.printf(Locale.ROOT, "rows:        %,d in %d row group%s%n", rows, blocks.size(),
          blocks.size() == 1 ? "" : "s");
      if (!meta.getKeyValueMetaData().isEmpty()) {
        out.println("metadata:    " + String.join(", ", meta.getKeyValueMetaData().keySet()));
      }

      out.println();
      out.println("row groups:");
      TextTable groups = new TextTable(40, ">#", ">rows", ">compressed", ">uncompressed");
      int index = 0;
      for (BlockMetaData b : blocks) {
        long compressed = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getTotalSize).sum();
        groups.add(Integer.toString(index++), String.format(Locale.ROOT, "%,d", b.getRowCount()),
            Sizes.human(compressed), Sizes.human(b.getTotalByteSize()));
      }
      groups.print(out, "  ");

      out.println();
      out.println("columns" + (blocks.size() > 1 ? " (totals over row groups):" : ":"));
      columnTable(meta, merge(blocks)).print(out, "  ");
      if (rowGroups) {
        for (int i = 0; i < blocks.size(); i++) {
          out.println();
          out.println("row group " + i + ":");
          List<List<ColumnChunkMetaData>> single = new ArrayList<>();
          for (ColumnChunkMetaData c : blocks.get(i).getColumns()) {
            single.add(List.of(c));
          }
          columnTable(meta, single).print(out, "  ");
        }
      }

      if (!noCoverage) {
        coverage(out, ShreddingCoverage.scan(file.toString(), reader));
      }
    }
    out.flush();
    return 0;
  }

  /** Column chunks grouped by column path, in schema order. */
  private static List<List<ColumnChunkMetaData>> merge(List<BlockMetaData> blocks) {
    Map<String, List<ColumnChunkMetaData>> byPath = new LinkedHashMap<>();
    for (BlockMetaData b : blocks) {
      for (ColumnChunkMetaData c : b.getColumns()) {
        byPath.computeIfAbsent(c.getPath().toDotString(), k -> new ArrayList<>()).add(c);
      }
    }
    return new ArrayList<>(byPath.values());
  }

  private static TextTable columnTable(FileMetaData meta, List<List<ColumnChunkMetaData>> columns) {
    TextTable t = new TextTable(200, "column", "type", "codec", "encodings", ">compressed",
        ">uncompressed", ">values", ">nulls", "min", "max");
    for (List<ColumnChunkMetaData> chunks : columns) {
      ColumnChunkMetaData first = chunks.get(0);
      String[] path = first.getPath().toArray();
      PrimitiveType type = first.getPrimitiveType();
      Set<String> codecs = new LinkedHashSet<>();
      Set<Encoding> encodings = new LinkedHashSet<>();
      long compressed = 0;
      long uncompressed = 0;
      long values = 0;
      Statistics<?> stats = null;
      boolean statsComplete = true;
      for (ColumnChunkMetaData c : chunks) {
        codecs.add(c.getCodec().name().toLowerCase(Locale.ROOT));
        encodings.addAll(c.getEncodings());
        compressed += c.getTotalSize();
        uncompressed += c.getTotalUncompressedSize();
        values += c.getValueCount();
        Statistics<?> s = c.getStatistics();
        if (s == null || s.isEmpty()) {
          statsComplete = false;
        } else if (stats == null) {
          stats = s.copy();
        } else {
          mergeInto(stats, s);
        }
      }
      String nulls = "-";
      String min = "-";
      String max = "-";
      if (stats != null && statsComplete) {
        if (stats.isNumNullsSet()) {
          nulls = String.format(Locale.ROOT, "%,d", stats.getNumNulls());
        }
        // Unannotated binary (variant metadata and value, blobs) has no readable min/max.
        boolean readable = !(type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY
            && type.getLogicalTypeAnnotation() == null);
        if (stats.hasNonNullValue() && readable) {
          min = cut(stats.minAsString());
          max = cut(stats.maxAsString());
        }
      }
      ColumnDescriptor d = meta.getSchema().getColumnDescription(path);
      t.add(String.join(".", path), ParquetTypes.describe(type)
              + (d.getMaxRepetitionLevel() > 0 ? " (repeated)" : ""),
          String.join(",", codecs),
          encodings.stream().map(Enum::name).collect(Collectors.joining(",")),
          Sizes.human(compressed), Sizes.human(uncompressed),
          String.format(Locale.ROOT, "%,d", values), nulls, min, max);
    }
    return t;
  }

  private static String cut(String s) {
    return s.length() > 24 ? s.substring(0, 21) + "..." : s;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void mergeInto(Statistics into, Statistics from) {
    into.mergeStatistics(from);
  }

  private static void coverage(PrintWriter out, List<ColumnCoverage> columns) {
    out.println();
    if (columns.isEmpty()) {
      out.println("no VARIANT columns");
      return;
    }
    out.println("shredding coverage (exact, counted from the definition levels of each path's "
        + "value and typed_value columns):");
    for (ColumnCoverage c : columns) {
      if (c.error() != null) {
        out.println("  column " + c.column() + ": invalid VARIANT layout: " + c.error());
        continue;
      }
      if (c.shredding() == null) {
        out.println("  column " + c.column() + ": unshredded (every value is in value)");
        continue;
      }
      PathCounts root = c.paths().get(0);
      out.printf(Locale.ROOT, "  column %s: %,d values, %,d null%n", c.column(), root.present(),
          root.absent());
      TextTable t = new TextTable(80, "path", "shredded as", ">present", ">typed_value",
          ">value", ">missing", ">typed%", ">value%", ">missing%");
      for (PathCounts p : c.paths()) {
        t.add(p.path(), p.shreddedAs(), count(p.present()), count(p.typed()),
            count(p.residual()), count(p.missing()), share(p.typed(), p.present()),
            share(p.residual(), p.present()), share(p.missing(), p.present()));
      }
      t.print(out, "    ");
    }
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String share(long n, long of) {
    return of == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * n / of);
  }
}
