package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.RawParquetFiles;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet does not check the UTF-8 of a string column, but a variant string must be valid: a
 * shredded {@code typed_value} string holding bad bytes fails naming file, row and path, read
 * whole or by path, instead of being printed (whole) or replaced by U+FFFD (path). Found by
 * VariantFileFuzzTest.
 */
class TypedStringUtf8Test {
  private static final String SCHEMA = "message m { optional group v (VARIANT(1)) {"
      + " required binary metadata; optional binary value;"
      + " optional group typed_value { required group b { optional binary value;"
      + " optional binary typed_value (STRING); } } } }";

  @TempDir
  Path dir;

  @Test
  void badUtf8InTypedStringFailsWholeAndByPath() throws Exception {
    byte[] metadata = RawParquetFiles.hex("01 01 00 01 62"); // one key: "b"
    Path file = RawParquetFiles.write(dir.resolve("bad-utf8.parquet"), SCHEMA, f -> {
      Group ok = f.newGroup();
      Group v1 = ok.addGroup("v").append("metadata", RawParquetFiles.bytes(metadata));
      v1.addGroup("typed_value").addGroup("b").append("typed_value", "fine");
      Group bad = f.newGroup();
      Group v2 = bad.addGroup("v").append("metadata", RawParquetFiles.bytes(metadata));
      v2.addGroup("typed_value").addGroup("b")
          .append("typed_value", RawParquetFiles.bytes(RawParquetFiles.hex("61 ff 62")));
      return List.of(ok, bad);
    });
    for (String select : new String[] {"v", "v.b"}) {
      try (DendriteReader r = DendriteReader.builder(file).select(select).build()) {
        DendriteRow first = r.read();
        assertEquals(select.equals("v") ? "{\"b\":\"fine\"}" : "\"fine\"", first.getJson(select));
        DendriteReadException e = assertThrows(DendriteReadException.class, () -> r.read().getJson(select));
        assertEquals(2, e.row(), e.getMessage());
        assertTrue(e.getMessage().contains("bad-utf8.parquet") && e.getMessage().contains("v.b")
            && e.getMessage().contains("UTF-8"), e.getMessage());
      }
    }
  }
}
