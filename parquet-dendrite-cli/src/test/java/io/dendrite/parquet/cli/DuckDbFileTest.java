package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * cat, schema and inspect on a file DuckDB 1.5.6 wrote with its own shredding (see
 * src/test/resources/README.md for the SQL; expected values follow from it).
 */
class DuckDbFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Path file() throws Exception {
    return Path.of(DuckDbFileTest.class.getResource("/duckdb-variant.parquet").toURI());
  }

  /** The payload the SQL wrote for row {@code i}. */
  static String payload(int i) {
    if (i % 7 == 0) {
      return "\"just text\"";
    }
    return "{\"user\": {\"id\": " + i + ", \"name\": \"u" + i + "\"}, \"score\": " + (i * 3 % 100)
        + ", \"tags\": [\"a\", \"b" + (i % 2) + "\"]}";
  }

  @Test
  void catPrintsEveryRowAsWritten() throws Exception {
    List<String> lines = Cli.run("cat", file().toString()).ok().lines().toList();
    assertEquals(40, lines.size());
    for (int i = 1; i <= 40; i++) {
      String expected = "{\"id\": " + i + ", \"kind\": \"k" + (i % 3) + "\", \"payload\": "
          + payload(i) + "}";
      assertEquals(JSON.readTree(expected), JSON.readTree(lines.get(i - 1)), "row " + i);
    }
    List<String> selected = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      if (i % 7 != 0 && i * 3 % 100 >= 90) {
        selected.add("{\"id\":" + i + ",\"payload.user.name\":\"u" + i + "\"}");
      }
    }
    assertEquals(selected, Cli.run("cat", file().toString(), "--select",
        "id,payload.user.name", "--where", "payload.score >= 90").ok().lines().toList());
  }

  @Test
  void schemaShowsDuckDbsShredding() throws Exception {
    List<String> lines = Cli.run("schema", file().toString()).ok().lines().toList();
    assertEquals(List.of("id: int64", "kind: string", "payload: variant (shredded as object)",
        "  payload.tags: array (shredded)", "  payload.tags[]: string (shredded)",
        "  payload.score: int64 (shredded)", "  payload.user: object (shredded)",
        "  payload.user.name: string (shredded)", "  payload.user.id: int64 (shredded)"),
        lines.subList(1, lines.size()));
  }

  @Test
  void inspectShowsWhereDuckDbPutTheValues() throws Exception {
    Map<String, String[]> c = InspectCommandTest.coverage(
        Cli.run("inspect", file().toString()).ok(), "payload");
    // 35 objects and 5 strings (every 7th row); two tags per object; scores and user ids
    // stored in value although typed_value is int64 (the footer's null counts agree).
    assertEquals(List.of("35", "5", "0"), cells(c, "payload"));
    assertEquals(List.of("70", "0", "0"), cells(c, "payload.tags[]"));
    assertEquals(List.of("0", "35", "0"), cells(c, "payload.score"));
    assertEquals(List.of("35", "0", "0"), cells(c, "payload.user.name"));
    assertEquals(List.of("0", "35", "0"), cells(c, "payload.user.id"));
  }

  private static List<String> cells(Map<String, String[]> coverage, String path) {
    return Arrays.asList(coverage.get(path)).subList(3, 6);
  }
}
