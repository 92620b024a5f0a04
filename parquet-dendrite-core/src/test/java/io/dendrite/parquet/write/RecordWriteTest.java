package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Decimal;
import io.dendrite.parquet.schema.RecordSchema.NotNull;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java records written with {@link DendriteWriter#write(Record)}: the schema derived from the
 * class, and records read back by {@code select(Class)} equal to those written, nulls at every
 * level; records that do not fit fail naming field, component and row.
 */
class RecordWriteTest {
  record Scalars(boolean flag, int i, long l, float f, double d, Boolean boxedFlag,
      Integer boxedI, Long boxedL, Float boxedF, Double boxedD, String s,
      @Decimal(precision = 12, scale = 2) BigDecimal price, LocalDate day, LocalTime time,
      Instant at, LocalDateTime local, UUID uuid, VariantValue payload) {}

  record Address(String city, Integer zip) {}

  record Line(@NotNull String sku, @Decimal(precision = 9, scale = 3) BigDecimal qty) {}

  record Order(long id, @NotNull String customer, Address addr, List<@NotNull Line> lines,
      List<String> tags, Map<String, Long> counts, Map<String, @NotNull Address> places,
      List<List<Integer>> matrix) {}

  record Blob(byte[] data) {}

  @TempDir
  Path dir;

  /** The README's example. */
  static final class Readme {
    record Order(long id, @NotNull String customer, List<@NotNull Line> lines,
        VariantValue extra) {}

    record Line(String sku, @Decimal(precision = 12, scale = 2) BigDecimal price) {}
  }

  @Test
  void readmeExample() throws Exception {
    Path file = dir.resolve("orders.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema(Readme.Order.class)  // id int64 not null, customer string not null,
        .build()) {           // lines list<struct<sku string, price decimal(12,2)> not null>, extra variant
      w.write(new Readme.Order(1, "ada", List.of(new Readme.Line("x-1", new BigDecimal("9.90"))),
          null));
    }
    assertEquals("id int64 not null, customer string not null, "
        + "lines list<struct<sku string, price decimal(12,2)> not null>, extra variant",
        RecordSchema.ofRecord(Readme.Order.class).toString());
    assertEquals(List.of(new Readme.Order(1, "ada",
        List.of(new Readme.Line("x-1", new BigDecimal("9.90"))), null)),
        read(Readme.Order.class, file));
  }

  @Test
  void schemaFollowsTheComponents() {
    assertEquals("flag boolean not null, i int32 not null, l int64 not null, "
        + "f float not null, d double not null, boxedFlag boolean, boxedI int32, "
        + "boxedL int64, boxedF float, boxedD double, s string, price decimal(12,2), "
        + "day date, time time, at timestamp, local timestamp_ntz, uuid uuid, payload variant",
        RecordSchema.ofRecord(Scalars.class).toString());
    assertEquals("id int64 not null, customer string not null, "
        + "addr struct<city string, zip int32>, "
        + "lines list<struct<sku string not null, qty decimal(9,3)> not null>, "
        + "tags list<string>, counts map<string, int64>, "
        + "places map<string, struct<city string, zip int32> not null>, "
        + "matrix list<list<int32>>",
        RecordSchema.ofRecord(Order.class).toString());
  }

  @Test
  void everyScalarKindRoundTrips() throws Exception {
    List<Scalars> rows = List.of(
        new Scalars(true, -7, 1L << 40, 1.5f, -2.25, false, 3, -4L, 0.5f, 1e300, "å∂",
            new BigDecimal("-12345.67"), LocalDate.of(1999, 12, 31), LocalTime.of(23, 59, 1, 123_000),
            Instant.parse("2024-05-01T10:00:00.123456Z"),
            LocalDateTime.parse("1970-01-01T00:00:00.000001"),
            UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
            VariantValue.of(VariantJson.parse("{\"user\":\"ada\",\"score\":42}"))),
        new Scalars(false, 0, 0, 0, 0, null, null, null, null, null, null, null, null, null,
            null, null, null, null),
        new Scalars(false, Integer.MAX_VALUE, Long.MIN_VALUE, Float.MIN_VALUE, Double.MAX_VALUE,
            true, Integer.MIN_VALUE, Long.MAX_VALUE, -0f, Double.MIN_VALUE, "",
            new BigDecimal("9999999999.99"), LocalDate.of(-1, 1, 1), LocalTime.MIDNIGHT,
            Instant.EPOCH, LocalDateTime.of(2262, 4, 11, 23, 47, 16),
            new UUID(-1, 0), VariantValue.of(VariantJson.parse("[1,\"x\",null]"))));
    assertEquals(rows, roundTrip(Scalars.class, rows));
  }

  @Test
  void nestedRecordsListsAndMapsRoundTripWithNullsAtEveryLevel() throws Exception {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("a", 1L);
    counts.put("b", null);
    List<String> tags = new ArrayList<>(Arrays.asList("x", null, "z"));
    List<List<Integer>> matrix = new ArrayList<>();
    matrix.add(List.of(1, 2));
    matrix.add(null);
    matrix.add(Arrays.asList(3, null));
    matrix.add(List.of());
    List<Order> rows = List.of(
        new Order(1, "ada", new Address("Oslo", 150),
            List.of(new Line("s1", new BigDecimal("1.500")), new Line("s2", null)),
            tags, counts, Map.of("home", new Address(null, 7)), matrix),
        new Order(2, "bob", null, null, null, null, null, null),
        new Order(3, "cy", new Address("Rome", null), List.of(), List.of(), Map.of(), Map.of(),
            List.of()));
    assertEquals(rows, roundTrip(Order.class, rows));
  }

  record Event(long id, VariantValue payload) {}

  /**
   * VARIANT components are shredded as the builder says and read back equal (JSON's 42 is an
   * int8: an int64 typed_value would widen it, as for any variant written).
   */
  @Test
  void variantComponentsTakeTheWritersShredding() throws Exception {
    Path file = dir.resolve("events.parquet");
    List<Event> rows = List.of(
        new Event(1, VariantValue.of(VariantJson.parse("{\"user\":\"ada\",\"score\":42}"))),
        new Event(2, VariantValue.of(VariantJson.parse("{\"user\":7}"))),
        new Event(3, null));
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema(Event.class)
        .shredding("payload: {user: string, score: int8}").build()) {
      for (Event e : rows) {
        w.write(e);
      }
      w.close();
      report = w.report();
    }
    ShreddingReport.PathCounts user = report.columns().get("payload").paths().stream()
        .filter(p -> p.path().equals("payload.user")).findFirst().orElseThrow();
    assertEquals(List.of(1L, 1L), List.of(user.typed(), user.residual()));
    assertEquals(rows, read(Event.class, file));
  }

  /** The reader cannot tell a struct of nulls from a null struct: both read as null. */
  @Test
  void aNestedRecordOfNullsReadsBackAsNull() throws Exception {
    Order written = new Order(1, "ada", new Address(null, null), null, null, null, null, null);
    assertEquals(List.of(new Order(1, "ada", null, null, null, null, null, null)),
        roundTrip(Order.class, List.of(written)));
  }

  @Test
  void bytesRoundTrip() throws Exception {
    List<Blob> rows = List.of(new Blob(new byte[] {0, -1, 7}), new Blob(null),
        new Blob(new byte[0]));
    List<Blob> back = roundTrip(Blob.class, rows);
    assertEquals(rows.size(), back.size());
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).data() == null) {
        assertNull(back.get(i).data());
      } else {
        assertArrayEquals(rows.get(i).data(), back.get(i).data());
      }
    }
  }

  enum Color { RED, GREEN }

  record Paint(Color color, List<Color> layers) {}

  record PaintInVariant(Paint v) {}

  @Test
  void enumsAreStoredByName() throws Exception {
    assertEquals("color string, layers list<string>",
        RecordSchema.ofRecord(Paint.class).toString());
    List<Paint> rows = List.of(new Paint(Color.GREEN, Arrays.asList(Color.RED, null)),
        new Paint(null, null));
    assertEquals(rows, roundTrip(Paint.class, rows));
    Path file = dir.resolve("Paint.parquet"); // written by roundTrip
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      assertEquals("GREEN", r.read().get("color"));
    }
    Path variant = dir.resolve("variant.parquet");
    try (DendriteWriter w = DendriteWriter.builder(variant).schema("v variant").build()) {
      w.write(Map.of("v", rows.get(0)));
    }
    assertEquals(List.of(new PaintInVariant(rows.get(0))), read(PaintInVariant.class, variant));
  }

  @Test
  void recordsInsideVariantsAreObjectsOfTheirNonNullComponents() throws Exception {
    Path file = dir.resolve("v.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").build()) {
      w.write(Map.of("v", new Address("Oslo", null)));
      w.write(Map.of("v", List.of(new Address(null, 1))));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      assertEquals("{\"city\":\"Oslo\"}", r.read().getJson("v"));
      assertEquals("[{\"zip\":1}]", r.read().getJson("v"));
    }
  }

  @Test
  void nullInANotNullComponentNamesComponentFieldAndRow() throws Exception {
    InvalidRecordException e = writeFails(Order.class,
        new Order(1, "ada", null, null, null, null, null, null),
        new Order(2, null, null, null, null, null, null, null));
    assertEquals(2, e.row());
    assertEquals("customer", e.field());
    assertTrue(e.getMessage().contains("Order.customer is null"), e.getMessage());
  }

  @Test
  void nullsInsideListsAndMapsNameTheirPlace() throws Exception {
    assertEquals("lines[1].sku", writeFails(Order.class, new Order(1, "ada", null,
        List.of(new Line("a", null), new Line(null, null)), null, null, null, null)).field());
    InvalidRecordException nullLine = writeFails(Order.class, new Order(1, "ada", null,
        Arrays.asList((Line) null), null, null, null, null));
    assertEquals("lines[0]", nullLine.field());
    assertTrue(nullLine.getMessage().endsWith("null in a list of @NotNull values"),
        nullLine.getMessage());
    Map<String, Address> places = new HashMap<>();
    places.put("k", null);
    assertEquals("places['k']", writeFails(Order.class,
        new Order(1, "ada", null, null, null, null, places, null)).field());
  }

  @Test
  void aValueThatDoesNotFitItsColumnNamesIt() throws Exception {
    InvalidRecordException e = writeFails(Order.class, new Order(1, "ada", null,
        List.of(new Line("a", new BigDecimal("0.0001"))), null, null, null, null));
    assertEquals("lines[0].qty", e.field());
    assertTrue(e.getMessage().contains("decimal(9,3)"), e.getMessage());
  }

  @Test
  void skipInvalidDropsTheRecordAndKeepsTheRest() throws Exception {
    Path file = dir.resolve("skip.parquet");
    List<Order> rows = List.of(new Order(1, "a", null, null, null, null, null, null),
        new Order(3, "c", null, null, null, null, null, null));
    try (DendriteWriter w = DendriteWriter.builder(file).schema(Order.class)
        .skipInvalid(true).build()) {
      w.write(rows.get(0));
      w.write(new Order(2, null, null, null, null, null, null, null));
      w.write(rows.get(1));
      assertEquals(1, w.report().rowsSkipped());
    }
    assertEquals(rows, read(Order.class, file));
  }

  /** A record of another schema is a programming error, not an invalid record to skip. */
  @Test
  void aRecordOfAnotherSchemaIsRefused() throws Exception {
    Path file = dir.resolve("other.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(Address.class)
        .skipInvalid(true).build()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> w.write(new Line("a", null)));
      assertTrue(e.getMessage().contains(Line.class.getName()), e.getMessage());
    }
    assertFalse(Files.exists(file));
  }

  /** A text schema equal to the derived one takes the records too. */
  @Test
  void anEqualTextSchemaTakesTheRecords() throws Exception {
    Path file = dir.resolve("text.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("city string, zip int32")
        .build()) {
      w.write(new Address("Oslo", 150));
    }
    assertEquals(List.of(new Address("Oslo", 150)), read(Address.class, file));
  }

  record WithSet(long id, Set<String> names) {}

  record WithIntKeys(Map<Integer, String> byId) {}

  record PlainDecimal(BigDecimal amount) {}

  record WideDecimal(@Decimal(precision = 39, scale = 0) BigDecimal amount) {}

  record Outer(Inner inner) {}

  record Inner(Outer outer) {}

  @Test
  void unsupportedComponentsNameTheRecordAndComponent() {
    assertMessage(WithSet.class, WithSet.class.getName() + ".names: unsupported component"
        + " type java.util.Set<java.lang.String>");
    assertMessage(WithIntKeys.class, WithIntKeys.class.getName() + ".byId: unsupported");
    assertMessage(PlainDecimal.class, PlainDecimal.class.getName()
        + ".amount: a BigDecimal needs its column's precision and scale");
    assertMessage(WideDecimal.class, WideDecimal.class.getName() + ".amount: ");
    assertMessage(Outer.class, "contains itself");
  }

  private void assertMessage(Class<? extends Record> type, String start) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DendriteWriter.builder(dir.resolve("x.parquet")).schema(type));
    assertTrue(e.getMessage().contains(start), e.getMessage());
  }

  /** Writes {@code records}, of which only the last is invalid, and returns its exception. */
  @SafeVarargs
  private <R extends Record> InvalidRecordException writeFails(Class<R> type, R... records)
      throws Exception {
    Path file = dir.resolve("fails.parquet");
    InvalidRecordException e;
    try (DendriteWriter w = DendriteWriter.builder(file).schema(type).build()) {
      for (int i = 0; i < records.length - 1; i++) {
        w.write(records[i]);
      }
      e = assertThrows(InvalidRecordException.class, () -> w.write(records[records.length - 1]));
    }
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    assertFalse(Files.exists(file));
    return e;
  }

  private <R extends Record> List<R> roundTrip(Class<R> type, List<R> rows) throws Exception {
    Path file = dir.resolve(type.getSimpleName() + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(type).build()) {
      for (R r : rows) {
        w.write(r);
      }
    }
    return read(type, file);
  }

  private static <R> List<R> read(Class<R> type, Path file) throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).select(type).build()) {
      return r.stream().map(row -> row.as(type)).toList();
    }
  }
}
