package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The columnar engine against the converter path it replaces, on the same files: every
 * selection it serves gives the same rows (values, JSON nulls, missing paths), alone, together,
 * on several row groups and on two threads; and its batches agree with its rows.
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
    int served = 0;
    List<List<String>> selections = new ArrayList<>();
    for (String p : docPaths()) {
      selections.add(List.of("id", p));
    }
    selections.add(docPaths());
    selections.add(List.of("id", "name"));
    selections.add(List.of("doc"));
    for (List<String> select : selections) {
      served += compare(file(layout), select, 1) ? 1 : 0;
    }
    served += compare(file(layout), docPaths(), 2) ? 1 : 0; // several row groups, two threads
    // Paths into shredded arrays and whole shredded values are reassembled: not served yet.
    assertTrue(served >= selections.size() / 2, layout + ": engine served only " + served);
  }

  @Test
  void unshreddedWholeValueAndShreddedLeavesAreServed() throws Exception {
    try (DendriteReader r = DendriteReader.builder(file(Layout.UNSHREDDED)).select("doc").build()) {
      assertTrue(r.isColumnar());
    }
    try (DendriteReader r = DendriteReader.builder(file(Layout.GIVEN))
        .select("id", "name", "doc.a", "doc.n.c", "doc.zz").build()) {
      assertTrue(r.isColumnar());
    }
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
      assertTrue(r.isColumnar());
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

  /** Reads {@code select} both ways; returns whether the engine served it. */
  private static boolean compare(Path file, List<String> select, int threads) throws Exception {
    try (DendriteReader engine = DendriteReader.builder(file).select(select)
            .parallelism(threads).build();
        DendriteReader old = DendriteReader.builder(file).select(select).parallelism(threads)
            .columnar(false).build()) {
      assertFalse(old.isColumnar());
      long n = 0;
      for (DendriteRow want = old.read(); want != null; want = old.read()) {
        DendriteRow got = engine.read();
        assertNotNull(got, "engine ended early at row " + n);
        for (String p : select) {
          String where = file.getFileName() + " row " + n + " " + p + " of " + select;
          assertEquals(want.isMissing(p), got.isMissing(p), where);
          Object w = want.get(p);
          Object g = got.get(p);
          assertEquals(w, g, where);
          if (w instanceof io.dendrite.parquet.variant.VariantValue) {
            assertEquals(want.getJson(p), got.getJson(p), where);
          }
        }
        n++;
      }
      assertNull(engine.read());
      assertEquals(ROWS, n);
      return engine.isColumnar();
    }
  }
}
