package io.dendrite.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddingSchema.ShreddedPath;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** A file's shredding read back from its Parquet schema: {@link ShreddingSchema#fromParquet}
 * and the per-path layout {@link ShreddingSchema#layout}. */
class ShreddingLayoutTest {

  private static final ShreddingSchema SHREDDING = ShreddingSchema.parse(
      "payload: {user: {id: int16, name: string}, tags: [string], extra: variant}");
  private static final MessageType WRITTEN = RecordSchema.parse("id int64, payload variant, "
      + "plain variant").toParquet("m", SHREDDING);

  @Test
  void fromParquetReadsBackTheShreddingWritten() {
    assertEquals(SHREDDING, ShreddingSchema.fromParquet(WRITTEN));
    assertTrue(ShreddingSchema.fromParquet(RecordSchema.parse("v variant").toParquet("m"))
        .isEmpty());
  }

  @Test
  void fromParquetNamesTheColumnOfAnInvalidLayout() {
    MessageType bad = MessageTypeParser.parseMessageType("message m {\n"
        + "  optional group s { optional group v (VARIANT(1)) {\n"
        + "    required binary metadata; optional binary value; optional int96 typed_value; } }\n"
        + "}");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ShreddingSchema.fromParquet(bad));
    assertTrue(e.getMessage().contains("s.v"), e.getMessage());
  }

  @Test
  void layoutListsEveryShreddedPathDepthFirstWithItsParquetFields() {
    List<ShreddedPath> layout =
        ShreddingSchema.layout(WRITTEN.getType("payload").asGroupType(), "payload");
    List<String> tv = List.of("typed_value");
    assertEquals(List.of(
        new ShreddedPath("payload", SHREDDING.get("payload"), List.of(), List.of("value"), tv),
        new ShreddedPath("payload.user", ShreddedType.parse("{id: int16, name: string}"),
            List.of("typed_value", "user"), List.of("typed_value", "user", "value"),
            List.of("typed_value", "user", "typed_value")),
        new ShreddedPath("payload.user.id", ShreddedType.int16(),
            List.of("typed_value", "user", "typed_value", "id"),
            List.of("typed_value", "user", "typed_value", "id", "value"),
            List.of("typed_value", "user", "typed_value", "id", "typed_value")),
        new ShreddedPath("payload.user.name", ShreddedType.string(),
            List.of("typed_value", "user", "typed_value", "name"),
            List.of("typed_value", "user", "typed_value", "name", "value"),
            List.of("typed_value", "user", "typed_value", "name", "typed_value")),
        new ShreddedPath("payload.tags", ShreddedType.parse("[string]"),
            List.of("typed_value", "tags"), List.of("typed_value", "tags", "value"),
            List.of("typed_value", "tags", "typed_value")),
        new ShreddedPath("payload.tags[]", ShreddedType.string(),
            List.of("typed_value", "tags", "typed_value", "list", "element"),
            List.of("typed_value", "tags", "typed_value", "list", "element", "value"),
            List.of("typed_value", "tags", "typed_value", "list", "element", "typed_value")),
        new ShreddedPath("payload.extra", ShreddedType.valueOnly(),
            List.of("typed_value", "extra"), List.of("typed_value", "extra", "value"), null)),
        layout);
  }

  @Test
  void layoutOfAnUnshreddedColumnIsTheColumnAlone() {
    assertEquals(List.of(new ShreddedPath("plain", ShreddedType.valueOnly(), List.of(),
            List.of("value"), null)),
        ShreddingSchema.layout(WRITTEN.getType("plain").asGroupType(), "plain"));
  }

  @Test
  void layoutSaysWhichGroupsHaveNoValueColumn() {
    // Other writers may leave out value where every value is typed (VariantShredding.md).
    GroupType g = MessageTypeParser.parseMessageType("message m {\n"
        + "  optional group p (VARIANT(1)) {\n"
        + "    required binary metadata;\n"
        + "    optional group typed_value { required group a { optional int64 typed_value; } }\n"
        + "  }\n"
        + "}").getType(0).asGroupType();
    List<ShreddedPath> layout = ShreddingSchema.layout(g, "s.p");
    assertEquals(2, layout.size());
    assertNull(layout.get(0).value());
    assertEquals("s.p.a", layout.get(1).path());
    assertNull(layout.get(1).value());
    assertEquals(List.of("typed_value", "a", "typed_value"), layout.get(1).typedValue());
  }

  @Test
  void layoutIsNullForOtherGroupsAndRejectsInvalidVariants() {
    GroupType struct = MessageTypeParser.parseMessageType(
        "message m { optional group s { optional int64 a; } }").getType(0).asGroupType();
    assertNull(ShreddingSchema.layout(struct, "s"));
    GroupType bad = MessageTypeParser.parseMessageType("message m {\n"
        + "  optional group v (VARIANT(1)) { required binary metadata; optional int32 extra; }\n"
        + "}").getType(0).asGroupType();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ShreddingSchema.layout(bad, "v"));
    assertTrue(e.getMessage().contains("unexpected field extra"), e.getMessage());
  }
}
