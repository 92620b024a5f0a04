package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.schema.RecordSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Record maps to rows: a column is found by its key whatever the order of the entries and
 * whether the key is the String met at that position before or an equal one.
 */
class RecordCoercerTest {
  private static final RecordSchema SCHEMA =
      RecordSchema.parse("a int64, b string, c int64 not null, d string");

  @Test
  void entriesInAnyOrderLandInTheirColumns() {
    RecordCoercer coercer = new RecordCoercer(SCHEMA);
    Random r = new Random(7);
    List<String> keys = new ArrayList<>(List.of("a", "b", "c", "d"));
    for (int row = 0; row < 500; row++) {
      Collections.shuffle(keys, r);
      Map<String, Object> map = new LinkedHashMap<>();
      for (String k : keys) {
        if (k.equals("c") || r.nextBoolean()) {
          // Now the literal, now an equal String that is another object.
          map.put(r.nextBoolean() ? k : new String(k.toCharArray()), valueOf(k, row));
        }
      }
      Object[] expected = new Object[4];
      for (String k : map.keySet()) {
        expected[k.charAt(0) - 'a'] = valueOf(k, row);
      }
      assertArrayEquals(expected, coercer.coerce(map), "row " + row + ": " + map);
    }
  }

  @Test
  void anUnknownKeyAtAKnownPositionIsStillAnError() {
    RecordCoercer coercer = new RecordCoercer(SCHEMA);
    Map<String, Object> good = new LinkedHashMap<>();
    good.put("c", 1L);
    good.put("a", 2L);
    coercer.coerce(good);
    Map<String, Object> bad = new LinkedHashMap<>();
    bad.put("c", 1L);
    bad.put("e", 2L);
    InvalidRecordException e = assertThrows(InvalidRecordException.class,
        () -> coercer.coerce(bad));
    assertEquals("e", e.field());
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map<String, Object> notString = (Map) new HashMap<>(Map.of(1, 2L, "c", 3L));
    assertThrows(InvalidRecordException.class, () -> coercer.coerce(notString));
  }

  private static Object valueOf(String key, int row) {
    return key.equals("a") || key.equals("c") ? (Object) (long) row : key + row;
  }
}
