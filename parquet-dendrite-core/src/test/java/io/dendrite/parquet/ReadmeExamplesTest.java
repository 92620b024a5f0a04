package io.dendrite.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's Java examples, as written there, so they keep compiling and working. */
class ReadmeExamplesTest {
  @TempDir
  Path dir;

  @Test
  void writeThenReadThenSelect() throws Exception {
    Path file = dir.resolve("events.parquet");
    // README "Write"
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, category string, payload variant")
        .build()) {
      w.write(Map.of("id", 1L, "category", "a", "payload", Map.of("user", "ada", "score", 42)));
      w.writeJson("{\"id\": 2, \"category\": \"b\", \"payload\": {\"user\": \"bob\", \"score\": 7}}");
    }

    // README "Read"
    List<String> printed = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        printed.add(row.get("id") + " " + row.getJson("payload"));
      }
    }
    assertEquals(List.of("1 {\"score\":42,\"user\":\"ada\"}", "2 {\"score\":7,\"user\":\"bob\"}"),
        printed);

    List<String> users = new ArrayList<>();
    List<Long> scores = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file)
        .select("id", "payload.user", "payload.tags[0]", "payload.score").build()) {
      for (DendriteRow row : r) {
        String user = row.getString("payload.user");
        Long score = row.getLong("payload.score");
        boolean absent = row.isMissing("payload.tags[0]");
        users.add(user);
        scores.add(score);
        assertTrue(absent);
      }
    }
    assertEquals(List.of("ada", "bob"), users);
    assertEquals(List.of(42L, 7L), scores);
  }

  @Test
  void filter() throws Exception {
    Path file = dir.resolve("events.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, payload variant").build()) {
      w.writeJson("{\"id\": 1, \"payload\": {\"user\": \"ada\", \"amount\": 12,"
          + " \"event\": {\"type\": \"click\"}}}");
      w.writeJson("{\"id\": 2, \"payload\": {\"user\": \"bob\", \"amount\": 7,"
          + " \"event\": {\"type\": \"click\"}}}");
      w.writeJson("{\"id\": 3, \"payload\": {\"user\": \"cy\", \"amount\": \"99\","
          + " \"event\": {\"type\": \"view\"}}}");
    }
    // README "Filter"
    List<String> printed = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file)
        .select("id", "payload.user")
        .where("payload.event.type = 'click' and payload.amount > 10")
        .build()) {
      for (DendriteRow row : r) {
        printed.add(row.get("id") + " " + row.getString("payload.user"));
      }
      assertTrue(r.readReport().toString().startsWith("filter: payload.event.type = 'click'"));
    }
    assertEquals(List.of("1 ada"), printed);
    try (DendriteReader r = DendriteReader.builder(file).select("id")
        .where(Filter.path("payload.event.type").eq("click")
            .and(Filter.path("payload.amount").gt(10)))
        .build()) {
      assertEquals(List.of(1L), r.stream().map(row -> row.get("id")).toList());
    }
  }
}
