package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * String components built by the generated record code straight from STRING columns: plain
 * and dictionary-encoded pages, characters of one to four UTF-8 bytes, nulls, at the top, in
 * structs, in lists and in lists of structs; every record equals the one written. (A struct
 * whose fields are all null reads as null, by the generated and the interpreted path alike:
 * the top-level tags here always have a name.)
 */
class StringComponentsTest {
  @TempDir
  Path dir;

  record Tag(String name, String note) {}

  record Row(String id, String city, String note, List<String> words, Tag tag, List<Tag> tags) {}

  private static final String[] CITIES = {"Zürich", "東京", "São Paulo", "Reykjavík", "NYC",
      "Москва", "😀 town", ""};

  private static String text(Random r) {
    StringBuilder s = new StringBuilder();
    for (int i = r.nextInt(12); i > 0; i--) {
      switch (r.nextInt(5)) {
        case 0 -> s.append((char) ('a' + r.nextInt(26)));
        case 1 -> s.append((char) (0xC0 + r.nextInt(0x100)));   // two UTF-8 bytes
        case 2 -> s.append((char) (0x4E00 + r.nextInt(0x1000))); // three
        case 3 -> s.appendCodePoint(0x1F600 + r.nextInt(0x40));   // four (a surrogate pair)
        default -> s.append(' ');
      }
    }
    return s.toString();
  }

  private static String maybe(Random r, String s) {
    return r.nextInt(5) == 0 ? null : s;
  }

  @Test
  void stringsFromPlainAndDictionaryPagesAreTheOnesWritten() throws Exception {
    Path file = dir.resolve("strings.parquet");
    Random r = new Random(42);
    List<Row> written = new ArrayList<>();
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id string not null, city string, note string, words list<string>,"
            + " tag struct<name string, note string>,"
            + " tags list<struct<name string, note string>>")
        .noDictionary("id", "note")
        .rowGroupRows(700)
        .build()) {
      for (int i = 0; i < 2000; i++) {
        List<String> words = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          words.add(maybe(r, CITIES[r.nextInt(CITIES.length)]));
        }
        List<Tag> tags = new ArrayList<>();
        for (int k = r.nextInt(3); k > 0; k--) {
          tags.add(new Tag(maybe(r, CITIES[r.nextInt(CITIES.length)]), maybe(r, text(r))));
        }
        Row row = new Row("row " + i + " " + text(r), maybe(r, CITIES[r.nextInt(CITIES.length)]),
            maybe(r, text(r)), r.nextInt(6) == 0 ? null : words,
            r.nextInt(4) == 0 ? null : new Tag(text(r) + i, maybe(r, CITIES[i % 3])),
            r.nextInt(6) == 0 ? null : tags);
        written.add(row);
        w.write(asMap(row));
      }
    }
    try (DendriteReader reader = DendriteReader.builder(file).select(Row.class).build()) {
      for (Row expected : written) {
        assertEquals(expected, reader.read().as(Row.class));
      }
      assertNull(reader.read());
    }
  }

  private static Map<String, Object> asMap(Row row) {
    Map<String, Object> m = new HashMap<>();
    m.put("id", row.id());
    m.put("city", row.city());
    m.put("note", row.note());
    m.put("words", row.words());
    m.put("tag", row.tag() == null ? null : asMap(row.tag()));
    if (row.tags() != null) {
      List<Object> tags = new ArrayList<>();
      row.tags().forEach(t -> tags.add(asMap(t)));
      m.put("tags", tags);
    }
    return m;
  }

  private static Map<String, Object> asMap(Tag tag) {
    Map<String, Object> m = new HashMap<>();
    m.put("name", tag.name());
    m.put("note", tag.note());
    return m;
  }
}
