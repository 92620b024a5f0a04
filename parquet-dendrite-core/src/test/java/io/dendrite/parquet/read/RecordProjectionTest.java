package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.write.DendriteWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records as projections: the README's example, structs, variant objects, lists. */
class RecordProjectionTest {
  record Nested(String varcategory, Long varid) {}

  record Row(long id, String category, Nested nested) {}

  record Item(String sku, int qty) {}

  record Order(long id, Address addr, List<Item> items, BigDecimal total) {}

  record Address(String city) {}

  @TempDir
  Path dir;

  @Test
  void smallerRecordSelectsAndConverts() throws Exception {
    Path file = dir.resolve("rows.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, category string, nested variant").build()) {
      w.write(Map.of("id", 1L, "category", "a",
          "nested", Map.of("varcategory", "vc", "varid", 7, "col4", "x")));
      w.write(Map.of("id", 2L, "category", "b", "nested", "not an object"));
    }
    assertEquals(List.of("id", "category", "nested.varcategory", "nested.varid"),
        RecordMapping.paths(Row.class));
    try (DendriteReader r = DendriteReader.builder(file).select(Row.class).build()) {
      List<Row> rows = r.stream().map(row -> row.as(Row.class)).toList();
      assertEquals(List.of(new Row(1, "a", new Nested("vc", 7L)), new Row(2, "b", null)), rows);
    }
  }

  @Test
  void structsListsOfRecordsAndVariantArrays() throws Exception {
    Path file = dir.resolve("orders.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, addr struct<city string, zip int32>, items variant, "
            + "total decimal(10,2)")
        .build()) {
      w.write(Map.of("id", 9L, "addr", Map.of("city", "Oslo", "zip", 150),
          "items", List.of(Map.of("sku", "S1", "qty", 2), Map.of("sku", "S2", "qty", 1)),
          "total", new BigDecimal("12.50")));
    }
    try (DendriteReader r = DendriteReader.builder(file).select(Order.class).build()) {
      Order o = r.read().as(Order.class);
      assertEquals(new Order(9, new Address("Oslo"),
          List.of(new Item("S1", 2), new Item("S2", 1)), new BigDecimal("12.50")), o);
      assertNull(r.read());
    }
  }

  record Tagged(String sku, Integer qty, String note) {}

  record Basket(long id, List<Tagged> items) {}

  /**
   * Objects of rows with different key sets (six metadata, alternating, more than the
   * mapping's cache of ids per metadata holds) map by their own keys; a missing key is null.
   */
  @Test
  void variantObjectsOfAlternatingMetadataMapByTheirOwnKeys() throws Exception {
    List<Basket> want = new java.util.ArrayList<>();
    for (int unshredded = 0; unshredded < 2; unshredded++) {
      Path file = dir.resolve("baskets" + unshredded + ".parquet");
      DendriteWriter.Builder b = DendriteWriter.builder(file)
          .schema("id int64 not null, items variant");
      if (unshredded == 1) {
        b.unshredded();
      }
      want.clear();
      try (DendriteWriter w = b.build()) {
        for (int i = 0; i < 60; i++) {
          List<Map<String, Object>> items = new java.util.ArrayList<>();
          List<Tagged> tagged = new java.util.ArrayList<>();
          for (int j = 0; j < 1 + i % 3; j++) {
            Map<String, Object> item = new java.util.HashMap<>();
            item.put("sku", "S" + i + "-" + j);
            if ((i + j) % 2 == 0) {
              item.put("qty", i + j);
            }
            if (i % 5 == 1) {
              item.put("note", "n" + i); // an extra key: another metadata
            }
            item.put("k" + (i % 6), true); // six key sets in turn
            items.add(item);
            tagged.add(new Tagged("S" + i + "-" + j, (i + j) % 2 == 0 ? i + j : null,
                i % 5 == 1 ? "n" + i : null));
          }
          w.write(Map.of("id", (long) i, "items", items));
          want.add(new Basket(i, tagged));
        }
      }
      try (DendriteReader r = DendriteReader.builder(file).select(Basket.class).build()) {
        assertEquals(want, r.stream().map(row -> row.as(Basket.class)).toList(),
            unshredded == 1 ? "unshredded" : "shredded");
      }
    }
  }

  /**
   * Components read from shredded typed leaves take the typed getters' casts: a leaf's Java
   * value is cast directly (JavaCasts), a residual value through its variant, and a value the
   * component cannot hold fails naming the path, as before.
   */
  @Test
  void componentsFromTypedLeavesCastAsTheTypedGetters() throws Exception {
    record V(Integer n, Double d, String s, Long x, Boolean b) {}
    record Typed(long id, V v) {}
    Path file = dir.resolve("typed.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {n: int64, d: decimal(9,2), s: string, x: double, b: int32}").build()) {
      w.write(Map.of("id", 1L, "v", Map.of("n", 7L, "d", new BigDecimal("2.50"), "s", "a",
          "x", 3.9, "b", 0)));
      w.write(Map.of("id", 2L, "v", Map.of("n", "12", "d", 4, "s", 5, "x", -3.9, "b", 2)));
      w.write(Map.of("id", 3L, "v", Map.of("n", -8L, "s", "c", "x", 1e3)));
      w.write(Map.of("id", 4L, "v", Map.of("n", 3_000_000_000L)));
    }
    try (DendriteReader r = DendriteReader.builder(file).select(Typed.class).build()) {
      for (int id = 1; id <= 3; id++) {
        DendriteRow row = r.read();
        V expected = new V(row.getInt("v.n"), row.getDouble("v.d"), row.getString("v.s"),
            row.getLong("v.x"), row.getBoolean("v.b"));
        assertEquals(new Typed(id, expected), row.as(Typed.class));
      }
      DendriteRow tooBig = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> tooBig.as(Typed.class));
      assertTrue(e.getMessage().startsWith("'v.n': cannot convert VariantValue to "
          + "java.lang.Integer"), e.getMessage());
    }
    // The typed getters themselves, so the comparison above cannot pass on nulls alone.
    try (DendriteReader r = DendriteReader.builder(file).select(Typed.class).build()) {
      assertEquals(new Typed(1, new V(7, 2.5, "a", 3L, false)), r.read().as(Typed.class));
      assertEquals(new Typed(2, new V(12, 4.0, "5", -3L, true)), r.read().as(Typed.class));
      assertEquals(new Typed(3, new V(-8, null, "c", 1000L, null)), r.read().as(Typed.class));
    }
  }

  @Test
  void nullIntoAPrimitiveComponentIsAClearError() throws Exception {
    record OnlyId(long id, long missing) {}
    Path file = dir.resolve("one.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, missing int64")
        .build()) {
      w.write(Map.of("id", 1L));
    }
    try (DendriteReader r = DendriteReader.builder(file).select(OnlyId.class).build()) {
      DendriteRow row = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> row.as(OnlyId.class));
      assertEquals("'missing' is null in this row but OnlyId.missing is a primitive long",
          e.getMessage());
    }
  }

  @Test
  void aComponentWhosePathWasNotSelectedIsNamed() throws Exception {
    Path file = dir.resolve("ids.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, category string")
        .build()) {
      w.write(Map.of("id", 1L, "category", "a"));
    }
    try (DendriteReader r = DendriteReader.builder(file).select("id").build()) {
      DendriteRow row = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> row.as(Row.class));
      assertEquals("'category' (component Row.category) was not selected; selected: [id]",
          e.getMessage());
    }
  }

  @Test
  void aNullStructFieldIntoAPrimitiveComponentIsAClearError() throws Exception {
    record Zip(String city, int zip) {}
    record WithZip(long id, Zip addr) {}
    record WithList(long id, List<Zip> addrs) {}
    Path file = dir.resolve("zip.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, addr struct<city string, zip int32>,"
            + " addrs list<struct<city string, zip int32>>").build()) {
      w.write(Map.of("id", 1L, "addr", Map.of("city", "Oslo"),
          "addrs", List.of(Map.of("city", "Bergen", "zip", 5003), Map.of("city", "Oslo"))));
    }
    // A nested record selects addr.zip, null in this row, into an int.
    try (DendriteReader r = DendriteReader.builder(file).select(WithZip.class).build()) {
      DendriteRow row = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> row.as(WithZip.class));
      assertEquals("'addr.zip' is null in this row but Zip.zip is a primitive int",
          e.getMessage());
    }
    // Records converted from the structs of a list: the second one has no zip.
    try (DendriteReader r = DendriteReader.builder(file).select(WithList.class).build()) {
      DendriteRow row = r.read();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> row.as(WithList.class));
      assertTrue(e.getMessage().endsWith(
          "'addrs[1].zip' is null in this row but Zip.zip is a primitive int"), e.getMessage());
    }
  }

  /**
   * One record type from structs whose fields come in different orders, one without a field
   * the record has, in the same rows: each component takes its own field, or null.
   */
  @Test
  void oneRecordFromStructsOfDifferentFieldOrders() throws Exception {
    record Pair(String a, Long b, String c) {}
    record Both(List<Pair> xs, List<Pair> ys) {}
    Path file = dir.resolve("orders-of-fields.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("xs list<struct<a string, b int64>>,"
            + " ys list<struct<c string, b int64, a string>>")
        .build()) {
      for (long i = 0; i < 3; i++) {
        w.write(Map.of("xs", List.of(Map.of("a", "x" + i, "b", i), Map.of("b", 10 + i)),
            "ys", List.of(Map.of("c", "c" + i, "b", 20 + i, "a", "y" + i))));
      }
    }
    try (DendriteReader r = DendriteReader.builder(file).select(Both.class).build()) {
      for (long i = 0; i < 3; i++) {
        assertEquals(new Both(List.of(new Pair("x" + i, i, null), new Pair(null, 10 + i, null)),
            List.of(new Pair("y" + i, 20 + i, "c" + i))), r.read().as(Both.class));
      }
      assertNull(r.read());
    }
  }

  /**
   * A struct reads as an unmodifiable map of its non-null fields in schema order, and
   * serializes as one.
   */
  @Test
  void aStructIsAMapOfItsNonNullFieldsInSchemaOrder() throws Exception {
    Path file = dir.resolve("struct.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("s struct<z string, a int64, m string>").build()) {
      Map<String, Object> s = new java.util.HashMap<>();
      s.put("z", "last letter");
      s.put("m", "middle");
      w.write(Map.of("s", s));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> s = (Map<String, Object>) r.read().get("s");
      java.util.LinkedHashMap<String, Object> expected = new java.util.LinkedHashMap<>();
      expected.put("z", "last letter");
      expected.put("m", "middle");
      assertEquals(expected, s);
      assertEquals(s, expected);
      assertEquals(expected.hashCode(), s.hashCode());
      assertEquals(List.of("z", "m"), List.copyOf(s.keySet()));
      assertEquals("{z=last letter, m=middle}", s.toString());
      assertEquals(2, s.size());
      assertNull(s.get("a"));
      assertTrue(!s.containsKey("a") && s.containsKey("m"));
      assertThrows(UnsupportedOperationException.class, () -> s.put("a", 1L));
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(s);
      }
      try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
          new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
        assertEquals(expected, in.readObject(), "serialized as the map it reads as");
      }
    }
  }
}
