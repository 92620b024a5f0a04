package io.dendrite.parquet.read;

import static io.dendrite.parquet.testing.RawParquetFiles.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.testing.VariantBytes;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists and maps in the legacy layouts LogicalTypes.md's backward-compatibility rules accept
 * (and {@link io.dendrite.parquet.schema.RecordSchema#fromParquet} maps): unannotated repeated
 * fields at the top level and in structs, 2-level LIST groups whose repeated field is the
 * element (a primitive, a group of several fields, a group named {@code array} or
 * {@code <list>_tuple}), a repeated VARIANT group, and MAP_KEY_VALUE maps. Read whole and by
 * path, they give the values written, as lists of required elements.
 */
class LegacyListsTest {
  private static final String SCHEMA = "message m {"
      + " required int32 id;"
      + " repeated int32 rep;"
      + " optional group a (LIST) { repeated int32 element; }"
      + " optional group b (LIST) { repeated group element { required binary s (STRING);"
      + "   required int32 n; } }"
      + " optional group c (LIST) { repeated group array { required binary s (ENUM); } }"
      + " optional group d (LIST) { repeated group d_tuple { required int64 x; } }"
      + " optional group e { optional int32 f; repeated group pts { required int32 x; } }"
      + " repeated group r (VARIANT(1)) { required binary metadata; required binary value; }"
      + " optional group m (MAP_KEY_VALUE) { repeated group map { required binary key (UTF8);"
      + "   optional int32 value; } }"
      + "}";

  @TempDir
  Path dir;

  @Test
  void legacyListsReadAsListsOfTheirElements() throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("legacy.parquet"), SCHEMA, f -> {
      List<Group> rows = new ArrayList<>();
      Group full = f.newGroup().append("id", 1).append("rep", 5).append("rep", 6)
          .append("rep", 7);
      full.addGroup("a").append("element", 10).append("element", 11);
      Group b = full.addGroup("b");
      b.addGroup("element").append("s", "p").append("n", 1);
      b.addGroup("element").append("s", "q").append("n", 2);
      full.addGroup("c").addGroup("array").append("s", "ENUM_A");
      Group d = full.addGroup("d");
      d.addGroup("d_tuple").append("x", 7L);
      d.addGroup("d_tuple").append("x", 8L);
      Group e = full.addGroup("e").append("f", 3);
      e.addGroup("pts").append("x", 1);
      e.addGroup("pts").append("x", 2);
      full.addGroup("r").append("metadata", bytes(VariantBytes.metadata(true, "k")))
          .append("value", bytes(VariantBytes.object(new int[] {0}, VariantBytes.int8(9))));
      full.addGroup("r").append("metadata", bytes(VariantBytes.metadata(true)))
          .append("value", bytes(VariantBytes.shortString("s")));
      Group m = full.addGroup("m");
      m.addGroup("map").append("key", "k1").append("value", 100);
      m.addGroup("map").append("key", "k2");
      rows.add(full);
      // Empty where a list is required, null where it is optional.
      Group empty = f.newGroup().append("id", 2);
      empty.addGroup("a");
      empty.addGroup("e");
      rows.add(empty);
      return rows;
    });
    Map<String, Object> first = new LinkedHashMap<>();
    first.put("id", 1);
    first.put("rep", List.of(5, 6, 7));
    first.put("a", List.of(10, 11));
    first.put("b", List.of(Map.of("s", "p", "n", 1), Map.of("s", "q", "n", 2)));
    first.put("c", List.of(Map.of("s", "ENUM_A")));
    first.put("d", List.of(Map.of("x", 7L), Map.of("x", 8L)));
    first.put("e", Map.of("f", 3, "pts", List.of(Map.of("x", 1), Map.of("x", 2))));
    first.put("r", "[{\"k\":9}, \"s\"]");
    first.put("m", mapOf("k1", 100, "k2", null));
    Map<String, Object> second = new LinkedHashMap<>();
    second.put("id", 2);
    second.put("rep", List.of());
    second.put("a", List.of());
    second.put("b", null);
    second.put("c", null);
    second.put("d", null);
    second.put("e", Map.of("pts", List.of()));
    second.put("r", "[]");
    second.put("m", null);

    try (DendriteReader r = DendriteReader.builder(file).build()) {
      assertEquals(first, shown(r.read()));
      assertEquals(second, shown(r.read()));
      assertEquals(null, r.read());
    }
    List<String> paths = List.of("rep[2]", "a[1]", "b[1].s", "c[0].s", "d[1].x", "e.pts[1].x",
        "e.pts", "r[0].k", "r[1]", "m.k1", "m.k2");
    try (DendriteReader r = DendriteReader.builder(file).select(paths).build()) {
      DendriteRow row = r.read();
      assertEquals(Arrays.asList(7, 11, "q", "ENUM_A", 8L, 2, List.of(Map.of("x", 1),
          Map.of("x", 2)), "9", "\"s\"", 100, null), values(row, paths));
      assertTrue(row.isMissing("m.k2") == false && row.isMissing("r[0].k") == false);
      row = r.read();
      assertEquals(Arrays.asList(null, null, null, null, null, null, List.of(), null, null,
          null, null), values(row, paths));
    }
  }

  private static Map<String, Object> mapOf(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(k1, v1);
    m.put(k2, v2);
    return m;
  }

  /** The row with the list of variants {@code r} as JSON text. */
  private static Map<String, Object> shown(DendriteRow row) {
    Map<String, Object> out = new LinkedHashMap<>(row.toMap());
    List<String> json = new ArrayList<>();
    for (Object v : (List<?>) out.get("r")) {
      json.add(((VariantValue) v).toJson());
    }
    out.put("r", "[" + String.join(", ", json) + "]");
    return out;
  }

  private static List<Object> values(DendriteRow row, List<String> paths) {
    List<Object> out = new ArrayList<>();
    for (String p : paths) {
      Object v = row.get(p);
      out.add(v instanceof VariantValue vv ? vv.toJson() : v);
    }
    return out;
  }
}
