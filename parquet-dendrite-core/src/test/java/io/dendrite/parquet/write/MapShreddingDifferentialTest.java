package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.testing.FileRows;
import io.dendrite.parquet.variant.VariantJson;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Maps whose VARIANT values are shredded straight from the Java values (issue 31, "one pass
 * into columns"; {@code VariantColumnShredder.writeJava}) against the same maps whose variants
 * are encoded whole and then shredded: the same file, byte for byte, the same shredding counts
 * and skipped records. The maps are the JSON differential test's lines (runs of one shape with
 * departures of every kind, invalid values among them) read by Jackson, with Java values the
 * JSON cannot hold put in now and then: integers of every width, dates, UUIDs, decimals,
 * records where objects are shredded, arrays and immutable lists, already encoded variants.
 */
class MapShreddingDifferentialTest {
  record User(long id, String name) {}

  /** A payload as a record: shredded fields, a residual one, null components left out. */
  record Payload(User user, Long score, List<String> tags, Boolean ok, String note) {}

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 6);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void mapsShreddedDirectlyMakeTheSameFile(long seed) throws Exception {
    Random r = new Random(seed * 104729 + 1);
    boolean inferred = seed % 2 == 0;
    byte[] input = JsonShreddingDifferentialTest.lines(r, 4000, false);
    ObjectMapper json = new ObjectMapper();
    List<Map<String, Object>> maps = new ArrayList<>();
    for (String line : new String(input, StandardCharsets.UTF_8).split("\n")) {
      Map<String, Object> map;
      try {
        @SuppressWarnings("unchecked")
        Map<String, Object> read = json.readValue(line, LinkedHashMap.class);
        map = read;
      } catch (Exception malformed) {
        continue; // a map cannot be malformed text
      }
      maps.add(javaValues(r, map));
    }
    long[] direct = new long[1];
    ShreddingReport[] reports = new ShreddingReport[2];
    byte[][] bytes = new byte[2][];
    for (int k = 0; k < 2; k++) {
      Path file = Files.createDirectories(dir.resolve(k == 0 ? "direct" : "encoded"))
          .resolve("maps.parquet");
      DendriteWriter.Builder b = DendriteWriter.builder(file)
          .schema(JsonShreddingDifferentialTest.SCHEMA).skipInvalid(true).shredDirect(k == 0)
          .rowGroupRows(700);
      if (inferred) {
        b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(300));
      } else {
        b.shredding(JsonShreddingDifferentialTest.SHREDDING);
      }
      try (DendriteWriter w = b.build()) {
        for (Map<String, Object> m : maps) {
          w.write(m);
        }
        if (k == 0) {
          direct[0] = w.mapsShreddedDirectly();
        } else {
          assertEquals(0, w.mapsShreddedDirectly());
        }
        reports[k] = w.report();
      }
      bytes[k] = Files.readAllBytes(file);
    }
    String what = "seed " + seed + (inferred ? ", inferred" : ", given");
    assertTrue(direct[0] > maps.size() / 2, direct[0] + " of " + maps.size() + ", " + what);
    assertTrue(reports[1].rowsSkipped() > 0, "invalid maps among them, " + what);
    assertEquals(reports[1].rowsSkipped(), reports[0].rowsSkipped(), what);
    assertEquals(reasons(reports[1]), reasons(reports[0]), what);
    assertEquals(reports[1].columns(), reports[0].columns(), what);
    assertArrayEquals(bytes[1], bytes[0], what);
    FileRows.assertSame(FileRows.read(dir.resolve("encoded/maps.parquet")),
        FileRows.read(dir.resolve("direct/maps.parquet")), what);
  }

  /** {@code map} with, now and then, payload values of Java types JSON has none of. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> javaValues(Random r, Map<String, Object> map) throws Exception {
    Object payload = map.get("payload");
    if (!(payload instanceof Map) || r.nextInt(4) != 0) {
      return map;
    }
    Map<String, Object> p = (Map<String, Object>) payload;
    switch (r.nextInt(10)) {
      case 0 -> p.put("score", (short) r.nextInt(1000));
      case 1 -> p.put("score", BigInteger.valueOf(r.nextInt()));
      case 2 -> p.put("rank", (byte) r.nextInt(100));
      case 3 -> p.put("when", LocalDate.ofEpochDay(r.nextInt(30000)));
      case 4 -> p.put("user", new User(r.nextInt(100), "u" + r.nextInt(9)));
      case 5 -> p.put("tags", r.nextBoolean() ? new String[] {"a", "b"} : List.of("c"));
      case 6 -> p.put("id", new UUID(r.nextLong(), r.nextLong()));
      case 7 -> p.put("score", new BigDecimal(r.nextInt(1000) + ".5"));
      case 8 -> map.put("payload", new Payload(r.nextBoolean() ? new User(1, "x") : null,
          r.nextBoolean() ? (long) r.nextInt(99) : null, List.of("t"), r.nextBoolean(),
          r.nextBoolean() ? "n" : null));
      default -> map.put("payload", VariantJson.parse(json(p)));
    }
    return map;
  }

  private static String json(Map<String, Object> map) throws Exception {
    return new ObjectMapper().writeValueAsString(map);
  }

  private static List<String> reasons(ShreddingReport report) {
    return report.skippedReasons().stream().map(s -> s.substring(s.indexOf(": row"))).toList();
  }
}
