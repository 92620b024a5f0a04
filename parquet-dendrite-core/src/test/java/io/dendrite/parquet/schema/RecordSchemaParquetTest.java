package io.dendrite.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.testing.WrittenSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecordSchemaParquetTest {

  private static MessageType parquet(String text) {
    return WrittenSchemas.parse(text);
  }

  /**
   * FLOAT and DOUBLE, record fields and shredded values, in TYPE_DEFINED_ORDER: readers before
   * parquet-java 1.18 and pyarrow 26 ignore the min/max of a column in IEEE_754_TOTAL_ORDER.
   */
  @Test
  void floatingPointColumnsAreInTheTypeDefinedOrder() {
    MessageType m = RecordSchema.parse("f float, d double, v variant")
        .toParquet("m", ShreddingSchema.parse("v: {x: double, y: float}"));
    List<String> checked = new ArrayList<>();
    for (ColumnDescriptor c : m.getColumns()) {
      PrimitiveType p = c.getPrimitiveType();
      if (p.getPrimitiveTypeName() == PrimitiveTypeName.FLOAT
          || p.getPrimitiveTypeName() == PrimitiveTypeName.DOUBLE) {
        assertEquals(ColumnOrder.typeDefined(), p.columnOrder(), String.join(".", c.getPath()));
        checked.add(String.join(".", c.getPath()));
      }
    }
    assertEquals(List.of("f", "d", "v.typed_value.x.typed_value", "v.typed_value.y.typed_value"),
        checked);
  }

  @Test
  void ordinaryTypesUseStandardAnnotations() {
    RecordSchema schema = RecordSchema.parse(
        "b boolean not null, i int32, l int64, f float, d double, s string, bin binary,"
            + " dt date, ts timestamp, tsn timestamp_ntz, tsx timestamp_nanos,"
            + " tsnx timestamp_ntz_nanos, t time, u uuid, d4 decimal(9,2), d8 decimal(18,3),"
            + " d16 decimal(38,4), d10 decimal(19,0)");
    MessageType expected = parquet("message rec {\n"
        + "  required boolean b;\n"
        + "  optional int32 i;\n"
        + "  optional int64 l;\n"
        + "  optional float f;\n"
        + "  optional double d;\n"
        + "  optional binary s (STRING);\n"
        + "  optional binary bin;\n"
        + "  optional int32 dt (DATE);\n"
        + "  optional int64 ts (TIMESTAMP(MICROS,true));\n"
        + "  optional int64 tsn (TIMESTAMP(MICROS,false));\n"
        + "  optional int64 tsx (TIMESTAMP(NANOS,true));\n"
        + "  optional int64 tsnx (TIMESTAMP(NANOS,false));\n"
        + "  optional int64 t (TIME(MICROS,false));\n"
        + "  optional fixed_len_byte_array(16) u (UUID);\n"
        + "  optional int32 d4 (DECIMAL(9,2));\n"
        + "  optional int64 d8 (DECIMAL(18,3));\n"
        + "  optional fixed_len_byte_array(16) d16 (DECIMAL(38,4));\n"
        + "  optional fixed_len_byte_array(9) d10 (DECIMAL(19,0));\n"
        + "}");
    MessageType actual = schema.toParquet("rec");
    assertEquals(expected, actual);
    assertEquals(schema, RecordSchema.fromParquet(actual));
  }

  @Test
  void nestedTypesUseThreeLevelListsAndMaps() {
    RecordSchema schema = RecordSchema.parse(
        "tags list<string not null> not null, m map<string, int64>,"
            + " s struct<a int32 not null, l list<double>>");
    MessageType expected = parquet("message rec {\n"
        + "  required group tags (LIST) {\n"
        + "    repeated group list { required binary element (STRING); }\n"
        + "  }\n"
        + "  optional group m (MAP) {\n"
        + "    repeated group key_value {\n"
        + "      required binary key (STRING);\n"
        + "      optional int64 value;\n"
        + "    }\n"
        + "  }\n"
        + "  optional group s {\n"
        + "    required int32 a;\n"
        + "    optional group l (LIST) { repeated group list { optional double element; } }\n"
        + "  }\n"
        + "}");
    MessageType actual = schema.toParquet("rec");
    assertEquals(expected, actual);
    assertEquals(schema, RecordSchema.fromParquet(actual));
  }

  @Test
  void variantColumnsAreShreddedByPath() {
    RecordSchema schema = RecordSchema.parse(
        "id int64 not null, v variant not null, s struct<w variant>, l list<variant>,"
            + " m map<string, variant not null>, plain variant");
    ShreddingSchema shredding = ShreddingSchema.parse(
        "v: int64; s.w: [string]; l.element: {a: double}; m.value: string");
    MessageType expected = parquet("message rec {\n"
        + "  required int64 id;\n"
        + "  required group v (VARIANT(1)) {\n"
        + "    required binary metadata; optional binary value; optional int64 typed_value;\n"
        + "  }\n"
        + "  optional group s {\n"
        + "    optional group w (VARIANT(1)) {\n"
        + "      required binary metadata;\n"
        + "      optional binary value;\n"
        + "      optional group typed_value (LIST) {\n"
        + "        repeated group list {\n"
        + "          required group element {\n"
        + "            optional binary value; optional binary typed_value (STRING);\n"
        + "          }\n"
        + "        }\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  optional group l (LIST) {\n"
        + "    repeated group list {\n"
        + "      optional group element (VARIANT(1)) {\n"
        + "        required binary metadata;\n"
        + "        optional binary value;\n"
        + "        optional group typed_value {\n"
        + "          required group a { optional binary value; optional double typed_value; }\n"
        + "        }\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  optional group m (MAP) {\n"
        + "    repeated group key_value {\n"
        + "      required binary key (STRING);\n"
        + "      required group value (VARIANT(1)) {\n"
        + "        required binary metadata; optional binary value;\n"
        + "        optional binary typed_value (STRING);\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  optional group plain (VARIANT(1)) {\n"
        + "    required binary metadata; required binary value;\n"
        + "  }\n"
        + "}");
    MessageType actual = schema.toParquet("rec", shredding);
    assertEquals(expected, actual);
    assertEquals(schema, RecordSchema.fromParquet(actual));
    assertEquals(List.of("v", "s.w", "l.element", "m.value", "plain"),
        List.copyOf(RecordSchema.variantGroups(actual).keySet()));
    assertEquals(shredding, io.dendrite.parquet.schema.ShreddingSchema.fromParquet(actual));
  }

  @Test
  void shreddingPathsMustBeVariantColumns() {
    RecordSchema schema = RecordSchema.parse("v variant, x int64");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> schema.toParquet("rec", ShreddingSchema.parse("vv: int64")));
    assertTrue(e.getMessage().contains("vv, which is not a VARIANT column"), e.getMessage());
    assertTrue(e.getMessage().contains("VARIANT columns: v"), e.getMessage());
  }

  @Test
  void nullShreddingFunctionMeansUnshredded() {
    RecordSchema schema = RecordSchema.parse("v variant");
    assertEquals(schema.toParquet("m"), schema.toParquet("m", path -> (ShreddedType) null));
  }

  @Test
  void legacyLayoutsAreAccepted() {
    MessageType legacy = parquet("message spark {\n"
        + "  optional group a (LIST) { repeated int32 element; }\n"
        + "  optional group b (LIST) { repeated group element { required binary s (STRING);"
        + " required int32 n; } }\n"
        + "  optional group c (LIST) { repeated group array { required binary s (ENUM); } }\n"
        + "  optional group c_list (LIST) { repeated group c_list_tuple { required int64 x; } }\n"
        + "  optional group d (LIST) { repeated group bag { optional int32 array_element; } }\n"
        + "  repeated int64 e;\n"
        + "  optional group f (MAP_KEY_VALUE) { repeated group map { required binary key (UTF8);"
        + " optional int32 value; } }\n"
        + "  optional int32 g (INT_8);\n"
        + "  optional int32 h (UINT_16);\n"
        + "  optional binary j (JSON);\n"
        + "  optional binary k (BSON);\n"
        + "  optional int64 t (TIME(MICROS,true));\n"
        + "  optional group v { required binary metadata; required binary value; }\n"
        + "  optional group w { required binary metadata; optional binary value;"
        + " optional int64 typed_value; }\n"
        + "  optional group x { required binary metadata; required binary other; }\n"
        + "  optional binary dec (DECIMAL(20,2));\n"
        + "}");
    assertEquals(RecordSchema.parse(
        "a list<int32 not null>, b list<struct<s string not null, n int32 not null> not null>,"
            + " c list<struct<s string not null> not null>,"
            + " c_list list<struct<x int64 not null> not null>, d list<int32>,"
            + " e list<int64 not null> not null, f map<string, int32>, g int32, h int32,"
            + " j string, k binary, t time, v variant, w variant,"
            + " x struct<metadata binary not null, other binary not null>, dec decimal(20,2)"),
        RecordSchema.fromParquet(legacy));
  }

  @Test
  void variantGroupsFollowListsMapsAndStructs() {
    MessageType m = parquet("message m {\n"
        + "  optional group l (LIST) { repeated group list { optional group element (VARIANT(1))"
        + " { required binary metadata; required binary value; } } }\n"
        + "  repeated group r (VARIANT(1)) { required binary metadata; required binary value; }\n"
        + "  optional group s { optional group in.ner { required binary metadata;"
        + " required binary value; } optional int96 skip_me; }\n"
        + "}");
    Map<String, GroupType> groups = RecordSchema.variantGroups(m);
    assertEquals(List.of("l.element", "r.element", "s.`in.ner`"), List.copyOf(groups.keySet()));
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', value = {
      "optional fixed_len_byte_array(12) x (INTERVAL);     | column x: unsupported Parquet type FIXED_LEN_BYTE_ARRAY(12) (INTERVAL)",
      "optional binary x (DECIMAL(40,2));                  | column x: decimal precision must be between 1 and 38, got 40",
      "optional group l (LIST) { optional int32 e; }       | column l.e: the field inside a LIST group must be repeated",
      "optional group m (MAP) { repeated group kv { required binary key; } } | column m.kv: maps without values",
      "optional group m (MAP) { repeated group kv { required group key { required int32 a; } optional int32 value; } } | column m.kv.key: map keys must be primitive",
      "optional group v (VARIANT(1)) { required binary metadata; optional int32 typed_value (INTEGER(8,false)); } | column v.typed_value: unsupported shredded value type",
      "optional group l (LIST) { repeated group list { optional group element (VARIANT(1)) { required binary metadata; } } } | column l.list.element: needs a value or a typed_value field",
  })
  void unsupportedParquetTypesNameTheColumn(String field, String message) {
    MessageType m = parquet("message m { " + field + " }");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RecordSchema.fromParquet(m));
    assertTrue(e.getMessage().startsWith(message), () -> "message was: " + e.getMessage());
  }

  /** Types other writers use map to the record schema type holding the same Java values. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "optional int32 x (UINT_32);                 | int64",
      "optional int64 x (UINT_64);                 | decimal(20,0)",
      "optional int64 x (TIMESTAMP(MILLIS,true));  | timestamp",
      "optional int64 x (TIMESTAMP(MILLIS,false)); | timestamp_ntz",
      "optional int32 x (TIME(MILLIS,false));      | time",
      "optional int64 x (TIME(NANOS,false));       | time",
      "optional fixed_len_byte_array(4) x;         | binary",
      "optional fixed_len_byte_array(2) x (FLOAT16); | float",
  })
  void otherWritersTypesMap(String field, String type) {
    MessageType m = parquet("message m { " + field + " }");
    assertEquals(RecordSchema.parse("x " + type).field("x").type(),
        RecordSchema.fromParquet(m).field("x").type());
  }

  @Test
  void decimalBytesAreMinimal() {
    assertEquals(1, ParquetSchemaWriter.decimalBytes(2));
    assertEquals(2, ParquetSchemaWriter.decimalBytes(3));
    assertEquals(8, ParquetSchemaWriter.decimalBytes(18));
    assertEquals(9, ParquetSchemaWriter.decimalBytes(19));
    assertEquals(16, ParquetSchemaWriter.decimalBytes(38));
  }
}
