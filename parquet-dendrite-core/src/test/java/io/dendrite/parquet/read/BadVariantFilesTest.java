package io.dendrite.parquet.read;

import static io.dendrite.parquet.testing.RawParquetFiles.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.testing.BadVariantFiles;
import io.dendrite.parquet.testing.BadVariants;
import io.dendrite.parquet.testing.BadVariants.Sample;
import io.dendrite.parquet.testing.HangGuard;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.testing.VariantBytes;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hand-made files with one bad value each (issue 11, items 1, 3-6; {@link BadVariants}), read
 * whole and by path. An unsorted DuckDB-style object reads the same by path as whole; every
 * invalid value is one clean {@link DendriteReadException} naming the file, row group, row and
 * column, after the valid row before it, and never a hang.
 */
class BadVariantFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ROW_GROUP = Pattern.compile("row group \\d+");
  private static final Duration HANG_LIMIT = Duration.ofSeconds(15);

  @TempDir
  Path dir;

  static Stream<Named<Sample>> invalid() {
    return BadVariants.invalid().stream().map(s -> Named.of(s.name(), s));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidWholeVariantIsOneCleanError(Sample s) throws Throwable {
    Path file = BadVariantFiles.unshredded(dir, s);
    assertCleanError(file, null, s);
    assertCleanError(file, List.of("id", "payload.a"), s);
    assertCleanError(file, List.of("payload[0]"), s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidShreddedFieldValueIsOneCleanError(Sample s) throws Throwable {
    Path file = BadVariantFiles.shreddedField(dir, s);
    assertCleanError(file, null, s);
    assertCleanError(file, List.of("id", "payload.a"), s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidValueInShreddedResidualIsOneCleanError(Sample s) throws Throwable {
    Path file = BadVariantFiles.shreddedResidualField(dir, s);
    assertCleanError(file, null, s);
    // payload.c is not shredded: it can only come from the residual, which must be checked.
    assertCleanError(file, List.of("id", "payload.c"), s);
    assertCleanError(file, List.of("id", "payload.c[0]"), s);
  }

  /**
   * On several threads, a bad value in a later row group still gives every row before it and
   * then the error at its row, as a serial read does (the row is inside a 256-row chunk of the
   * decoding thread, not at a chunk's end).
   */
  @Test
  void parallelReadFailsAtTheRowASerialReadFailsAt() throws Throwable {
    long badRow = 1_700; // row group 1 (1000 rows each), its row 700
    Sample bad = BadVariants.truncatedInt8();
    byte[] goodMetadata = VariantBytes.metadata(true, "a");
    byte[] goodValue = VariantBytes.object(new int[] {0}, VariantBytes.int8(1));
    Path file = RawParquetFiles.write(dir.resolve("late-bad-row.parquet"),
        "message m { required int64 id; optional group payload (VARIANT(1)) { "
            + "required binary metadata; optional binary value; } }",
        RawParquetFiles.Options.DEFAULTS.rowGroupRows(1_000), f -> {
          List<org.apache.parquet.example.data.Group> rows = new ArrayList<>();
          for (long id = 1; id <= 3_000; id++) {
            org.apache.parquet.example.data.Group row = f.newGroup().append("id", id);
            row.addGroup("payload")
                .append("metadata", bytes(id == badRow ? bad.metadata() : goodMetadata))
                .append("value", bytes(id == badRow ? bad.value() : goodValue));
            rows.add(row);
          }
          return rows;
        });
    List<Long> serialIds = new ArrayList<>();
    DendriteReadException serial = readIdsUntilError(file, 1, serialIds);
    List<Long> parallelIds = new ArrayList<>();
    DendriteReadException parallel = readIdsUntilError(file, 2, parallelIds);
    assertEquals(badRow, serial.row(), serial.getMessage());
    assertEquals(badRow - 1, serialIds.size());
    assertEquals(serialIds, parallelIds);
    assertEquals(badRow, parallel.row(), parallel.getMessage());
    assertTrue(parallel.getMessage().contains("row group 1"), parallel.getMessage());
  }

  /** Reads {@code id} of every row into {@code ids} until the read fails; the failure. */
  private static DendriteReadException readIdsUntilError(Path file, int threads, List<Long> ids)
      throws Throwable {
    DendriteReadException[] failure = new DendriteReadException[1];
    HangGuard.run(HANG_LIMIT, "reading " + file + " on " + threads + " threads", () -> {
      try (DendriteReader r = DendriteReader.builder(file).parallelism(threads).build()) {
        for (DendriteRow row = r.read(); row != null; row = r.read()) {
          ids.add(row.getLong("id"));
        }
        fail(file + " on " + threads + " threads: no error after " + ids.size() + " rows");
      } catch (DendriteReadException e) {
        failure[0] = e;
      }
    });
    return failure[0];
  }

  /** Item 1: DuckDB 2.0's unsorted objects (sorted_strings=0, insertion order). */
  @Test
  void unsortedObjectReadsTheSameByPathAsWhole() throws Throwable {
    Sample s = BadVariants.unsortedObject();
    Map<String, String> paths = BadVariants.unsortedObjectPaths();
    String whole = "{\"zeta\": 1, \"alpha\": \"x\", \"user\": {\"name\": \"u1\", \"id\": 7}}";
    assertReadsRight(BadVariantFiles.unshredded(dir, s), whole, paths);
    assertReadsRight(BadVariantFiles.shreddedResidual(dir, s),
        "{\"a\": 5, \"zeta\": 1, \"alpha\": \"x\", \"user\": {\"name\": \"u1\", \"id\": 7}}",
        Map.of("a", "5", "zeta", "1", "alpha", "\"x\"", "user.name", "\"u1\"", "user.id", "7"));
  }

  /** Row 2 reads {@code whole}, and each path the given JSON, equal to navigating row 2 whole. */
  private static void assertReadsRight(Path file, String whole, Map<String, String> paths)
      throws Throwable {
    HangGuard.run(HANG_LIMIT, "reading " + file, () -> {
      List<String> selection = new ArrayList<>(List.of("id"));
      paths.keySet().forEach(p -> selection.add("payload." + p));
      VariantValue row2;
      try (DendriteReader r = DendriteReader.builder(file).build()) {
        r.read();
        row2 = r.read().getVariant("payload");
        assertEquals(JSON.readTree(whole), JSON.readTree(row2.toJson()), file + " row 2 whole");
      }
      try (DendriteReader r = DendriteReader.builder(file).select(selection).build()) {
        r.read();
        DendriteRow row = r.read();
        assertEquals(2L, row.get("id"));
        for (Map.Entry<String, String> p : paths.entrySet()) {
          VariantValue byPath = row.getVariant("payload." + p.getKey());
          assertTrue(byPath != null, () -> file + " row 2: payload." + p.getKey() + " is null");
          assertEquals(JSON.readTree(p.getValue()), JSON.readTree(byPath.toJson()),
              file + " row 2 payload." + p.getKey());
          VariantValue navigated = row2;
          for (String key : p.getKey().split("\\.")) {
            navigated = navigated.field(key);
          }
          assertEquals(navigated.toJson(), byPath.toJson(),
              file + " row 2: payload." + p.getKey() + " by path vs whole");
        }
      }
    });
  }

  /**
   * Reading (whole, or the selection) gives row 1 and then one DendriteReadException for row 2
   * naming the file, a row group, the row and the column.
   */
  static void assertCleanError(Path file, List<String> selection, Sample s) throws Throwable {
    String read = file.getFileName() + (selection == null ? " read whole" : " select "
        + selection) + " (" + s.what() + ")";
    HangGuard.run(HANG_LIMIT, read, () -> {
      List<Map<String, Object>> rows = new ArrayList<>();
      DendriteReader.Builder b = DendriteReader.builder(file);
      if (selection != null) {
        b.select(selection);
      }
      try (DendriteReader r = b.build()) {
        for (DendriteRow row = r.read(); row != null; row = r.read()) {
          rows.add(render(row));
        }
        fail(read + ": no error; rows " + rows);
      } catch (DendriteReadException e) {
        String m = e.getMessage();
        assertEquals(1, rows.size(), () -> read + ": row 1 reads, then row 2 fails: " + m);
        assertEquals(BadVariantFiles.BAD_ROW, e.row(), () -> read + ": the row: " + m);
        assertTrue(m.contains(file.toString()), () -> read + ": names the file: " + m);
        assertTrue(m.contains("row " + BadVariantFiles.BAD_ROW), () -> read + ": names row 2: "
            + m);
        assertTrue(ROW_GROUP.matcher(m).find(), () -> read + ": names the row group: " + m);
        assertTrue(m.contains(BadVariantFiles.COLUMN), () -> read + ": names the column: " + m);
      }
    });
  }

  /** A row with every variant decoded to JSON text (so an invalid value cannot hide). */
  private static Map<String, Object> render(DendriteRow row) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    for (String c : row.columns()) {
      Object o = row.get(c);
      out.put(c, o instanceof VariantValue ? ((VariantValue) o).toJson() : o);
    }
    return out;
  }
}
