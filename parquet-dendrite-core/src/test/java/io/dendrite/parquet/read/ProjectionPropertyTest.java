package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.DendriteWriter;
import io.dendrite.parquet.write.TestVariants;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.apache.parquet.column.ColumnDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every selection, on every layout, returns what a full reassembly followed by path navigation
 * returns (DESIGN.md §3.5's correctness trap: parquet-java's lean schema on an unshredded file
 * silently loses every value).
 */
class ProjectionPropertyTest {
  static final String GIVEN = "v: {id: int64, name: string, score: double, "
      + "price: decimal(18,2), tags: [string], "
      + "user: {\"\uFB00\": string, \"\uD83D\uDE00\": int32, when: timestamp}}";
  /** Spark-style: some fields kept value-only. */
  static final String VALUE_ONLY = "v: {id: variant, name: string, user: variant, tags: variant}";

  static final List<String> PATHS = List.of("v", "v.id", "v.name", "v.score", "v.price",
      "v.tags", "v.tags[0]", "v.tags[3]", "v.user", "v.user.\uFB00", "v.user.\uD83D\uDE00",
      "v.user.when", "v.user.when.x", "v.nested", "v.nested.a", "v.a", "v.zz", "v.missing",
      "v.id.x", "v[0]", "v[1].user", "v.tags[0].x", "v.`\u00e9`", "id");

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"inferred", "given", "value-only", "unshredded"})
  void everySelectionMatchesFullReassembly(String layout) throws Exception {
    List<EncodedVariant> rows = TestVariants.randomRows(2000, 7L);
    Path file = write(layout, rows);
    List<VariantValue> full = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        full.add(row.getVariant("v"));
      }
    }
    assertEquals(rows.size(), full.size());

    Random random = new Random(layout.hashCode());
    for (int trial = 0; trial < 25; trial++) {
      List<String> selection = new ArrayList<>(PATHS);
      Collections.shuffle(selection, random);
      selection = selection.subList(0, 1 + random.nextInt(selection.size()));
      try (DendriteReader r = DendriteReader.builder(file).select(selection).build()) {
        int i = 0;
        DendriteRow row;
        while ((row = r.read()) != null) {
          VariantValue whole = full.get(i);
          for (String path : selection) {
            if (path.equals("id")) {
              assertEquals((long) i, row.get("id"));
              continue;
            }
            Object expected = navigate(whole, path);
            String where = layout + " row " + i + " path " + path + " selection " + selection;
            if (expected == MISSING) {
              assertEquals(null, row.get(path), where);
              assertTrue(row.isMissing(path), where);
            } else {
              assertEquals(expected, row.getVariant(path), where);
              assertFalse(row.isMissing(path), where);
            }
          }
          i++;
        }
        assertEquals(rows.size(), i);
      }
    }
  }

  @Test
  void shreddedLeafReadsOnlyItsOwnColumns() throws Exception {
    // Every name a string: the leaf's value column is all-null, so neither it nor metadata
    // is read; one name a number: both are. Objects with a field that is not shredded ("zz")
    // are partially shredded: their value column holds the row's other fields, so it is read
    // too, in case a row's object sits whole in it (typed_value null; see ObjectInResidualTest).
    Path strings = dir.resolve("strings.parquet");
    Path mixed = dir.resolve("mixed.parquet");
    Path partial = dir.resolve("partial.parquet");
    for (Path file : List.of(strings, mixed, partial)) {
      try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
          .shredding(GIVEN).build()) {
        for (int i = 0; i < 100; i++) {
          Object name = file == mixed && i == 50 ? (Object) 50 : "n" + i;
          w.write(Map.of("id", (long) i, "v", file == partial
              ? Map.of("name", name, "zz", i) : Map.of("name", name)));
        }
      }
    }
    try (DendriteReader r = DendriteReader.builder(strings).select("id", "v.name").build()) {
      assertEquals(List.of("id", "v.typed_value.name.typed_value"), columns(r));
      assertEquals("n7", nth(r, 7).getString("v.name"));
    }
    try (DendriteReader r = DendriteReader.builder(mixed).select("id", "v.name").build()) {
      assertEquals(List.of("id", "v.metadata", "v.typed_value.name.typed_value",
          "v.typed_value.name.value"), columns(r));
      DendriteRow row = nth(r, 50);
      assertEquals(50L, row.getLong("v.name"));
      assertEquals("n51", r.read().getString("v.name"));
    }
    try (DendriteReader r = DendriteReader.builder(partial).select("id", "v.name").build()) {
      assertEquals(List.of("id", "v.metadata", "v.typed_value.name.typed_value", "v.value"),
          columns(r));
      assertEquals("n7", nth(r, 7).getString("v.name"));
    }
    // A path the file does not shred reads the object's residual value, not the typed leaves.
    try (DendriteReader r = DendriteReader.builder(partial).select("v.zz").build()) {
      assertEquals(List.of("v.metadata", "v.value"), columns(r));
      assertEquals(7L, nth(r, 7).getLong("v.zz"));
    }
    // On an unshredded file the same selection reads metadata and value: never a lean schema
    // that would silently match nothing (DESIGN.md section 3.5).
    Path plain = write("unshredded", TestVariants.randomRows(200, 3L));
    try (DendriteReader r = DendriteReader.builder(plain).select("v.name").build()) {
      assertEquals(List.of("v.metadata", "v.value"), columns(r));
      long found = 0;
      long expected = 0;
      for (EncodedVariant ev : TestVariants.randomRows(200, 3L)) {
        VariantValue v = ev == null ? null : VariantValue.of(ev);
        if (v != null && v.type() == VariantType.OBJECT && v.field("name") != null) {
          expected++;
        }
      }
      DendriteRow row;
      while ((row = r.read()) != null) {
        if (row.get("v.name") != null) {
          found++;
        }
      }
      assertTrue(expected > 100, "the data should mostly have names");
      assertEquals(expected, found);
    }
  }

  private static DendriteRow nth(DendriteReader r, int n) {
    DendriteRow row = null;
    for (int i = 0; i <= n; i++) {
      row = r.read();
    }
    return row;
  }

  @Test
  void typedLeafWithoutResidualSkipsMetadata() throws Exception {
    Path file = dir.resolve("typed-only.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {a: string}").build()) {
      for (int i = 0; i < 10; i++) {
        w.write(Map.of("v", Map.of("a", "x" + i)));
      }
    }
    // Our writer always writes a value column; a typed leaf still needs metadata to decode a
    // residual, so it is requested. Selecting the leaf gives Java strings directly.
    try (DendriteReader r = DendriteReader.builder(file).select("v.a").build()) {
      assertTrue(columns(r).contains("v.typed_value.a.typed_value"));
      assertEquals("x0", r.read().getString("v.a"));
    }
  }

  private static List<String> columns(DendriteReader r) {
    List<String> out = new ArrayList<>();
    for (ColumnDescriptor c : r.requestedSchema().getColumns()) {
      out.add(String.join(".", c.getPath()));
    }
    Collections.sort(out);
    return out;
  }

  private Path write(String layout, List<EncodedVariant> rows) throws Exception {
    UnaryOperator<DendriteWriter.Builder> shredding = switch (layout) {
      case "inferred" -> b -> b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(300));
      case "given" -> b -> b.shredding(GIVEN);
      case "value-only" -> b -> b.shredding(VALUE_ONLY);
      default -> DendriteWriter.Builder::unshredded;
    };
    Path file = dir.resolve(layout + ".parquet");
    try (DendriteWriter w = shredding.apply(DendriteWriter.builder(file)
        .schema("id int64 not null, v variant").rowGroupSize(128 * 1024).overwrite(true))
        .build()) {
      for (int i = 0; i < rows.size(); i++) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("id", (long) i);
        record.put("v", rows.get(i));
        w.write(record);
      }
    }
    return file;
  }

  static final Object MISSING = new Object();

  /** The oracle: path navigation on a fully reassembled variant. */
  static Object navigate(VariantValue whole, String path) {
    if (whole == null) {
      return MISSING;
    }
    int columnEnd = 0;
    while (columnEnd < path.length() && path.charAt(columnEnd) != '.'
        && path.charAt(columnEnd) != '[') {
      columnEnd++;
    }
    String rest = path.substring(columnEnd); // drop the column name
    VariantValue v = whole;
    List<String> steps = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (char c : rest.toCharArray()) {
      if (c == '`') {
        quoted = !quoted;
      } else if (!quoted && (c == '.' || c == '[')) {
        if (cur.length() > 0) {
          steps.add(cur.toString());
        }
        cur.setLength(0);
        if (c == '[') {
          cur.append('[');
        }
      } else if (!quoted && c == ']') {
        steps.add(cur.append(']').toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    if (cur.length() > 0) {
      steps.add(cur.toString());
    }
    for (String step : steps) {
      if (step.startsWith("[")) {
        int index = Integer.parseInt(step.substring(1, step.length() - 1));
        if (v.type() != VariantType.ARRAY || index >= v.arraySize()) {
          return MISSING;
        }
        v = v.element(index);
      } else {
        if (v.type() != VariantType.OBJECT || v.field(step) == null) {
          return MISSING;
        }
        v = v.field(step);
      }
    }
    return v;
  }
}
