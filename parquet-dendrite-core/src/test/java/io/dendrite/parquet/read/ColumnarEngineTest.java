package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.hadoop.ParquetJavaPages;
import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The columnar engine against the converter path it replaces, on the same files: every
 * selection gives the same rows (values, JSON nulls, missing paths), alone, together, on
 * several row groups and on two threads, for variant paths of every layout and for nested
 * ordinary columns (structs, lists, maps, variants inside them, nulls at every level); and its
 * batches agree with its rows.
 */
class ColumnarEngineTest {
  private static final int ROWS = 3000;
  private static final List<String> DOCS = Documents.generate(ROWS, 21L);
  private static final String GIVEN = "doc: {a: int64, b: int32, n: {c: decimal(9,2),"
      + " d: [int64], deep: {x: boolean}}, tags: [string], price: decimal(12,2),"
      + " ratio: double, opt: variant, `ключ`: string}";

  enum Layout {
    UNSHREDDED(DendriteWriter.Builder::unshredded),
    INFERRED(b -> b),
    GIVEN(b -> b.shredding(ColumnarEngineTest.GIVEN));

    final UnaryOperator<DendriteWriter.Builder> options;

    Layout(UnaryOperator<DendriteWriter.Builder> options) {
      this.options = options;
    }
  }

  @TempDir static Path dir;

  @BeforeAll
  static void write() throws Exception {
    for (Layout l : Layout.values()) {
      DendriteWriter.Builder b = DendriteWriter.builder(file(l))
          .schema("id int64 not null, name string, doc variant")
          .rowGroupSize(64 * 1024);
      try (DendriteWriter w = l.options.apply(b).build()) {
        for (int i = 0; i < ROWS; i++) {
          String name = i % 7 == 0 ? "null" : "\"n" + (i % 13) + "\"";
          w.writeJson("{\"id\": " + i + ", \"name\": " + name + ", \"doc\": " + DOCS.get(i)
              + "}");
        }
      }
    }
  }

  private static Path file(Layout l) {
    return dir.resolve(l.name().toLowerCase() + ".parquet");
  }

  /** Documents' paths in select form: {@code $.n.d[0]} is {@code doc.n.d[0]}. */
  private static List<String> docPaths() {
    List<String> out = new ArrayList<>();
    for (String p : Documents.PATHS) {
      out.add("doc" + p.substring(1));
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void everyPathAloneAndTogetherReadsAsTheConverterPath(Layout layout) throws Exception {
    List<List<String>> selections = new ArrayList<>();
    for (String p : docPaths()) {
      selections.add(List.of("id", p));
    }
    selections.add(docPaths());
    selections.add(List.of("id", "name"));
    selections.add(List.of("doc"));
    for (List<String> select : selections) {
      compare(file(layout), select, 1);
    }
    compare(file(layout), docPaths(), 2); // several row groups, two threads
    compare(file(layout), null, 1); // every column whole
  }

  /** Nested ordinary columns, variants inside them shredded where the writer shreds them. */
  private static final String NESTED_SCHEMA = "id int64 not null,"
      + " s struct<a int32, b string not null, v variant, inner struct<x double, y list<int32>>>,"
      + " tags list<string>, devices list<struct<os string, ver int32 not null>>,"
      + " m map<string, int64>, mi map<int32, string not null>, lv list<variant>,"
      + " mv map<string, variant>, ll list<list<int64 not null>>, top variant";
  private static final String NESTED_SHREDDING = "s.v: {k: int64, arr: [string]};"
      + " top: {a: int64, o: {p: string}, arr: [{q: int64}]}";
  private static final List<String> NESTED_PATHS = List.of("id", "s", "s.a", "s.b", "s.v",
      "s.v.k", "s.v.arr[1]", "s.v.zz", "s.inner", "s.inner.x", "s.inner.y", "s.inner.y[0]",
      "tags", "tags[0]", "tags[2]", "devices", "devices[0]", "devices[0].os", "devices[1].ver",
      "devices[9].os", "m", "m.k1", "m.k2", "m.nope", "mi", "mi.3", "mi.7", "lv",
      "lv[0]", "lv[1].k", "lv[0].arr[0]", "mv", "mv.k1", "mv.k1.k", "ll", "ll[1]", "ll[1][0]",
      "ll[0][2]", "top", "top.a", "top.o", "top.o.p", "top.arr", "top.arr[1]", "top.arr[0].q",
      "top.zz");

  @Test
  void nestedColumnsReadAsTheConverterPath() throws Exception {
    Path file = dir.resolve("nested.parquet");
    Random r = new Random(5);
    int rows = 1500;
    try (DendriteWriter w = DendriteWriter.builder(file).schema(NESTED_SCHEMA)
        .shredding(NESTED_SHREDDING).rowGroupSize(32 * 1024).pageSize(2048).build()) {
      for (int i = 0; i < rows; i++) {
        w.write(nestedRow(i, r));
      }
    }
    compare(file, null, 1);
    compare(file, null, 2);
    compare(file, NESTED_PATHS, 1);
    for (String p : NESTED_PATHS) {
      compare(file, List.of(p), 1);
    }
    compare(file, List.of("devices[1].os", "devices[0]", "s.inner.y[1]", "s.v"), 2);
  }

  /**
   * A path leaving the shredded tree below an object field that has no {@code value} column
   * ({@code a} is only a typed object) reads no leaf there: the row's value can only be in the
   * top-level {@code value} (its typed_value null), else the path is missing.
   */
  @Test
  void pathBelowATypedOnlyObjectIsFoundInTheTopValue() throws Exception {
    String schema = "message m { optional group v (VARIANT(1)) { required binary metadata;"
        + " optional binary value; optional group typed_value { required group a {"
        + " optional group typed_value { required group c { optional binary value;"
        + " optional int64 typed_value; } } } } } }";
    byte[] meta = io.dendrite.parquet.testing.VariantBytes.metadata(true, "a", "c", "zz");
    Path file = io.dendrite.parquet.testing.RawParquetFiles.write(dir.resolve("typed-only.parquet"),
        schema, f -> {
          List<org.apache.parquet.example.data.Group> rows = new ArrayList<>();
          // 1. The whole value in the top-level value: {"a": {"zz": 5}}.
          org.apache.parquet.example.data.Group r1 = f.newGroup();
          r1.addGroup("v").append("metadata", bin(meta)).append("value", bin(
              io.dendrite.parquet.testing.VariantBytes.object(new int[] {0},
                  io.dendrite.parquet.testing.VariantBytes.object(new int[] {2},
                      io.dendrite.parquet.testing.VariantBytes.int8(5)))));
          // 2. Shredded: {"a": {"c": 7}}, no zz.
          org.apache.parquet.example.data.Group r2 = f.newGroup();
          r2.addGroup("v").append("metadata", bin(meta)).addGroup("typed_value").addGroup("a")
              .addGroup("typed_value").addGroup("c").append("typed_value", 7L);
          rows.add(r1);
          rows.add(r2);
          return rows;
        });
    // The plan has no column to read for a: it is left out of the requested schema (an empty
    // group there made parquet-java's record reader fail), on our pages and on parquet-java's.
    List<String> select = List.of("v.a.zz", "v.a[0]");
    try (DendriteReader r = DendriteReader.builder(file).select(select).build();
        ParquetJavaPages oracle = ParquetJavaPages.open(file, select)) {
      for (java.util.function.Supplier<DendriteRow> rows
          : List.<java.util.function.Supplier<DendriteRow>>of(r::read, oracle::read)) {
        DendriteRow row = rows.get();
        assertEquals("5", row.getJson("v.a.zz"));
        assertTrue(row.isMissing("v.a[0]"));
        row = rows.get();
        assertTrue(row.isMissing("v.a.zz") && row.isMissing("v.a[0]"));
        assertNull(rows.get());
      }
    }
  }

  /** Variants in a list and a struct, row 2 of 3 invalid in one place per case. */
  private static final String BAD_NESTED = "message m { required int32 id;"
      + " optional group l (LIST) { repeated group list { optional group element (VARIANT(1)) {"
      + "   required binary metadata; optional binary value; optional int64 typed_value; } } }"
      + " optional group s { optional group v (VARIANT(1)) { required binary metadata;"
      + "   optional binary value; optional group typed_value { required group a {"
      + "   optional binary value; optional int64 typed_value; } } } } }";

  enum BadNested { CONFLICT_IN_LIST, INVALID_VALUE_IN_LIST, INVALID_METADATA_IN_LIST,
    SHREDDED_FIELD_IN_RESIDUAL, RESIDUAL_NOT_AN_OBJECT }

  /**
   * An invalid variant in a list or struct ends the read after row 1 with the converter
   * path's error: same row group, row, column path and problem.
   */
  @ParameterizedTest
  @EnumSource(BadNested.class)
  void invalidNestedVariantsFailAsTheConverterPathDoes(BadNested bad) throws Exception {
    byte[] aMeta = io.dendrite.parquet.testing.VariantBytes.metadata(true, "a");
    byte[] emptyMeta = io.dendrite.parquet.testing.VariantBytes.metadata(true);
    byte[] one = io.dendrite.parquet.testing.VariantBytes.int8(1);
    Path file = io.dendrite.parquet.testing.RawParquetFiles.write(
        dir.resolve(bad + ".parquet"), BAD_NESTED, f -> {
          List<org.apache.parquet.example.data.Group> rows = new ArrayList<>();
          for (int id = 1; id <= 3; id++) {
            org.apache.parquet.example.data.Group row = f.newGroup().append("id", id);
            org.apache.parquet.example.data.Group l = row.addGroup("l");
            l.addGroup("list").addGroup("element").append("metadata", bin(emptyMeta))
                .append("typed_value", 5L);
            org.apache.parquet.example.data.Group e = l.addGroup("list").addGroup("element");
            org.apache.parquet.example.data.Group v = row.addGroup("s").addGroup("v");
            v.append("metadata", bin(aMeta));
            org.apache.parquet.example.data.Group a = v.addGroup("typed_value").addGroup("a");
            boolean badRow = id == 2;
            e.append("metadata", bin(badRow && bad == BadNested.INVALID_METADATA_IN_LIST
                ? new byte[] {1, 5} : emptyMeta));
            if (badRow && bad == BadNested.CONFLICT_IN_LIST) {
              e.append("value", bin(one)).append("typed_value", 6L);
            } else if (badRow && bad == BadNested.INVALID_VALUE_IN_LIST) {
              e.append("value", bin(new byte[] {(byte) 0x0C})); // an int8 without its byte
            } else {
              e.append("value", bin(one));
            }
            if (badRow && bad == BadNested.SHREDDED_FIELD_IN_RESIDUAL) {
              v.append("value", bin(io.dendrite.parquet.testing.VariantBytes.object(
                  new int[] {0}, one)));
            } else if (badRow && bad == BadNested.RESIDUAL_NOT_AN_OBJECT) {
              v.append("value", bin(one));
            }
            a.append("typed_value", 3L);
            rows.add(row);
          }
          return rows;
        });
    String engine;
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      engine = failure(r::read);
    }
    String old;
    try (ParquetJavaPages oracle = ParquetJavaPages.open(file, null)) {
      old = failure(oracle::read);
    }
    assertEquals(old, engine);
    assertTrue(engine.contains("row 2") && engine.contains("column "), engine);
  }

  private static org.apache.parquet.io.api.Binary bin(byte[] b) {
    return io.dendrite.parquet.testing.RawParquetFiles.bytes(b);
  }

  /** Reads every row; the failure's message, after checking that row 1 was read. */
  private static String failure(java.util.function.Supplier<DendriteRow> read) {
    int rows = 0;
    try {
      while (read.get() != null) {
        rows++;
      }
    } catch (DendriteReadException e) {
      assertEquals(1, rows, e.getMessage());
      assertEquals(2, e.row(), e.getMessage());
      return e.getMessage();
    }
    throw new AssertionError("no failure after " + rows + " rows");
  }

  /** A row with nulls, empty containers and missing fields at every level. */
  private static Map<String, Object> nestedRow(int i, Random r) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", (long) i);
    if (r.nextInt(8) > 0) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("a", r.nextInt(5) == 0 ? null : r.nextInt(100));
      s.put("b", "b" + i);
      s.put("v", r.nextInt(6) == 0 ? null : variant(i, r));
      if (r.nextInt(5) > 0) {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("x", r.nextInt(4) == 0 ? null : r.nextDouble());
        inner.put("y", r.nextInt(4) == 0 ? null : ints(r));
        s.put("inner", inner);
      }
      row.put("s", s);
    }
    row.put("tags", r.nextInt(6) == 0 ? null : strings(r, "t"));
    if (r.nextInt(6) > 0) {
      List<Object> devices = new ArrayList<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        devices.add(r.nextInt(5) == 0 ? null : Map.of("os", "os" + r.nextInt(3), "ver", k));
      }
      row.put("devices", devices);
    }
    if (r.nextInt(6) > 0) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        m.put("k" + r.nextInt(4), r.nextInt(5) == 0 ? null : (long) r.nextInt(1000));
      }
      row.put("m", m);
    }
    if (r.nextInt(6) > 0) {
      Map<Integer, Object> mi = new LinkedHashMap<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        mi.put(r.nextInt(10), "v" + k);
      }
      row.put("mi", mi);
    }
    if (r.nextInt(6) > 0) {
      List<Object> lv = new ArrayList<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        lv.add(r.nextInt(5) == 0 ? null : variant(i + k, r));
      }
      row.put("lv", lv);
    }
    if (r.nextInt(6) > 0) {
      Map<String, Object> mv = new LinkedHashMap<>();
      for (int k = r.nextInt(3); k > 0; k--) {
        mv.put("k" + k, r.nextInt(5) == 0 ? null : variant(i * k, r));
      }
      row.put("mv", mv);
    }
    if (r.nextInt(6) > 0) {
      List<Object> ll = new ArrayList<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        ll.add(r.nextInt(4) == 0 ? null : longs(r));
      }
      row.put("ll", ll);
    }
    row.put("top", r.nextInt(10) == 0 ? null : variant(i, r));
    return row;
  }

  /** Objects that fit the shredding, partly fit it, or do not (scalars, arrays). */
  private static Object variant(int i, Random r) {
    switch (r.nextInt(6)) {
      case 0:
        return "text " + i;
      case 1:
        return List.of(i, "x");
      default:
        Map<String, Object> o = new LinkedHashMap<>();
        if (r.nextBoolean()) {
          o.put("k", r.nextInt(3) == 0 ? "not a number" : (Object) (long) i);
        }
        if (r.nextBoolean()) {
          o.put("a", (long) i * 3);
        }
        if (r.nextBoolean()) {
          o.put("o", r.nextBoolean() ? Map.of("p", "p" + i, "extra", i) : "flat");
        }
        if (r.nextBoolean()) {
          List<Object> arr = new ArrayList<>();
          for (int k = r.nextInt(3); k > 0; k--) {
            arr.add(r.nextBoolean() ? Map.of("q", (long) k) : "s" + k);
          }
          o.put("arr", arr);
        }
        if (r.nextBoolean()) {
          o.put("rest", Map.of("deep", List.of(1, 2)));
        }
        return o;
    }
  }

  private static List<Object> ints(Random r) {
    List<Object> out = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      out.add(r.nextInt(4) == 0 ? null : r.nextInt(50));
    }
    return out;
  }

  private static List<Object> longs(Random r) {
    List<Object> out = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      out.add((long) r.nextInt(50));
    }
    return out;
  }

  private static List<Object> strings(Random r, String prefix) {
    List<Object> out = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      out.add(r.nextInt(4) == 0 ? null : prefix + r.nextInt(9));
    }
    return out;
  }

  @Test
  void batchesAgreeWithRowsAndKeepTypedLeavesInArrays() throws Exception {
    long expected = 0;
    long rows = 0;
    try (DendriteReader r = DendriteReader.builder(file(Layout.GIVEN)).select("doc.a").build()) {
      for (DendriteRow row : r) {
        Long a = row.getLong("doc.a");
        expected += a == null ? 0 : a;
        rows++;
      }
    }
    long sum = 0;
    long typed = 0;
    long seen = 0;
    try (DendriteReader r = DendriteReader.builder(file(Layout.GIVEN)).select("doc.a").build()) {
      for (DendriteBatch b : r.batches(1000)) {
        PathVector v = b.vector("doc.a");
        assertEquals(PathVector.Storage.LONG, v.storage());
        long[] longs = v.longs();
        assertNotNull(longs);
        for (int i = 0; i < b.size(); i++) {
          if (v.isTyped(i)) {
            sum += longs[i];
            typed++;
          } else if (!v.isNull(i)) {
            Long a = v.getLong(i);
            sum += a == null ? 0 : a;
          }
        }
        seen += b.size();
      }
    }
    assertEquals(rows, seen);
    assertEquals(expected, sum);
    assertTrue(typed > ROWS / 2, "most of doc.a is shredded: " + typed);
  }

  @Test
  void dictionaryStringsComeAsIds() throws Exception {
    try (DendriteReader r = DendriteReader.builder(file(Layout.GIVEN)).select("name").build()) {
      DendriteBatch b = r.batches(ROWS).iterator().next();
      PathVector v = b.vector(0);
      assertEquals(PathVector.Storage.DICTIONARY, v.storage());
      assertEquals(13, v.dictionarySize());
      for (int i = 0; i < b.size(); i++) {
        if (i % 7 == 0) {
          assertTrue(v.isNull(i));
          assertNull(v.get(i));
        } else {
          assertFalse(v.isNull(i));
          assertEquals("n" + (i % 13), v.dictionaryValue(v.dictionaryIds()[i]));
          assertEquals("n" + (i % 13), v.getString(i));
        }
      }
    }
  }

  /**
   * Reads {@code select} (null: every column whole) with the engine on {@code threads} threads
   * and with parquet-java's pages; the rows must be equal.
   */
  private static void compare(Path file, List<String> select, int threads) throws Exception {
    DendriteReader.Builder e = DendriteReader.builder(file).parallelism(threads);
    if (select != null) {
      e.select(select);
    }
    try (DendriteReader engine = e.build(); ParquetJavaPages old = ParquetJavaPages.open(file, select)) {
      long n = 0;
      for (DendriteRow want = old.read(); want != null; want = old.read()) {
        DendriteRow got = engine.read();
        assertNotNull(got, "engine ended early at row " + n);
        assertEquals(want.columns(), got.columns());
        for (String p : want.columns()) {
          String where = file.getFileName() + " row " + n + " " + p + " of " + select;
          assertEquals(want.isMissing(p), got.isMissing(p), where);
          Object w = want.get(p);
          Object g = got.get(p);
          assertEquals(w, g, where);
          assertEquals(w == null ? null : w.getClass(), g == null ? null : g.getClass(), where);
          if (w instanceof io.dendrite.parquet.variant.VariantValue) {
            assertEquals(want.getJson(p), got.getJson(p), where);
          }
        }
        n++;
      }
      assertNull(engine.read());
      assertTrue(n > 0);
    }
  }
}
