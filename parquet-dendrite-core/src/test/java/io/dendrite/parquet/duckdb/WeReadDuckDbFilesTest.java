package io.dendrite.parquet.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.testing.Documents;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files DuckDB 2.0 writes from the random {@link Documents} (the generator the Spark tests
 * use), in each layout its {@code COPY} options produce, read by our reader: whole variants
 * equal DuckDB's {@code CAST(doc AS JSON)}, and every path of {@link Documents#PATHS} read
 * through {@code select} equals DuckDB's {@code variant_extract} by value, by type, missing
 * versus JSON null, and through the typed getters ({@link DuckDbOracle} states the rules).
 *
 * <p>DuckDB's options: {@code SHREDDING {'doc': 'VARIANT'}} writes the column unshredded;
 * without the option DuckDB infers a shredding from the first row group; with
 * {@code SHREDDING {'doc': 'STRUCT(...)'}} it shreds as given. (The setting
 * {@code variant_minimum_shredding_size} does not change what COPY writes in 2.0.0.)
 * {@code ROW_GROUP_SIZE_BYTES} makes several row groups of 2,000 documents ({@code
 * ROW_GROUP_SIZE} rounds up to 2,048 rows). Integers beyond int64 reach DuckDB as doubles (see
 * {@link DuckDb#loadDocuments}). DuckDB writes objects' fields in insertion order with
 * {@code sorted_strings=0}, which the spec forbids but readers meet: the test below counts
 * them, so the path comparisons are known to cover unsorted objects.
 */
class WeReadDuckDbFilesTest {
  private static final int ROWS = 2000;
  private static final List<String> DOCS = Documents.generate(ROWS, 11L);
  /**
   * The given shredding, in DuckDB's SQL and in our text form. Deliberately imperfect: b is a
   * string (all in the residual), a sometimes a string, n.c and price are doubles in DuckDB's
   * variants (a DECIMAL typed_value), opt a value-only field.
   */
  private static final String GIVEN_SQL = "STRUCT(a BIGINT, b INTEGER, n STRUCT(c DECIMAL(9,2),"
      + " d BIGINT[], deep STRUCT(x BOOLEAN)), tags VARCHAR[], price DECIMAL(12,2), ratio DOUBLE,"
      + " opt VARIANT, ключ VARCHAR)";
  private static final String GIVEN_OURS = "{a: int64, b: int32, n: {c: decimal(9,2),"
      + " d: [int64], deep: {x: boolean}}, tags: [string], price: decimal(12,2), ratio: double,"
      + " opt: variant, `ключ`: string}";

  /** The COPY options of each layout. */
  enum Layout {
    UNSHREDDED("SHREDDING {'doc': 'VARIANT'}"),
    AUTO(""),
    GIVEN("SHREDDING {'doc': " + DuckDb.quote(GIVEN_SQL) + "}");

    final String options;

    Layout(String options) {
      this.options = options;
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
          "ROW_GROUP_SIZE_BYTES 100000" + (l.options.isEmpty() ? "" : ", " + l.options));
    }
  }

  @AfterAll
  static void closeDuckDb() throws Exception {
    duck.close();
  }

  private static Path file(Layout layout) {
    return dir.resolve("duckdb-" + layout.name().toLowerCase() + ".parquet");
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void duckDbWroteTheLayoutItsOptionsSay(Layout layout) throws Exception {
    Footer f = new Footer(file(layout));
    assertTrue(f.rowGroups.size() > 3, layout + ": row groups " + f.rowGroups.size());
    assertEquals(ROWS, f.rowGroups.stream().mapToLong(b -> b.getRowCount()).sum());
    ShreddedType t = f.shredded("doc");
    switch (layout) {
      case UNSHREDDED -> assertNull(t, "unshredded: " + t);
      case GIVEN -> {
        assertEquals(ShreddedType.parse(GIVEN_OURS), t);
        // Strings, doubles, booleans and list elements typed; b (a string, int32 given) and
        // price (doubles, decimal given) only in their residuals; opt value-only.
        assertTypedAndResidual(f, 1, 0, "ключ");
        assertTypedAndResidual(f, 1, 0, "ratio");
        assertTypedAndResidual(f, 1, 0, "n", "typed_value", "deep", "typed_value", "x");
        assertTypedAndResidual(f, 1, 0, "tags", "typed_value", "list", "element");
        assertTypedAndResidual(f, 0, ROWS / 2, "b");
        assertTypedAndResidual(f, 0, ROWS / 2, "price");
        assertTrue(f.nonNull("doc", "typed_value", "opt", "value") > 0, "opt");
        assertTrue(f.nonNull("doc", "value") > 0, "no residual for non-objects");
      }
      case AUTO -> {
        // DuckDB's own choice (its field order is its own): the fields of most objects.
        assertTrue(t instanceof ShreddedObject, "auto: " + t);
        ShreddedObject o = (ShreddedObject) t;
        assertTrue(o.fields().keySet().containsAll(Set.of("a", "b", "n", "tags", "price",
            "ratio", "ключ")), "auto: " + t);
        assertEquals(ShreddedType.int64(), o.field("a"), "auto: " + t);
        assertTypedAndResidual(f, 1, 0, "b");
        assertTypedAndResidual(f, 1, 0, "ratio");
        // n.c and opt partly typed (doubles, objects) and partly residual (integers, strings).
        assertTypedAndResidual(f, 1, 1, "n", "typed_value", "c");
        assertTypedAndResidual(f, 1, 1, "opt");
        assertTypedAndResidual(f, 0, 1, "a");
        assertTrue(f.nonNull("doc", "value") > 0, "no residual for non-objects: " + t);
      }
      default -> throw new AssertionError(layout);
    }
  }

  /**
   * At least {@code typed} non-null values in the field's {@code typed_value} column (0: none
   * at all) and at least {@code residual} in its {@code value} (0: none at all). DuckDB 2.0's
   * JSON cast makes non-negative integers UINT64, which its writer puts in the residual even
   * where an int64 typed_value is declared: DuckDB's typed integer columns stay empty.
   */
  private static void assertTypedAndResidual(Footer f, long typed, long residual,
      String... fieldPath) {
    String[] path = new String[fieldPath.length + 3];
    path[0] = "doc";
    path[1] = "typed_value";
    System.arraycopy(fieldPath, 0, path, 2, fieldPath.length);
    path[path.length - 1] = "typed_value";
    long t = f.nonNull(path);
    path[path.length - 1] = "value";
    long r = f.nonNull(path);
    String where = String.join(".", fieldPath) + ": typed " + t + ", residual " + r;
    assertTrue(typed == 0 ? t == 0 : t >= typed, where);
    assertTrue(residual == 0 ? r == 0 : r >= residual, where);
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void wholeVariantsEqualDuckDbs(Layout layout) throws Exception {
    DuckDbOracle oracle = new DuckDbOracle(duck, file(layout), "doc", List.of(), List.of());
    assertEquals(ROWS, oracle.rows());
    int rows = 0;
    try (DendriteReader r = DendriteReader.builder(file(layout)).build()) {
      for (DendriteRow row : r) {
        oracle.checkWhole((Long) row.get("id"), row.getJson("doc"));
        rows++;
      }
    }
    assertEquals(ROWS, rows);
    oracle.assertNoMismatches();
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void selectedPathsEqualDuckDbs(Layout layout) throws Exception {
    DuckDbOracle oracle = new DuckDbOracle(duck, file(layout), "doc", Documents.PATHS,
        Documents.CAST_PATHS);
    int rows = 0;
    try (DendriteReader r = DendriteReader.builder(file(layout)).select(oracle.selection())
        .build()) {
      for (DendriteRow row : r) {
        oracle.checkPaths(row);
        rows++;
      }
    }
    assertEquals(ROWS, rows);
    oracle.assertNoMismatches();
    // Worth something only if DuckDB found values, nulls and missing paths.
    assertTrue(oracle.compared("value") > ROWS * 8, "values: " + oracle.compared("value"));
    assertTrue(oracle.compared("json null") > ROWS / 20, "nulls: " + oracle.compared("json null"));
    assertTrue(oracle.compared("missing") > ROWS, "missing: " + oracle.compared("missing"));
  }

  /** The unsorted-object case the path tests must cover is really in DuckDB's files. */
  @Test
  void duckDbStoresObjectFieldsInInsertionOrder() throws Exception {
    StoredFieldOrder unshredded = StoredFieldOrder.of(file(Layout.UNSHREDDED), "doc");
    assertEquals(ROWS, unshredded.rows);
    assertTrue(unshredded.metadataUnsorted > ROWS / 2, unshredded.toString());
    // Every document object stores "tags" before "price": out of key order.
    assertTrue(unshredded.unsortedObjects > ROWS * 3 / 4, unshredded.toString());
    StoredFieldOrder given = StoredFieldOrder.of(file(Layout.GIVEN), "doc");
    assertTrue(given.unsortedObjects > 0, "given residuals: " + given);
  }
}
