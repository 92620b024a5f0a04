package io.dendrite.parquet.cli;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Generates rows shaped like DESIGN.md §5 (plus a few irregular ones), writes them shredded
 * (inferred) and unshredded, reads both back, and checks that every value survived.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    header = "Write and read back generated rows; print the shredding report.",
    description = "Write generated rows with a VARIANT column (shredded and unshredded), "
        + "read them back and print the shredding report.",
    footer = {"", "Example:", "  dendrite demo --rows 100000 --dir /tmp/dendrite-demo"})
final class DemoCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--rows", defaultValue = "100000", description = "Rows to generate (default: ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--dir", description = "Directory for the files (default: a new temporary directory).")
  Path dir;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Path target = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("dendrite-demo");
    Path shredded = target.resolve("demo-shredded.parquet");
    Path unshredded = target.resolve("demo-unshredded.parquet");
    String schema = "id int64 not null, category string, nested variant";

    DendriteWriter.Builder shreddedBuilder = DendriteWriter.builder(shredded).schema(schema).overwrite(true);
    DendriteWriter.Builder plainBuilder = DendriteWriter.builder(unshredded).schema(schema).overwrite(true).unshredded();
    try (DendriteWriter a = shreddedBuilder.build(); DendriteWriter b = plainBuilder.build()) {
      Random random = new Random(42);
      for (int i = 0; i < rows; i++) {
        Map<String, Object> row = row(i, random);
        a.write(row);
        b.write(row);
      }
      a.close();
      b.close();
      out.printf("wrote %,d rows to %s (%,d bytes) and %s (%,d bytes)%n", rows, shredded,
          Files.size(shredded), unshredded, Files.size(unshredded));
      out.println();
      out.println("shredding report for " + shredded.getFileName() + ":");
      out.print(a.report());
    }

    long mismatches = 0;
    long count = 0;
    try (DendriteReader r1 = DendriteReader.builder(shredded).build();
         DendriteReader r2 = DendriteReader.builder(unshredded).build()) {
      DendriteRow x;
      DendriteRow y;
      while ((x = r1.read()) != null) {
        y = r2.read();
        count++;
        if (y == null || !comparable(x).equals(comparable(y))) {
          mismatches++;
        }
        if (count <= 3) {
          out.println("row " + count + ": id=" + x.get("id") + " category=" + x.get("category")
              + " nested=" + x.getJson("nested"));
        }
      }
    }
    out.printf("read back %,d rows from each file; %d rows differ between the layouts%n", count, mismatches);
    return mismatches == 0 && count == rows ? 0 : 1;
  }

  /**
   * A row with variants as JSON text. Shredding may store a value in another type of the same
   * equivalence class (an int64 whose values fit as int32, VariantEncoding.md "Type equivalence
   * class"), which strict {@code VariantValue.equals} tells apart; the values must be the same.
   */
  private static Map<String, Object> comparable(DendriteRow row) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String column : row.columns()) {
      Object v = row.get(column);
      m.put(column, v instanceof VariantValue ? ((VariantValue) v).toJson() : v);
    }
    return m;
  }

  /** The DESIGN.md §5 shape; every 50th row is irregular (a string, or an extra/odd field). */
  static Map<String, Object> row(int i, Random random) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", (long) i);
    row.put("category", "cat-" + (i % 10));
    if (i % 97 == 13) {
      row.put("nested", "not an object");
      return row;
    }
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("idstr", "id-" + i);
    nested.put("varid", i % 50 == 7 ? (Object) ("v" + i) : (Object) (long) random.nextInt(1_000_000));
    nested.put("varcategory", "vc-" + (i % 20));
    nested.put("col4", "c4-" + random.nextInt(100));
    if (i % 10 == 0) {
      nested.put("tags", List.of("t" + (i % 3), "t" + (i % 5)));
    }
    row.put("nested", nested);
    return row;
  }
}
