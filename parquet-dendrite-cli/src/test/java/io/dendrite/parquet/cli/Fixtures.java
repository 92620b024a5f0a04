package io.dendrite.parquet.cli;

import io.dendrite.parquet.write.DendriteWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small Parquet files written with the library for the command tests. */
final class Fixtures {
  private Fixtures() {}

  static final String SCHEMA = "id int64 not null, name string, price decimal(10,2), day date, "
      + "tags list<string>, addr struct<city string, zip int32>, attrs map<string, int64>, "
      + "payload variant";

  /** Three rows with every kind of column; row 3 has nulls and a non-object payload. */
  static List<Map<String, Object>> rows() {
    Map<String, Object> r1 = new LinkedHashMap<>();
    r1.put("id", 1L);
    r1.put("name", "ada");
    r1.put("price", new BigDecimal("12.5"));
    r1.put("day", LocalDate.of(2024, 5, 1));
    r1.put("tags", List.of("a", "b"));
    r1.put("addr", Map.of("city", "Oslo", "zip", 150));
    r1.put("attrs", Map.of("k", 7L));
    r1.put("payload", Map.of("user", Map.of("id", 7, "name", "ada"), "score", 42,
        "list", List.of(10, 20)));
    Map<String, Object> r2 = new LinkedHashMap<>();
    r2.put("id", 2L);
    r2.put("name", "bob, \"the\" builder");
    r2.put("price", new BigDecimal("3.00"));
    r2.put("day", LocalDate.of(2024, 5, 2));
    r2.put("tags", List.of("c"));
    r2.put("addr", Map.of("city", "Rome", "zip", 100));
    r2.put("attrs", Map.of());
    r2.put("payload", Map.of("user", Map.of("id", 8, "name", "bob"), "score", 17));
    Map<String, Object> r3 = new LinkedHashMap<>();
    r3.put("id", 3L);
    r3.put("payload", "just a string");
    return List.of(r1, r2, r3);
  }

  /** {@link #rows()} written with inferred shredding. */
  static Path write(Path file) throws Exception {
    return write(file, rows(), false);
  }

  static Path write(Path file, List<Map<String, Object>> rows, boolean unshredded)
      throws Exception {
    DendriteWriter.Builder b = DendriteWriter.builder(file).schema(SCHEMA);
    if (unshredded) {
      b.unshredded();
    }
    try (DendriteWriter w = b.build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
    }
    return file;
  }
}
