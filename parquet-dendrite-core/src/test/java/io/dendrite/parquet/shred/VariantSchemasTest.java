package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.testing.WrittenSchemas;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Parquet layout of VARIANT columns, checked against VariantShredding.md's examples. */
class VariantSchemasTest {

  // The examples of VariantShredding.md, verbatim but for the enclosing message.

  private static final String MEASUREMENT = "required group measurement (VARIANT(1)) {\n"
      + "  required binary metadata;\n"
      + "  optional binary value;\n"
      + "  optional int64 typed_value;\n"
      + "}";

  private static final String TAGS = "optional group tags (VARIANT(1)) {\n"
      + "  required binary metadata;\n"
      + "  optional binary value;\n"
      + "  optional group typed_value (LIST) {   # must be optional to allow a null list\n"
      + "    repeated group list {\n"
      + "      required group element {          # shredded element\n"
      + "        optional binary value;\n"
      + "        optional binary typed_value (STRING);\n"
      + "      }\n"
      + "    }\n"
      + "  }\n"
      + "}";

  private static final String EVENT = "optional group event (VARIANT(1)) {\n"
      + "  required binary metadata;\n"
      + "  optional binary value;                # a variant, expected to be an object\n"
      + "  optional group typed_value {          # shredded fields for the variant object\n"
      + "    required group event_type {         # shredded field for event_type\n"
      + "      optional binary value;\n"
      + "      optional binary typed_value (STRING);\n"
      + "    }\n"
      + "    required group event_ts {           # shredded field for event_ts\n"
      + "      optional binary value;\n"
      + "      optional int64 typed_value (TIMESTAMP(true, MICROS));\n"
      + "    }\n"
      + "  }\n"
      + "}";

  private static final String NESTED_EVENT = "optional group event (VARIANT(1)) {\n"
      + "  required binary metadata;\n"
      + "  optional binary value;\n"
      + "  optional group typed_value {\n"
      + "    required group event_type {\n"
      + "      optional binary value;\n"
      + "      optional binary typed_value (STRING);\n"
      + "    }\n"
      + "    required group event_ts {\n"
      + "      optional binary value;\n"
      + "      optional int64 typed_value (TIMESTAMP(true, MICROS));\n"
      + "    }\n"
      + "    required group location {\n"
      + "      optional binary value;\n"
      + "      optional group typed_value {\n"
      + "        required group latitude {\n"
      + "          optional binary value;\n"
      + "          optional double typed_value;\n"
      + "        }\n"
      + "        required group longitude {\n"
      + "          optional binary value;\n"
      + "          optional double typed_value;\n"
      + "        }\n"
      + "      }\n"
      + "    }\n"
      + "    required group tags {\n"
      + "      optional binary value;\n"
      + "      optional group typed_value (LIST) {\n"
      + "        repeated group list {\n"
      + "          required group element {\n"
      + "            optional binary value;\n"
      + "            optional binary typed_value (STRING);\n"
      + "          }\n"
      + "        }\n"
      + "      }\n"
      + "    }\n"
      + "  }\n"
      + "}";

  private static final String UNSHREDDED = "optional group variant_unshredded (VARIANT(1)) {\n"
      + "  required binary metadata;\n"
      + "  required binary value;\n"
      + "}";

  /**
   * The spec's text as parquet-java's MessageTypeParser accepts it: without {@code #} comments
   * and with TIMESTAMP parameters in its order (unit first).
   */
  private static String forParser(String text) {
    return text.replaceAll("#[^\n]*", "")
        .replace("TIMESTAMP(true, MICROS)", "TIMESTAMP(MICROS,true)");
  }

  private static GroupType specGroup(String text) {
    String clean = forParser(text);
    return WrittenSchemas.parse("message m {\n" + clean + "\n}").getType(0)
        .asGroupType();
  }

  private static void assertSpecExample(String text, Repetition repetition, ShreddedType type) {
    GroupType expected = specGroup(text);
    GroupType built = VariantSchemas.variantGroup(expected.getName(), repetition, type);
    assertEquals(expected, built);
    assertEquals(type, VariantSchemas.shreddedTypeOf(expected));
  }

  @Test
  void measurementShreddedAsInt64() {
    assertSpecExample(MEASUREMENT, Repetition.REQUIRED, ShreddedType.int64());
  }

  @Test
  void tagsShreddedAsListOfStrings() {
    assertSpecExample(TAGS, Repetition.OPTIONAL, ShreddedType.parse("[string]"));
  }

  @Test
  void eventShreddedAsObject() {
    assertSpecExample(EVENT, Repetition.OPTIONAL,
        ShreddedType.parse("{event_type: string, event_ts: timestamp}"));
  }

  @Test
  void nestedEvent() {
    assertSpecExample(NESTED_EVENT, Repetition.OPTIONAL, ShreddedType.parse(
        "{event_type: string, event_ts: timestamp,"
            + " location: {latitude: double, longitude: double}, tags: [string]}"));
  }

  @Test
  void unshreddedAndValueOnly() {
    GroupType expected = specGroup(UNSHREDDED);
    assertEquals(expected,
        VariantSchemas.variantGroup("variant_unshredded", Repetition.OPTIONAL, null));
    assertEquals(expected,
        VariantSchemas.variantGroup("variant_unshredded", Repetition.OPTIONAL, ValueOnly.INSTANCE));
    assertNull(VariantSchemas.shreddedTypeOf(expected));
  }

  @Test
  void theSpecExamplesViaTheRecordSchema() {
    RecordSchema schema = RecordSchema.parse(
        "measurement variant not null, tags variant, event variant");
    ShreddingSchema shredding = ShreddingSchema.parse(String.join("\n",
        "measurement: int64",
        "tags: [string]",
        "event: {event_type: string, event_ts: timestamp,",
        "        location: {latitude: double, longitude: double}, tags: [string]}"));
    MessageType expected = WrittenSchemas.parse(forParser("message m {\n"
        + MEASUREMENT + "\n" + TAGS + "\n" + NESTED_EVENT + "\n}"));
    MessageType actual = schema.toParquet("m", shredding);
    assertEquals(expected, actual);
    assertEquals(shredding, ShreddingSchema.fromParquet(actual));
    assertEquals(schema, RecordSchema.fromParquet(actual));
  }

  /** VariantShredding.md, "Shredded Value Types": each type and its Parquet column. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "boolean             | optional boolean typed_value",
      "int8                | optional int32 typed_value (INTEGER(8,true))",
      "int16               | optional int32 typed_value (INTEGER(16,true))",
      "int32               | optional int32 typed_value",
      "int64               | optional int64 typed_value",
      "float               | optional float typed_value columnorder(TYPE_DEFINED_ORDER)",
      "double              | optional double typed_value columnorder(TYPE_DEFINED_ORDER)",
      "decimal(9,2)        | optional int32 typed_value (DECIMAL(9,2))",
      "decimal(18,2)       | optional int64 typed_value (DECIMAL(18,2))",
      "decimal(38,2)       | optional fixed_len_byte_array(16) typed_value (DECIMAL(38,2))",
      "date                | optional int32 typed_value (DATE)",
      "time                | optional int64 typed_value (TIME(MICROS,false))",
      "timestamp           | optional int64 typed_value (TIMESTAMP(MICROS,true))",
      "timestamp_nanos     | optional int64 typed_value (TIMESTAMP(NANOS,true))",
      "timestamp_ntz       | optional int64 typed_value (TIMESTAMP(MICROS,false))",
      "timestamp_ntz_nanos | optional int64 typed_value (TIMESTAMP(NANOS,false))",
      "binary              | optional binary typed_value",
      "string              | optional binary typed_value (STRING)",
      "uuid                | optional fixed_len_byte_array(16) typed_value (UUID)",
  })
  void primitiveColumns(String type, String column) {
    ShreddedType shredded = ShreddedType.parse(type);
    GroupType built = VariantSchemas.variantGroup("v", Repetition.OPTIONAL, shredded);
    assertEquals(column, built.getType("typed_value").toString());
    GroupType expected = WrittenSchemas.parse("message m { optional group v"
        + " (VARIANT(1)) { required binary metadata; optional binary value; " + column
        + "; } }").getType(0).asGroupType();
    assertEquals(expected, built);
    assertEquals(shredded, VariantSchemas.shreddedTypeOf(built));
  }

  @Test
  void valueOnlyFieldsAndElements() {
    ShreddedType type = ShreddedType.parse("{a: variant, b: [variant], c: [[int8]]}");
    GroupType built = VariantSchemas.variantGroup("v", Repetition.OPTIONAL, type);
    GroupType expected = specGroup("optional group v (VARIANT(1)) {\n"
        + "  required binary metadata;\n"
        + "  optional binary value;\n"
        + "  optional group typed_value {\n"
        + "    required group a { optional binary value; }\n"
        + "    required group b {\n"
        + "      optional binary value;\n"
        + "      optional group typed_value (LIST) {\n"
        + "        repeated group list { required group element { optional binary value; } }\n"
        + "      }\n"
        + "    }\n"
        + "    required group c {\n"
        + "      optional binary value;\n"
        + "      optional group typed_value (LIST) {\n"
        + "        repeated group list {\n"
        + "          required group element {\n"
        + "            optional binary value;\n"
        + "            optional group typed_value (LIST) {\n"
        + "              repeated group list {\n"
        + "                required group element {\n"
        + "                  optional binary value;\n"
        + "                  optional int32 typed_value (INTEGER(8,true));\n"
        + "                }\n"
        + "              }\n"
        + "            }\n"
        + "          }\n"
        + "        }\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "}");
    assertEquals(expected, built);
    assertEquals(type, VariantSchemas.shreddedTypeOf(built));
  }

  @Test
  void everyLayoutTheSpecAllowsIsRead() {
    GroupType g = specGroup("optional group v (VARIANT(1)) {\n"
        + "  optional group typed_value {\n"                     // fields in any order
        + "    required group only_typed { optional int32 typed_value (INTEGER(32,true)); }\n"
        + "    required group only_value { optional binary value; }\n"
        + "    required group long_ { optional int64 typed_value (INTEGER(64,true)); }\n"
        + "    required group dec_bin { optional binary typed_value (DECIMAL(38,9)); }\n"
        + "    required group dec_small_fixed {\n"
        + "      optional fixed_len_byte_array(4) typed_value (DECIMAL(5,2));\n"
        + "    }\n"
        + "    required group dec_long_small { optional int64 typed_value (DECIMAL(4,1)); }\n"
        + "    required group time_utc { optional int64 typed_value (TIME(MICROS,true)); }\n"
        + "    required group arr {\n"
        + "      optional group typed_value (LIST) {\n"
        + "        repeated group bag { required group item { optional double typed_value; } }\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  required binary metadata;\n"
        + "}");
    assertEquals(ShreddedType.parse("{only_typed: int32, only_value: variant, long_: int64,"
            + " dec_bin: decimal(38,9), dec_small_fixed: decimal(5,2),"
            + " dec_long_small: decimal(4,1), time_utc: time, arr: [double]}"),
        VariantSchemas.shreddedTypeOf(g));
  }

  @Test
  void unannotatedGroupWithoutValueAtTopLevel() {
    GroupType g = specGroup("required group v (VARIANT(1)) {\n"
        + "  required binary metadata; optional int32 typed_value; }");
    assertEquals(ShreddedType.int32(), VariantSchemas.shreddedTypeOf(g));
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', value = {
      "optional binary value;                                    | column v: a VARIANT group needs a metadata field",
      "required int32 metadata; required binary value;           | column v.metadata: metadata must be a required binary, found required INT32",
      "optional binary metadata; required binary value;          | column v.metadata: metadata must be a required binary, found optional BINARY",
      "required binary metadata; required int64 value;           | column v.value: value must be an optional or required binary",
      "required binary metadata;                                 | column v: needs a value or a typed_value field",
      "required binary metadata; required binary value; optional binary extra; | column v: unexpected field extra",
      "required binary metadata; optional int96 typed_value;     | column v.typed_value: unsupported shredded value type INT96",
      "required binary metadata; optional int32 typed_value (INTEGER(8,false)); | column v.typed_value: unsupported shredded value type INT32 (INTEGER(8,false))",
      "required binary metadata; optional int32 typed_value (INTEGER(32,false)); | column v.typed_value: unsupported shredded value type INT32 (INTEGER(32,false))",
      "required binary metadata; optional int64 typed_value (TIMESTAMP(MILLIS,true)); | column v.typed_value: unsupported shredded value type INT64 (TIMESTAMP(MILLIS,true))",
      "required binary metadata; optional int32 typed_value (TIME(MILLIS,false)); | column v.typed_value: unsupported shredded value type INT32 (TIME(MILLIS,false))",
      "required binary metadata; optional int64 typed_value (TIME(NANOS,false)); | column v.typed_value: unsupported shredded value type INT64 (TIME(NANOS,false))",
      "required binary metadata; optional binary typed_value (ENUM); | column v.typed_value: unsupported shredded value type BINARY (ENUM)",
      "required binary metadata; optional binary typed_value (JSON); | column v.typed_value: unsupported shredded value type BINARY (JSON)",
      "required binary metadata; optional fixed_len_byte_array(4) typed_value; | column v.typed_value: unsupported shredded value type FIXED_LEN_BYTE_ARRAY(4)",
      "required binary metadata; optional fixed_len_byte_array(2) typed_value (FLOAT16); | column v.typed_value: unsupported shredded value type FIXED_LEN_BYTE_ARRAY(2) (FLOAT16)",
      "required binary metadata; optional binary typed_value (DECIMAL(40,2)); | column v.typed_value: decimal precision must be between 1 and 38, got 40",
      "required binary metadata; repeated int64 typed_value;     | column v.typed_value: typed_value must not be repeated",
      "required binary metadata; optional group typed_value { optional group a { optional binary value; } } | column v.typed_value.a: a shredded object field must be a required group, found optional",
      "required binary metadata; optional group typed_value { optional int32 a; } | column v.typed_value.a: a shredded object field must be a group",
      "required binary metadata; optional group typed_value { required group a { } } | column v.typed_value.a: needs a value or a typed_value field",
      "required binary metadata; optional group typed_value { required group a { optional binary value; optional binary other; } } | column v.typed_value.a: unexpected field other",
      "required binary metadata; optional group typed_value { required group a { optional int64 value; } } | column v.typed_value.a.value: value must be an optional or required binary",
      "required binary metadata; optional group typed_value (LIST) { repeated group list { optional group element { optional binary value; } } } | column v.typed_value.list.element: the element of a shredded array must be a required group, found optional",
      "required binary metadata; optional group typed_value (LIST) { repeated group element { optional binary value; optional binary typed_value; } } | column v.typed_value.element: the repeated group of a shredded array must hold one element group",
      "required binary metadata; optional group typed_value (LIST) { repeated binary element; } | column v.typed_value: a shredded array must be a 3-level LIST",
      "required binary metadata; optional group typed_value (MAP) { repeated group key_value { required binary key; optional binary value; } } | column v.typed_value: a typed_value group must be an object (unannotated) or a LIST, found MAP",
      "required binary metadata; optional group typed_value { required group a { optional group typed_value { required group b { optional int64 typed_value (UINT_64); } } } } | column v.typed_value.a.typed_value.b.typed_value: unsupported shredded value type INT64 (INTEGER(64,false))",
  })
  void invalidLayoutsNameTheColumn(String fields, String message) {
    GroupType g = MessageTypeParser.parseMessageType(
        "message m { optional group v (VARIANT(1)) { " + fields + " } }").getType(0).asGroupType();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> VariantSchemas.shreddedTypeOf(g));
    assertTrue(e.getMessage().startsWith(message), () -> "message was: " + e.getMessage());
  }

  @Test
  void recognizesVariantGroups() {
    MessageType m = MessageTypeParser.parseMessageType("message m {\n"
        + "  optional group annotated (VARIANT(1)) { required binary metadata; }\n"
        + "  optional group legacy { required binary value; required binary metadata; }\n"
        + "  optional group legacy_shredded { required binary metadata; optional binary value;"
        + " optional int32 typed_value; }\n"
        + "  optional group not_binary { required binary metadata; required int32 value; }\n"
        + "  optional group extra { required binary metadata; required binary value;"
        + " optional int32 other; }\n"
        + "  optional group listed (LIST) { repeated group list { required binary metadata;"
        + " required binary value; } }\n"
        // VariantShredding.md lets a top-level group omit value: still a Variant unannotated.
        + "  optional group typed_only { optional int64 typed_value; required binary metadata; }\n"
        // Not what a Variant writer makes: a plain struct that happens to use the names.
        + "  optional group optional_metadata { optional binary metadata;"
        + " required binary value; }\n"
        + "  optional group metadata_only { required binary metadata; }\n"
        + "  optional group typed_and_other { required binary metadata; optional int32 typed_value;"
        + " optional binary other; }\n"
        + "  optional group typed_and_int_value { required binary metadata;"
        + " optional int32 typed_value; optional int32 value; }\n"
        + "}");
    assertEquals(List.of(true, true, true, false, false, false, true, false, false, false,
        false), m.getFields().stream()
        .map(t -> VariantSchemas.isVariantGroup(t.asGroupType())).toList());
  }

  @Test
  void columnPathIsUsedInErrors() {
    GroupType g = specGroup("optional group v (VARIANT(1)) { required binary metadata;"
        + " optional int96 typed_value; }");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VariantSchemas.shreddedTypeOf(g, "outer.v"));
    assertTrue(e.getMessage().startsWith("column outer.v.typed_value:"), e.getMessage());
  }

  @Test
  void variantGroupRejectsWhatParquetCannotHold() {
    assertThrows(IllegalArgumentException.class,
        () -> VariantSchemas.variantGroup("v", Repetition.REPEATED, null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VariantSchemas.variantGroup("v", Repetition.OPTIONAL, ShreddedType.parse("{a: {}}")));
    assertTrue(e.getMessage().startsWith("column v.a: a shredded object needs at least one field"),
        e.getMessage());
  }

  @Test
  void fromParquetCollectsEveryShreddedColumn() {
    MessageType m = Types.buildMessage()
        .addField(Types.required(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64)
            .named("id"))
        .addField(VariantSchemas.variantGroup("a", Repetition.OPTIONAL, ShreddedType.int64()))
        .addField(VariantSchemas.variantGroup("b", Repetition.OPTIONAL, null))
        .addField(Types.optionalGroup()
            .addField(VariantSchemas.variantGroup("c", Repetition.REQUIRED,
                ShreddedType.parse("{x: [string]}")))
            .named("s"))
        .named("m");
    ShreddingSchema shredding = ShreddingSchema.fromParquet(m);
    assertEquals(List.of("a", "s.c"), List.copyOf(shredding.paths()));
    assertEquals("a: int64\ns.c: {x: [string]}", shredding.toString());
  }
}
