package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
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
}
