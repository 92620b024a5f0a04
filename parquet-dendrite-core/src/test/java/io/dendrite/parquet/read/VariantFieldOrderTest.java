package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.hadoop.DendriteReadSupport;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.write.DendriteWriter;
import io.dendrite.parquet.write.TestVariants;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A VARIANT group may list {@code metadata}, {@code value} and {@code typed_value} in any order
 * (VariantShredding.md: "accessed by name, not by position"). The same rows, copied cell by cell
 * into a schema whose every variant group (column, shredded fields, array elements, a variant
 * inside a struct) uses another order, read the same whole and by every kind of selected path.
 */
class VariantFieldOrderTest {
  static final String SHREDDING = "v: {a: int64, id: int64, name: string, score: double,"
      + " tags: [string], user: {\"\uFB00\": string, when: timestamp},"
      + " items: [{sku: string, n: int64}]}\n"
      + "s.payload: {k: int64, deep: {x: string}}";

  static final List<String> PATHS;

  static {
    List<String> paths = new ArrayList<>(ProjectionPropertyTest.PATHS);
    paths.addAll(List.of("v.items", "v.items[0]", "v.items[0].sku", "v.items[1].sku",
        "v.items[2]", "v.items[0].extra", "s", "s.payload", "s.payload.k", "s.payload.deep.x",
        "s.payload.z"));
    PATHS = List.copyOf(paths);
  }

  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({
      "typed_value value metadata, true",
      "value typed_value metadata, false",
      "typed_value metadata value, false"})
  void anyFieldOrderReadsAsTheSpecOrder(String order, boolean dictionary) throws Exception {
    Path usual = writeUsualOrder();
    Path reordered = RawParquetFiles.rewrite(usual, dir.resolve("reordered.parquet"),
        reorder(schemaOf(usual), List.of(order.split(" "))),
        RawParquetFiles.Options.DEFAULTS.dictionary(dictionary));
    GroupType v = schemaOf(reordered).getType("v").asGroupType();
    assertEquals(order, String.join(" ", v.getFields().stream().map(Type::getName).toList()),
        "the copy lists the column's fields in the order under test");

    // The case from the issue: typed a, residual b; typed_value before value read {"a":1}.
    try (DendriteReader r = DendriteReader.builder(reordered).select("v").build()) {
      assertEquals("{\"a\":1,\"b\":\"x\"}", r.read().getJson("v"));
    }
    assertEquals(rows(usual, null), rows(reordered, null), "whole rows");
    for (String path : PATHS) {
      assertEquals(rows(usual, List.of(path)), rows(reordered, List.of(path)), path);
    }
    assertEquals(rows(usual, PATHS), rows(reordered, PATHS), "all paths at once");
    assertEquals(viaReadSupport(usual, PATHS), viaReadSupport(reordered, PATHS),
        "through DendriteReadSupport");
  }

  @Test
  void theCopyOfTheUsualOrderReadsTheSameAsTheOriginal() throws Exception {
    // Guards the comparison above: copying through parquet-java's Group writer keeps the data.
    Path usual = writeUsualOrder();
    Path copy = RawParquetFiles.rewrite(usual, dir.resolve("copy.parquet"), schemaOf(usual),
        RawParquetFiles.Options.DEFAULTS);
    List<String> rows = rows(usual, null);
    assertEquals(rows, rows(copy, null));
    assertTrue(rows.size() == 450 && rows.get(0).contains("\"b\":\"x\""), rows.get(0));
  }

  private Path writeUsualOrder() throws Exception {
    Path file = dir.resolve("usual.parquet");
    List<EncodedVariant> random = TestVariants.randomRows(300, 11L);
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, v variant, s struct<name string, payload variant>")
        .shredding(SHREDDING).overwrite(true).build()) {
      for (int i = 0; i < 450; i++) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("id", (long) i);
        record.put("v", i < random.size() ? random.get(i) : handMade(i));
        record.put("s", i % 11 == 3 ? null : struct(i));
        if (i == 0) {
          record.put("v", Map.of("a", 1, "b", "x"));
        }
        w.write(record);
      }
    }
    return file;
  }

  /** Objects in shredded arrays, partially shredded objects, values of the wrong type. */
  private static Object handMade(int i) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("sku", "s" + i);
    item.put("n", i);
    if (i % 3 == 0) {
      item.put("extra", List.of(i, "e"));
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("items", List.of(item, Map.of("sku", i), "not an object"));
    v.put("user", Map.of("\uFB00", "u" + i, "other", i));
    v.put("score", i % 4 == 0 ? "n/a" : (Object) (i / 3.0));
    v.put("id", i % 5 == 0 ? "id-" + i : (Object) (long) i);
    if (i % 7 == 0) {
      return "just a string " + i;
    }
    return v;
  }

  private static Map<String, Object> struct(int i) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("k", i % 6 == 0 ? "text" : (Object) (long) i);
    payload.put("deep", Map.of("x", "d" + i, "y", i));
    payload.put("z", true);
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("name", "n" + i);
    s.put("payload", i % 9 == 0 ? List.of(1, 2) : payload);
    return s;
  }

  /** Every variant group's variant fields in {@code order}; other groups as they are. */
  static MessageType reorder(MessageType schema, List<String> order) {
    List<Type> fields = new ArrayList<>();
    for (Type t : schema.getFields()) {
      fields.add(reorder(t, order));
    }
    return new MessageType(schema.getName(), fields);
  }

  private static Type reorder(Type t, List<String> order) {
    if (t.isPrimitive()) {
      return t;
    }
    GroupType g = t.asGroupType();
    List<Type> fields = new ArrayList<>();
    for (Type f : g.getFields()) {
      fields.add(reorder(f, order));
    }
    boolean variantFields = fields.stream()
        .allMatch(f -> Set.of("metadata", "value", "typed_value").contains(f.getName()));
    if (variantFields) {
      fields.sort((a, b) -> order.indexOf(a.getName()) - order.indexOf(b.getName()));
    }
    return g.withNewFields(fields);
  }

  private static MessageType schemaOf(Path file) throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  /** Each row as text, with the paths that are missing (as opposed to null) marked. */
  private static List<String> rows(Path file, List<String> selection) throws Exception {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (selection != null) {
      b.select(selection);
    }
    List<String> out = new ArrayList<>();
    try (DendriteReader r = b.build()) {
      for (DendriteRow row : r) {
        out.add(describe(row));
      }
    }
    return out;
  }

  private static String describe(DendriteRow row) {
    StringBuilder sb = new StringBuilder(row.toString());
    for (String c : row.columns()) {
      if (row.isMissing(c)) {
        sb.append(" missing:").append(c);
      }
    }
    return sb.toString();
  }

  private static List<String> viaReadSupport(Path file, List<String> paths) throws Exception {
    ReadSupport<DendriteRow> support = new DendriteReadSupport(paths, false);
    List<String> out = new ArrayList<>();
    try (ParquetReader<DendriteRow> r = new ParquetReader.Builder<DendriteRow>(
        (InputFile) new LocalInputFile(file), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<DendriteRow> getReadSupport() {
            return support;
          }
        }.build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        out.add(describe(row));
      }
    }
    return out;
  }
}
