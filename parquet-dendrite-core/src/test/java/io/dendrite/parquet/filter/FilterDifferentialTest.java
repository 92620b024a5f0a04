package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Filtered reads return exactly the rows of a full scan, in order, for random filters over
 * random documents ({@link Documents}: conflicting types, arrays, nested objects, JSON nulls,
 * rare fields, non-object rows, SQL NULL rows) in every layout, with many small row groups and
 * pages so that skipping happens, and the test asserts it did.
 */
class FilterDifferentialTest {
  private static final int ROWS = 600;
  private static final List<String> DOCS = FilterOracle.clustered(Documents.generate(ROWS, 14L));
  /** Paths into every kind of place of the documents, plus ordinary columns. */
  static final List<String> POOL = List.of("id", "k", "v", "v.a", "v.b", "v.n.c", "v.n.d[0]",
      "v.n.d[*]", "v.n.deep.x", "v.tags[0]", "v.tags[1]", "v.tags[*]", "v.price", "v.ratio",
      "v.big", "v.opt", "v.opt.o", "v.rare", "v.nul", "v.missing", "v.empty", "v.ключ", "v[0]",
      "v[1].k", "v[*]", "v.n");

  /** How the writer lays out {@code v}. */
  enum Layout {
    UNSHREDDED(DendriteWriter.Builder::unshredded, false),
    INFERRED(b -> b, true),
    GIVEN(b -> b.shredding("v: {a: int64, b: string, n: {c: decimal(9,2), d: [int64],"
        + " deep: {x: boolean}}, tags: [string], price: decimal(12,2), ratio: double,"
        + " opt: variant, `ключ`: string}"), true),
    /** Fields pinned out of the residual with only a value column. */
    VALUE_ONLY(b -> b.shredding("v: {a: variant, b: variant, tags: variant,"
        + " price: decimal(12,2)}"), false),
    /** Objects partially shredded: most fields stay in the residual. */
    PARTIAL(b -> b.shredding("v: {a: int64, n: {c: decimal(9,2)}}"), true),
    /** Types that mostly do not fit: values in the leaves' value columns. */
    MISFIT(b -> b.shredding("v: {a: string, b: int64, price: double, n: {d: [string]},"
        + " tags: [int32]}"), false);

    final UnaryOperator<DendriteWriter.Builder> options;
    final boolean mustSkipOnVariants;

    Layout(UnaryOperator<DendriteWriter.Builder> options, boolean mustSkipOnVariants) {
      this.options = options;
      this.mustSkipOnVariants = mustSkipOnVariants;
    }
  }

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Layout.class)
  void filteredReadsEqualFullScans(Layout layout) throws Exception {
    Path file = dir.resolve(layout + ".parquet");
    DendriteWriter.Builder b = DendriteWriter.builder(file)
        .schema("id int64 not null, k string, v variant").rowGroupRows(40).pageRows(10);
    try (DendriteWriter w = layout.options.apply(b).build()) {
      for (int i = 0; i < ROWS; i++) {
        w.writeJson("{\"id\": " + i + ", \"k\": \"k" + (i % 7) + "\", \"v\": " + DOCS.get(i)
            + "}");
      }
    }
    FilterOracle oracle = new FilterOracle(file, List.of("id", "k", "v"), POOL,
        layout.ordinal());
    for (String f : List.of("v.a > 2000", "v.a < 100", "v.n.c >= 500", "v.price < 100",
        "v.tags[*] = 't1'", "v.b = 'x3'", "v.opt is missing", "v.a is not null", "id >= 0",
        "id < 50 or id >= 300", "v.a >= 0 and v.a < 1000000")) {
      oracle.check(Filter.parse(f));
    }
    oracle.check(40, 3);
    assertTrue(oracle.rowGroupsSkipped > 0 && oracle.pagesSkipped > 0, layout.toString());
    if (layout.mustSkipOnVariants) {
      assertTrue(oracle.variantRowsSkipped > 0, layout + ": no filter on v skipped a row");
    }
    // Rows proven by statistics are returned untested: the oracle checked them like the rest.
    assertTrue(oracle.rowsProven > 0, layout + ": no row proven to match (id >= 0)");
    if (layout == Layout.GIVEN || layout == Layout.PARTIAL) { // v.a shredded as int64
      assertTrue(oracle.variantRowsProven > 0, layout + ": no row proven on v.a");
    }
  }

  /**
   * Dates and timestamps, as ordinary columns and as shredded typed leaves, some held as text
   * in the leaves' value columns: every page dictionary-encoded, so row groups are also ruled
   * out by their dictionaries, which are read as the reader's own values.
   */
  @Test
  void temporalFiltersEqualFullScans() throws Exception {
    Path file = dir.resolve("temporal.parquet");
    Random r = new Random(7);
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, ts timestamp, d date, v variant")
        .shredding("v: {t: timestamp, day: date}").rowGroupRows(40).pageRows(10).build()) {
      for (int i = 0; i < ROWS; i++) {
        // Clustered, a few distinct values per row group, with holes between min and max.
        Instant t = Instant.parse("2024-01-01T00:00:00Z")
            .plusSeconds(3600L * (i / 4) + 60L * r.nextInt(3) + 7200L * r.nextInt(2));
        LocalDate day = LocalDate.of(2024, 1, 1).plusDays(i / 20 + 2 * r.nextInt(2));
        Map<String, Object> v = new LinkedHashMap<>();
        int shape = r.nextInt(10);
        if (shape > 1) {
          v.put("t", t);
        } else if (shape == 1) {
          v.put("t", t.toString()); // text in the leaf's value column
        }
        v.put("day", r.nextInt(8) == 0 ? day.toString() : day);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        if (r.nextInt(12) > 0) {
          row.put("ts", t);
        }
        if (r.nextInt(12) > 0) {
          row.put("d", day);
        }
        row.put("v", r.nextInt(30) == 0 ? "not an object" : v);
        w.write(row);
      }
    }
    FilterOracle oracle = new FilterOracle(file, List.of("id", "ts", "d", "v"),
        List.of("ts", "d", "v.t", "v.day", "id"), 99);
    for (String f : List.of("ts = timestamp '2024-01-02 05:00:00Z'", "d = date '2024-01-05'",
        "v.day = date '2024-01-05'", "v.t = timestamp '2024-01-03 01:01:00Z'",
        "v.t >= timestamp '2024-01-10 00:00:00Z'", "d < date '2024-01-03' or ts is null")) {
      oracle.check(Filter.parse(f));
    }
    oracle.check(60, 2);
    assertTrue(oracle.rowGroupsSkipped > 0 && oracle.variantRowsSkipped > 0,
        "temporal filters skipped nothing");
  }
}
