package io.dendrite.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RecordSchemaTextTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "id int64",
      "id int64 not null",
      "a boolean, b int32, c int64, d float, e double, f string, g binary, h date",
      "a timestamp, b timestamp_ntz, c timestamp_nanos, d timestamp_ntz_nanos, e time, f uuid",
      "d1 decimal(1,0), d9 decimal(9,9), d18 decimal(18,4), d38 decimal(38,10)",
      "v variant, w variant not null",
      "tags list<string>, ids list<int64 not null> not null",
      "m map<string, int64>, n map<int32, string not null> not null",
      "addr struct<city string, zip int32 not null>",
      "deep list<map<string, list<struct<x variant, y list<variant not null>>>>>",
      "`odd name` string, `a.b` variant, `back``tick` int32, `1st` date, ```` binary",
      "not int64, int64 int64, list list<list<string>>, struct struct<struct struct<a int32>>",
      "ünïcödé string, _under int32",
  })
  void roundTrips(String text) {
    RecordSchema schema = RecordSchema.parse(text);
    assertEquals(text, schema.toString());
    assertEquals(schema, RecordSchema.parse(schema.toString()));
    assertEquals(schema.hashCode(), RecordSchema.parse(schema.toString()).hashCode());
  }

  @Test
  void whitespaceCaseAndAliasesAreNormalized() {
    RecordSchema schema = RecordSchema.parse(
        "\n  id BIGINT NOT NULL ,\n\tn int,\r\n l long, flag bool,\n"
            + "  price Decimal ( 10 , 2 ),  m map < string , list < int not null > not null >,"
            + "  s struct<\"quoted\\tname\" string>\n");
    assertEquals("id int64 not null, n int32, l int64, flag boolean, price decimal(10,2),"
        + " m map<string, list<int32 not null> not null>, s struct<`quoted\tname` string>",
        schema.toString());
  }

  @Test
  void mapKeysAreNeverNull() {
    assertEquals("m map<string, int64>", RecordSchema.parse("m map<string not null, int64>")
        .toString());
  }

  @Test
  void builderMatchesText() {
    RecordSchema built = RecordSchema.builder()
        .int64("id").required()
        .string("category")
        .variant("payload")
        .decimal("price", 10, 2)
        .list("tags", FieldType.string())
        .list("ids", FieldType.int64(), false)
        .map("attrs", FieldType.string(), FieldType.float64())
        .struct("addr", s -> s.string("city").int32("zip").required().variant("geo"))
        .bool("b").float32("f").binary("bin").date("d").timestamp("ts").timestampNtz("tsn")
        .timestampNanos("tsx").timestampNtzNanos("tsnx").time("t").uuid("u").int32("i")
        .field("x", FieldType.map(FieldType.variant()), false)
        .build();
    RecordSchema parsed = RecordSchema.parse(
        "id int64 not null, category string, payload variant, price decimal(10,2),"
            + " tags list<string>, ids list<int64 not null>, attrs map<string, double>,"
            + " addr struct<city string, zip int32 not null, geo variant>, b boolean, f float,"
            + " bin binary, d date, ts timestamp, tsn timestamp_ntz, tsx timestamp_nanos,"
            + " tsnx timestamp_ntz_nanos, t time, u uuid, i int32,"
            + " x map<string, variant> not null");
    assertEquals(parsed, built);
    assertEquals(parsed.toString(), built.toString());
  }

  @Test
  void lookups() {
    RecordSchema schema = RecordSchema.parse("a int32, b variant, `c d` string");
    assertEquals(3, schema.size());
    assertEquals(1, schema.indexOf("b"));
    assertEquals(2, schema.indexOf("c d"));
    assertEquals(-1, schema.indexOf("zzz"));
    assertEquals(Field.optional("c d", FieldType.string()), schema.field("c d"));
    assertNull(schema.field("zzz"));
  }

  @Test
  void variantColumnsIncludeNestedOnes() {
    RecordSchema schema = RecordSchema.parse(
        "a variant, s struct<b variant, t struct<c variant>, `x.y` variant>,"
            + " events list<variant>, objs list<struct<p variant>>, m map<string, variant>,"
            + " mm map<string, list<variant not null>>, plain int64, `odd name` variant");
    assertEquals(List.of("a", "s.b", "s.t.c", "s.`x.y`", "events.element", "objs.element.p",
        "m.value", "mm.value.element", "`odd name`"), schema.variantColumns());
    assertEquals(List.of(), RecordSchema.parse("x int32").variantColumns());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "id int64, x                 | expected a type at position 12 in \"id int64, x\"",
      "''                          | expected a field name at position 1 in \"\"",
      "id int64,                   | expected a field name at position 10 in \"id int64,\"",
      "id int64 x                  | expected ',' or the end of the schema at position 10",
      "id int65                    | unknown type \"int65\", expected a type (boolean, int32",
      "id int64 not nul            | expected 'null' at position 14",
      "d decimal(10)               | expected ',' after the decimal precision at position 13",
      "d decimal(x,1)              | expected a decimal precision at position 11",
      "d decimal(39,1)             | decimal precision must be between 1 and 38, got 39 at position 11",
      "d decimal(5,6)              | decimal scale must be between 0 and the precision 5, got 6 at position 11",
      "l list<string               | expected '>' to close list< at position 14",
      "l list string               | expected '<' after list at position 8",
      "m map<string>               | expected ',' after the map key type at position 13",
      "m map<list<int32>, string>  | map keys must be a primitive type, not list<int32> at position 7",
      "s struct<>                  | expected a field name at position 10",
      "s struct<a int32 b int32>   | expected ',' or '>' to close struct< at position 18",
      "a int32, b string, a date   | duplicate field name a at position 20",
      "s struct<a int32, a int32>  | duplicate field name a at position 19",
      "`unterminated int32         | unterminated back-quoted name at position 1",
      "id int64 not null not null  | expected ',' or the end of the schema at position 19",
  })
  void errorsNamePositionAndExpectation(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RecordSchema.parse(text));
    assertTrue(e.getMessage().startsWith(message), () -> "message was: " + e.getMessage());
  }

  @Test
  void multiLineErrorsGiveLineAndColumn() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RecordSchema.parse("id int64,\n  name strin"));
    assertTrue(e.getMessage().startsWith(
        "unknown type \"strin\""), e.getMessage());
    assertTrue(e.getMessage().contains("at position 18 (line 2, column 8)"), e.getMessage());
  }

  @Test
  void longTextsAreQuotedAroundTheError() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      sb.append("a").append(i).append(" int32, ");
    }
    String text = sb + "zz bogus";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RecordSchema.parse(text));
    assertTrue(e.getMessage().contains("near \"..."), e.getMessage());
    assertTrue(e.getMessage().endsWith("zz bogus\""), e.getMessage());
  }

  @Test
  void typesValidateTheirArguments() {
    assertThrows(IllegalArgumentException.class, () -> FieldType.decimal(0, 0));
    assertThrows(IllegalArgumentException.class, () -> FieldType.decimal(10, 11));
    assertThrows(IllegalArgumentException.class,
        () -> new PrimitiveFieldType(PrimitiveFieldType.Kind.INT32, 3, 0));
    assertThrows(IllegalArgumentException.class,
        () -> FieldType.map(FieldType.list(FieldType.int32()), FieldType.int32()));
    assertThrows(IllegalArgumentException.class, () -> FieldType.struct());
    assertThrows(IllegalArgumentException.class, () -> new Field("", FieldType.int32(), true));
    assertThrows(IllegalArgumentException.class,
        () -> RecordSchema.builder().int32("a").string("a"));
    assertThrows(IllegalStateException.class, () -> RecordSchema.builder().required());
    assertThrows(IllegalArgumentException.class, () -> RecordSchema.builder().build());
  }
}
