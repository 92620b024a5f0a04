package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.schema.RecordSchema.Decimal;
import io.dendrite.parquet.schema.RecordSchema.NotNull;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java records written by the writer generated for their class ({@link DirectRecords}) against
 * the same records normalized into rows first (the interpreted path, which the parquet-java
 * engine and the inference sample take): the files must be the same bytes, for random records
 * with nulls, empty and null containers at every level, every component type, VARIANTs at the
 * top, in structs, lists and maps, invalid records skipped among valid ones (each taken back
 * halfway), public records (accessors called directly) and private ones (through handles).
 */
public class GeneratedRecordWriterTest {
  public enum Color { RED, GREEN, BLUE }

  public record Inner(String name, Integer n,
      @Decimal(precision = 9, scale = 2) BigDecimal amount, Instant at) {}

  public record Wide(boolean flag, int i, long l, float f, double d, Boolean boxedFlag,
      Integer boxedI, Long boxedL, Float boxedF, Double boxedD, String s, byte[] bytes,
      LocalDate day, LocalTime time, Instant at, LocalDateTime local, UUID uuid, Color color,
      @Decimal(precision = 5, scale = 1) BigDecimal small,
      @Decimal(precision = 18, scale = 3) BigDecimal medium,
      @Decimal(precision = 30, scale = 4) BigDecimal large,
      Inner inner, @NotNull Inner required, List<String> tags, List<@NotNull Inner> inners,
      List<List<Integer>> matrix, Map<String, Long> counts, Map<String, @NotNull Inner> places,
      Map<String, List<Color>> multi, List<Map<String, Integer>> maps, VariantValue payload,
      List<VariantValue> docs, Map<String, VariantValue> byKey, Holder holder) {}

  public record Holder(@NotNull String id, VariantValue extra) {}

  /** Not public: the generated writer reads it through method handles. */
  private record Hidden(long id, String name, List<Integer> xs, Secret secret) {}

  private record Secret(@NotNull String code, double weight) {}

  /** Flat and without VARIANTs, as the dataset benchmarks' records are. */
  public record Flat(long id, @NotNull String name, String note, int count, double score,
      LocalDate day, Boolean ok) {}

  @TempDir
  Path dir;

  @Test
  void wideRecordsMakeTheSameFile() throws Exception {
    Random random = new Random(7);
    List<Wide> records = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      records.add(wide(random, i));
    }
    sameFile(Wide.class, records, b -> b.inferShredding(
        InferenceOptions.DEFAULTS.withSampleRows(100)), records.size() - 100);
  }

  @Test
  void invalidRecordsAreTakenBackHalfway() throws Exception {
    Random random = new Random(11);
    List<Wide> records = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Wide w = wide(random, i);
      records.add(i % 7 == 3 ? spoil(w, random.nextInt(8)) : w);
    }
    ShreddingReport[] reports = sameFile(Wide.class, records, b -> b.skipInvalid(true)
        .inferShredding(InferenceOptions.DEFAULTS.withSampleRows(50)), -1);
    assertTrue(reports[0].rowsSkipped() > 250, "records were skipped: " + reports[0]);
    assertEquals(reports[1].rowsSkipped(), reports[0].rowsSkipped());
    assertEquals(fromFileName(reports[1].skippedReasons()),
        fromFileName(reports[0].skippedReasons()));
    assertEquals(reports[1].columns(), reports[0].columns());
  }

  @Test
  void privateRecordsThroughHandles() throws Exception {
    Random random = new Random(3);
    List<Hidden> records = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      List<Integer> xs = random.nextInt(5) == 0 ? null : new ArrayList<>();
      for (int k = xs == null ? 0 : random.nextInt(4); k > 0; k--) {
        xs.add(random.nextInt(4) == 0 ? null : random.nextInt());
      }
      records.add(new Hidden(i, random.nextBoolean() ? "n" + i : null, xs,
          random.nextInt(4) == 0 ? null : new Secret("c" + random.nextInt(9), i / 3.0)));
    }
    sameFile(Hidden.class, records, b -> b, records.size());
    assertEquals(records, read(Hidden.class, dir.resolve("generated/records.parquet")));
  }

  @Test
  void flatRecordsAreGeneratedFromTheFirst() throws Exception {
    List<Flat> records = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      records.add(new Flat(i, "name" + (i % 17), i % 3 == 0 ? null : "note" + i, i % 100,
          i * 0.5, i % 5 == 0 ? null : LocalDate.ofEpochDay(18000 + i % 400),
          i % 4 == 0 ? null : i % 2 == 0));
    }
    // No VARIANT column: nothing to infer, so no row is held back as a sample.
    sameFile(Flat.class, records, b -> b.rowGroupRows(1234), records.size());
    assertEquals(records, read(Flat.class, dir.resolve("generated/records.parquet")));
  }

  /** Row groups encoded on other threads while records fill the next: the same file. */
  @Test
  void parallelEncodingMakesTheSameFile() throws Exception {
    Random random = new Random(5);
    List<Wide> records = new ArrayList<>();
    for (int i = 0; i < 2500; i++) {
      records.add(wide(random, i));
    }
    byte[][] bytes = new byte[2][];
    for (int threads = 1; threads <= 2; threads++) {
      Path file = dir.resolve("parallel-" + threads + ".parquet");
      try (DendriteWriter w = DendriteWriter.builder(file).schema(Wide.class).unshredded()
          .parallelism(threads).rowGroupRows(300).build()) {
        for (Wide r : records) {
          w.write(r);
        }
        assertEquals(records.size(), w.recordsGenerated());
      }
      bytes[threads - 1] = Files.readAllBytes(file);
    }
    assertArrayEquals(bytes[0], bytes[1]);
  }

  @Test
  void aFailedWriteIsNotAnInvalidRecord() throws Exception {
    // A map key that is no String (a raw map smuggled past the generics) fails as the
    // interpreted path fails: the writer, not the record.
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map<String, Long> bad = (Map) Map.of(1, 2L);
    Wide w = wide(new Random(1), 0);
    Wide spoiled = new Wide(w.flag(), w.i(), w.l(), w.f(), w.d(), w.boxedFlag(), w.boxedI(),
        w.boxedL(), w.boxedF(), w.boxedD(), w.s(), w.bytes(), w.day(), w.time(), w.at(),
        w.local(), w.uuid(), w.color(), w.small(), w.medium(), w.large(), w.inner(),
        w.required(), w.tags(), w.inners(), w.matrix(), bad, w.places(), w.multi(), w.maps(),
        w.payload(), w.docs(), w.byKey(), w.holder());
    Path file = dir.resolve("failed.parquet");
    DendriteWriter writer = DendriteWriter.builder(file).schema(Wide.class).skipInvalid(true)
        .unshredded().build();
    writer.write(w);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> writer.write(spoiled));
    assertTrue(e.getMessage().contains("at row 2"), e.getMessage());
    writer.close();
    assertTrue(!Files.exists(file), "no file after a failed write");
  }

  /**
   * Writes {@code records} both ways and asserts the same bytes; {@code generated} is how many
   * the generated writer must have written (-1: some), the rest having been inference's sample
   * or invalid. Returns the reports, generated first.
   */
  private <R extends Record> ShreddingReport[] sameFile(Class<R> type, List<R> records,
      Function<DendriteWriter.Builder, DendriteWriter.Builder> options, long generated)
      throws Exception {
    ShreddingReport[] reports = new ShreddingReport[2];
    byte[][] bytes = new byte[2][];
    for (int k = 0; k < 2; k++) {
      // The same name in two directories: error messages name the file.
      Path file = Files.createDirectories(dir.resolve(k == 0 ? "generated" : "interpreted"))
          .resolve("records.parquet");
      DendriteWriter.Builder b = options.apply(DendriteWriter.builder(file).schema(type)
          .generatedRecords(k == 0).rowGroupSize(256 << 10));
      try (DendriteWriter w = b.build()) {
        for (R r : records) {
          w.write(r);
        }
        if (k == 0) {
          if (generated >= 0) {
            assertEquals(generated, w.recordsGenerated());
          } else {
            assertTrue(w.recordsGenerated() > records.size() / 2, "" + w.recordsGenerated());
          }
        } else {
          assertEquals(0, w.recordsGenerated());
        }
        reports[k] = w.report();
      }
      bytes[k] = Files.readAllBytes(file);
    }
    assertArrayEquals(bytes[1], bytes[0], "generated and interpreted files differ");
    return reports;
  }

  /** Messages from the file's name on (each names its file in its own directory). */
  private static List<String> fromFileName(List<String> messages) {
    return messages.stream().map(m -> m.substring(m.indexOf("records.parquet"))).toList();
  }

  private static Wide wide(Random r, int i) {
    return new Wide(r.nextBoolean(), r.nextInt(), r.nextLong(), r.nextFloat(), r.nextDouble(),
        maybe(r, r.nextBoolean()), maybe(r, r.nextInt(1000)), maybe(r, r.nextLong()),
        maybe(r, r.nextFloat()), maybe(r, r.nextDouble()), maybe(r, "s" + r.nextInt(50)),
        maybe(r, bytes(r)), maybe(r, LocalDate.ofEpochDay(r.nextInt(40000) - 20000)),
        maybe(r, LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L)),
        maybe(r, Instant.ofEpochSecond(r.nextInt(2_000_000_000), r.nextInt(1000) * 1000)),
        maybe(r, LocalDateTime.of(2000 + r.nextInt(50), 1 + r.nextInt(12), 1 + r.nextInt(28),
            r.nextInt(24), r.nextInt(60))),
        maybe(r, new UUID(r.nextLong(), r.nextLong())),
        maybe(r, Color.values()[r.nextInt(3)]),
        maybe(r, BigDecimal.valueOf(r.nextInt(20000) - 10000, 1)),
        maybe(r, BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000L, 3)),
        maybe(r, new BigDecimal(new BigInteger(90, r), 4)),
        maybe(r, inner(r)), inner(r), maybe(r, list(r, () -> maybe(r, "t" + r.nextInt(9)))),
        maybe(r, list(r, () -> inner(r))),
        maybe(r, list(r, () -> maybe(r, list(r, () -> maybe(r, r.nextInt(7)))))),
        maybe(r, map(r, () -> maybe(r, r.nextLong()))), maybe(r, map(r, () -> inner(r))),
        maybe(r, map(r, () -> maybe(r, list(r, () -> maybe(r, Color.values()[r.nextInt(3)]))))),
        maybe(r, list(r, () -> maybe(r, map(r, () -> maybe(r, r.nextInt(5)))))),
        maybe(r, variant(r, i)), maybe(r, list(r, () -> maybe(r, variant(r, i)))),
        maybe(r, map(r, () -> maybe(r, variant(r, i)))),
        maybe(r, new Holder("h" + i, maybe(r, variant(r, i)))));
  }

  /** {@code w} with one value that does not fit its column, at one of several depths. */
  private static Wide spoil(Wide w, int how) {
    Inner required = w.required();
    List<Inner> inners = w.inners();
    Map<String, Inner> places = w.places();
    BigDecimal small = w.small();
    Holder holder = w.holder();
    Map<String, Long> counts = w.counts();
    switch (how) {
      case 0 -> required = null;
      case 1 -> inners = withNull(inners);
      case 2 -> {
        places = new HashMap<>(places == null ? Map.of() : places);
        places.put("bad", null);
      }
      case 3 -> small = new BigDecimal("123456.7");
      case 4 -> holder = new Holder(null, null);
      case 5 -> inners = List.of(new Inner("x", 1, new BigDecimal("0.001"), null));
      case 6 -> {
        counts = new LinkedHashMap<>();
        counts.put("k", 1L);
        counts.put(null, 2L);
      }
      default -> required = new Inner("y", 2, new BigDecimal("12345678901"), null);
    }
    return new Wide(w.flag(), w.i(), w.l(), w.f(), w.d(), w.boxedFlag(), w.boxedI(),
        w.boxedL(), w.boxedF(), w.boxedD(), w.s(), w.bytes(), w.day(), w.time(), w.at(),
        w.local(), w.uuid(), w.color(), small, w.medium(), w.large(), w.inner(), required,
        w.tags(), inners, w.matrix(), counts, places, w.multi(), w.maps(), w.payload(),
        w.docs(), w.byKey(), holder);
  }

  private static List<Inner> withNull(List<Inner> inners) {
    List<Inner> out = new LinkedList<>(inners == null ? List.of() : inners);
    out.add(out.size() / 2, null);
    return out;
  }

  private static Inner inner(Random r) {
    return new Inner(maybe(r, "n" + r.nextInt(30)), maybe(r, r.nextInt(100)),
        maybe(r, BigDecimal.valueOf(r.nextInt(1_000_000), 2)),
        maybe(r, Instant.ofEpochSecond(r.nextInt(1_000_000))));
  }

  private static VariantValue variant(Random r, int i) {
    try {
      String json = switch (r.nextInt(4)) {
        case 0 -> "{\"user\":\"u" + r.nextInt(20) + "\",\"score\":" + r.nextInt(100) + "}";
        case 1 -> "{\"user\":\"u" + i + "\",\"tags\":[\"a\",\"b\"],\"deep\":{\"x\":1.5}}";
        case 2 -> "[1,\"x\",null," + r.nextInt() + "]";
        default -> "{\"score\":\"not a number\",\"other\":" + r.nextBoolean() + "}";
      };
      return VariantValue.of(VariantJson.parse(json));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bytes(Random r) {
    byte[] b = new byte[r.nextInt(6)];
    r.nextBytes(b);
    return b;
  }

  private static <T> T maybe(Random r, T value) {
    return r.nextInt(6) == 0 ? null : value;
  }

  private static <T> List<T> list(Random r, java.util.function.Supplier<T> element) {
    int n = r.nextInt(5);
    List<T> out = r.nextBoolean() ? new ArrayList<>() : new LinkedList<>();
    for (int k = 0; k < n; k++) {
      out.add(element.get());
    }
    // Three kinds of list: ArrayList, LinkedList and an unmodifiable one (without nulls).
    return r.nextInt(3) == 0 ? out.stream().filter(Objects::nonNull).toList() : out;
  }

  private static <T> Map<String, T> map(Random r, java.util.function.Supplier<T> value) {
    int n = r.nextInt(4);
    Map<String, T> out = new LinkedHashMap<>();
    for (int k = 0; k < n; k++) {
      out.put("k" + r.nextInt(10), value.get());
    }
    return out;
  }

  private static <R> List<R> read(Class<R> type, Path file) throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).select(type).build()) {
      return r.stream().map(row -> row.as(type)).toList();
    }
  }
}
