package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteReader;
import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A struct as {@link DendriteReader} returns it: an unmodifiable map of its non-null fields in
 * schema order. It holds the field names the struct's reader compiled once and the row's values
 * side by side, so a row costs one array instead of a hash table with a node per field (lists
 * of structs made a LinkedHashMap per element), and a record mapping takes the fields by
 * position ({@link #names}, {@link #value}) instead of by name.
 */
final class StructValue extends AbstractMap<String, Object> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Every field name of the struct, in schema order; shared by the reader's values. */
  final String[] names;
  /** The value of each field, null where the field is null. */
  private final Object[] values;
  private final int size;

  /**
   * @param names the struct's field names (not copied)
   * @param values the value of each field, null where null (not copied)
   */
  StructValue(String[] names, Object[] values) {
    this.names = names;
    this.values = values;
    int n = 0;
    for (Object v : values) {
      if (v != null) {
        n++;
      }
    }
    this.size = n;
  }

  /** The value of field {@code i} of {@link #names}, or null. */
  Object value(int i) {
    return values[i];
  }

  /** Serialized as the LinkedHashMap it reads as (rows collected across a cluster, say). */
  private Object writeReplace() {
    return new LinkedHashMap<>(this);
  }

  @Override
  public Object get(Object key) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(key)) {
        return values[i];
      }
    }
    return null;
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return size;
      }

      @Override
      public Iterator<Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int next = advance(0);

          private int advance(int from) {
            int i = from;
            while (i < values.length && values[i] == null) {
              i++;
            }
            return i;
          }

          @Override
          public boolean hasNext() {
            return next < values.length;
          }

          @Override
          public Entry<String, Object> next() {
            if (next >= values.length) {
              throw new NoSuchElementException();
            }
            Entry<String, Object> e = new SimpleImmutableEntry<>(names[next], values[next]);
            next = advance(next + 1);
            return e;
          }
        };
      }
    };
  }
}
