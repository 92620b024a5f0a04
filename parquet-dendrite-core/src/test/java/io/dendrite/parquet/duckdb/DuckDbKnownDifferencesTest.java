package io.dendrite.parquet.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the DuckDB differential tests allow for, pinned so that a change on either side shows:
 * the JSON texts of the same file differ in doubles and key order only, and what DuckDB 2.0's
 * JSON cast and Parquet writer do with the documents' values.
 */
class DuckDbKnownDifferencesTest {
  @TempDir Path dir;

  /**
   * One value per row: JSON given to DuckDB, DuckDB's {@code CAST(doc AS JSON)} of it and our
   * {@code toJson} of it, read from the same unshredded DuckDB file.
   */
  private record Text(String input, String duckDb, String ours) {}

  /**
   * Doubles: DuckDB prints the shortest digits, as a plain decimal from 1e-6 to below 1e21 and
   * with a lowercase exponent beyond; ours always has an exponent (Java's digits), so the text
   * parses back as a double, never as a decimal (see {@code VariantJson}). Objects: DuckDB
   * prints keys sorted; ours keeps the stored order, which is DuckDB's insertion order. All
   * else is the same text, escapes included.
   */
  private static final List<Text> TEXTS = List.of(
      new Text("1.25", "1.25", "1.25E0"),
      new Text("100.0", "100.0", "1.0E2"),
      new Text("0.1", "0.1", "1.0E-1"),
      new Text("-0.0", "-0.0", "-0.0E0"),
      new Text("71250000000.0", "71250000000.0", "7.125E10"),
      new Text("0.000025", "0.000025", "2.5E-5"),
      new Text("1e21", "1e21", "1.0E21"),
      new Text("1.945e-8", "1.945e-8", "1.945E-8"),
      new Text("1.5e300", "1.5e300", "1.5E300"),
      new Text("{\"z\": 2, \"a\": 1}", "{\"a\":1,\"z\":2}", "{\"z\":2,\"a\":1}"),
      new Text("{\"a\": {}, \"b\": []}", "{\"a\":{},\"b\":[]}", "{\"a\":{},\"b\":[]}"),
      new Text("[1, true, null, \"x\"]", "[1,true,null,\"x\"]", "[1,true,null,\"x\"]"),
      new Text("-5", "-5", "-5"),
      new Text("123456789012345678", "123456789012345678", "123456789012345678"),
      new Text("\"q\\\"b\\\\n\\nt\\tc\\u0001/ü😀\"", "\"q\\\"b\\\\n\\nt\\tc\\u0001/ü😀\"",
          "\"q\\\"b\\\\n\\nt\\tc\\u0001/ü😀\""));

  @Test
  void jsonTextsDifferInDoublesAndKeyOrderOnly() throws Exception {
    Path file = dir.resolve("texts.parquet");
    List<String> inputs = new ArrayList<>();
    TEXTS.forEach(t -> inputs.add(t.input()));
    List<Object[]> duck;
    try (DuckDb db = DuckDb.open()) {
      db.loadDocuments("texts", inputs);
      db.copyToParquet("SELECT id, doc FROM texts ORDER BY id", file,
          "SHREDDING {'doc': 'VARIANT'}");
      duck = db.rows("SELECT id, CAST(CAST(doc AS JSON) AS VARCHAR) FROM read_parquet("
          + DuckDb.quote(file.toString()) + ") ORDER BY id");
    }
    List<String> ours = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        ours.add(row.getJson("doc"));
      }
    }
    assertEquals(TEXTS.size(), duck.size());
    assertEquals(TEXTS.size(), ours.size());
    for (int i = 0; i < TEXTS.size(); i++) {
      Text t = TEXTS.get(i);
      assertEquals(t.duckDb(), duck.get(i)[1], "DuckDB's text of " + t.input());
      assertEquals(t.ours(), ours.get(i), "our text of " + t.input());
    }
  }

  /**
   * DuckDB's {@code CAST(json AS JSON)::VARIANT}: a non-negative integer is a UINT64 (which
   * its Parquet writer never puts in an int64 typed_value), a negative one an INT64, a
   * fraction or exponent a DOUBLE, and a top-level JSON null a SQL NULL.
   */
  @Test
  void duckDbsJsonCastTypes() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      assertEquals("UINT64", db.value("SELECT variant_typeof(CAST('5'::JSON AS VARIANT))"));
      assertEquals("INT64", db.value("SELECT variant_typeof(CAST('-5'::JSON AS VARIANT))"));
      assertEquals("DOUBLE", db.value("SELECT variant_typeof(CAST('1.50'::JSON AS VARIANT))"));
      assertEquals(true, db.value("SELECT CAST('null'::JSON AS VARIANT) IS NULL"));
    }
  }

  /**
   * DuckDB 2.0 cannot write an integer outside int64 to Parquet, so {@link DuckDb} gives such
   * literals an exponent; only those literals change.
   */
  @Test
  void duckDbCannotWriteIntegersBeyondInt64() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      SQLException e = assertThrows(SQLException.class, () -> db.copyToParquet(
          "SELECT CAST('{\"big\": 12345678901234567890}'::JSON AS VARIANT) AS doc",
          dir.resolve("big.parquet"), ""));
      assertTrue(e.getMessage().contains("out of range for the destination type INT64"),
          e.getMessage());
    }
    assertEquals("{\"big\": 12345678901234567890e0, \"n\": 9223372036854775807,"
            + " \"m\": -9223372036854775809e0, \"s\": \"12345678901234567890\", \"d\": 1.5}",
        DuckDb.beyondInt64AsDouble("{\"big\": 12345678901234567890, \"n\": 9223372036854775807,"
            + " \"m\": -9223372036854775809, \"s\": \"12345678901234567890\", \"d\": 1.5}"));
  }
}
