package io.dendrite.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
