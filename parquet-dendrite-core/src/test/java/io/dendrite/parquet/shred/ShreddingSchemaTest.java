package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShreddingSchemaTest {

  private static final String FILE = String.join("\n",
      "# shredding for the events table",
      "",
      "payload: {",
      "  event_type: string,   # the kind of event",
      "  event_ts: timestamp,",
      "  tags: [string]",
      "}",
      "measurement: int64; addr.`geo point`: {lat: double, lon: double}",
      "   ;;",
      "events.element: {kind: string}  # trailing comment",
      "\"quoted.col\": variant");

  @Test
  void parsesFilesWithCommentsAndSeparators() {
    ShreddingSchema schema = ShreddingSchema.parse(FILE);
    assertEquals(List.of("payload", "measurement", "addr.`geo point`", "events.element",
        "`quoted.col`"), List.copyOf(schema.paths()));
    assertEquals(ShreddedType.parse("{event_type: string, event_ts: timestamp, tags: [string]}"),
        schema.get("payload"));
    assertEquals(ShreddedType.int64(), schema.get("measurement"));
    assertEquals(ShreddedType.parse("{lat: double, lon: double}"),
        schema.get("`addr`.\"geo point\""));
    assertNull(schema.get("nope"));
    assertEquals(String.join("\n",
        "payload: {event_type: string, event_ts: timestamp, tags: [string]}",
        "measurement: int64",
        "addr.`geo point`: {lat: double, lon: double}",
        "events.element: {kind: string}",
        "`quoted.col`: variant"), schema.toString());
    assertEquals(schema, ShreddingSchema.parse(schema.toString()));
  }

  @Test
  void emptyAndBuilt() {
    assertTrue(ShreddingSchema.parse("").isEmpty());
    assertTrue(ShreddingSchema.parse("  # nothing here\n ; \n").isEmpty());
    assertEquals(ShreddingSchema.empty(), ShreddingSchema.parse(""));
    assertEquals("", ShreddingSchema.empty().toString());

    Map<String, ShreddedType> m = new LinkedHashMap<>();
    m.put("`a`.b", ShreddedType.string());
    ShreddingSchema of = ShreddingSchema.of(m);
    assertEquals(List.of("a.b"), List.copyOf(of.paths()));
    ShreddingSchema with = of.with("c", ShreddedType.int32()).with("a.b", ShreddedType.date());
    assertEquals("a.b: date\nc: int32", with.toString());
    assertEquals("a.b: string", of.toString());
    assertThrows(IllegalArgumentException.class,
        () -> ShreddingSchema.of(Map.of("a.b", ShreddedType.date(), "`a`.b", ShreddedType.date())));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "a: int64 b: string      | expected ';' or a line break after the entry at position 10",
      "a int64                 | expected '.' or ':' after the column path at position 3",
      "a.: int64               | expected a field name after '.' at position 3",
      "a: int64; a: string     | column a is shredded twice at position 11",
      ": int64                 | expected a field name at position 1",
      "a: {b: int64            | expected ',' or '}' at position 13",
      "a:                      | expected a shredded type at position 3",
  })
  void errorsNamePositionAndExpectation(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ShreddingSchema.parse(text));
    assertTrue(e.getMessage().startsWith(message), () -> "message was: " + e.getMessage());
  }

  @Test
  void multiLineErrorsGiveLineAndColumn() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ShreddingSchema.parse("a: int64\n# comment\nb: {c: strin}"));
    assertTrue(e.getMessage().startsWith("unknown shredded type \"strin\""), e.getMessage());
    assertTrue(e.getMessage().contains("(line 3, column 8)"), e.getMessage());
  }
}
