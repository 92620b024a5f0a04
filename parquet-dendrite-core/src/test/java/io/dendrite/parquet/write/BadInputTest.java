package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Invalid records and misuse of the writer: every bad record is reported with file, row and
 * field; by default it fails the file and leaves nothing behind, in skip mode the good rows
 * around it are kept and the report lists what was dropped.
 */
class BadInputTest {

  private static final String SCHEMA =
      "id int64 not null, payload variant, price decimal(10,2)";

  @TempDir Path dir;

  // ------------------------------------------------------------------ helpers

  private static List<Path> listDir(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.sorted().collect(Collectors.toList());
    }
  }

  /** A good record, as a map: id, payload {n: id, s: "row<id>"}, price id.25. */
  private static Map<String, Object> good(long id) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", id);
    row.put("payload", Map.of("n", id, "s", "row" + id));
    row.put("price", new BigDecimal(id + ".25"));
    return row;
  }

  /** The same record as a JSON line. */
  private static String goodJson(long id) {
    return "{\"id\": " + id + ", \"payload\": {\"n\": " + id + ", \"s\": \"row" + id
        + "\"}, \"price\": " + id + ".25}";
  }

  /** Reads the file back and checks it holds exactly the good rows with these ids, in order. */
  private static void assertHoldsGoodRows(Path file, long... ids) throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      List<DendriteRow> rows = new ArrayList<>();
      r.forEach(rows::add);
      assertEquals(ids.length, rows.size(), "rows in " + file);
      for (int i = 0; i < ids.length; i++) {
        DendriteRow row = rows.get(i);
        assertEquals(ids[i], row.get("id"));
        assertEquals(0, new BigDecimal(ids[i] + ".25").compareTo((BigDecimal) row.get("price")));
        VariantValue payload = row.getVariant("payload");
        assertEquals("row" + ids[i], payload.field("s").getString());
        assertEquals(ids[i], payload.field("n").getLong());
        assertEquals(2, payload.objectSize());
      }
    }
  }

  private static void assertLocated(InvalidRecordException e, Path file, long row,
      String field) {
    String m = e.getMessage();
    assertTrue(m.contains(file.toAbsolutePath().toString()), "file missing from: " + m);
    assertTrue(m.contains("row " + row), "row " + row + " missing from: " + m);
    assertEquals(row, e.row(), m);
    assertEquals(file.toAbsolutePath().toString(), e.file(), m);
    if (field != null) {
      assertTrue(m.contains("field '" + field + "'"), "field " + field + " missing from: " + m);
      assertEquals(field, e.field(), m);
    }
  }

  /** How the writer chooses shredding: inferred (buffers rows first) or fixed (opens at once). */
  enum Mode {
    INFERRED(b -> b),
    INFERRED_SMALL_SAMPLE(b -> b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(1))),
    UNSHREDDED(DendriteWriter.Builder::unshredded),
    GIVEN(b -> b.shredding("payload: {n: int64, s: string}"));

    final UnaryOperator<DendriteWriter.Builder> configure;

    Mode(UnaryOperator<DendriteWriter.Builder> configure) {
      this.configure = configure;
    }
  }

  /** One kind of bad record, given as a map record or a JSON line. */
  private record Bad(String name, Map<String, Object> record, String json, String field,
      String problem) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Map<String, Object> with(long id, String key, Object value) {
    Map<String, Object> r = good(id);
    if (value == null) {
      r.remove(key);
    } else {
      r.put(key, value);
    }
    return r;
  }

  static List<Bad> badRecords() {
    return List.of(
        new Bad("unknown column", with(3, "nope", 1), "{\"id\": 3, \"nope\": 1}", "nope",
            "unknown column"),
        new Bad("unsupported Java type", with(3, "payload", Map.of("t", new Thread())), null,
            "payload", "java.lang.Thread"),
        new Bad("wrong type for int64", with(3, "id", "abc"), "{\"id\": \"abc\"}", "id",
            "int64"),
        new Bad("missing required column", with(3, "id", null),
            "{\"payload\": {\"n\": 3}, \"price\": 1.25}", "id", "required"),
        new Bad("decimal with too many places", with(3, "price", new BigDecimal("1.234")),
            "{\"id\": 3, \"price\": 1.234}", "price", "decimal places"),
        new Bad("malformed JSON inside a field", null,
            "{\"id\": 3, \"payload\": {\"a\": }}", "payload", "malformed JSON"),
        new Bad("malformed JSON line", null, "{\"id\": 3,, }", null, "malformed JSON"),
        new Bad("JSON line that is not an object", null, "[1, 2, 3]", null,
            "expected a JSON object"),
        new Bad("JSON line that is a string", null, "\"text\"", null, "expected a JSON object"));
  }

  static Stream<Arguments> mapCases() {
    List<Arguments> out = new ArrayList<>();
    for (Bad b : badRecords()) {
      if (b.record() != null) {
        for (Mode m : Mode.values()) {
          out.add(Arguments.of(b, m));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> jsonCases() {
    List<Arguments> out = new ArrayList<>();
    for (Bad b : badRecords()) {
      if (b.json() != null) {
        for (Mode m : Mode.values()) {
          out.add(Arguments.of(b, m));
        }
      }
    }
    return out.stream();
  }

  private DendriteWriter.Builder builder(Path file, Mode mode) {
    return mode.configure.apply(DendriteWriter.builder(file).schema(SCHEMA));
  }

  // ------------------------------------------------------------------ fail mode

  @ParameterizedTest(name = "{0} ({1})")
  @MethodSource("mapCases")
  void badMapRecordFailsTheFileAndLeavesNothing(Bad bad, Mode mode) throws Exception {
    Path file = dir.resolve("out.parquet");
    InvalidRecordException e;
    try (DendriteWriter w = builder(file, mode).build()) {
      w.write(good(1));
      w.write(good(2));
      if (mode != Mode.INFERRED) {
        // The file is open: a hidden temporary file exists, and nothing at the final path.
        List<Path> during = listDir(dir);
        assertEquals(1, during.size(), String.valueOf(during));
        String name = during.get(0).getFileName().toString();
        assertTrue(name.startsWith(".out.parquet.") && name.endsWith(".inprogress"), name);
      }
      e = assertThrows(InvalidRecordException.class, () -> w.write(bad.record()));
      // The writer is unusable afterwards; close() must not publish anything.
      IllegalStateException after = assertThrows(IllegalStateException.class,
          () -> w.write(good(4)));
      assertTrue(after.getMessage().contains("aborted"), after.getMessage());
    }
    assertLocated(e, file, 3, bad.field());
    assertTrue(e.getMessage().contains(bad.problem()), e.getMessage());
    assertEquals(List.of(), listDir(dir), "nothing may be left in the directory");
  }

  @ParameterizedTest(name = "{0} ({1})")
  @MethodSource("jsonCases")
  void badJsonLineFailsTheFileAndNamesTheLine(Bad bad, Mode mode) throws Exception {
    Path file = dir.resolve("out.parquet");
    // Line 3 is blank: lines are numbered as in the text, so the bad record is on line 5.
    String text = goodJson(1) + "\n" + goodJson(2) + "\n\n" + goodJson(4) + "\n" + bad.json()
        + "\n" + goodJson(6) + "\n";
    InvalidRecordException e;
    try (DendriteWriter w = builder(file, mode).build()) {
      e = assertThrows(InvalidRecordException.class,
          () -> w.writeJsonLines(new StringReader(text)));
    }
    assertLocated(e, file, 5, bad.field());
    assertTrue(e.getMessage().contains(bad.problem()), e.getMessage());
    assertEquals(List.of(), listDir(dir), "nothing may be left in the directory");
  }

  @ParameterizedTest(name = "{0} ({1})")
  @MethodSource("jsonCases")
  void badSingleJsonRecordNamesTheRow(Bad bad, Mode mode) throws Exception {
    Path file = dir.resolve("out.parquet");
    InvalidRecordException e;
    try (DendriteWriter w = builder(file, mode).build()) {
      w.writeJson(goodJson(1));
      e = assertThrows(InvalidRecordException.class, () -> w.writeJson(bad.json()));
    }
    assertLocated(e, file, 2, bad.field());
    assertEquals(List.of(), listDir(dir));
  }

  @Test
  void failedOverwriteKeepsTheOldFile() throws Exception {
    Path file = dir.resolve("keep.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).build()) {
      w.write(good(7));
    }
    byte[] before = Files.readAllBytes(file);
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).overwrite(true)
        .unshredded().build()) {
      w.write(good(1));
      assertThrows(InvalidRecordException.class, () -> w.write(with(2, "id", "x")));
    }
    assertArrayEquals(before, Files.readAllBytes(file));
    assertEquals(List.of(file), listDir(dir));
    assertHoldsGoodRows(file, 7);
  }

  // ------------------------------------------------------------------ skip mode

  @ParameterizedTest
  @EnumSource(Mode.class)
  void skipModeKeepsGoodRowsBeforeAndAfterAndReportsTheBadOnes(Mode mode) throws Exception {
    Path file = dir.resolve("skip.parquet");
    List<Bad> bads = badRecords().stream().filter(b -> b.record() != null).toList();
    List<Long> goodIds = new ArrayList<>();
    ShreddingReport report;
    try (DendriteWriter w = builder(file, mode).skipInvalid(true).build()) {
      long row = 0;
      for (Bad b : bads) {
        w.write(good(++row));
        goodIds.add(row);
        ++row;
        w.write(b.record());
      }
      w.write(good(++row));
      goodIds.add(row);
      w.close();
      report = w.report();
    }
    assertEquals(bads.size(), report.rowsSkipped());
    assertEquals(goodIds.size(), report.rowsWritten());
    List<String> reasons = report.skippedReasons();
    assertEquals(bads.size(), reasons.size(), String.valueOf(reasons));
    for (int i = 0; i < bads.size(); i++) {
      String reason = reasons.get(i);
      Bad b = bads.get(i);
      long badRow = 2L * (i + 1);
      assertTrue(reason.contains("row " + badRow), reason);
      assertTrue(reason.contains("field '" + b.field() + "'"), reason);
      assertTrue(reason.contains(b.problem()), reason);
      assertTrue(reason.contains(file.toAbsolutePath().toString()), reason);
    }
    assertHoldsGoodRows(file, goodIds.stream().mapToLong(Long::longValue).toArray());
    assertEquals(List.of(file), listDir(dir));
  }

  @Test
  void skipModeWithJsonLinesNumbersByLine() throws Exception {
    Path file = dir.resolve("skip-json.parquet");
    StringBuilder text = new StringBuilder();
    List<Bad> bads = badRecords().stream().filter(b -> b.json() != null).toList();
    List<Long> goodIds = new ArrayList<>();
    List<Long> badLines = new ArrayList<>();
    long line = 0;
    for (Bad b : bads) {
      text.append(goodJson(++line)).append('\n');
      goodIds.add(line);
      text.append('\n'); // blank line: counted, not a record
      ++line;
      text.append(b.json()).append('\n');
      badLines.add(++line);
    }
    text.append(goodJson(++line)).append('\n');
    goodIds.add(line);
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).skipInvalid(true)
        .build()) {
      assertEquals(goodIds.size(), w.writeJsonLines(new StringReader(text.toString())));
      w.close();
      report = w.report();
    }
    assertEquals(bads.size(), report.rowsSkipped());
    for (int i = 0; i < bads.size(); i++) {
      String reason = report.skippedReasons().get(i);
      assertTrue(reason.contains("row " + badLines.get(i)), reason);
      if (bads.get(i).field() != null) {
        assertTrue(reason.contains("field '" + bads.get(i).field() + "'"), reason);
      }
    }
    assertHoldsGoodRows(file, goodIds.stream().mapToLong(Long::longValue).toArray());
  }

  @Test
  void skipModeListsAtMostTheFirstReasonsButCountsAll() throws Exception {
    Path file = dir.resolve("many.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).skipInvalid(true)
        .build()) {
      for (int i = 1; i <= 100; i++) {
        w.write(with(i, "id", "bad"));
      }
      w.write(good(101));
      w.close();
      report = w.report();
    }
    assertEquals(100, report.rowsSkipped());
    assertEquals(1, report.rowsWritten());
    assertFalse(report.skippedReasons().isEmpty());
    assertTrue(report.skippedReasons().size() < 100, "reasons are capped");
    assertTrue(report.skippedReasons().get(0).contains("row 1"));
    assertHoldsGoodRows(file, 101);
  }

  // ------------------------------------------------------------------ existing files

  @Test
  void refusesAnExistingFileWithoutOverwrite() throws Exception {
    Path file = dir.resolve("exists.parquet");
    Files.writeString(file, "not parquet, but precious");
    IOException e = assertThrows(IOException.class,
        () -> DendriteWriter.builder(file).schema(SCHEMA).build());
    assertInstanceOf(FileAlreadyExistsException.class, e);
    assertTrue(e.getMessage().contains(file.toAbsolutePath().toString()), e.getMessage());
    assertEquals("not parquet, but precious", Files.readString(file));
    assertEquals(List.of(file), listDir(dir));
  }

  @Test
  void overwriteReplacesAnExistingFile() throws Exception {
    Path file = dir.resolve("exists.parquet");
    Files.writeString(file, "old content");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).overwrite(true)
        .build()) {
      w.write(good(1));
      w.write(good(2));
    }
    assertHoldsGoodRows(file, 1, 2);
    assertEquals(List.of(file), listDir(dir));
  }

  @Test
  void fileAppearsOnlyWhenClosed() throws Exception {
    Path file = dir.resolve("late.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded().build()) {
      w.write(good(1));
      assertFalse(Files.exists(file), "file visible before close");
    }
    assertTrue(Files.exists(file));
    assertEquals(List.of(file), listDir(dir));
  }

  @Test
  void abortLeavesNothing() throws Exception {
    Path file = dir.resolve("aborted.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded().build()) {
      w.write(good(1));
      w.abort();
      w.abort();
    }
    assertEquals(List.of(), listDir(dir));
  }

  // ------------------------------------------------------------------ lifecycle

  @Test
  void closingTwiceIsFine() throws Exception {
    Path file = dir.resolve("twice.parquet");
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).build();
    w.write(good(1));
    w.close();
    assertDoesNotThrow(w::close);
    assertHoldsGoodRows(file, 1);
  }

  @Test
  void writingAfterCloseIsAnIllegalState() throws Exception {
    Path file = dir.resolve("closed.parquet");
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).build();
    w.write(good(1));
    w.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.write(good(2)));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> w.writeJson(goodJson(2)));
    assertThrows(IllegalStateException.class,
        () -> w.writeJsonLines(new StringReader(goodJson(2))));
    assertHoldsGoodRows(file, 1);
  }

  @Test
  void shreddingANonVariantColumnIsRejectedByName() {
    Path file = dir.resolve("x.parquet");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DendriteWriter.builder(file).schema(SCHEMA).shredding("price: int64").build());
    assertTrue(e.getMessage().contains("price"), e.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> DendriteWriter.builder(file).schema(SCHEMA).shredding("paylod: {n: int64}")
            .build());
    assertTrue(missing.getMessage().contains("paylod"), missing.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void zeroRowFileIsValidAndReadable() throws Exception {
    for (Mode mode : Mode.values()) {
      Path file = dir.resolve("empty-" + mode + ".parquet");
      try (DendriteWriter w = builder(file, mode).build()) {
        assertEquals(0, w.report().rowsWritten());
      }
      assertTrue(Files.exists(file), mode.toString());
      try (DendriteReader r = DendriteReader.builder(file).build()) {
        assertNull(r.read(), mode.toString());
        assertEquals("id int64 not null, payload variant, price decimal(10,2)",
            r.schema().toString());
      }
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        assertEquals(0, r.getRecordCount());
        assertInstanceOf(LogicalTypeAnnotation.VariantLogicalTypeAnnotation.class,
            r.getFooter().getFileMetaData().getSchema().getType("payload")
                .getLogicalTypeAnnotation());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Codec.class)
  void everyCodecRoundTrips(Codec codec) throws Exception {
    Path file = dir.resolve("codec-" + codec + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).codec(codec).build()) {
      for (int i = 1; i <= 50; i++) {
        w.write(good(i));
      }
    }
    CompressionCodecName expected = switch (codec) {
      case SNAPPY -> CompressionCodecName.SNAPPY;
      case ZSTD -> CompressionCodecName.ZSTD;
      case GZIP -> CompressionCodecName.GZIP;
      case LZ4_RAW -> CompressionCodecName.LZ4_RAW;
      case NONE -> CompressionCodecName.UNCOMPRESSED;
    };
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ParquetMetadata footer = r.getFooter();
      assertFalse(footer.getBlocks().isEmpty());
      for (BlockMetaData block : footer.getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          assertEquals(expected, column.getCodec(), column.getPath().toString());
        }
      }
    }
    long[] ids = new long[50];
    for (int i = 0; i < 50; i++) {
      ids[i] = i + 1;
    }
    assertHoldsGoodRows(file, ids);
  }

  @Test
  void codecNamesParse() {
    assertEquals(Codec.NONE, Codec.parse("uncompressed"));
    assertEquals(Codec.ZSTD, Codec.parse(" ZSTD "));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Codec.parse("lz4"));
    assertTrue(e.getMessage().contains("lz4"), e.getMessage());
  }

  @Test
  void jsonVariantEncodingOfAGoodLineMatchesTheMapRecord() throws Exception {
    // Sanity check of the helpers: both forms of a good record hold the same payload.
    assertEquals(VariantValue.of(VariantJson.parse("{\"n\": 5, \"s\": \"row5\"}")),
        VariantValue.of(VariantJson.parse(goodJson(5))).field("payload"));
  }
}
