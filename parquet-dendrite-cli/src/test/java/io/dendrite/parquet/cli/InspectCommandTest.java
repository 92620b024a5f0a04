package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectCommandTest {
  @TempDir
  Path dir;

  /** The coverage rows printed for {@code column}: path to its cells. */
  static Map<String, String[]> coverage(String out, String column) {
    Map<String, String[]> rows = new LinkedHashMap<>();
    List<String> lines = out.lines().toList();
    int i = 0;
    while (i < lines.size() && !lines.get(i).startsWith("  column " + column + ":")) {
      i++;
    }
    assertTrue(i < lines.size(), "no coverage for " + column + " in\n" + out);
    for (i += 2; i < lines.size() && lines.get(i).startsWith("    "); i++) {
      String[] cells = lines.get(i).strip().split("\\s+");
      rows.put(cells[0], cells);
    }
    return rows;
  }

  private static long number(String cell) {
    return Long.parseLong(cell.replace(",", ""));
  }

  @Test
  void coverageMatchesTheWritersReport() throws Exception {
    Path file = dir.resolve("mixed.parquet");
    Random random = new Random(7);
    ShreddingReport report;
    int nullRows = 0;
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64, payload variant, meta struct<inner variant>")
        .shredding("payload: {a: int64, b: {c: string, d: [int64]}, e: variant}\n"
            + "meta.inner: [string]")
        .rowGroupSize(8 << 10).pageSize(1 << 10).codec(Codec.ZSTD)
        .build()) {
      for (int i = 0; i < 3000; i++) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        int shape = random.nextInt(10);
        Object payload;
        if (shape == 0) {
          payload = null;
          nullRows++;
        } else if (shape == 1) {
          payload = "not an object";
        } else {
          Map<String, Object> p = new LinkedHashMap<>();
          if (random.nextBoolean()) {
            p.put("a", random.nextInt(5) == 0 ? (Object) "x" : (Object) (long) i);
          }
          if (shape > 3) {
            Map<String, Object> b = new LinkedHashMap<>();
            if (random.nextBoolean()) {
              b.put("c", "c" + i);
            }
            List<Object> d = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
              d.add(random.nextInt(6) == 0 ? (Object) "s" : (Object) (long) k);
            }
            b.put("d", d);
            if (shape == 9) {
              b.put("extra", true); // partially shredded: b also has a residual
            }
            p.put("b", shape == 5 ? (Object) 12L : b);
          }
          if (random.nextInt(3) == 0) {
            p.put("e", List.of(1, 2));
          }
          p.put("z", i); // never shredded: always in the residual of payload
          payload = p;
        }
        row.put("payload", payload);
        Object inner = shape == 2 ? (Object) 5 : List.of("p", "q").subList(0, i % 3 == 0 ? 0 : 2);
        row.put("meta", random.nextInt(8) == 0 ? null : Map.of("inner", inner));
        w.write(row);
      }
      w.close();
      report = w.report();
    }

    String out = Cli.run("inspect", file.toString()).ok();

    int compared = 0;
    for (ShreddingReport.ColumnReport c : report.columns().values()) {
      Map<String, String[]> printed = coverage(out, c.column());
      assertEquals(c.paths().size(), printed.size(), c.column());
      for (ShreddingReport.PathCounts p : c.paths()) {
        String[] cells = printed.get(p.path());
        assertTrue(cells != null, "no line for " + p.path() + " in\n" + out);
        assertEquals(p.typed(), number(cells[3]), p.path() + " typed_value");
        assertEquals(p.residual(), number(cells[4]), p.path() + " value");
        assertEquals(p.missing(), number(cells[5]), p.path() + " missing");
        compared++;
      }
    }
    assertEquals(9, compared);
    assertTrue(out.contains(String.format("  column payload: %,d values, %,d null", 3000 - nullRows,
        nullRows)), out);
    assertTrue(out.lines().anyMatch(l -> l.startsWith("  id ") && l.contains(" zstd ")), out);
    assertTrue(out.contains("metadata:    "), out);
    long groups = out.lines().dropWhile(l -> !l.equals("row groups:")).skip(2)
        .takeWhile(l -> !l.isEmpty()).count();
    assertTrue(groups > 1, "8 KiB row groups: several of them\n" + out);
    assertTrue(out.contains("rows:        3,000 in " + groups + " row groups"), out);
  }

  @Test
  void footerFactsPerColumnAndRowGroup() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    String out = Cli.run("inspect", "--row-groups", file.toString()).ok();

    assertTrue(out.startsWith("file:        " + file + " ("), out);
    assertTrue(out.contains("rows:        3 in 1 row group\n"), out);
    String id = out.lines().filter(l -> l.startsWith("  id ")).findFirst().orElseThrow();
    // id: int64, snappy by default, 3 values, no nulls, min 1, max 3.
    assertTrue(id.matches("  id +int64 +snappy +\\S+ +\\S+ B +\\S+ B +3 +0 +1 +3"), id);
    String name = out.lines().filter(l -> l.startsWith("  name ")).findFirst().orElseThrow();
    assertTrue(name.matches(".* 3 +1 +ada +bob, \"the\" builder"), name);
    assertTrue(out.contains("\nrow group 0:\n"), out);
  }

  @Test
  void coverageOfFilesFromOtherWriters() throws Exception {
    Path corpus = Cli.conformance();
    // case-134 holds {"a": null, "b": "iceberg", "d": "2024-01-30"} with a: int32 and b: string
    // shredded: a's null does not fit int32, so it is in a's value; d stays in the residual
    // object, so the object is in both typed_value and value.
    Map<String, String[]> c = coverage(Cli.run("inspect",
        corpus.resolve("case-134.parquet").toString()).ok(), "var");
    assertEquals(List.of("var", "object", "1", "1", "1", "0"), Arrays.asList(c.get("var"))
        .subList(0, 6));
    assertEquals(List.of("var.a", "int32", "1", "0", "1", "0"), Arrays.asList(c.get("var.a"))
        .subList(0, 6));
    assertEquals(List.of("var.b", "string", "1", "1", "0", "0"), Arrays.asList(c.get("var.b"))
        .subList(0, 6));
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        Cli.run("inspect", p.toString()).ok();
      }
    }
  }

  @Test
  void failsOnTruncatedAndCorruptFiles() throws Exception {
    byte[] good = Files.readAllBytes(Fixtures.write(dir.resolve("f.parquet")));
    Path truncated = Files.write(dir.resolve("truncated.parquet"),
        Arrays.copyOf(good, good.length - 100));
    assertTrue(Cli.run("inspect", truncated.toString()).failed(1)
        .startsWith("dendrite: " + truncated + ": not a Parquet file"));

    // Keep the magic numbers and the footer length, scramble the footer itself.
    byte[] bad = good.clone();
    int footerLength = ByteBuffer.wrap(bad, bad.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN)
        .getInt();
    for (int i = bad.length - 8 - footerLength; i < bad.length - 8; i++) {
      bad[i] = (byte) 0xff;
    }
    Path corrupt = Files.write(dir.resolve("corrupt.parquet"), bad);
    assertTrue(Cli.run("inspect", corrupt.toString()).failed(1)
        .startsWith("dendrite: " + corrupt + ": cannot read the Parquet footer"));
    assertTrue(Cli.run("cat", corrupt.toString()).failed(1)
        .startsWith("dendrite: " + corrupt + ": cannot read the Parquet footer"));
  }
}
