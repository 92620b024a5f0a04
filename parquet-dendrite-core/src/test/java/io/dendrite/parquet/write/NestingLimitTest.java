package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantBinary;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The one nesting limit, {@link VariantBinary#MAX_NESTING_DEPTH}: a variant exactly that deep is
 * written from every kind of input and reads back whole and by path, in every layout; one level
 * more is an {@link InvalidRecordException} naming file, row (line) and field, which fails the
 * file or, when skipping, drops just that record.
 */
class NestingLimitTest {
  private static final int LIMIT = VariantBinary.MAX_NESTING_DEPTH;
  private static final String SCHEMA = "id int64 not null, payload variant";

  @TempDir Path dir;

  /** How the writer lays out {@code payload}. */
  enum Layout {
    UNSHREDDED(DendriteWriter.Builder::unshredded),
    INFERRED(b -> b),
    // The deep value leaves this shape at its third level: the rest goes to a residual value.
    GIVEN(b -> b.shredding("payload: {a: [{a: [{a: int64}]}]}"));

    final UnaryOperator<DendriteWriter.Builder> configure;

    Layout(UnaryOperator<DendriteWriter.Builder> configure) {
      this.configure = configure;
    }
  }

  // ------------------------------------------------------------------ deep values

  /**
   * {@code levels} containers around the number 7: objects {@code {"a": ...}} at odd levels
   * (the outermost is level 1) and one-element arrays at even levels, as JSON text.
   */
  static String deepJson(int levels) {
    return deepJson(1, levels);
  }

  /** The part of {@link #deepJson(int)} from level {@code from} inwards. */
  static String deepJson(int from, int levels) {
    StringBuilder open = new StringBuilder();
    StringBuilder close = new StringBuilder();
    for (int level = from; level <= levels; level++) {
      open.append(level % 2 == 1 ? "{\"a\":" : "[");
      close.append(level % 2 == 1 ? '}' : ']');
    }
    return open + "7" + close.reverse();
  }

  /** The same value as Java maps and lists. */
  static Object deepJava(int levels) {
    Object v = 7L;
    for (int level = levels; level >= 1; level--) {
      v = level % 2 == 1 ? Map.of("a", v) : List.of(v);
    }
    return v;
  }

  /** The same value as a Jackson tree, built node by node (no parser limit involved). */
  static JsonNode deepNode(int levels) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    JsonNode v = f.numberNode(7L);
    for (int level = levels; level >= 1; level--) {
      v = level % 2 == 1 ? f.objectNode().set("a", v) : f.arrayNode().add(v);
    }
    return v;
  }

  /** The path from the variant down to level {@code to} + 1 (to = levels: the number). */
  static String pathDown(int to) {
    StringBuilder p = new StringBuilder();
    for (int level = 1; level <= to; level++) {
      p.append(level % 2 == 1 ? ".a" : "[0]");
    }
    return p.toString();
  }

  /** {@code levels} one-element arrays around null, encoded by hand (the encoder would refuse). */
  static EncodedVariant rawNestedArrays(int levels) {
    byte[] cur = {0}; // null
    for (int d = 0; d < levels; d++) {
      byte[] next = new byte[cur.length + 6];
      next[0] = 0x07; // array, 2-byte offsets
      next[1] = 1;
      next[4] = (byte) cur.length;
      next[5] = (byte) (cur.length >> 8);
      System.arraycopy(cur, 0, next, 6, cur.length);
      cur = next;
    }
    return EncodedVariant.of(new byte[] {1, 0, 0}, cur);
  }

  private static EncodedVariant parsed(String json) {
    try {
      return VariantJson.parse(json);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  // ------------------------------------------------------------------ helpers

  private DendriteWriter.Builder builder(Path file, Layout layout) {
    return layout.configure.apply(DendriteWriter.builder(file).schema(SCHEMA));
  }

  private static String goodJson(long id) {
    return "{\"id\":" + id + ",\"payload\":{\"a\":[{\"a\":[{\"a\":" + id + "}]}]}}";
  }

  private static Map<String, Object> good(long id) {
    return Map.of("id", id, "payload", Map.of("a", List.of(Map.of("a", List.of(Map.of("a", id))))));
  }

  private List<String> listDir() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  /** Reads rows 1, 2 (the deep one), 3 back whole, by a path to the bottom and half-way. */
  private static void assertDeepRowReadsBack(Path file, int levels) throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      List<DendriteRow> rows = new ArrayList<>();
      r.forEach(rows::add);
      assertEquals(3, rows.size());
      assertEquals(2L, rows.get(1).get("id"));
      assertEquals(deepJson(levels), rows.get(1).getJson("payload"));
      assertEquals("{\"a\":[{\"a\":[{\"a\":3}]}]}", rows.get(2).getJson("payload"));
    }
    String bottom = "payload" + pathDown(levels);
    String middle = "payload" + pathDown(levels / 2);
    try (DendriteReader r = DendriteReader.builder(file).select("id", bottom, middle).build()) {
      List<DendriteRow> rows = new ArrayList<>();
      r.forEach(rows::add);
      assertEquals(3, rows.size());
      assertEquals("7", rows.get(1).getJson(bottom));
      assertEquals(deepJson(levels / 2 + 1, levels), rows.get(1).getJson(middle));
      assertEquals(null, rows.get(0).getJson(bottom), "row 1 has no such path");
    }
  }

  private static void assertTooDeep(InvalidRecordException e, Path file, long row) {
    String m = e.getMessage();
    assertEquals(file.toAbsolutePath().toString(), e.file(), m);
    assertEquals(row, e.row(), m);
    assertEquals("payload", e.field(), m);
    assertTrue(m.contains("row " + row + ", field 'payload'"), m);
    assertTrue(m.contains("nested deeper than " + LIMIT + " levels"), m);
  }

  // ------------------------------------------------------------------ at the limit

  @ParameterizedTest
  @EnumSource(Layout.class)
  void mapRecordAtTheLimitReadsBackWholeAndByPath(Layout layout) throws Exception {
    Path file = dir.resolve("maps.parquet");
    try (DendriteWriter w = builder(file, layout).build()) {
      w.write(good(1));
      w.write(Map.of("id", 2L, "payload", deepJava(LIMIT)));
      w.write(good(3));
    }
    assertDeepRowReadsBack(file, LIMIT);
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void jsonLineAtTheLimitReadsBackWholeAndByPath(Layout layout) throws Exception {
    Path file = dir.resolve("lines.parquet");
    String text = goodJson(1) + "\n{\"id\":2,\"payload\":" + deepJson(LIMIT) + "}\n" + goodJson(3);
    try (DendriteWriter w = builder(file, layout).build()) {
      assertEquals(3, w.writeJsonLines(new StringReader(text)));
    }
    assertDeepRowReadsBack(file, LIMIT);
  }

  @Test
  void everyOtherInputAtTheLimitReadsBack() throws Exception {
    EncodedVariant encoded = parsed(deepJson(LIMIT));
    List<Object> inputs = List.of(deepNode(LIMIT), encoded, VariantValue.of(encoded),
        // An encoded variant one level down inside a map: LIMIT levels in all.
        Map.of("a", parsed(deepJson(2, LIMIT))));
    for (Object input : inputs) {
      Path file = dir.resolve("other.parquet");
      Files.deleteIfExists(file);
      try (DendriteWriter w = builder(file, Layout.UNSHREDDED).build()) {
        w.write(good(1));
        w.write(Map.of("id", 2L, "payload", input));
        w.write(good(3));
      }
      assertDeepRowReadsBack(file, LIMIT);
    }
  }

  @Test
  void aWholeJsonDocumentAtTheLimitReadsBack() throws Exception {
    Path file = dir.resolve("docs.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .jsonDocumentColumn("v").build()) {
      w.writeJson(deepJson(LIMIT));
    }
    try (DendriteReader r = DendriteReader.builder(file).select("v" + pathDown(LIMIT)).build()) {
      assertEquals("7", r.read().getJson("v" + pathDown(LIMIT)));
    }
  }

  // ------------------------------------------------------------------ one level more

  /** Each way of handing the writer a variant one level too deep, as record 3. */
  enum TooDeep {
    MAP(w -> w.write(Map.of("id", 3L, "payload", deepJava(LIMIT + 1)))),
    JSON_NODE(w -> w.write(Map.of("id", 3L, "payload", deepNode(LIMIT + 1)))),
    JSON_LINE(w -> w.writeJson("{\"id\":3,\"payload\":" + deepJson(LIMIT + 1) + "}")),
    ENCODED(w -> w.write(Map.of("id", 3L, "payload", rawNestedArrays(LIMIT + 1)))),
    // Arrays holding no object are copied verbatim: their depth counts all the same.
    ENCODED_INSIDE_A_MAP(w -> w.write(Map.of("id", 3L, "payload",
        Map.of("x", rawNestedArrays(LIMIT))))),
    VALUE_INSIDE_A_LIST(w -> w.write(Map.of("id", 3L, "payload",
        List.of(VariantValue.of(parsed(deepJson(LIMIT)))))));

    final java.util.function.Consumer<DendriteWriter> write;

    TooDeep(java.util.function.Consumer<DendriteWriter> write) {
      this.write = write;
    }
  }

  @ParameterizedTest
  @EnumSource(TooDeep.class)
  void oneLevelMoreFailsTheFileCleanly(TooDeep input) throws Exception {
    for (Layout layout : Layout.values()) {
      Path file = dir.resolve("deep-" + layout + ".parquet");
      InvalidRecordException e;
      try (DendriteWriter w = builder(file, layout).build()) {
        w.write(good(1));
        w.write(good(2));
        e = assertThrows(InvalidRecordException.class, () -> input.write.accept(w));
        assertThrows(IllegalStateException.class, () -> w.write(good(4)));
      }
      assertTooDeep(e, file, 3);
      assertEquals(List.of(), listDir(), layout + ": no file and no temporary file");
    }
  }

  @ParameterizedTest
  @EnumSource(TooDeep.class)
  void oneLevelMoreIsSkippedWhenSkipping(TooDeep input) throws Exception {
    for (Layout layout : Layout.values()) {
      Path file = dir.resolve("skip-" + layout + ".parquet");
      ShreddingReport report;
      try (DendriteWriter w = builder(file, layout).skipInvalid(true).build()) {
        w.write(good(1));
        w.write(good(2));
        input.write.accept(w);
        w.write(good(4));
        w.close();
        report = w.report();
      }
      assertEquals(3, report.rowsWritten(), layout.toString());
      assertEquals(1, report.rowsSkipped(), layout.toString());
      assertTrue(report.skippedReasons().get(0).contains("row 3, field 'payload'"),
          report.skippedReasons().toString());
      try (DendriteReader r = DendriteReader.builder(file).select("id").build()) {
        List<Object> ids = new ArrayList<>();
        r.forEach(row -> ids.add(row.get("id")));
        assertEquals(List.of(1L, 2L, 4L), ids, layout.toString());
      }
    }
  }

  @Test
  void jsonLinesNameTheLineAndSkipOnlyThatLine() throws Exception {
    String text = goodJson(1) + "\n\n" + goodJson(2) + "\n{\"id\":3,\"payload\":"
        + deepJson(LIMIT + 1) + "}\n" + goodJson(4) + "\n";
    Path file = dir.resolve("lines.parquet");
    InvalidRecordException e;
    try (DendriteWriter w = builder(file, Layout.INFERRED).build()) {
      e = assertThrows(InvalidRecordException.class,
          () -> w.writeJsonLines(new StringReader(text)));
    }
    assertTooDeep(e, file, 4); // line 4: line 2 is blank
    assertEquals(List.of(), listDir());

    try (DendriteWriter w = builder(file, Layout.INFERRED).skipInvalid(true).build()) {
      assertEquals(3, w.writeJsonLines(new StringReader(text)));
      w.close();
      assertTrue(w.report().skippedReasons().get(0).contains("row 4, field 'payload'"),
          w.report().skippedReasons().toString());
    }
  }

  @Test
  void aWholeJsonDocumentOneLevelTooDeepIsInvalid() throws Exception {
    Path file = dir.resolve("docs.parquet");
    InvalidRecordException e;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .jsonDocumentColumn("v").build()) {
      w.writeJson(deepJson(3));
      e = assertThrows(InvalidRecordException.class, () -> w.writeJson(deepJson(LIMIT + 1)));
    }
    assertEquals(2, e.row());
    assertTrue(e.getMessage().contains("nested deeper than " + LIMIT + " levels"), e.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void parsingAloneAndRenderingAgreeWithTheLimit() throws Exception {
    EncodedVariant atLimit = parsed(deepJson(LIMIT));
    assertEquals(deepJson(LIMIT), atLimit.toJson());
    assertThrows(com.fasterxml.jackson.core.JsonProcessingException.class,
        () -> VariantJson.parse(deepJson(LIMIT + 1)));
    Function<EncodedVariant, String> viaGenerator = v -> {
      java.io.StringWriter out = new java.io.StringWriter();
      try (com.fasterxml.jackson.core.JsonGenerator g =
          new com.fasterxml.jackson.core.JsonFactory().createGenerator(out)) {
        VariantJson.toJson(v.parsedMetadata(), v.value(), 0, g);
      } catch (IOException ex) {
        throw new AssertionError(ex);
      }
      return out.toString();
    };
    // A default Jackson generator holds exactly one value at the limit (1000 levels).
    assertEquals(deepJson(LIMIT), viaGenerator.apply(atLimit));
  }
}
