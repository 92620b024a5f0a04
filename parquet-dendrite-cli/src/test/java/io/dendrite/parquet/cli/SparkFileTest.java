package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * cat and schema on a file Apache Spark 4.1.4 wrote with shredding on (core's test fixture,
 * made by dev/fixtures/spark_variant_files.py; spark-expected.jsonl is Spark's own to_json).
 */
class SparkFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DIR = Path.of("../parquet-dendrite-core/src/test/resources/spark");

  @Test
  void catPrintsWhatSparkPrints() throws Exception {
    Path file = DIR.resolve("spark-shredded.parquet");
    List<String> lines = Cli.run("cat", file.toString(), "--select", "id,v,o.n.d[0]").ok()
        .lines().toList();
    List<String> expected = Files.readAllLines(DIR.resolve("spark-expected.jsonl"));
    assertEquals(expected.size(), lines.size());
    for (int i = 0; i < lines.size(); i++) {
      JsonNode got = JSON.readTree(lines.get(i));
      JsonNode spark = JSON.readTree(expected.get(i));
      assertEquals(spark.get("id").asLong(), got.get("id").asLong());
      assertEquals(JSON.readTree(spark.get("v").asText()), got.get("v"), "row " + i);
      JsonNode d0 = spark.get("$.n.d[0]");
      boolean objectRow = spark.get("v").asText().startsWith("{");
      assertEquals(objectRow && !d0.isNull() ? JSON.readTree(d0.asText()) : null,
          got.get("o.n.d[0]") == null || got.get("o.n.d[0]").isNull() ? null
              : got.get("o.n.d[0]"), "row " + i);
    }
  }

  @Test
  void schemaShowsSparksShredding() throws Exception {
    String out = Cli.run("schema", DIR.resolve("spark-shredded.parquet").toString()).ok();
    assertTrue(out.contains("v: variant (unshredded: metadata, value)"), out);
    assertTrue(out.contains("o.a: value-only"), out);
    assertTrue(out.contains("o.n.d[]: int64 (shredded)"), out);
    assertTrue(out.contains("s.at: timestamp (shredded)"), out);
  }
}
