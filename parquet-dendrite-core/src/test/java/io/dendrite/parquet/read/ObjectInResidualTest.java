package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shredded object's {@code typed_value} may be null in a row while its {@code value} holds an
 * object (the spec lets {@code value} hold any variant then). A path below that node must be
 * found in the {@code value}, as a whole-value read finds it, not read as missing from the
 * shredded columns below. Found by VariantFileFuzzTest (crash-b587255a…).
 */
class ObjectInResidualTest {
  /** {@code v}: object with {@code a} (object with int64 {@code c}) and string {@code b}. */
  private static final String SCHEMA = "message m { optional group v (VARIANT(1)) {"
      + " required binary metadata; optional binary value;"
      + " optional group typed_value {"
      + "  required group a { optional binary value; optional group typed_value {"
      + "   required group c { optional binary value; optional int64 typed_value; } } }"
      + "  required group b { optional binary value; optional binary typed_value (STRING); }"
      + " } } }";

  private static final String[] PATHS = {"v.a", "v.a.c", "v.b", "v.a.zz", "v.zz"};

  @TempDir
  Path dir;

  @Test
  void pathsBelowANullTypedValueAreReadFromItsValue() throws Exception {
    List<String[]> rows = new ArrayList<>();
    Path file = RawParquetFiles.write(dir.resolve("object-in-residual.parquet"), SCHEMA, f -> {
      List<Group> out = new ArrayList<>();
      // 1. Top-level typed_value null, value an object: every path is in the top value.
      out.add(residualAtTop(f, "{\"a\":{\"c\":7,\"zz\":true},\"b\":\"x\",\"zz\":[1]}"));
      // 2. Top typed, field a's typed_value null and its value an object.
      Group r2 = f.newGroup();
      Group v2 = r2.addGroup("v").append("metadata", meta("{\"c\":0,\"zz\":0}"));
      Group t2 = v2.addGroup("typed_value");
      t2.addGroup("a").append("value", value("{\"c\":0,\"zz\":0}", "{\"c\":9,\"zz\":\"q\"}"));
      t2.addGroup("b").append("typed_value", "y");
      out.add(r2);
      // 3. Top-level value not an object: no field exists.
      out.add(residualAtTop(f, "5"));
      // 4. Fully shredded, for contrast.
      Group r4 = f.newGroup();
      Group v4 = r4.addGroup("v").append("metadata", meta("null"));
      Group t4 = v4.addGroup("typed_value");
      t4.addGroup("a").addGroup("typed_value").addGroup("c").append("typed_value", 11L);
      t4.addGroup("b").append("typed_value", "z");
      out.add(r4);
      return out;
    });
    rows.add(new String[] {"{\"c\":7,\"zz\":true}", "7", "\"x\"", "true", "[1]"});
    rows.add(new String[] {"{\"c\":9,\"zz\":\"q\"}", "9", "\"y\"", "\"q\"", null});
    rows.add(new String[] {null, null, null, null, null});
    rows.add(new String[] {"{\"c\":11}", "11", "\"z\"", null, null});

    // Each path alone (one root), and all together (roots that cover others).
    List<List<String>> selections = new ArrayList<>();
    for (String p : PATHS) {
      selections.add(List.of(p));
    }
    selections.add(List.of(PATHS));
    for (List<String> select : selections) {
      try (DendriteReader r = DendriteReader.builder(file).select(select).build()) {
        for (int row = 0; row < rows.size(); row++) {
          DendriteRow got = r.read();
          for (String path : select) {
            int p = List.of(PATHS).indexOf(path);
            assertEquals(rows.get(row)[p], got.getJson(path),
                "row " + row + ", " + path + " selected with " + select);
            assertEquals(rows.get(row)[p] == null, got.isMissing(path), path);
          }
        }
        assertEquals(null, r.read());
      }
    }
    // The whole value agrees with the paths.
    try (DendriteReader r = DendriteReader.builder(file).select("v").build()) {
      assertTrue(r.read().getJson("v").contains("\"c\":7"));
      assertTrue(r.read().getJson("v").contains("\"c\":9"));
    }
  }

  private static Group residualAtTop(org.apache.parquet.example.data.simple.SimpleGroupFactory f,
      String json) {
    Group row = f.newGroup();
    EncodedVariant e = parse(json);
    row.addGroup("v").append("metadata", RawParquetFiles.bytes(e.metadata()))
        .append("value", RawParquetFiles.bytes(e.value()));
    return row;
  }

  /** The metadata of {@code json}: its keys, in the dictionary a residual value refers to. */
  private static org.apache.parquet.io.api.Binary meta(String json) {
    return RawParquetFiles.bytes(parse(json).metadata());
  }

  /** {@code json} encoded with the dictionary of {@code keysJson} (same keys, same ids). */
  private static org.apache.parquet.io.api.Binary value(String keysJson, String json) {
    EncodedVariant keys = parse(keysJson);
    EncodedVariant e = parse(json);
    assertEquals(java.util.Arrays.toString(keys.metadata()),
        java.util.Arrays.toString(e.metadata()), "same dictionary");
    return RawParquetFiles.bytes(e.value());
  }

  private static EncodedVariant parse(String json) {
    try {
      return VariantJson.parse(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(json, e);
    }
  }
}
