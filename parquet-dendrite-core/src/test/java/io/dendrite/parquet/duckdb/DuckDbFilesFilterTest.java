package io.dendrite.parquet.duckdb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.filter.FilterOracle;
import io.dendrite.parquet.testing.Documents;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Filtered reads of files DuckDB 2.0 writes (its own statistics, its own layouts) return
 * exactly the rows of a full scan, for random filters ({@link FilterOracle}), and skip row
 * groups where DuckDB's shredding and statistics allow it.
 */
class DuckDbFilesFilterTest {
  private static final int ROWS = 6200;
  private static final List<String> DOCS = FilterOracle.clustered(Documents.generate(ROWS, 15L));
  private static final List<String> POOL = List.of("id", "doc", "doc.a", "doc.b", "doc.n.c",
      "doc.n.d[0]", "doc.n.d[*]", "doc.n.deep.x", "doc.tags[0]", "doc.tags[*]", "doc.price",
      "doc.ratio", "doc.opt", "doc.nul", "doc.missing", "doc.ключ", "doc[0]", "doc[1].k");

  /**
   * DuckDB's COPY options of each layout (as in WeReadDuckDbFilesTest). DuckDB 2.0 writes no
   * column index, offset index or definition level histograms: where a partially shredded
   * object's residual {@code value} is set (GIVEN leaves fields out), nothing proves it does not
   * hold a shredded field, so only row groups whose residual is all null skip on its fields.
   */
  enum Layout {
    UNSHREDDED("SHREDDING {'doc': 'VARIANT'}", false),
    AUTO("", true),
    GIVEN("SHREDDING {'doc': " + DuckDb.quote("STRUCT(a BIGINT, b INTEGER, n STRUCT(c"
        + " DECIMAL(9,2), d BIGINT[], deep STRUCT(x BOOLEAN)), tags VARCHAR[], price"
        + " DECIMAL(12,2), ratio DOUBLE, opt VARIANT, ключ VARCHAR)") + "}", false);

    final String options;
    final boolean mustSkipOnVariants;

    Layout(String options, boolean mustSkipOnVariants) {
      this.options = options;
      this.mustSkipOnVariants = mustSkipOnVariants;
    }
  }

  @TempDir static Path dir;
  private static DuckDb duck;

  @BeforeAll
  static void duckDbWritesEveryLayout() throws Exception {
    duck = DuckDb.open();
    duck.loadDocuments("docs", DOCS);
    for (Layout l : Layout.values()) {
      duck.copyToParquet("SELECT id, doc FROM docs ORDER BY id", file(l),
          "ROW_GROUP_SIZE 2048" + (l.options.isEmpty() ? "" : ", " + l.options));
    }
  }

  @AfterAll
  static void closeDuckDb() throws Exception {
    duck.close();
  }

  private static Path file(Layout layout) {
    return dir.resolve("duck-" + layout.name().toLowerCase() + ".parquet");
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void filteredReadsEqualFullScans(Layout layout) throws Exception {
    FilterOracle oracle = new FilterOracle(file(layout), List.of("id", "doc"), POOL,
        100 + layout.ordinal());
    for (String f : List.of("doc.a > 30000", "doc.a < 100", "doc.n.c >= 500",
        "doc.tags[*] = 't1'", "doc.b = 'x3'", "doc.a is not null", "id > 6100")) {
      oracle.check(io.dendrite.parquet.filter.Filter.parse(f));
    }
    oracle.check(25, 3);
    assertTrue(oracle.rowGroupsSkipped > 0, layout + ": nothing skipped");
    if (layout.mustSkipOnVariants) {
      assertTrue(oracle.variantRowsSkipped > 0, layout + ": no filter on doc skipped a row");
    }
  }
}
