package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shredding an object whose fields are not in key order (issue 11, item 1), as DuckDB writes
 * them: the shredder finds every field, under an unsorted dictionary (by key) and under a
 * sorted one (by id), so each goes to its typed column instead of being missed.
 */
class UnsortedObjectShreddingTest {
  @TempDir Path dir;

  @Test
  void fieldsOfUnsortedObjectsAreShredded() throws Exception {
    // {"name": "Ada", "age": 36, "city": "Oslo"} in insertion order: ids 0 1 2 under a
    // dictionary name, age, city (sorted_strings=0).
    EncodedVariant duckDb = EncodedVariant.of(bytes("01 03 00 04 07 0b", "nameagecity"),
        bytes("02 03 00 01 02 00 04 06 0b 0d", "Ada", "0c 24 11", "Oslo"));
    // {"c": 3, "a": 1, "b": 2}: ids 2 0 1 under the sorted dictionary a, b, c.
    EncodedVariant sortedDictionary = EncodedVariant.of(bytes("11 03 00 01 02 03", "abc"),
        bytes("02 03 02 00 01 00 02 04 06 0c 03 0c 01 0c 02"));
    Path file = dir.resolve("unsorted.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {name: string, age: int8, city: string, a: int8, b: int8, c: int8}").build()) {
      w.write(Map.of("v", duckDb));
      w.write(Map.of("v", sortedDictionary));
      w.close();
      report = w.report();
    }
    for (String field : List.of("name", "age", "city", "a", "b", "c")) {
      ShreddingReport.PathCounts p = report.path("v." + field);
      assertEquals(List.of(1L, 0L, 1L), List.of(p.typed(), p.residual(), p.missing()), field + " [typed, residual, missing]");
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      List<String> json = new java.util.ArrayList<>();
      for (DendriteRow row : r) {
        json.add(row.getVariant("v").toJson());
      }
      assertEquals(List.of(canonical("{\"name\": \"Ada\", \"age\": 36, \"city\": \"Oslo\"}"),
          canonical("{\"c\": 3, \"a\": 1, \"b\": 2}")), json);
    }
  }

  private static String canonical(String json) throws Exception {
    return VariantValue.of(VariantJson.parse(json)).toJson();
  }

  /** Hex pairs, then the UTF-8 bytes of text parts (every other argument, starting with hex). */
  private static byte[] bytes(String... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < parts.length; i++) {
      if (i % 2 == 1) {
        out.writeBytes(parts[i].getBytes(StandardCharsets.UTF_8));
        continue;
      }
      for (String pair : parts[i].split(" ")) {
        out.write(Integer.parseInt(pair, 16));
      }
    }
    return out.toByteArray();
  }
}
