package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;

/**
 * Files written by Apache Spark 4.1.4 (src/test/resources/spark, made by
 * dev/fixtures/spark_variant_files.py) read back as Spark itself reads them: whole variants
 * equal Spark's {@code to_json}, selected paths equal Spark's {@code variant_get}, the
 * shredded and unshredded files agree value for value, and INT96 timestamps are the instants
 * Spark prints.
 */
class SparkFilesTest {
  private static final Path DIR = Path.of("src/test/resources/spark");
  private static final Path SHREDDED = DIR.resolve("spark-shredded.parquet");
  private static final Path UNSHREDDED = DIR.resolve("spark-unshredded.parquet");
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
  private static final List<String> PATHS =
      List.of("$.a", "$.b", "$.n.c", "$.n.d[0]", "$.tags[1]", "$.extra.k");

  @Test
  void sparkReallyShreddedTheColumns() throws Exception {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(SHREDDED))) {
      var schema = f.getFooter().getFileMetaData().getSchema();
      assertNotNull(VariantSchemas.shreddedTypeOf(schema.getType("o").asGroupType()));
      assertNotNull(VariantSchemas.shreddedTypeOf(schema.getType("s").asGroupType()));
    }
  }

  @Test
  void wholeVariantsEqualSparksToJsonAndBothLayoutsAgree() throws Exception {
    List<Map<String, Object>> expected = expected();
    for (Path file : List.of(SHREDDED, UNSHREDDED)) {
      try (DendriteReader r = DendriteReader.builder(file).build()) {
        for (Map<String, Object> want : expected) {
          DendriteRow row = r.read();
          assertEquals(((Number) want.get("id")).longValue(), row.get("id"));
          for (String column : List.of("v", "o")) {
            assertSameJson((String) want.get(column), row.getJson(column),
                file.getFileName() + " row " + want.get("id") + " " + column);
          }
          Instant ts = LocalDateTime.parse(((String) want.get("ts")).replace(' ', 'T'))
              .toInstant(ZoneOffset.UTC);
          assertEquals(ts, row.get("ts"));
        }
      }
    }
    try (DendriteReader a = DendriteReader.builder(SHREDDED).build();
         DendriteReader b = DendriteReader.builder(UNSHREDDED).build()) {
      DendriteRow x;
      while ((x = a.read()) != null) {
        DendriteRow y = b.read();
        for (String column : List.of("v", "o", "s")) {
          // Spark's shredding rescales decimals (1.5 in its decimal(18,3) column reads 1.500):
          // equal as numbers, as the spec's exact-numeric equivalence says.
          assertSameJson(y.getJson(column), x.getJson(column), "row " + x.get("id") + " " + column);
        }
      }
    }
  }

  @Test
  void selectedPathsEqualSparksVariantGet() throws Exception {
    List<Map<String, Object>> expected = expected();
    List<String> selection = new ArrayList<>();
    for (String p : PATHS) {
      selection.add("v" + p.substring(1));
      selection.add("o" + p.substring(1));
    }
    for (Path file : List.of(SHREDDED, UNSHREDDED)) {
      try (DendriteReader r = DendriteReader.builder(file).select(selection).build()) {
        for (Map<String, Object> want : expected) {
          DendriteRow row = r.read();
          boolean isObject = ((String) want.get("v")).startsWith("{");
          for (String p : PATHS) {
            String spark = (String) want.get(p);
            assertSameJson(spark, row.getJson("v" + p.substring(1)),
                file.getFileName() + " row " + want.get("id") + " v" + p.substring(1));
            if (isObject) {
              // o holds the same objects as v (fillers elsewhere).
              assertSameJson(spark, row.getJson("o" + p.substring(1)),
                  file.getFileName() + " row " + want.get("id") + " o" + p.substring(1));
            }
          }
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> expected() throws Exception {
    List<Map<String, Object>> out = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(DIR.resolve("spark-expected.jsonl"))) {
      String line;
      while ((line = in.readLine()) != null) {
        out.add(new ObjectMapper().readValue(line, Map.class));
      }
    }
    assertEquals(9, out.size());
    return out;
  }

  /** Same JSON, numbers compared by value (Spark prints decimal 3.000 as 3; we keep 3.000). */
  private static void assertSameJson(String expected, String actual, String where)
      throws Exception {
    if (expected == null || actual == null) {
      assertEquals(expected, actual, where);
      return;
    }
    JsonNode e = JSON.readTree(expected);
    JsonNode a = JSON.readTree(actual);
    Comparator<JsonNode> numbersByValue = (x, y) -> x.isNumber() && y.isNumber()
        ? x.decimalValue().compareTo(y.decimalValue()) : x.equals(y) ? 0 : 1;
    assertTrue(e.equals(numbersByValue, a), where + ": expected " + e + ", got " + a);
  }
}
