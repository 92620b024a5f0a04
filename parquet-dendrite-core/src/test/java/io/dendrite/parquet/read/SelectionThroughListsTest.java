package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Selections through lists and maps of ordinary columns read only the columns below what they
 * end on ({@code devices[0].os} reads {@code devices.list.element.os}, not every field of the
 * element), with the values the whole row has there; a struct field named through a list
 * without an index ({@code devices.os}) is rejected when the reader is built, pointing to the
 * index form, since the path grammar steps into lists only by index.
 */
class SelectionThroughListsTest {
  private static final String SCHEMA = "id int64 not null,"
      + " devices list<struct<os string, model string, specs struct<ram int32, cpu string>>>,"
      + " attrs map<string, struct<x int64, y string>>, tags list<string>";

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("lists.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).build()) {
      w.write(row(1, List.of(device("ios", "x1", 4), device("android", "p7", 8)),
          Map.of("k1", Map.of("x", 10L, "y", "a")), List.of("t")));
      w.write(row(2, List.of(), Map.of(), List.of()));
      w.write(row(3, Arrays.asList(null, device(null, "m", null)),
          Map.of("k2", Map.of("y", "b")), null));
      w.write(row(4, null, null, null));
    }
  }

  private static Map<String, Object> row(long id, List<Object> devices, Map<String, Object> attrs,
      List<String> tags) {
    Map<String, Object> r = new HashMap<>();
    r.put("id", id);
    r.put("devices", devices);
    r.put("attrs", attrs);
    r.put("tags", tags);
    return r;
  }

  private static Map<String, Object> device(String os, String model, Integer ram) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("os", os);
    d.put("model", model);
    d.put("specs", ram == null ? null : Map.of("ram", ram, "cpu", "arm"));
    return d;
  }

  @Test
  void anElementsFieldReadsOnlyItsColumn() throws Exception {
    assertReads("devices[0].os", List.of("devices.list.element.os"),
        Arrays.asList("ios", null, null, null));
    assertReads("devices[1].specs.ram", List.of("devices.list.element.specs.ram"),
        Arrays.asList(8, null, null, null));
    assertReads("devices[1].model", List.of("devices.list.element.model"),
        Arrays.asList("p7", null, "m", null));
    // A map key is read to find the entry; of the value, only the field selected.
    assertReads("attrs.k1.x", List.of("attrs.key_value.key", "attrs.key_value.value.x"),
        Arrays.asList(10L, null, null, null));
    assertReads("attrs.k2.y", List.of("attrs.key_value.key", "attrs.key_value.value.y"),
        Arrays.asList(null, null, "b", null));
  }

  private static void assertReads(String path, List<String> columns, List<Object> values)
      throws Exception {
    try (DendriteReader r = DendriteReader.builder(file).select(path).build()) {
      List<String> requested = new ArrayList<>();
      for (ColumnDescriptor c : r.requestedSchema().getColumns()) {
        requested.add(String.join(".", c.getPath()));
      }
      assertEquals(columns, requested, path);
      List<Object> read = new ArrayList<>();
      for (DendriteRow row : r) {
        read.add(row.get(path));
      }
      assertEquals(values, read, path);
    }
  }

  /** A primitive reached through lists and maps fills typed arrays, as a plain column does. */
  @Test
  void primitivesThroughListsAndMapsComeInTypedArrays() throws Exception {
    try (DendriteReader r = DendriteReader.builder(file)
        .select("devices[1].specs.ram", "attrs.k1.x").build()) {
      DendriteBatch b = r.batches(10).iterator().next();
      assertEquals(4, b.size());
      PathVector ram = b.vector(0);
      assertEquals(PathVector.Storage.INT, ram.storage());
      assertTrue(ram.isTyped(0));
      assertEquals(8, ram.ints()[0]);
      PathVector x = b.vector(1);
      assertEquals(PathVector.Storage.LONG, x.storage());
      assertTrue(x.isTyped(0));
      assertEquals(10L, x.longs()[0]);
      for (int row = 1; row < 4; row++) {
        assertTrue(ram.isNull(row) && !ram.isTyped(row) && x.isNull(row), "row " + row);
      }
    }
  }

  /** The message of the planner's rejection of {@code selection} on {@link #SCHEMA}. */
  private static String rejection(String... selection) {
    MessageType schema = RecordSchema.parse(SCHEMA).toParquet("m");
    return assertThrows(IllegalArgumentException.class,
        () -> ReadPlan.create(schema, Selection.parse(List.of(selection)), c -> false, false))
        .getMessage();
  }

  @Test
  void aFieldOfAListWithoutAnIndexIsRejected() throws Exception {
    assertEquals("selection 'devices.os': 'devices' is a list, whose elements are selected by"
        + " index, e.g. 'devices[0].os'", rejection("id", "devices.os"));
    String tags = rejection("devices[0].specs", "tags.x");
    assertTrue(tags.contains("'tags[0].x'"), tags);

    DendriteReadException d = assertThrows(DendriteReadException.class,
        () -> DendriteReader.builder(file).select("devices[1].specs.cpu", "devices.specs.cpu")
            .build());
    assertInstanceOf(IllegalArgumentException.class, d.getCause());
    assertTrue(d.getMessage().contains(file.toString())
        && d.getMessage().contains("'devices.specs.cpu'")
        && d.getMessage().contains("'devices[0].specs.cpu'"), d.getMessage());
  }

  /** An index into a map would read null in every row: it fails, naming the key form. */
  @Test
  void anIndexIntoAMapIsRejected() throws Exception {
    assertEquals("selection 'attrs[0].x': 'attrs' is a map, whose values are selected by key,"
        + " e.g. 'attrs.key.x'", rejection("id", "attrs[0].x"));
    assertThrows(DendriteReadException.class,
        () -> DendriteReader.builder(file).select("attrs[0]").build());
  }
}
