package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.read.internal.records.RecordAssemblers;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records read from a shredded VARIANT column by generated code against the interpreted path,
 * on random documents and random shredding schemas: {@code select(Class)} (records from the
 * column's leaves where a batch allows, else from the path readers' vectors) and
 * {@code select(paths)} with {@code row.as(Class)} must give equal records, the same failures
 * to build a row, and the same read errors.
 *
 * <p>Documents stray from the record types at a rate chosen per file: missing fields, nulls,
 * values of other types (which land in residual {@code value} columns, for primitives read by
 * the generated code itself), numbers outside narrow shredded types, extra object fields
 * (partially shredded objects, read from the vectors), whole objects and arrays of the wrong
 * kind. Files without strays, shredded as the records declare, must be read from the leaves
 * alone.
 */
class VariantRecordsDifferentialTest {
  private static final int FILES = 36;

  public record Item(String name, long qty, Double price, List<String> tags) {}

  public record Inner(Integer x, String y, LocalDate d, Boolean flag) {}

  public record Doc(Long id, String title, Inner inner, List<Item> items, List<Long> nums,
      BigDecimal amount, double score) {}

  public record Row(long id, Doc v) {}

  /** Shredding schemas of {@code v}: the records' own types first, then narrower or others. */
  private static final String[] SHREDDINGS = {
      "v: {id: int64, title: string, inner: {x: int32, y: string, d: date, flag: boolean},"
          + " items: [{name: string, qty: int64, price: double, tags: [string]}],"
          + " nums: [int64], amount: decimal(12,2), score: double}",
      "v: {id: int16, title: string, inner: {x: int8, y: string, d: date, flag: boolean},"
          + " items: [{name: string, qty: int8, price: double, tags: [string]}],"
          + " nums: [int32], amount: decimal(12,2), score: double}",
      "v: {id: int64, inner: {x: int32, y: string},"
          + " items: [{name: string, qty: int64, price: double, tags: [string]}],"
          + " score: double}",
      "v: {id: string, title: int64, inner: {x: string, y: int32, d: string, flag: int8},"
          + " items: [{name: string, qty: int64, price: double, tags: [int64]}],"
          + " nums: [string], amount: double, score: string}",
      "v: {id: int64, title: string,"
          + " items: [{name: string, qty: int64, price: double, tags: [string], sku: string}],"
          + " nums: [int64], score: double}",
      "v: {id: int64, title: string, inner: {x: int32, y: string, d: date, flag: boolean},"
          + " items: [string], nums: {a: int64}, amount: decimal(12,2), score: double}",
  };

  @TempDir
  Path dir;

  @Test
  void recordsFromVariantLeavesEqualTheInterpretedOnes() throws IOException {
    long fromLeaves = 0;
    int rowsCompared = 0;
    int failedAlike = 0;
    for (int seed = 1; seed <= FILES; seed++) {
      Random r = new Random(seed * 7919L);
      int shredding = seed <= 6 ? 0 : r.nextInt(SHREDDINGS.length);
      double stray = seed <= 6 ? 0 : new double[] {0, 0.003, 0.02, 0.3}[r.nextInt(4)];
      // Strays of shape (extra fields, objects and arrays in place of others, null elements)
      // send their batches to the vectors; the others only put primitives in residuals.
      boolean shapes = r.nextBoolean();
      Path file = dir.resolve("v" + seed + ".parquet");
      int rows = 20 + r.nextInt(300);
      try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant")
          .shredding(SHREDDINGS[shredding]).rowGroupRows(5 + r.nextInt(60)).build()) {
        for (int i = 0; i < rows; i++) {
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("id", (long) i);
          row.put("v", new Docs(r, stray, shapes).doc());
          w.write(row);
        }
      }
      String context = "seed " + seed + ", shredding " + shredding + ", stray " + stray
          + (shapes ? " with shapes" : "");
      long[] before = batches(file);
      List<String> interpreted = read(file, false);
      List<String> generated = read(file, true);
      assertEquals(interpreted.size(), generated.size(), context);
      for (int i = 0; i < interpreted.size(); i++) {
        String at = context + ", row " + i;
        assertEquals(interpreted.get(i), generated.get(i), at);
        if (generated.get(i).startsWith("cannot build")) {
          failedAlike++;
        }
      }
      rowsCompared += generated.size();
      long[] after = batches(file);
      long[] batches = {after[0] - before[0], after[1] - before[1]};
      fromLeaves += batches[0];
      if (shredding == 0 && stray == 0) {
        // Every value as the records declare and shredded so: nothing for the vectors.
        assertTrue(batches[0] > 0 && batches[1] == 0, context + ": batches from leaves "
            + batches[0] + ", from vectors " + batches[1]);
      }
    }
    assertTrue(fromLeaves > 0, "some batches are read from the leaves");
    assertTrue(failedAlike > 0 && failedAlike < rowsCompared,
        rowsCompared + " rows, " + failedAlike + " failed alike");
  }

  /** Documents of {@link Doc}'s shape, straying at rate {@code p}. */
  private record Docs(Random r, double p, boolean shapes) {
    Object doc() {
      if (shapes && stray()) {
        return r.nextBoolean() ? "not an object" : List.of(1, 2);
      }
      Map<String, Object> m = new LinkedHashMap<>();
      put(m, "id", (long) r.nextInt(100_000) * (r.nextInt(10) == 0 ? 1_000_000 : 1));
      put(m, "title", "t" + r.nextInt(1000));
      if (!stray()) {
        m.put("inner", inner());
      }
      List<Object> items = new ArrayList<>();
      for (int i = r.nextInt(4); i > 0; i--) {
        items.add(shapes && stray() ? null : item());
      }
      put(m, "items", items);
      List<Object> nums = new ArrayList<>();
      for (int i = r.nextInt(4); i > 0; i--) {
        nums.add(r.nextInt(5) == 0 ? 40_000L : (long) r.nextInt(100));
      }
      put(m, "nums", nums);
      put(m, "amount", BigDecimal.valueOf(r.nextInt(1_000_000), 2));
      put(m, "score", r.nextDouble());
      if (shapes && stray()) {
        m.put("extra", "field"); // a partially shredded object
      }
      return m;
    }

    private Object inner() {
      Map<String, Object> m = new LinkedHashMap<>();
      put(m, "x", r.nextInt(10) == 0 ? 1_000 : r.nextInt(100));
      put(m, "y", "y" + r.nextInt(50));
      put(m, "d", LocalDate.of(2020, 1, 1).plusDays(r.nextInt(2000)));
      put(m, "flag", r.nextBoolean());
      return m;
    }

    private Object item() {
      Map<String, Object> m = new LinkedHashMap<>();
      put(m, "name", "n" + r.nextInt(100));
      put(m, "qty", (long) (r.nextInt(10) == 0 ? 5_000 : r.nextInt(100)));
      put(m, "price", r.nextInt(3) == 0 ? null : r.nextDouble() * 100);
      List<Object> tags = new ArrayList<>();
      for (int i = r.nextInt(3); i > 0; i--) {
        tags.add(stray() ? (Object) 7L : "tag" + r.nextInt(9));
      }
      put(m, "tags", tags);
      return m;
    }

    /**
     * Puts the value, or strays: leaves the field out, puts null or a primitive of another
     * type, or (with {@link #shapes}) an object or array in its place.
     */
    private void put(Map<String, Object> m, String key, Object value) {
      if (!stray()) {
        m.put(key, value);
        return;
      }
      switch (r.nextInt(shapes ? 5 : 4)) {
        case 0 -> { } // missing
        case 1 -> m.put(key, null);
        case 2 -> m.put(key, value instanceof String ? (Object) 12L : "12");
        case 3 -> m.put(key, value instanceof Number ? (Object) "abc" : true);
        default -> m.put(key, value instanceof Map ? List.of("x") : Map.of("k", 1L));
      }
    }

    private boolean stray() {
      return p > 0 && r.nextDouble() < p;
    }
  }

  /**
   * Each row as its record's text, or why it cannot be built, then the read's error if any:
   * by {@code select(Class)} ({@code generated}) or by paths and {@code as}.
   */
  private static List<String> read(Path file, boolean generated) throws IOException {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (generated) {
      b.select(Row.class);
    } else {
      b.select(RecordMapping.paths(Row.class));
    }
    List<String> out = new ArrayList<>();
    try (DendriteReader reader = b.build()) {
      for (DendriteRow row = reader.read(); row != null; row = reader.read()) {
        try {
          out.add(String.valueOf(row.as(Row.class)));
        } catch (IllegalArgumentException e) {
          out.add("cannot build: " + e.getMessage());
        }
      }
    } catch (DendriteReadException e) {
      out.add("read error: " + e.getMessage());
    }
    return out;
  }

  /** The batches of the file's layout read from the leaves and from vectors, so far. */
  private static long[] batches(Path file) throws IOException {
    List<String> paths = RecordMapping.paths(Row.class);
    try (DendriteReader r = DendriteReader.builder(file).select(Row.class).build()) {
      RecordAssemblers.Factory f = RecordAssemblers.forLayout(Row.class, r.requestedSchema(),
          new RowShape(paths, new ShreddedPrimitive[paths.size()], new boolean[paths.size()],
              false), false);
      assertNotNull(f, file.toString());
      return f.readsVariantLeaves() ? f.variantBatches() : new long[] {0, 0};
    }
  }
}
