package io.dendrite.parquet.read;

import static io.dendrite.parquet.testing.RawParquetFiles.bytes;
import static io.dendrite.parquet.testing.RawParquetFiles.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.testing.RawParquetFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every variant binary is read within its own length (DESIGN.md §6): a value whose header claims
 * more bytes than it has, stored right before a row holding a secret, gives one clean error
 * naming file, row group, row and column path, on every read path, and never shows the secret.
 */
class BoundedValuesTest {
  static final String SECRET = "SECRET-OF-ROW-1";
  /** A string (primitive type 16) claiming 40 bytes, followed by only 5. */
  static final byte[] LONG_STRING_CLAIMS_40 = concat(hex("40 28000000"), "abcd0");
  /** The secret as a short string: header 15 << 2 | 1. */
  static final byte[] SECRET_VALUE = concat(hex("3d"), SECRET);
  static final byte[] EMPTY_METADATA = hex("01 00 00");
  /** Metadata with the one key "a". */
  static final byte[] METADATA_A = hex("01 01 00 01 61");
  /** {"a": <the string claiming 40 bytes>}: the object's own offsets are consistent (10 bytes). */
  static final byte[] OBJECT_WITH_LONG_STRING =
      concat(hex("02 01 00 00 0a"), LONG_STRING_CLAIMS_40);

  static final String UNSHREDDED = "message m { required int64 id; optional group v (VARIANT(1)) {"
      + " required binary metadata; required binary value; } }";
  static final String SHREDDED = "message m { required int64 id; optional group v (VARIANT(1)) {"
      + " required binary metadata; optional binary value; optional group typed_value {"
      + " required group user { optional binary value; optional binary typed_value (STRING); }"
      + " } } }";

  @TempDir
  Path dir;

  @ParameterizedTest(name = "unshredded, dictionary {0}, select {1}")
  @CsvSource({"false, ", "true, ", "false, v", "true, v", "false, v.a", "false, v.a.b"})
  void anOverlongValueInAnUnshreddedColumnIsRejected(boolean dictionary, String select)
      throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("unshredded.parquet"), UNSHREDDED,
        RawParquetFiles.Options.DEFAULTS.dictionary(dictionary), f -> {
          List<Group> rows = new ArrayList<>();
          byte[] first = select != null && select.startsWith("v.a")
              ? OBJECT_WITH_LONG_STRING : LONG_STRING_CLAIMS_40;
          rows.add(row(f.newGroup(), 0, select != null && select.startsWith("v.a")
              ? METADATA_A : EMPTY_METADATA, first));
          rows.add(row(f.newGroup(), 1, EMPTY_METADATA, SECRET_VALUE));
          return rows;
        });
    assertCleanError(file, select, "v", "invalid value");
  }

  @ParameterizedTest(name = "shredded field, dictionary {0}, select {1}")
  @CsvSource({"false, ", "true, ", "false, v.user", "true, v.user", "false, v.user.x",
      "false, v"})
  void anOverlongValueOfAShreddedFieldIsRejected(boolean dictionary, String select)
      throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("shredded.parquet"), SHREDDED,
        RawParquetFiles.Options.DEFAULTS.dictionary(dictionary), f -> {
          List<Group> rows = new ArrayList<>();
          for (byte[] userValue : List.of(LONG_STRING_CLAIMS_40, SECRET_VALUE)) {
            Group g = f.newGroup().append("id", (long) rows.size());
            Group v = g.addGroup("v").append("metadata", bytes(EMPTY_METADATA));
            v.addGroup("typed_value").addGroup("user").append("value", bytes(userValue));
            rows.add(g);
          }
          return rows;
        });
    assertCleanError(file, select, "v.user", "invalid value");
  }

  @Test
  void overlongMetadataIsRejectedNamingTheColumn() throws Exception {
    // One key whose offset claims 40 bytes where one is stored.
    Path file = RawParquetFiles.write(dir.resolve("metadata.parquet"), UNSHREDDED, f -> List.of(
        row(f.newGroup(), 0, hex("01 01 00 28 61"), hex("00")),
        row(f.newGroup(), 1, EMPTY_METADATA, SECRET_VALUE)));
    assertCleanError(file, null, "v", "invalid metadata");
    assertCleanError(file, "v.a", "v", "invalid metadata");
  }

  @Test
  void typedValuesTheirVariantTypeCannotHoldAreRejectedOnEveryPath() throws Exception {
    // A decimal(9,2) column holding 10 digits (decimal4 holds 9), a time past one day.
    Path file = RawParquetFiles.write(dir.resolve("typed.parquet"), "message m {"
        + " required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
        + " optional binary value; optional group typed_value {"
        + " required group d { optional binary value; optional int32 typed_value (DECIMAL(9,2)); }"
        + " required group t { optional binary value;"
        + " optional int64 typed_value (TIME(MICROS,false)); } } } }", f -> {
          Group r0 = f.newGroup().append("id", 0L);
          Group v0 = r0.addGroup("v").append("metadata", bytes(EMPTY_METADATA));
          Group t0 = v0.addGroup("typed_value");
          t0.addGroup("d").append("typed_value", 2_000_000_000);
          t0.addGroup("t");
          Group r1 = f.newGroup().append("id", 1L);
          Group v1 = r1.addGroup("v").append("metadata", bytes(EMPTY_METADATA));
          Group t1 = v1.addGroup("typed_value");
          t1.addGroup("d");
          t1.addGroup("t").append("typed_value", 90_000_000_000L);
          return List.of(r0, r1);
        });
    for (String select : new String[] {null, "v", "v.d"}) {
      assertTypedValueRejected(file, select, 1, "v.d");
    }
    assertTypedValueRejected(file, "v.t", 2, "v.t");
  }

  private static void assertTypedValueRejected(Path file, String select, long row, String column)
      throws Exception {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (select != null) {
      b.select(select);
    }
    try (DendriteReader r = b.build()) {
      for (DendriteRow x : r) {
        x.toString(); // renders every value, as a printer would
      }
      fail("expected a DendriteReadException reading " + select);
    } catch (DendriteReadException e) {
      assertEquals(row, e.row(), e.getMessage());
      assertEquals(column, e.column(), e.getMessage());
      assertTrue(e.getMessage().contains("invalid typed_value: "), e.getMessage());
    }
  }

  @Test
  void validRowsAroundAreReadAsWritten() throws Exception {
    // The same files without the bad value read fine: the error above is about that value.
    Path file = RawParquetFiles.write(dir.resolve("good.parquet"), UNSHREDDED, f -> List.of(
        row(f.newGroup(), 0, METADATA_A, concat(hex("02 01 00 00 06"), concat(hex("15"),
            "abcd0"))),
        row(f.newGroup(), 1, EMPTY_METADATA, SECRET_VALUE)));
    try (DendriteReader r = DendriteReader.builder(file).select("v", "v.a").build()) {
      DendriteRow row = r.read();
      assertEquals("{\"a\":\"abcd0\"}", row.getJson("v"));
      assertEquals("abcd0", row.getString("v.a"));
      assertEquals("\"" + SECRET + "\"", r.read().getJson("v"));
    }
  }

  /**
   * Reads {@code file} (whole, or {@code select}), rendering every value as a printer would,
   * and checks the read fails on row 1 of row group 0 at {@code column}, without the secret.
   */
  private static void assertCleanError(Path file, String select, String column, String problem)
      throws Exception {
    StringBuilder printed = new StringBuilder();
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (select != null) {
      b.select(select);
    }
    try (DendriteReader r = b.build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        for (String c : row.columns()) {
          printed.append(row.get(c)).append('\n');
        }
      }
      fail("expected a DendriteReadException; printed: " + printed);
    } catch (DendriteReadException e) {
      String m = e.getMessage();
      assertEquals(file.toString(), e.file());
      assertEquals(0, e.rowGroup(), m);
      assertEquals(1, e.row(), m);
      assertEquals(column, e.column(), m);
      assertTrue(m.startsWith(file + ": row group 0, row 1, column " + column + ": " + problem),
          m);
      assertFalse(m.contains(SECRET) || printed.toString().contains(SECRET), m + printed);
    }
  }

  private static Group row(Group g, long id, byte[] metadata, byte[] value) {
    g.append("id", id).addGroup("v").append("metadata", bytes(metadata))
        .append("value", bytes(value));
    return g;
  }

  private static byte[] concat(byte[] a, String text) {
    return concat(a, text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
