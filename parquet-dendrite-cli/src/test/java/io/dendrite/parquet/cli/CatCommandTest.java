package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void printsRowsAsJsonLinesWithVariantsAsNestedJson() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    List<String> lines = Cli.run("cat", file.toString()).ok().lines().toList();

    assertEquals(List.of(
        "{\"id\":1,\"name\":\"ada\",\"price\":12.50,\"day\":\"2024-05-01\",\"tags\":[\"a\",\"b\"],"
            + "\"addr\":{\"city\":\"Oslo\",\"zip\":150},\"attrs\":{\"k\":7},"
            + "\"payload\":{\"list\":[10,20],\"score\":42,\"user\":{\"id\":7,\"name\":\"ada\"}}}",
        "{\"id\":2,\"name\":\"bob, \\\"the\\\" builder\",\"price\":3.00,\"day\":\"2024-05-02\","
            + "\"tags\":[\"c\"],\"addr\":{\"city\":\"Rome\",\"zip\":100},\"attrs\":{},"
            + "\"payload\":{\"score\":17,\"user\":{\"id\":8,\"name\":\"bob\"}}}",
        "{\"id\":3,\"name\":null,\"price\":null,\"day\":null,\"tags\":null,\"addr\":null,"
            + "\"attrs\":null,\"payload\":\"just a string\"}"), lines);
  }

  @Test
  void selectsPathsIntoVariantsStructsMapsAndLists() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    List<String> lines = Cli.run("cat", file.toString(), "--select",
        "id,payload.user.name,payload.list[1],addr.city,tags[1],attrs.k",
        "--select", "payload.nope,payload.user").ok().lines().toList();

    assertEquals(List.of(
        "{\"id\":1,\"payload.user.name\":\"ada\",\"payload.list[1]\":20,\"addr.city\":\"Oslo\","
            + "\"tags[1]\":\"b\",\"attrs.k\":7,\"payload.nope\":null,"
            + "\"payload.user\":{\"id\":7,\"name\":\"ada\"}}",
        "{\"id\":2,\"payload.user.name\":\"bob\",\"payload.list[1]\":null,\"addr.city\":\"Rome\","
            + "\"tags[1]\":null,\"attrs.k\":null,\"payload.nope\":null,"
            + "\"payload.user\":{\"id\":8,\"name\":\"bob\"}}",
        "{\"id\":3,\"payload.user.name\":null,\"payload.list[1]\":null,\"addr.city\":null,"
            + "\"tags[1]\":null,\"attrs.k\":null,\"payload.nope\":null,\"payload.user\":null}"),
        lines);
  }

  @Test
  void columnsWithOddNamesKeepThemAndQuotedPathsReachThem() throws Exception {
    Path file = dir.resolve("odd.parquet");
    try (io.dendrite.parquet.write.DendriteWriter w = io.dendrite.parquet.write.DendriteWriter
        .builder(file).schema("`user id` int64, `a.b` variant").build()) {
      w.write(map("user id", 1L, "a.b", map("x y", 5, "z", List.of(true))));
    }

    assertEquals(List.of("{\"user id\":1,\"a.b\":{\"x y\":5,\"z\":[true]}}"),
        Cli.run("cat", file.toString()).ok().lines().toList());
    assertEquals(List.of("{\"`a.b`.`x y`\":5,\"`a.b`.z[0]\":true}"),
        Cli.run("cat", file.toString(), "--select", "`a.b`.`x y`,`a.b`.z[0]", "--where",
            "`user id` = 1").ok().lines().toList());
  }

  @Test
  void whereFiltersRowsAndLimitStops() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    assertEquals(List.of("{\"id\":1}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "payload.score >= 40 and addr.city = 'Oslo'").ok().lines().toList());
    assertEquals(List.of("{\"id\":2}", "{\"id\":3}"), Cli.run("cat", file.toString(), "--select",
        "id", "--where", "payload.score < 40 or name is null").ok().lines().toList());
    assertEquals(List.of("{\"id\":2}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "price = 3 and day > '2024-05-01'").ok().lines().toList());
    assertEquals(List.of("{\"id\":3}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "payload = 'just a string'").ok().lines().toList());
    assertEquals(List.of("{\"id\":1}", "{\"id\":2}"), Cli.run("cat", file.toString(), "--select",
        "id", "--limit", "2").ok().lines().toList());
    assertEquals(List.of(), Cli.run("cat", file.toString(), "--limit", "0").ok().lines().toList());
  }

  @Test
  void whereCastsAsTheTypedGettersAndTellsMissingFromNull() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    // payload.score is 42 and 17; '42' as text matches the number, a date literal the date.
    assertEquals(List.of("{\"id\":1}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "payload.score = '42'").ok().lines().toList());
    assertEquals(List.of("{\"id\":2}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "day = date '2024-05-02'").ok().lines().toList());
    // Row 3's payload is a string: payload.user is missing there, and not null elsewhere.
    assertEquals(List.of("{\"id\":3}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "payload.user is missing").ok().lines().toList());
    // A comparison with a missing value is unknown, and so is its negation.
    assertEquals(List.of("{\"id\":2}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "not payload.score > 20").ok().lines().toList());
    assertEquals(List.of("{\"id\":1}"), Cli.run("cat", file.toString(), "--select", "id",
        "--where", "payload.list[*] = 20").ok().lines().toList());
  }

  @Test
  void explainPrintsWhatTheFilterSkips() throws Exception {
    Path file = dir.resolve("many.parquet");
    try (io.dendrite.parquet.write.DendriteWriter w = io.dendrite.parquet.write.DendriteWriter
        .builder(file).schema("id int64 not null, payload variant")
        .shredding("payload: {score: int64}").rowGroupRows(100).pageRows(10).build()) {
      for (int i = 0; i < 1000; i++) {
        w.write(map("id", (long) i, "payload", map("score", i)));
      }
    }

    List<String> report = Cli.run("cat", file.toString(), "--where", "payload.score >= 995",
        "--explain").ok().lines().toList();

    assertEquals(file + ":", report.get(0));
    assertEquals("filter: payload.score >= 995", report.get(1));
    assertEquals("row groups: 9 of 10 skipped (9 by statistics)", report.get(2));
    assertEquals("rows: 990 of 1000 skipped, the rest tested exactly", report.get(4));
    assertTrue(report.contains("  row group 9: 100 rows, read 10 of 100 rows"), report.toString());
    assertEquals(List.of("{\"id\":995}", "{\"id\":996}", "{\"id\":997}", "{\"id\":998}",
        "{\"id\":999}"), Cli.run("cat", file.toString(), "--select", "id", "--where",
        "payload.score >= 995").ok().lines().toList());
    assertTrue(Cli.run("cat", file.toString(), "--explain").failed(2)
        .contains("--explain needs --where"));
  }

  @Test
  void tableAndCsvFormats() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));

    assertEquals(List.of(
        "id  name                payload.user",
        "1   ada                 {\"id\":7,\"name\":\"ada\"}",
        "2   bob, \"the\" builder  {\"id\":8,\"name\":\"bob\"}",
        "3   null                null"),
        Cli.run("cat", file.toString(), "--select", "id,name,payload.user", "--format", "table")
            .ok().lines().toList());
    assertEquals(List.of(
        "id,name,payload.user,day,payload",
        "1,ada,\"{\"\"id\"\":7,\"\"name\"\":\"\"ada\"\"}\",2024-05-01,\"{\"\"list\"\":[10,20],"
            + "\"\"score\"\":42,\"\"user\"\":{\"\"id\"\":7,\"\"name\"\":\"\"ada\"\"}}\"",
        "2,\"bob, \"\"the\"\" builder\",\"{\"\"id\"\":8,\"\"name\"\":\"\"bob\"\"}\",2024-05-02,"
            + "\"{\"\"score\"\":17,\"\"user\"\":{\"\"id\"\":8,\"\"name\"\":\"\"bob\"\"}}\"",
        "3,,,,just a string"),
        Cli.run("cat", file.toString(), "--select", "id,name,payload.user,day,payload",
            "--format", "csv").ok().lines().toList());
  }

  @Test
  void readsSeveralFilesAndDirectoriesOfPartFilesEachWithItsOwnLayout() throws Exception {
    Path table = Files.createDirectories(dir.resolve("table"));
    List<Map<String, Object>> all = Fixtures.rows();
    // Two part files with different layouts (inferred shredding and unshredded), as engines
    // that infer per file produce, plus the markers Spark leaves beside them.
    Fixtures.write(table.resolve("part-00001.parquet"), all.subList(2, 3), true);
    Fixtures.write(table.resolve("part-00000.parquet"), all.subList(0, 2), false);
    Files.writeString(table.resolve("_SUCCESS"), "");
    Files.writeString(table.resolve(".part-00000.parquet.crc"), "junk");
    Files.writeString(table.resolve("_committed.parquet"), "not parquet either");
    Path single = Fixtures.write(dir.resolve("single.parquet"), all.subList(1, 2), true);

    List<String> lines = Cli.run("cat", single.toString(), table.toString(), "--select",
        "id,payload.user.id").ok().lines().toList();

    assertEquals(List.of("{\"id\":2,\"payload.user.id\":8}", "{\"id\":1,\"payload.user.id\":7}",
        "{\"id\":2,\"payload.user.id\":8}", "{\"id\":3,\"payload.user.id\":null}"), lines);
  }

  @Test
  void readsTheConformanceCorpusWrittenByOtherWriters() throws Exception {
    Path corpus = Cli.conformance();
    JsonNode cases = JSON.readTree(corpus.resolve("cases.json").toFile());
    int compared = 0;
    List<String> failures = new ArrayList<>();
    for (JsonNode c : cases) {
      if (!c.has("parquet_file") || c.has("error_message")
          || c.get("parquet_file").asText().contains("INVALID")) {
        continue;
      }
      List<String> expectedFiles = new ArrayList<>();
      if (c.has("variant_files")) {
        c.get("variant_files").forEach(f -> expectedFiles.add(f.isNull() ? null : f.asText()));
      } else {
        expectedFiles.add(c.get("variant_file").asText());
      }
      Path file = corpus.resolve(c.get("parquet_file").asText());
      Cli.Result r = Cli.run("cat", file.toString(), "--select", "var");
      if (r.exitCode() != 0) {
        failures.add(file.getFileName() + ": " + r.err());
        continue;
      }
      List<String> lines = r.lines();
      if (lines.size() != expectedFiles.size()) {
        failures.add(file.getFileName() + ": " + lines.size() + " rows");
        continue;
      }
      for (int i = 0; i < lines.size(); i++) {
        JsonNode got = JSON.readTree(lines.get(i)).get("var");
        JsonNode expected = expectedFiles.get(i) == null ? JSON.nullNode()
            : JSON.readTree(expectedJson(corpus.resolve(expectedFiles.get(i))));
        if (!expected.equals(got)) {
          failures.add(file.getFileName() + " row " + i + ": expected " + expected + ", got "
              + got);
        }
        compared++;
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(compared >= 120, "compared only " + compared + " rows");
  }

  /** A {@code .variant.bin} holds the metadata immediately followed by the value. */
  private static String expectedJson(Path bin) throws Exception {
    byte[] bytes = Files.readAllBytes(bin);
    VariantMetadata m = VariantMetadata.parsePrefix(bytes, 0, bytes.length);
    return VariantValue.of(new EncodedVariant(m.toByteArray(),
        Arrays.copyOfRange(bytes, m.length(), bytes.length))).toJson();
  }

  @Test
  void failuresNameTheProblemInOneLine() throws Exception {
    Path file = Fixtures.write(dir.resolve("f.parquet"));
    Path text = Files.writeString(dir.resolve("notes.parquet"), "this is not parquet\n");
    byte[] good = Files.readAllBytes(file);
    Path truncated = Files.write(dir.resolve("truncated.parquet"),
        Arrays.copyOf(good, good.length / 2));

    assertEquals("dendrite: " + dir.resolve("nope.parquet") + ": no such file or directory",
        Cli.run("cat", dir.resolve("nope.parquet").toString()).failed(1));
    assertTrue(Cli.run("cat", text.toString()).failed(1)
        .startsWith("dendrite: " + text + ": not a Parquet file"));
    assertTrue(Cli.run("cat", truncated.toString()).failed(1)
        .startsWith("dendrite: " + truncated + ": not a Parquet file"));
    assertEquals("dendrite: " + file + ": --select names column 'pay', which the file does not "
        + "have; columns: id, name, price, day, tags, addr, attrs, payload",
        Cli.run("cat", file.toString(), "--select", "id,pay.user").failed(1));
    assertTrue(Cli.run("cat", file.toString(), "--select", "addr.town").failed(1)
        .contains("struct addr has no field 'town'; fields: city, zip"));
    assertTrue(Cli.run("cat", file.toString(), "--where", "id >").failed(2)
        .contains("--where: expected a literal"));
    assertTrue(Cli.run("cat", file.toString(), "--format", "xml").failed(2)
        .contains("unknown --format 'xml'"));
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertEquals("dendrite: " + empty + ": directory holds no .parquet files",
        Cli.run("cat", empty.toString()).failed(1));
  }

  @Test
  void verboseAddsTheStackTrace() throws Exception {
    Cli.Result r = Cli.run("cat", "--verbose", dir.resolve("nope.parquet").toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().contains("NoSuchFileException"), r.err());
    assertTrue(r.err().lines().count() > 3, r.err());
  }

  static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}
