package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.variant.VariantType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShreddedTypeTextTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "boolean", "int8", "int16", "int32", "int64", "float", "double", "decimal(1,0)",
      "decimal(9,4)", "decimal(10,0)", "decimal(18,18)", "decimal(19,2)", "decimal(38,9)",
      "date", "time", "timestamp", "timestamp_ntz", "timestamp_nanos", "timestamp_ntz_nanos",
      "binary", "string", "uuid", "variant",
      "[string]", "[[int64]]", "[variant]", "[{a: int32}]",
      "{}", "{a: int64}", "{a: {b: [double]}, c: variant, d: {}}",
      "{event_type: string, event_ts: timestamp, location: {latitude: double,"
          + " longitude: double}, tags: [string]}",
      "{`odd name`: int64, `a.b`: string, `back``tick`: date, ``: binary, `1st`: uuid}",
  })
  void roundTrips(String text) {
    ShreddedType type = ShreddedType.parse(text);
    assertEquals(text, type.toString());
    assertEquals(type, ShreddedType.parse(type.toString()));
    assertEquals(type.hashCode(), ShreddedType.parse(type.toString()).hashCode());
  }

  @Test
  void quotedNamesWhitespaceAndAliases() {
    ShreddedType type = ShreddedType.parse(
        " {\n \"a b\" : BIGINT ,\n \"tab\\there\\u0021\": [ bool ],\n `x`:long, y:INT,"
            + " z: Decimal ( 5 , 1 ) }  ");
    assertEquals("{`a b`: int64, `tab\there!`: [boolean], x: int64, y: int32, z: decimal(5,1)}",
        type.toString());
  }

  @Test
  void factoriesMatchText() {
    ShreddedType built = ShreddedType.objectBuilder()
        .field("a", ShreddedType.int64())
        .field("b", ShreddedType.array(ShreddedType.string()))
        .field("c", ShreddedType.valueOnly())
        .field("d", ShreddedType.object(Map.of("e", ShreddedType.decimal(20, 3))))
        .build();
    assertEquals(ShreddedType.parse("{a: int64, b: [string], c: variant, d: {e: decimal(20,3)}}"),
        built);
    assertSame(ValueOnly.INSTANCE, ShreddedType.parse("variant"));
  }

  @Test
  void decimalKindFollowsPrecision() {
    assertEquals(VariantType.DECIMAL4, ShreddedType.decimal(9, 2).kind());
    assertEquals(VariantType.DECIMAL8, ShreddedType.decimal(10, 2).kind());
    assertEquals(VariantType.DECIMAL8, ShreddedType.decimal(18, 2).kind());
    assertEquals(VariantType.DECIMAL16, ShreddedType.decimal(19, 2).kind());
    assertEquals(VariantType.DECIMAL16, ShreddedType.decimal(38, 2).kind());
    assertThrows(IllegalArgumentException.class,
        () -> new ShreddedPrimitive(VariantType.DECIMAL16, 5, 2));
    assertThrows(IllegalArgumentException.class,
        () -> new ShreddedPrimitive(VariantType.INT8, 5, 2));
    assertThrows(IllegalArgumentException.class, () -> ShreddedType.decimal(39, 0));
    assertThrows(IllegalArgumentException.class,
        () -> ShreddedPrimitive.of(VariantType.DECIMAL4));
  }

  @Test
  void objectFieldOrderMatters() {
    Map<String, ShreddedType> ab = new LinkedHashMap<>();
    ab.put("a", ShreddedType.int32());
    ab.put("b", ShreddedType.string());
    Map<String, ShreddedType> ba = new LinkedHashMap<>();
    ba.put("b", ShreddedType.string());
    ba.put("a", ShreddedType.int32());
    assertNotEquals(ShreddedType.object(ab), ShreddedType.object(ba));
    assertEquals(ShreddedType.object(ab), ShreddedType.parse("{a: int32, b: string}"));
    assertThrows(IllegalArgumentException.class,
        () -> ShreddedType.objectBuilder().field("a", ShreddedType.int32())
            .field("a", ShreddedType.string()));
    assertThrows(IllegalArgumentException.class, () -> ShreddedType.array(null));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "''                   | expected a shredded type at position 1 in \"\"",
      "{a int64}            | expected ':' after the field name at position 4 in \"{a int64}\"",
      "{a: int64            | expected ',' or '}' at position 10",
      "[string              | expected ']' to close the array at position 8",
      "{a: int64, a: string}| duplicate field name a at position 12",
      "int128               | unknown shredded type \"int128\", expected a shredded type (boolean,",
      "decimal(39,0)        | decimal precision must be between 1 and 38, got 39 at position 9",
      "decimal(4,5)         | decimal scale must be between 0 and the precision 4, got 5 at position 9",
      "decimal 10,2         | expected '(' after decimal at position 9",
      "{a: int64,}          | expected a field name at position 11",
      "[]                   | expected a shredded type at position 2",
      "int64 string         | expected the end of the type at position 7",
      "{\"a: int64}         | unterminated quoted name at position 2",
      "{`a`: }              | expected a shredded type at position 7",
      "{\"a\\qb\": int64}   | invalid escape '\\q' in quoted name at position 4",
      "{: int64}            | expected a field name at position 2",
  })
  void errorsNamePositionAndExpectation(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ShreddedType.parse(text));
    assertTrue(e.getMessage().startsWith(message), () -> "message was: " + e.getMessage());
  }
}
