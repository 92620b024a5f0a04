package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.RowShape;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The getters' values of a row the engine built as a record: each selected path read from the
 * record's components (a nested record per struct on the way), a record value as the map of
 * its non-null components and lists and maps element-wise, as the record holds them. Rows of
 * {@code select(Class)} reads are records first: this serves the odd getter call on them.
 */
public final class RecordValues {
  private RecordValues() {}

  /** One-row vectors of the record's values, in selection order. */
  public static ColumnVector[] vectors(RowShape shape, Object record) {
    ColumnVector[] out = new ColumnVector[shape.size()];
    for (int i = 0; i < out.length; i++) {
      String path = shape.name(i);
      ColumnVector v = new ColumnVector(path, null, null, shape.strictCasts);
      v.reset(1);
      v.setRaw(0, value(at(record, path)));
      out[i] = v;
    }
    return out;
  }

  /** The component at a dotted path of record components (null below a null record). */
  private static Object at(Object record, String path) {
    Object v = record;
    for (String name : path.split("\\.")) {
      if (v == null) {
        return null;
      }
      v = component(v, name);
    }
    return v;
  }

  private static Object component(Object record, String name) {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        try {
          c.getAccessor().setAccessible(true);
          return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
          throw new IllegalStateException("cannot read " + record.getClass().getSimpleName()
              + "." + name, e);
        }
      }
    }
    throw new IllegalStateException(record.getClass().getName() + " has no component " + name);
  }

  /** A value as rows give it: a record as the map of its non-null components. */
  private static Object value(Object v) {
    if (v instanceof Record r) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        Object x = value(component(r, c.getName()));
        if (x != null) {
          m.put(c.getName(), x);
        }
      }
      return Collections.unmodifiableMap(m);
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object x : list) {
        out.add(value(x));
      }
      return out;
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(k, value(x)));
      return out;
    }
    return v;
  }
}
