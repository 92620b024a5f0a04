package io.dendrite.parquet.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.RecordSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one path grammar of select, where and the command line. */
class SelectionPathTest {

  @Test
  void fieldsIndexesAndQuotedNames() {
    SelectionPath p = SelectionPath.parse("payload.items[2].sku");
    assertEquals("payload", p.column());
    assertEquals("payload.items[2].sku", p.text());
    assertEquals("[payload, items, [2], sku]", p.segments().toString());
    assertEquals("odd.name", SelectionPath.parse("`odd.name`.x").column());
    assertEquals("a\"b", SelectionPath.parse("\"a\\\"b\"").column());
    assertEquals(List.of("user-agent", "$x", "0", "\uD83D\uDE00", "ключ"),
        SelectionPath.parse("h.user-agent.$x.0.\uD83D\uDE00.ключ")
        .tail(1).stream().map(SelectionPath.Segment::name).toList());
    assertEquals(SelectionPath.parse("`a`.b[ 1 ]"), SelectionPath.parse("a.b[1]"));
    assertEquals("`odd name`", SelectionPath.column("odd name").text());
    assertEquals(List.of("a", "`b,c`.d", "e[0]"),
        SelectionPath.parseList("a, `b,c`.d ,e[0]").stream().map(SelectionPath::text).toList());
  }

  @Test
  void badPathsNameThePosition() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> SelectionPath.parse("a..b"))
        .getMessage().startsWith("bad path \"a..b\": expected a field name after '.' at"
            + " position 3"));
    assertEquals("bad path \"a[x]\": expected an index like [0] at position 3 in \"a[x]\"",
        assertThrows(IllegalArgumentException.class, () -> SelectionPath.parse("a[x]"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> SelectionPath.parse("a b"));
    assertThrows(IllegalArgumentException.class, () -> SelectionPath.parseList("a,"));
    assertThrows(IllegalArgumentException.class, () -> SelectionPath.parse("[0]"));
  }

  @Test
  void checkNamesWhatTheSchemaHas() {
    RecordSchema schema = RecordSchema.parse(
        "id int64, addr struct<city string, zip int32>, tags list<string>, v variant");
    schema.checkPath(SelectionPath.parse("v.anything[3].goes"));
    schema.checkPath(SelectionPath.parse("tags[0]"));
    assertEquals("names column 'nope', which the file does not have; columns: id, addr, tags, v",
        assertThrows(IllegalArgumentException.class,
            () -> schema.checkPath(SelectionPath.parse("nope.x"))).getMessage());
    assertEquals("addr.town: struct addr has no field 'town'; fields: city, zip",
        assertThrows(IllegalArgumentException.class,
            () -> schema.checkPath(SelectionPath.parse("addr.town"))).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> schema.checkPath(SelectionPath.parse("tags.x"))).getMessage().contains("use [N]"));
  }
}
