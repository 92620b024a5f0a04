package io.dendrite.parquet.bench.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generators' contract: deterministic, sized by scale, and the shapes issue 13 asks for. */
class DatasetsTest {
  @Test
  void generatorsAreDeterministic() {
    for (Dataset<?> d : Dataset.all()) {
      assertEquals(d.list(0.001), d.list(0.001), d.name());
    }
  }

  @Test
  void scaleSetsTheRecordCount() {
    assertEquals(Math.round(MediaContents.RECORDS * 0.001), Dataset.MEDIA.list(0.001).size());
    assertEquals(Math.round(UserEvents.RECORDS * 0.01), Dataset.EVENTS.list(0.01).size());
    // TPC-H: about 6,000,000 lineitems per unit of scale factor (dbgen's 1-7 per order).
    int tpch = Dataset.TPCH.list(0.01).size();
    assertTrue(Math.abs(tpch - 6_000_000 * Tpch.SCALE_FACTOR * 0.01) < 300, "tpch " + tpch);
  }

  @Test
  void tpchIsDenormalizedWithFortyToFiftyFiveLeavesAndNoLists() {
    List<String> leaves = SubSchemaQueries.leafPaths(Tpch.Lineitem.class);
    String schema = RecordSchema.ofRecord(Tpch.Lineitem.class).toString();
    assertTrue(leaves.size() >= 40 && leaves.size() <= 55, leaves.toString());
    assertTrue(leaves.contains("order.customer.nation.region.name"), leaves.toString());
    assertTrue(leaves.contains("supplier.nation.name"), leaves.toString());
    assertTrue(!schema.contains("list<"), schema);
    Tpch.Lineitem first = Dataset.TPCH.list(0.001).get(0);
    assertEquals(first.orderKey(), 1L);
    assertTrue(first.order().customer().nation().region().name().length() > 0);
  }

  /** Users average over 10 KB as JSON, and every optional field is blank 5-80% of the time. */
  @Test
  void userEventsAreLargeDeepAndSparse() throws Exception {
    List<UserEvents.User> users = Dataset.EVENTS.list(0.01);
    ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    long bytes = 0;
    Map<String, long[]> blanks = new HashMap<>(); // path -> {blank, total}
    for (UserEvents.User u : users) {
      bytes += json.writeValueAsBytes(u).length;
      countBlanks(u, "", blanks);
    }
    assertTrue(bytes / users.size() > 10_000, "average JSON bytes " + bytes / users.size());
    assertEquals(12, blanks.size(), blanks.keySet().toString());
    blanks.forEach((path, n) -> {
      double share = n[0] / (double) n[1];
      assertTrue(share >= 0.03 && share <= 0.83, path + " blank " + share);
    });
    assertTrue(blanks.containsKey("devices.connections.events.value"), blanks.keySet().toString());
  }

  /** Counts the nulls of each nullable component, through lists of records. */
  private static void countBlanks(Record record, String prefix, Map<String, long[]> blanks)
      throws ReflectiveOperationException {
    List<Field> fields = RecordSchema.ofRecord(record.getClass()).fields();
    RecordComponent[] components = record.getClass().getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      Object v = components[i].getAccessor().invoke(record);
      if (fields.get(i).nullable()) {
        long[] n = blanks.computeIfAbsent(prefix + fields.get(i).name(), k -> new long[2]);
        n[0] += v == null ? 1 : 0;
        n[1]++;
      }
      if (v instanceof List<?> list) {
        for (Object e : list) {
          if (e instanceof Record r) {
            countBlanks(r, prefix + fields.get(i).name() + ".", blanks);
          }
        }
      }
    }
  }

  @Test
  void subSchemaQueriesGoFromOneColumnToAll() {
    for (Dataset<?> d : Dataset.all()) {
      int n = SubSchemaQueries.leafPaths(d.recordType()).size();
      assertEquals(1, SubSchemaQueries.query(d, 0).size());
      assertEquals(n, SubSchemaQueries.query(d, SubSchemaQueries.QUERIES - 1).size());
      for (int k = 1; k < SubSchemaQueries.QUERIES; k++) {
        assertTrue(SubSchemaQueries.columns(n, k) >= SubSchemaQueries.columns(n, k - 1));
      }
      assertEquals(SubSchemaQueries.query(d, 5), SubSchemaQueries.query(d, 5));
    }
  }
}
