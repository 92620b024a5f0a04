package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteBatch;
import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.PathVector;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DendriteWriter.Builder#variantAnnotation}(false): the footer has no VARIANT annotation,
 * the layout is otherwise the one the annotated file has, and the file reads back as written in
 * this library (whole variants and paths, shredded and unshredded) and in parquet-java's
 * example Group reader; pinning from it works.
 */
class UnannotatedVariantsTest {
  /** Variants at the top, as list elements and in a struct: every place the schema allows. */
  private static final String SCHEMA =
      "id int64 not null, payload variant, notes list<variant>, addr struct<geo variant>";
  private static final String GIVEN = "payload: {user: {name: string, id: int64}, score: int64,"
      + " tags: [string]}; addr.geo: {lat: double, lon: double}";
  private static final int ROWS = 300;
  /** The annotated groups of SCHEMA: payload, the notes element and addr.geo. */
  private static final int VARIANT_GROUPS = 3;

  @TempDir Path dir;

  // ================================================================== input

  private record Row(long id, EncodedVariant payload, List<EncodedVariant> notes,
      EncodedVariant geo) {
    Map<String, Object> asRecord() {
      Map<String, Object> m = new HashMap<>();
      m.put("id", id);
      m.put("payload", payload);
      m.put("notes", notes);
      Map<String, Object> addr = new HashMap<>();
      addr.put("geo", geo);
      m.put("addr", addr);
      return m;
    }
  }

  private static EncodedVariant json(String text) {
    try {
      return VariantJson.parse(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Mostly one object shape with minorities (a string score, a string payload, nulls). */
  private static List<Row> rows() {
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      EncodedVariant payload;
      if (i % 13 == 0) {
        payload = null; // SQL NULL
      } else if (i % 7 == 0) {
        payload = json("\"anonymous\"");
      } else {
        payload = json("{\"user\": {\"name\": \"u" + i + "\", \"id\": " + (i % 1000) + "},"
            + " \"score\": " + (i % 50 == 0 ? "\"n/a\"" : i % 100) + ", \"tags\": [\"t"
            + (i % 3) + "\"]" + (i % 4 == 0 ? ", \"extra\": [1, 2.5, null]" : "") + "}");
      }
      List<EncodedVariant> notes = i % 5 == 0 ? null
          : List.of(json(String.valueOf(i)), json("\"note " + i + "\""),
              json("{\"k\": " + i + "}"));
      EncodedVariant geo = json("{\"lat\": " + (i / 10.0) + ", \"lon\": " + (-i / 8.0) + "}");
      out.add(new Row(i, payload, notes, geo));
    }
    return out;
  }

  private Path write(String name, List<Row> rows, UnaryOperator<DendriteWriter.Builder> configure)
      throws IOException {
    Path file = dir.resolve(name);
    try (DendriteWriter w = configure.apply(DendriteWriter.builder(file).schema(SCHEMA))
        .build()) {
      for (Row r : rows) {
        w.write(r.asRecord());
      }
    }
    return file;
  }

  private static MessageType footer(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  private static int variantAnnotations(GroupType group) {
    int n = group.getLogicalTypeAnnotation()
        instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation ? 1 : 0;
    for (Type f : group.getFields()) {
      if (!f.isPrimitive()) {
        n += variantAnnotations(f.asGroupType());
      }
    }
    return n;
  }

  private static void assertEquivalent(EncodedVariant expected, VariantValue actual,
      String where) {
    if (expected == null) {
      assertNull(actual, where + ": expected SQL NULL");
      return;
    }
    assertNotNull(actual, where);
    String diff = Equivalence.difference(VariantValue.of(expected), actual, where);
    assertNull(diff, diff);
  }

  // ================================================================== tests

  @Test
  void unshreddedFileHasNoAnnotationAndReadsBackAsWritten() throws Exception {
    checkWriteAndRead("unshredded", DendriteWriter.Builder::unshredded);
  }

  @Test
  void givenShreddingHasNoAnnotationAndReadsBackAsWritten() throws Exception {
    checkWriteAndRead("given", b -> b.shredding(GIVEN));
  }

  @Test
  void inferredShreddingHasNoAnnotationAndReadsBackAsWritten() throws Exception {
    checkWriteAndRead("inferred", b -> b);
  }

  /**
   * Writes the rows annotated and not; the unannotated footer differs only by the annotations,
   * the shredding and the reports are the same, and our reader returns the input.
   */
  private void checkWriteAndRead(String name, UnaryOperator<DendriteWriter.Builder> shredding)
      throws Exception {
    List<Row> rows = rows();
    Path annotated = dir.resolve(name + "-annotated.parquet");
    Path plain = dir.resolve(name + "-plain.parquet");
    String annotatedReport;
    String plainReport;
    try (DendriteWriter a = shredding.apply(DendriteWriter.builder(annotated).schema(SCHEMA))
            .build();
        DendriteWriter p = shredding.apply(DendriteWriter.builder(plain).schema(SCHEMA))
            .variantAnnotation(false).build()) {
      for (Row r : rows) {
        a.write(r.asRecord());
        p.write(r.asRecord());
      }
      a.close();
      p.close();
      annotatedReport = a.report().toString();
      plainReport = p.report().toString();
    }

    MessageType withAnnotation = footer(annotated);
    MessageType without = footer(plain);
    assertEquals(VARIANT_GROUPS, variantAnnotations(withAnnotation), withAnnotation.toString());
    assertEquals(0, variantAnnotations(without), without.toString());
    assertEquals(withAnnotation.getColumns(), without.getColumns(), "the same leaf columns");
    assertEquals(withAnnotation.toString().replace(" (VARIANT(1))", ""), without.toString());
    assertEquals(ShreddingSchema.fromParquet(withAnnotation), ShreddingSchema.fromParquet(without));
    assertEquals(RecordSchema.parse(SCHEMA), RecordSchema.fromParquet(without));
    assertEquals(annotatedReport, plainReport);

    assertWholeRowsReadBack(plain, rows);
    assertPathsReadAsInTheAnnotatedFile(plain, annotated, rows);
  }

  private static void assertWholeRowsReadBack(Path file, List<Row> rows) throws IOException {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        Row in = rows.get(i);
        assertEquals(in.id(), row.getLong("id"));
        assertEquivalent(in.payload(), row.getVariant("payload"), "row " + i + " payload");
        Map<?, ?> addr = (Map<?, ?>) row.get("addr");
        assertEquivalent(in.geo(), (VariantValue) addr.get("geo"), "row " + i + " addr.geo");
        List<?> notes = (List<?>) row.get("notes");
        if (in.notes() == null) {
          assertNull(notes, "row " + i + " notes");
        } else {
          assertEquals(in.notes().size(), notes.size(), "row " + i + " notes");
          for (int k = 0; k < notes.size(); k++) {
            assertEquivalent(in.notes().get(k), (VariantValue) notes.get(k),
                "row " + i + " notes[" + k + "]");
          }
        }
        i++;
      }
      assertEquals(rows.size(), i);
    }
  }

  /** Path reads against the input where it is plain, and against the annotated file. */
  private static void assertPathsReadAsInTheAnnotatedFile(Path plain, Path annotated,
      List<Row> rows) throws IOException {
    String[] paths = {"id", "payload.user.name", "payload.score", "payload.extra[1]",
        "payload.tags[0]", "notes[2].k", "addr.geo.lat"};
    try (DendriteReader p = DendriteReader.builder(plain).select(paths).build();
        DendriteReader a = DendriteReader.builder(annotated).select(paths).build()) {
      int i = 0;
      int names = 0;
      for (DendriteRow row : p) {
        DendriteRow expected = a.read();
        assertNotNull(expected, "the annotated file has fewer rows");
        for (String path : paths) {
          assertEquals(expected.get(path), row.get(path), "row " + i + " " + path);
        }
        Row in = rows.get(i);
        boolean hasUser = in.payload() != null && VariantValue.of(in.payload()).type()
            == io.dendrite.parquet.variant.VariantType.OBJECT;
        assertEquals(hasUser ? "u" + i : null, row.getString("payload.user.name"), "row " + i);
        names += hasUser ? 1 : 0;
        i++;
      }
      assertNull(a.read(), "the annotated file has more rows");
      assertEquals(rows.size(), i);
      assertTrue(names > ROWS / 2, "most rows have a user name: " + names);
    }
  }

  /** A projection record: shredded leaves, a residual-only path and whole variants. */
  record Projected(long id, Payload payload, List<VariantValue> notes) {}

  /** score is a VariantValue: a few are the string "n/a", which a Long cannot take. */
  record Payload(VariantValue score, User user, VariantValue extra) {}

  record User(String name) {}

  /**
   * Filters (statistics of the shredded leaf, then the exact test), batches and records built
   * by select(Class) see the plain groups as they see the annotated ones.
   */
  @Test
  void filtersBatchesAndRecordsReadThePlainFileAsTheAnnotatedOne() throws Exception {
    List<Row> rows = rows();
    for (boolean shredded : new boolean[] {false, true}) {
      UnaryOperator<DendriteWriter.Builder> layout =
          b -> (shredded ? b.shredding(GIVEN) : b.unshredded()).rowGroupRows(50);
      Path annotated = write("filter-a-" + shredded + ".parquet", rows, layout);
      Path plain = write("filter-p-" + shredded + ".parquet", rows,
          b -> layout.apply(b).variantAnnotation(false));
      String where = "payload.score >= 90 or payload.user.name = 'u7'";
      List<String> expected = filtered(annotated, where);
      assertTrue(expected.size() > 10 && expected.size() < ROWS / 2, expected.toString());
      assertEquals(expected, filtered(plain, where), "shredded " + shredded);
      assertEquals(records(annotated), records(plain), "shredded " + shredded);
      assertEquals(batchScores(annotated), batchScores(plain), "shredded " + shredded);
    }
  }

  private static List<String> filtered(Path file, String where) throws IOException {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select("id", "payload.score")
        .where(where).build()) {
      for (DendriteRow row : r) {
        out.add(row.getLong("id") + "=" + row.get("payload.score"));
      }
    }
    return out;
  }

  private static List<Projected> records(Path file) throws IOException {
    try (DendriteReader r = DendriteReader.builder(file).select(Projected.class).build()) {
      List<Projected> out = r.stream().map(row -> row.as(Projected.class)).toList();
      assertEquals(ROWS, out.size());
      assertTrue(out.stream().filter(p -> p.payload() != null && p.payload().user() != null)
          .count() > ROWS / 2, "most records have a user");
      return out;
    }
  }

  private static List<Object> batchScores(Path file) throws IOException {
    List<Object> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select("payload.score", "addr.geo.lat")
        .build()) {
      for (DendriteBatch b : r.batches(64)) {
        PathVector score = b.vector("payload.score");
        PathVector lat = b.vector("addr.geo.lat");
        // The storage too: a typed leaf stays in a primitive array in both files.
        out.add(score.storage() + " " + lat.storage());
        for (int i = 0; i < b.size(); i++) {
          out.add(score.get(i) + "/" + lat.get(i));
        }
      }
    }
    assertTrue(out.size() > ROWS, "rows read: " + out.size());
    return out;
  }

  /**
   * VariantShredding.md lets a top-level group omit {@code value}: unannotated, such a group
   * (only {@code metadata} and {@code typed_value}) still reads as a Variant.
   */
  @Test
  void anUnannotatedGroupWithoutValueReadsAsAVariant() throws Exception {
    Path annotated = dir.resolve("ints.parquet");
    try (DendriteWriter w = DendriteWriter.builder(annotated).schema("id int64 not null, n variant")
        .shredding("n: int64").build()) {
      for (long i = 0; i < ROWS; i++) {
        w.write(Map.of("id", i, "n", i * 3 - 100));
      }
    }
    // Every n fits typed_value, so dropping the all-null value column loses nothing.
    MessageType typedOnly = MessageTypeParser.parseMessageType(
        "message m { required int64 id; optional group n { required binary metadata;"
            + " optional int64 typed_value; } }");
    Path plain = RawParquetFiles.rewrite(annotated, dir.resolve("ints-plain.parquet"),
        typedOnly, RawParquetFiles.Options.DEFAULTS);
    assertEquals(RecordSchema.parse("id int64 not null, n variant"),
        RecordSchema.fromParquet(footer(plain)));
    try (DendriteReader whole = DendriteReader.builder(plain).build();
        DendriteReader typed = DendriteReader.builder(plain).select("n").build()) {
      for (long i = 0; i < ROWS; i++) {
        DendriteRow row = whole.read();
        assertEquals(i * 3 - 100, row.getVariant("n").getLong(), "row " + i);
        assertEquals(i * 3 - 100, typed.read().getLong("n"), "row " + i);
      }
      assertNull(whole.read());
    }
  }

  /**
   * The limits of recognising a Variant by its fields alone: a struct of exactly
   * {@code required binary metadata} and {@code value} is read as a Variant, and bytes that are
   * not one fail as invalid data naming the column; an optional {@code metadata} keeps the
   * group a struct.
   */
  @Test
  void aStructShapedLikeAVariantIsReadAsOneAndAnOptionalMetadataIsNot() throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("lookalikes.parquet"), "message m {"
        + " required group shaped { required binary metadata; required binary value; }"
        + " required group loose { optional binary metadata; required binary value; } }", f -> {
          Group g = f.newGroup();
          g.addGroup("shaped").append("metadata", "not a variant").append("value", "at all");
          g.addGroup("loose").append("metadata", "m").append("value", "v");
          return List.of(g);
        });
    assertEquals(RecordSchema.parse("shaped variant not null,"
        + " loose struct<metadata binary, value binary not null> not null"),
        RecordSchema.fromParquet(footer(file)));
    try (DendriteReader r = DendriteReader.builder(file).select("loose").build()) {
      Map<?, ?> loose = (Map<?, ?>) r.read().get("loose");
      assertEquals(Set.of("metadata", "value"), loose.keySet());
    }
    try (DendriteReader r = DendriteReader.builder(file).select("shaped").build()) {
      DendriteReadException e = assertThrows(DendriteReadException.class,
          () -> r.read().getJson("shaped"));
      assertTrue(e.getMessage().contains("lookalikes.parquet")
          && e.getMessage().contains("shaped"), e.getMessage());
    }
  }

  @Test
  void parquetJavaGroupReaderReadsTheVariantsAsPlainGroups() throws Exception {
    List<Row> rows = rows();
    for (boolean shredded : new boolean[] {false, true}) {
      Path file = write("group-" + shredded + ".parquet", rows,
          b -> (shredded ? b.shredding(GIVEN) : b.unshredded()).variantAnnotation(false));
      int i = 0;
      try (ParquetReader<Group> r = RawParquetFiles.groupReader(file)) {
        Group g;
        while ((g = r.read()) != null) {
          assertNull(g.getType().getType("payload").getLogicalTypeAnnotation());
          Row in = rows.get(i);
          assertEquals(in.id(), g.getLong("id", 0));
          assertEquals(in.payload() == null ? 0 : 1, g.getFieldRepetitionCount("payload"));
          if (in.payload() != null) {
            Group payload = g.getGroup("payload", 0);
            assertEquals(shredded, payload.getType().containsField("typed_value"));
            if (!shredded) {
              // Unshredded, parquet-java hands over the encoded variant itself.
              VariantValue read = VariantValue.of(payload.getBinary("metadata", 0).getBytes(),
                  payload.getBinary("value", 0).getBytes());
              assertEquivalent(in.payload(), read, "row " + i);
            }
          }
          i++;
        }
      }
      assertEquals(rows.size(), i, "shredded " + shredded);
    }
  }

  @Test
  void pinningFromAnUnannotatedFileKeepsItsShreddingAndSchema() throws Exception {
    List<Row> rows = rows();
    Path first = write("first.parquet", rows, b -> b.shredding(GIVEN).variantAnnotation(false));
    Path annotated = dir.resolve("pinned-annotated.parquet");
    Path plain = dir.resolve("pinned-plain.parquet");
    // No record schema: pinning takes it from the unannotated footer too.
    for (Path out : List.of(annotated, plain)) {
      try (DendriteWriter w = DendriteWriter.builder(out).pinShredding(first)
          .variantAnnotation(out.equals(annotated)).build()) {
        assertEquals(RecordSchema.parse(SCHEMA), w.schema());
        for (Row r : rows) {
          w.write(r.asRecord());
        }
      }
    }
    assertEquals(ShreddingSchema.parse(GIVEN), ShreddingSchema.fromParquet(footer(first)));
    assertEquals(ShreddingSchema.parse(GIVEN), ShreddingSchema.fromParquet(footer(annotated)));
    assertEquals(VARIANT_GROUPS, variantAnnotations(footer(annotated)));
    assertEquals(footer(first), footer(plain));
    assertFalse(Objects.equals(footer(first), footer(annotated)));
    assertWholeRowsReadBack(plain, rows);
  }
}
