package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdOutputStream;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.variant.VariantValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  /** Records with an int, a string missing from some lines, a double, a boolean, a nullable
   *  int, and a payload object whose score is a string in every tenth row. */
  static List<String> events(int n) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Map<String, Object> payload = new LinkedHashMap<>();
      payload.put("user", "u" + i);
      payload.put("score", i % 10 == 3 ? (Object) "n/a" : (Object) i);
      if (i % 4 == 0) {
        payload.put("tags", List.of("t" + i % 3, "x"));
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", i);
      if (i % 5 != 0) {
        row.put("name", "name-" + i);
      }
      row.put("price", i + 0.25);
      row.put("ok", i % 2 == 0);
      row.put("maybe", i % 3 == 0 ? null : i * 1000L);
      row.put("payload", payload);
      lines.add(JSON.writeValueAsString(row));
    }
    return lines;
  }

  /**
   * JSON equality where numbers compare by value: the Variant spec puts integers and decimals
   * in one equivalence class, and shredding may store 1 as the decimal 1.0.
   */
  static void assertSameJson(JsonNode expected, JsonNode actual, String where) {
    java.util.Comparator<JsonNode> numeric = (a, b) -> a.isNumber() && b.isNumber()
        ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;
    assertTrue(expected.equals(numeric, actual), where + ": expected " + expected + ", got " + actual);
  }

  static Path write(Path file, List<String> lines) throws Exception {
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  static List<DendriteRow> read(Path file) throws Exception {
    List<DendriteRow> rows = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        rows.add(row);
      }
    }
    return rows;
  }

  static ParquetMetadata footer(Path file) throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter();
    }
  }

  static ShreddingSchema shredding(Path file) throws Exception {
    return ShreddingSchema.fromParquet(footer(file).getFileMetaData().getSchema());
  }

  /** Every row of {@code file} equals the corresponding input line, value by value. */
  static void assertRowsMatch(List<String> lines, Path file) throws Exception {
    List<DendriteRow> rows = read(file);
    assertEquals(lines.size(), rows.size());
    for (int i = 0; i < lines.size(); i++) {
      JsonNode in = JSON.readTree(lines.get(i));
      DendriteRow row = rows.get(i);
      for (String column : row.columns()) {
        JsonNode expected = in.get(column);
        Object got = row.get(column);
        if (expected == null || expected.isNull()) {
          assertEquals(null, got, "row " + i + " column " + column);
        } else if (got instanceof VariantValue v) {
          assertSameJson(expected, JSON.readTree(v.toJson()), "row " + i + " column " + column);
        } else if (expected.isIntegralNumber()) {
          assertEquals(expected.asLong(), got, "row " + i + " column " + column);
        } else if (expected.isNumber()) {
          assertEquals(expected.asDouble(), got, "row " + i + " column " + column);
        } else if (expected.isBoolean()) {
          assertEquals(expected.asBoolean(), got, "row " + i + " column " + column);
        } else {
          assertEquals(expected.asText(), got, "row " + i + " column " + column);
        }
      }
    }
  }

  /** The cells of the report line for {@code path}: path, type, typed, value, missing, share. */
  static String[] reportLine(String out, String path) {
    return out.lines().map(String::strip).filter(l -> l.startsWith(path + " "))
        .findFirst().orElseThrow(() -> new AssertionError("no report line for " + path + " in\n"
            + out)).split("\\s+");
  }

  @Test
  void keysBecomeTypedColumnsAndVariantColumnsAreShredded() throws Exception {
    List<String> lines = events(200);
    Path in = write(dir.resolve("events.jsonl"), lines);
    Path out = dir.resolve("events.parquet");

    String printed = Cli.run("convert", in.toString(), out.toString(), "--variant", "payload").ok();

    try (DendriteReader r = DendriteReader.builder(out).build()) {
      // Order of first appearance: the first line has no name.
      assertEquals(RecordSchema.parse("id int64, price double, ok boolean, maybe int64, "
          + "payload variant, name string"), r.schema());
    }
    assertRowsMatch(lines, out);
    assertTrue(printed.startsWith("wrote 200 rows to " + out), printed);
    assertTrue(printed.contains("rows written: 200"), printed);
    // score: an int in 180 rows, the string "n/a" in 20; tags in every fourth row.
    String[] score = reportLine(printed, "payload.score");
    assertEquals("180", score[2]);
    assertEquals("20", score[3]);
    assertEquals("0", score[4]);
    String[] tags = reportLine(printed, "payload.tags");
    assertEquals("50", tags[2]);
    assertEquals("150", tags[4]);
    assertEquals(ShreddingSchema.parse("payload: {score: int16, tags: [string], user: string}"),
        shredding(out));
  }

  @Test
  void pageVersionAndPathEncodings() throws Exception {
    List<String> lines = events(300);
    Path in = write(dir.resolve("events.jsonl"), lines);
    Path tuned = dir.resolve("tuned.parquet");
    Path plain = dir.resolve("plain.parquet");

    Cli.run("convert", in.toString(), tuned.toString(), "--variant", "payload",
        "--page-version", "2", "--no-dictionary", "id,payload.user",
        "--byte-stream-split", "price").ok();
    Cli.run("convert", in.toString(), plain.toString(), "--variant", "payload").ok();

    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(tuned))) {
      Map<String, String> encodings = new LinkedHashMap<>();
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        encodings.put(c.getPath().toDotString(), c.getEncodings().toString());
      }
      assertTrue(encodings.get("id").contains("DELTA_BINARY_PACKED"), encodings.toString());
      assertTrue(encodings.get("payload.typed_value.user.typed_value")
          .contains("DELTA_BYTE_ARRAY"), encodings.toString());
      assertTrue(encodings.get("price").contains("BYTE_STREAM_SPLIT"), encodings.toString());
    }
    assertEquals(read(plain).toString(), read(tuned).toString());
    assertTrue(Cli.run("convert",
        in.toString(), dir.resolve("x.parquet").toString(), "--page-version", "3").failed(2)
        .contains("--page-version must be 1 or 2, got 3"));
  }

  @Test
  void autoEncodingsAreTheDefaultChosenFromTheDataAndReported() throws Exception {
    List<String> lines = events(3000);
    Path in = write(dir.resolve("events.jsonl"), lines);
    Path auto = dir.resolve("auto.parquet");
    Path explicit = dir.resolve("explicit.parquet");
    Path plain = dir.resolve("plain.parquet");

    String out = Cli.run("convert", in.toString(), auto.toString(), "--variant", "payload").ok();
    Cli.run("convert", in.toString(), explicit.toString(), "--variant", "payload",
        "--encodings", "auto").ok();
    String plainOut = Cli.run("convert", in.toString(), plain.toString(), "--variant", "payload",
        "--encodings", "default").ok();

    // Ids 0, 1, 2, ...: sorted, so DELTA_BINARY_PACKED, in data page v1 too; parquet-java's
    // fixed choice gives them a dictionary or PLAIN.
    assertTrue(idEncodings(auto).contains("DELTA_BINARY_PACKED"), idEncodings(auto));
    assertFalse(idEncodings(plain).contains("DELTA"), idEncodings(plain));
    assertArrayEquals(Files.readAllBytes(explicit), Files.readAllBytes(auto));
    assertTrue(out.contains("encodings chosen from the data"), out);
    assertTrue(out.contains("  id: DELTA_BINARY_PACKED in 1 of 1 chunks"), out);
    assertFalse(plainOut.contains("encodings chosen"), plainOut);
    assertEquals(read(plain).toString(), read(auto).toString());
    assertTrue(Cli.run("convert", in.toString(), dir.resolve("x.parquet").toString(),
        "--encodings", "fast").failed(2).contains("--encodings must be auto or default"));
  }

  private static String idEncodings(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getBlocks().get(0).getColumns().stream()
          .filter(c -> c.getPath().toDotString().equals("id")).findFirst().orElseThrow()
          .getEncodings().toString();
    }
  }

  @Test
  void noVariantAnnotationWritesPlainGroupsThatStillReadAsVariants() throws Exception {
    List<String> lines = events(300);
    Path in = write(dir.resolve("events.jsonl"), lines);
    Path annotated = dir.resolve("annotated.parquet");
    Path plain = dir.resolve("plain.parquet");

    String annotatedReport = Cli.run("convert", in.toString(), annotated.toString(),
        "--variant", "payload").ok();
    String plainReport = Cli.run("convert", in.toString(), plain.toString(), "--variant",
        "payload", "--no-variant-annotation").ok();

    org.apache.parquet.schema.Type payload =
        footer(plain).getFileMetaData().getSchema().getType("payload");
    assertEquals(null, payload.getLogicalTypeAnnotation(), payload.toString());
    assertTrue(footer(annotated).getFileMetaData().getSchema().getType("payload")
        .getLogicalTypeAnnotation()
        instanceof org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation);
    assertEquals(shredding(annotated), shredding(plain));
    assertFalse(shredding(plain).isEmpty(), "inferred shredding, as without the flag");
    // The reports differ only in the file name and the time taken.
    assertEquals(annotatedReport.substring(annotatedReport.indexOf("columns:")),
        plainReport.substring(plainReport.indexOf("columns:")));
    assertRowsMatch(lines, plain);
    assertEquals(Cli.run("cat", annotated.toString(), "--select", "id,payload.score").ok(),
        Cli.run("cat", plain.toString(), "--select", "id,payload.score").ok());
    String where = "payload.score >= 90";
    String filtered = Cli.run("cat", plain.toString(), "--where", where).ok();
    assertEquals(Cli.run("cat", annotated.toString(), "--where", where).ok(), filtered);
    assertTrue(filtered.lines().count() > 10, filtered);
    assertEquals(Cli.run("cat", annotated.toString(), "--where", where, "--explain").ok()
            .replace(annotated.toString(), "FILE"),
        Cli.run("cat", plain.toString(), "--where", where, "--explain").ok()
            .replace(plain.toString(), "FILE"));
    // The same but for the file's size (the annotation takes a few footer bytes) on its line.
    assertEquals(withoutFirstLine(Cli.run("inspect", annotated.toString()).ok()),
        withoutFirstLine(Cli.run("inspect", plain.toString()).ok()));
    assertTrue(Cli.run("schema", plain.toString()).ok()
        .contains("payload: variant (shredded as object; no annotation)"));
    assertTrue(Cli.run("schema", annotated.toString()).ok()
        .contains("payload: variant (shredded as object)\n"));
    Path unshredded = dir.resolve("unshredded.parquet");
    Cli.run("convert", in.toString(), unshredded.toString(), "--variant", "payload", "--shred",
        "none", "--no-variant-annotation").ok();
    assertTrue(Cli.run("schema", unshredded.toString()).ok()
        .contains("payload: variant (unshredded: metadata, value; no annotation)"));
    assertRowsMatch(lines, unshredded);
  }

  @Test
  void threadsWriteTheSameFileAsOneThread() throws Exception {
    List<String> lines = events(3000);
    Path in = write(dir.resolve("events.jsonl"), lines);
    Path one = dir.resolve("one.parquet");
    Path three = dir.resolve("three.parquet");

    Cli.run("convert", in.toString(), one.toString(), "--variant", "payload", "--threads", "1")
        .ok();
    Cli.run("convert", in.toString(), three.toString(), "--variant", "payload", "--threads", "3")
        .ok();

    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(three));
    assertEquals(lines.size(), read(three).size());
    assertTrue(Cli.run("convert", in.toString(), dir.resolve("x.parquet").toString(),
        "--threads", "0").failed(2).contains("--threads must be at least 1"));
  }

  @Test
  void wholeLinesGoToOneVariantColumn() throws Exception {
    List<String> lines = List.of("{\"a\": 1, \"b\": [1, 2.5, \"x\"]}", "[1, 2, 3]", "\"just text\"",
        "42", "null", "{\"a\": {\"deep\": {\"er\": true}}}");
    Path in = write(dir.resolve("docs.jsonl"), lines);
    Path out = dir.resolve("docs.parquet");

    Cli.run("convert", in.toString(), out.toString(), "--variant", "*").ok();

    List<DendriteRow> rows = read(out);
    assertEquals(List.of("v"), rows.get(0).columns());
    assertEquals(lines.size(), rows.size());
    for (int i = 0; i < lines.size(); i++) {
      assertSameJson(JSON.readTree(lines.get(i)), JSON.readTree(rows.get(i).getJson("v")),
          "line " + (i + 1));
    }
  }

  @Test
  void variantColumnsMayBeGivenCommaSeparated() throws Exception {
    Path in = write(dir.resolve("two.jsonl"),
        List.of("{\"id\": 1, \"a\": {\"x\": 1}, \"b\": [1, 2], \"c\": \"s\"}"));
    Path joined = dir.resolve("joined.parquet");
    Path repeated = dir.resolve("repeated.parquet");

    Cli.run("convert", in.toString(), joined.toString(), "--variant", "a,c").ok();
    Cli.run("convert", in.toString(), repeated.toString(), "--variant", "a", "--variant", "c")
        .ok();

    // The schemas, without the first line (which names the file).
    String schema = Cli.run("schema", joined.toString()).ok().split("\n", 2)[1];
    assertEquals(Cli.run("schema", repeated.toString()).ok().split("\n", 2)[1], schema);
    // c would be a string column but for --variant; a comma-joined name is no column.
    assertTrue(schema.contains("c: variant") && !schema.contains("a,c"), schema);
    assertEquals(List.of("id", "a", "b", "c"), read(joined).get(0).columns());
    assertEquals("\"s\"", read(joined).get(0).getJson("c"));
  }

  @Test
  void aVariantKeyNoLineHasIsWarnedOfAndStillAColumn() throws Exception {
    Path in = write(dir.resolve("one.jsonl"), List.of("{\"id\": 1, \"payload\": {\"x\": 1}}"));
    Path out = dir.resolve("typo.parquet");

    Cli.Result r = Cli.run("convert", in.toString(), out.toString(), "--variant", "paylod");

    assertEquals(0, r.exitCode(), r.err());
    assertEquals("dendrite: warning: --variant paylod: no line of " + in
        + " has this key; its column holds only nulls", r.err().strip());
    assertTrue(r.out().startsWith("wrote 1 row to "), r.out());
    assertEquals(List.of("id", "payload", "paylod"), read(out).get(0).columns());
    // Gzip input is sampled (here its first line), so a later line may still have the key.
    Path gz = dir.resolve("two.jsonl.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.write("{\"id\": 1}\n{\"id\": 2, \"late\": {\"x\": 1}}\n"
          .getBytes(StandardCharsets.UTF_8));
    }
    Path late = dir.resolve("late.parquet");
    Cli.Result sampled = Cli.run("convert", gz.toString(), late.toString(), "--variant", "late",
        "--sample-lines", "1");
    assertEquals(0, sampled.exitCode(), sampled.err());
    assertEquals("dendrite: warning: --variant late: not in the 1 line of " + gz
        + " scanned for types; its column holds nulls unless later lines have the key",
        sampled.err().strip());
    assertEquals("{\"x\":1}", read(late).get(1).getJson("late"));
    assertTrue(Cli.run("infer", in.toString(), "--variant", "paylod").err()
        .contains("--variant paylod: no line of"));
  }

  @Test
  void readsGzipZstdAndStdin() throws Exception {
    List<String> lines = events(300);
    byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    Path gz = dir.resolve("events.jsonl.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.write(text);
    }
    Path zst = dir.resolve("events.jsonl.zst");
    try (OutputStream o = new ZstdOutputStream(Files.newOutputStream(zst))) {
      o.write(text);
    }

    Cli.run("convert", gz.toString(), dir.resolve("gz.parquet").toString(), "--variant", "payload")
        .ok();
    Cli.run("convert", zst.toString(), dir.resolve("zst.parquet").toString(), "--variant",
        "payload").ok();
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(text));
      Cli.run("convert", "-", dir.resolve("stdin.parquet").toString(), "--variant", "payload",
          "--sample-lines", "7").ok();
    } finally {
      System.setIn(stdin);
    }

    assertRowsMatch(lines, dir.resolve("gz.parquet"));
    assertRowsMatch(lines, dir.resolve("zst.parquet"));
    assertRowsMatch(lines, dir.resolve("stdin.parquet"));
  }

  @Test
  void codecRowGroupSizeAndShreddingOptions() throws Exception {
    List<String> lines = events(2000);
    Path in = write(dir.resolve("events.jsonl"), lines);

    Path zstd = dir.resolve("zstd.parquet");
    Cli.run("convert", in.toString(), zstd.toString(), "--variant", "payload", "--codec", "zstd",
        "--row-group-size", "16k").ok();
    ParquetMetadata f = footer(zstd);
    assertTrue(f.getBlocks().size() > 1, "16 KiB row groups: several of them");
    for (BlockMetaData b : f.getBlocks()) {
      for (ColumnChunkMetaData c : b.getColumns()) {
        assertEquals(CompressionCodecName.ZSTD, c.getCodec());
      }
    }
    assertRowsMatch(lines, zstd);

    Path none = dir.resolve("none.parquet");
    Cli.run("convert", in.toString(), none.toString(), "--variant", "payload", "--shred", "none")
        .ok();
    assertTrue(shredding(none).isEmpty());
    assertRowsMatch(lines, none);

    Path schemaFile = write(dir.resolve("shred.txt"), List.of("# only the user", "payload: {user: string}"));
    Path given = dir.resolve("given.parquet");
    String printed = Cli.run("convert", in.toString(), given.toString(), "--variant", "payload",
        "--shred", schemaFile.toString()).ok();
    assertEquals(ShreddingSchema.parse("payload: {user: string}"), shredding(given));
    assertEquals("2000", reportLine(printed, "payload.user")[2]);

    Path pinned = dir.resolve("pinned.parquet");
    Cli.run("convert", in.toString(), pinned.toString(), "--variant", "payload", "--pin",
        given.toString()).ok();
    assertEquals(shredding(given), shredding(pinned));
    assertRowsMatch(lines, pinned);
  }

  @Test
  void malformedJsonNamesTheLineAndLeavesNoFile() throws Exception {
    Path in = write(dir.resolve("bad.jsonl"), List.of("{\"id\": 1}", "", "{\"id\": 2,,}",
        "{\"id\": 3}"));
    Path out = dir.resolve("bad.parquet");

    String error = Cli.run("convert", in.toString(), out.toString()).failed(1);

    assertTrue(error.startsWith("dendrite: " + in + ": line 3: malformed JSON"), error);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(in), files.toList(), "no output and no temporary file left");
    }
  }

  @Test
  void aLaterLineThatDoesNotFitTheSampledTypesFailsWithItsLineNumber() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      lines.add(i == 12 ? "{\"n\": \"twelve\"}" : "{\"n\": " + i + "}");
    }
    Path gz = dir.resolve("n.jsonl.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Path out = dir.resolve("n.parquet");

    String error = Cli.run("convert", gz.toString(), out.toString(), "--sample-lines", "5")
        .failed(1);
    assertTrue(error.startsWith("dendrite: " + gz + ": line 12, field 'n': "), error);
    assertTrue(error.contains("first 5 lines"), error);
    assertFalse(Files.exists(out));

    String printed = Cli.run("convert", gz.toString(), out.toString(), "--sample-lines", "5",
        "--skip-invalid").ok();
    assertTrue(printed.contains("skipped 1 invalid lines"), printed);
    assertTrue(printed.contains("line 12, field 'n'"), printed);
    List<DendriteRow> rows = read(out);
    assertEquals(19, rows.size());
    assertEquals(13L, rows.get(11).get("n"));
  }

  /** {@code levels} containers around 7: {"a": ...} at odd levels, [...] at even ones. */
  static String deepJson(int levels) {
    StringBuilder open = new StringBuilder();
    StringBuilder close = new StringBuilder();
    for (int level = 1; level <= levels; level++) {
      open.append(level % 2 == 1 ? "{\"a\":" : "[");
      close.append(level % 2 == 1 ? '}' : ']');
    }
    return open + "7" + close.reverse();
  }

  static String deepPath(int levels) {
    StringBuilder p = new StringBuilder();
    for (int level = 1; level <= levels; level++) {
      p.append(level % 2 == 1 ? ".a" : "[0]");
    }
    return p.toString();
  }

  @Test
  void valuesAtTheNestingLimitConvertAndPrint() throws Exception {
    int limit = io.dendrite.parquet.variant.VariantValue.MAX_NESTING_DEPTH;
    String deep = "{\"id\":2,\"payload\":" + deepJson(limit) + "}";
    Path in = write(dir.resolve("deep.jsonl"), List.of("{\"id\":1,\"payload\":{\"a\":1}}", deep));
    Path out = dir.resolve("deep.parquet");
    Cli.run("convert", in.toString(), out.toString(), "--variant", "payload").ok();

    List<String> printed = Cli.run("cat", out.toString()).ok().lines().toList();
    assertEquals(deep, printed.get(1));
    String path = "payload" + deepPath(limit);
    assertEquals("{\"" + path + "\":7}",
        Cli.run("cat", out.toString(), "--select", path).ok().lines().toList().get(1));
  }

  @Test
  void aLineNestedTooDeepNamesFileAndLineAndCanBeSkipped() throws Exception {
    int tooDeep = io.dendrite.parquet.variant.VariantValue.MAX_NESTING_DEPTH + 1;
    List<String> lines = List.of("{\"id\":1,\"payload\":{\"a\":1}}", "",
        "{\"id\":3,\"payload\":" + deepJson(tooDeep) + "}", "{\"id\":4,\"payload\":[4]}");
    Path in = write(dir.resolve("deep.jsonl"), lines);
    Path gz = dir.resolve("deep.jsonl.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Path out = dir.resolve("deep.parquet");
    String expected = ": line 3, field 'payload': value is nested deeper than 1000 levels";

    // Found while choosing column types (a small file is scanned whole) ...
    String error = Cli.run("convert", in.toString(), out.toString()).failed(1);
    assertTrue(error.startsWith("dendrite: " + in + expected), error);
    // ... or by the writer, after a sample of one line.
    error = Cli.run("convert", gz.toString(), out.toString(), "--variant", "payload",
        "--sample-lines", "1").failed(1);
    assertTrue(error.startsWith("dendrite: " + gz + expected), error);
    assertFalse(error.contains("column types were chosen"), "no hint about types: " + error);
    // ... or in a whole-line document.
    error = Cli.run("convert", in.toString(), out.toString(), "--variant", "*").failed(1);
    assertTrue(error.startsWith("dendrite: " + in + ": line 3: value is nested deeper than 1000"),
        error);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(in, gz), files.sorted().toList(), "no output, no temporary file");
    }

    for (List<String> args : List.of(List.of(in.toString()),
        List.of(gz.toString(), "--sample-lines", "1"), List.of(in.toString(), "--variant", "*"))) {
      List<String> command = new ArrayList<>(List.of("convert"));
      command.addAll(args);
      command.addAll(List.of(out.toString(), "--skip-invalid", "--overwrite"));
      if (!args.contains("*")) {
        command.addAll(List.of("--variant", "payload"));
      }
      String printed = Cli.run(command.toArray(String[]::new)).ok();
      assertTrue(printed.contains("wrote 2 rows"), printed);
      assertTrue(printed.contains("skipped 1 invalid lines"), printed);
      assertTrue(printed.contains("line 3"), printed);
      assertEquals(2, read(out).size(), command.toString());
    }
  }

  @Test
  void ofTwoConcurrentConvertsToOneFileExactlyOneSucceeds() throws Exception {
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      first.add("{\"id\":" + i + "}");
      second.add("{\"id\":" + (100_000 + i) + "}");
    }
    Path a = write(dir.resolve("a.jsonl"), first);
    Path b = write(dir.resolve("b.jsonl"), second);
    Path out = dir.resolve("out.parquet");
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      var runA = pool.submit(() -> Cli.run("convert", a.toString(), out.toString(), "--no-progress"));
      var runB = pool.submit(() -> Cli.run("convert", b.toString(), out.toString(), "--no-progress"));
      Cli.Result ra = runA.get(120, java.util.concurrent.TimeUnit.SECONDS);
      Cli.Result rb = runB.get(120, java.util.concurrent.TimeUnit.SECONDS);
      assertEquals(1, (ra.exitCode() == 0 ? 1 : 0) + (rb.exitCode() == 0 ? 1 : 0),
          "exactly one succeeds: " + ra + " / " + rb);
      Cli.Result lost = ra.exitCode() == 0 ? rb : ra;
      assertTrue(lost.failed(1).contains("already exists"), lost.err());
      assertRowsMatch(ra.exitCode() == 0 ? first : second, out);
    } finally {
      pool.shutdownNow();
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(a, b, out), files.sorted().toList(), "no temporary file left");
    }
  }

  @Test
  void badInvocationsFailWithOneLine() throws Exception {
    Path in = write(dir.resolve("in.jsonl"), List.of("{\"a\": 1}"));
    Path existing = write(dir.resolve("exists.parquet"), List.of("x"));

    assertEquals("dendrite: " + dir.resolve("missing.jsonl") + ": no such file or directory",
        Cli.run("convert", dir.resolve("missing.jsonl").toString(),
            dir.resolve("o.parquet").toString()).failed(1));
    assertTrue(Cli.run("convert", in.toString(), existing.toString()).failed(1)
        .contains("--overwrite"));
    assertTrue(Cli.run("convert", in.toString(), dir.resolve("o.parquet").toString(),
        "--variant", "*", "--variant", "a").failed(2).contains("--variant '*'"));
    assertTrue(Cli.run("convert", in.toString(), dir.resolve("o.parquet").toString(),
        "--codec", "lz5").failed(2).contains("unknown codec 'lz5'"));

    Path notObjects = write(dir.resolve("arrays.jsonl"), List.of("[1, 2]"));
    String error = Cli.run("convert", notObjects.toString(), dir.resolve("o.parquet").toString())
        .failed(1);
    assertTrue(error.contains("line 1: expected a JSON object, found an array"), error);

    Path empty = write(dir.resolve("empty.jsonl"), List.of("", "  "));
    assertTrue(Cli.run("convert", empty.toString(), dir.resolve("o.parquet").toString())
        .failed(1).startsWith("dendrite: " + empty + ": no keys found"));

    Path badShred = write(dir.resolve("bad-shred.txt"), List.of("a: {x int64}"));
    error = Cli.run("convert", in.toString(), dir.resolve("o.parquet").toString(), "--variant",
        "a", "--shred", badShred.toString()).failed(1);
    assertTrue(error.startsWith("dendrite: " + badShred + ": "), error);
    assertFalse(Files.exists(dir.resolve("o.parquet")));
  }

  private static String withoutFirstLine(String text) {
    return text.substring(text.indexOf('\n') + 1);
  }
}
