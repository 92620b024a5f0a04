package io.dendrite.parquet.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files our writer makes from the random {@link Documents}, unshredded, with inferred shredding
 * and with a given one, read by DuckDB 2.0: per row, DuckDB's {@code CAST(doc AS JSON)} equals
 * our reader's whole value, and DuckDB's {@code variant_extract} on every path of
 * {@link Documents#PATHS} equals our {@code select} by value, type, missing versus JSON null
 * and typed getters ({@link DuckDbOracle} states the rules). Both engines read the same file,
 * so any disagreement is a file DuckDB reads differently from us.
 */
class DuckDbReadsOurFilesTest {
  private static final int ROWS = 2000;
  private static final List<String> DOCS = Documents.generate(ROWS, 12L);
  /** Deliberately imperfect: b is really a string, so every b lands in the residual. */
  private static final String GIVEN = "doc: {a: int64, b: int32, n: {c: decimal(9,2),"
      + " d: [int64], deep: {x: boolean}}, tags: [string], price: decimal(12,2),"
      + " ratio: double, opt: variant, `ключ`: string}";

  /** How our writer shreds the doc column. */
  enum Layout {
    UNSHREDDED(DendriteWriter.Builder::unshredded),
    INFERRED(b -> b), // the default
    GIVEN(b -> b.shredding(DuckDbReadsOurFilesTest.GIVEN)),
    /** Data page v2 with DELTA fallbacks, no dictionaries and BYTE_STREAM_SPLIT on paths. */
    GIVEN_V2_ENCODINGS(b -> b.shredding(DuckDbReadsOurFilesTest.GIVEN).pageVersion(2)
        .noDictionary("id", "doc.a", "doc.tags[0]", "doc.`ключ`")
        .byteStreamSplit("doc.ratio", "doc.n.d[0]"));

    final UnaryOperator<DendriteWriter.Builder> options;

    Layout(UnaryOperator<DendriteWriter.Builder> options) {
      this.options = options;
    }
  }

  @TempDir static Path dir;
  private static DuckDb duck;

  @BeforeAll
  static void writeEveryLayout() throws Exception {
    duck = DuckDb.open();
    for (Layout l : Layout.values()) {
      DendriteWriter.Builder b = DendriteWriter.builder(file(l))
          .schema("id int64 not null, doc variant")
          .rowGroupSize(64 * 1024); // several row groups
      try (DendriteWriter w = l.options.apply(b).build()) {
        for (int i = 0; i < ROWS; i++) {
          w.writeJson("{\"id\": " + i + ", \"doc\": " + DOCS.get(i) + "}");
        }
      }
    }
  }

  @AfterAll
  static void closeDuckDb() throws Exception {
    duck.close();
  }

  private static Path file(Layout layout) {
    return dir.resolve("ours-" + layout.name().toLowerCase() + ".parquet");
  }

  @Test
  void theEncodingsLayoutUsesItsEncodings() throws Exception {
    Set<Encoding> all = new HashSet<>();
    try (ParquetFileReader r = ParquetFileReader.open(
        new LocalInputFile(file(Layout.GIVEN_V2_ENCODINGS)))) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          all.addAll(c.getEncodings());
        }
      }
    }
    assertTrue(all.containsAll(List.of(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BYTE_ARRAY,
        Encoding.BYTE_STREAM_SPLIT)), all.toString());
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void duckDbReadsOurWholeVariants(Layout layout) throws Exception {
    Footer f = new Footer(file(layout));
    assertTrue(f.rowGroups.size() > 1, layout + ": row groups " + f.rowGroups.size());
    ShreddedType t = f.shredded("doc");
    assertEquals(layout == Layout.UNSHREDDED, t == null, layout + ": " + t);
    assertEquals("VARIANT", duck.value("SELECT column_type FROM (DESCRIBE SELECT doc FROM "
        + "read_parquet(" + DuckDb.quote(file(layout).toString()) + "))"), layout.toString());

    DuckDbOracle oracle = new DuckDbOracle(duck, file(layout), "doc", List.of(), List.of());
    assertEquals(ROWS, oracle.rows());
    try (DendriteReader r = DendriteReader.builder(file(layout)).build()) {
      for (DendriteRow row : r) {
        oracle.checkWhole((Long) row.get("id"), row.getJson("doc"));
      }
    }
    oracle.assertNoMismatches();
    assertEquals(ROWS, oracle.compared("whole"));
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void duckDbPathsEqualOurSelect(Layout layout) throws Exception {
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
    assertTrue(oracle.compared("value") > ROWS * 8, "values: " + oracle.compared("value"));
    assertTrue(oracle.compared("json null") > ROWS / 20, "nulls: " + oracle.compared("json null"));
  }

  /**
   * variantAnnotation(false): DuckDB 2.0 reads the plain group as the struct of its fields (the
   * file gives it no other hint), whose blobs decode to the variants our reader returns.
   */
  @Test
  void duckDbReadsAPlainGroupAsAStruct() throws Exception {
    Path plain = dir.resolve("ours-plain.parquet");
    try (DendriteWriter w = DendriteWriter.builder(plain).schema("id int64 not null, doc variant")
        .unshredded().variantAnnotation(false).build()) {
      for (int i = 0; i < ROWS; i++) {
        w.writeJson("{\"id\": " + i + ", \"doc\": " + DOCS.get(i) + "}");
      }
    }
    String source = "read_parquet(" + DuckDb.quote(plain.toString()) + ")";
    assertEquals("STRUCT(metadata BLOB, \"value\" BLOB)", duck.value(
        "SELECT column_type FROM (DESCRIBE SELECT doc FROM " + source + ")"));
    // Our unshredded layout stores the encoded variant itself: the struct holds its bytes.
    List<Object[]> rows = duck.rows("SELECT id, doc.metadata, doc.value FROM " + source
        + " ORDER BY id");
    assertEquals(ROWS, rows.size());
    int values = 0;
    try (DendriteReader r = DendriteReader.builder(plain).build()) {
      for (Object[] duckRow : rows) {
        DendriteRow ours = r.read();
        assertEquals(ours.get("id"), duckRow[0]);
        VariantValue fromDuck = duckRow[1] == null ? null
            : VariantValue.of(bytes(duckRow[1]), bytes(duckRow[2]));
        assertEquals(ours.getJson("doc"), fromDuck == null ? null : fromDuck.toJson(),
            "id " + duckRow[0]);
        values += fromDuck == null ? 0 : 1;
      }
    }
    assertTrue(values > ROWS * 9 / 10, "values: " + values);
  }

  private static byte[] bytes(Object blob) throws java.sql.SQLException {
    java.sql.Blob b = (java.sql.Blob) blob;
    return b.getBytes(1, (int) b.length());
  }
}
