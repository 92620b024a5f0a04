package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON text lines into typed columns and VARIANT columns, and whole documents as one variant. */
class JsonLinesWriteTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void typedColumnsAndVariantsFromJsonLines() throws Exception {
    String lines = String.join("\n",
        "{\"id\": 1, \"price\": 12.5, \"day\": \"2024-02-29\", \"at\": \"2024-01-02T03:04:05.123456Z\","
            + " \"local\": \"2024-01-02T03:04:05\", \"uid\": \"123e4567-e89b-12d3-a456-426614174000\","
            + " \"tags\": [\"a\", null, \"b\"], \"attrs\": {\"x\": 1, \"y\": 2},"
            + " \"addr\": {\"city\": \"Oslo\", \"zip\": 150},"
            + " \"payload\": {\"user\": {\"name\": \"ada\", \"langs\": [\"en\", \"fr\"]}, \"n\": 1.50, \"big\": 12345678901234567890}}",
        "",
        "{\"id\": 2, \"payload\": [1, \"two\", {\"three\": 3}, null, true]}",
        "{\"id\": 3, \"payload\": null}");
    Path file = dir.resolve("json.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, price decimal(9,2), day date, at timestamp, "
            + "local timestamp_ntz, uid uuid, tags list<string>, attrs map<string, int64>, "
            + "addr struct<city string, zip int32>, payload variant")
        .build()) {
      assertEquals(3, w.writeJsonLines(new StringReader(lines)));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row = r.read();
      assertEquals(1L, row.get("id"));
      assertEquals(new BigDecimal("12.50"), row.get("price"));
      assertEquals(LocalDate.of(2024, 2, 29), row.get("day"));
      assertEquals(Instant.parse("2024-01-02T03:04:05.123456Z"), row.get("at"));
      assertEquals(LocalDateTime.parse("2024-01-02T03:04:05"), row.get("local"));
      assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), row.get("uid"));
      List<Object> tags = new ArrayList<>();
      tags.add("a");
      tags.add(null);
      tags.add("b");
      assertEquals(tags, row.get("tags"));
      assertEquals(Map.of("x", 1L, "y", 2L), row.get("attrs"));
      assertEquals(Map.of("city", "Oslo", "zip", 150), row.get("addr"));
      // Variant JSON keeps the numbers exact: 1.50 is a decimal, the big integer a decimal too.
      assertEquals(JSON.readTree("{\"n\": 1.50, \"big\": 12345678901234567890,"
          + " \"user\": {\"langs\": [\"en\", \"fr\"], \"name\": \"ada\"}}"),
          JSON.readTree(row.getJson("payload")));
      assertEquals("1.50", row.getVariant("payload").field("n").getDecimal().toPlainString());

      row = r.read();
      assertEquals(2L, row.get("id"));
      assertEquals(JSON.readTree("[1, \"two\", {\"three\": 3}, null, true]"),
          JSON.readTree(row.getJson("payload")));
      row = r.read();
      assertEquals(3L, row.get("id"));
      assertEquals(null, row.get("payload"));
      assertEquals(null, r.read());
    }
  }

  @Test
  void wholeDocumentsIntoOneVariantColumn() throws Exception {
    List<String> docs = List.of("{\"a\": 1}", "[1, 2]", "\"just a string\"", "{\"a\": {\"b\": null}}");
    Path file = dir.resolve("docs.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant not null")
        .jsonDocumentColumn("v").build()) {
      for (String d : docs) {
        w.writeJson(d);
      }
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (String d : docs) {
        JsonNode expected = JSON.readTree(d);
        assertEquals(expected, JSON.readTree(r.read().getJson("v")));
      }
      assertEquals(null, r.read());
    }
  }
}
