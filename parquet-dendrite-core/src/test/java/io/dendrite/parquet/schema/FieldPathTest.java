package io.dendrite.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.path.FieldPath;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {

  @Test
  void quotesOnlyWhatNeedsIt() {
    assertEquals("plain_1", FieldPath.quote("plain_1"));
    assertEquals("`a.b`", FieldPath.quote("a.b"));
    assertEquals("`1x`", FieldPath.quote("1x"));
    assertEquals("`a``b`", FieldPath.quote("a`b"));
    assertEquals("``", FieldPath.quote(""));
  }

  @Test
  void splitsAndJoins() {
    List<String> segments = List.of("a", "b.c", "d`e", "element");
    String path = FieldPath.join(segments);
    assertEquals("a.`b.c`.`d``e`.element", path);
    assertEquals(segments, FieldPath.split(path));
    assertEquals(path, FieldPath.normalize(" `a` . \"b.c\" .`d``e`.element"));
  }

  @Test
  void rejectsMalformedPaths() {
    assertThrows(IllegalArgumentException.class, () -> FieldPath.split("a."));
    assertThrows(IllegalArgumentException.class, () -> FieldPath.split("a b"));
    assertThrows(IllegalArgumentException.class, () -> FieldPath.split(""));
  }
}
