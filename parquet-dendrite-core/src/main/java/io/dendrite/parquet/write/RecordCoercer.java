package io.dendrite.parquet.write;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a record against the schema and normalizes it into an {@code Object[]} row (one slot
 * per top-level field; structs become nested {@code Object[]}, lists {@code List}, maps
 * {@code LinkedHashMap}, variants {@link EncodedVariant}). Every problem surfaces here, before
 * anything reaches the Parquet column writers, so a bad record can be skipped or rejected
 * without corrupting the row group being written.
 */
final class RecordCoercer {
  private final RecordSchema schema;
  private final StructCoercer root;
  /**
   * The encoder of Java records' VARIANT components ({@link #coerceVariant(Object)}, called by
   * {@code RecordRows}), one for all of them: a record class with two such components gets no
   * reuse from one row to the next, as the fields of a map schema below do.
   */
  private final VariantEncoder encoder = new VariantEncoder(true);

  RecordCoercer(RecordSchema schema) {
    this.schema = schema;
    this.root = new StructCoercer(schema.fields(), "");
  }

  RecordSchema schema() {
    return schema;
  }

  /** Normalizes a record given as a map of column name to value. */
  Object[] coerce(Map<String, ?> record) {
    return root.coerceMap(record);
  }

  /** Normalizes one value of a top-level field. */
  Object coerceField(int index, Object value) {
    return root.coerceSlot(index, value);
  }

  int fieldCount() {
    return root.fields.length;
  }

  /** Checks required fields of a row assembled slot by slot (the JSON path). */
  void checkRequired(Object[] row) {
    root.checkRequired(row);
  }

  /** Index of a top-level column, or -1. */
  int indexOf(String column) {
    Integer i = root.index.get(column);
    return i == null ? -1 : i;
  }

  /**
   * Index of the top-level column named by {@code key}, the {@code position}th entry of a
   * record map, or -1 (no such column, or a key that is no String).
   */
  int fieldAt(Object key, int position) {
    return root.fieldAt(key, position);
  }

  boolean isVariant(int index) {
    return root.fields[index].type() instanceof VariantFieldType;
  }

  String columnNames() {
    return root.index.keySet().toString();
  }

  private Coercer forType(FieldType type, String path) {
    if (type instanceof VariantFieldType) {
      // An encoder per VARIANT field: it reuses what the previous variant's keys gave (their
      // sort, predicted ids, the metadata), which one field's values repeat row after row and
      // two fields' values, encoded alternately, would not.
      VariantEncoder own = new VariantEncoder(true);
      return (value, p) -> coerceVariant(value, own);
    }
    if (type instanceof StructType) {
      return new StructCoercer(((StructType) type).fields(), path + ".");
    }
    if (type instanceof ListType) {
      ListType l = (ListType) type;
      return new ListCoercer(forType(l.element(), path + "[]"), l.elementNullable(), path);
    }
    if (type instanceof MapType) {
      MapType m = (MapType) type;
      return new MapCoercer(forType(m.key(), path + ".key"), forType(m.value(), path + ".value"),
          m.valueNullable());
    }
    return forPrimitive((PrimitiveFieldType) type);
  }

  /** The coercer of an ordinary primitive column. */
  static Coercer forPrimitive(PrimitiveFieldType p) {
    switch (p.kind()) {
      case BOOLEAN: return PrimitiveCoercers.BOOLEAN;
      case INT32: return PrimitiveCoercers.INT32;
      case INT64: return PrimitiveCoercers.INT64;
      case FLOAT: return PrimitiveCoercers.FLOAT;
      case DOUBLE: return PrimitiveCoercers.DOUBLE;
      case STRING: return PrimitiveCoercers.STRING;
      case BINARY: return PrimitiveCoercers.BINARY;
      case DATE: return PrimitiveCoercers.DATE;
      case TIME: return PrimitiveCoercers.TIME;
      case UUID: return PrimitiveCoercers.UUID_BYTES;
      case TIMESTAMP: return PrimitiveCoercers.timestamp(false);
      case TIMESTAMP_NANOS: return PrimitiveCoercers.timestamp(true);
      case TIMESTAMP_NTZ: return PrimitiveCoercers.timestampNtz(false);
      case TIMESTAMP_NTZ_NANOS: return PrimitiveCoercers.timestampNtz(true);
      case DECIMAL: return PrimitiveCoercers.decimal(p.precision(), p.scale());
      default: throw new IllegalArgumentException("unsupported column type " + p);
    }
  }

  /** The encoded variant of any value {@link VariantJava#write} takes. */
  Object coerceVariant(Object value) {
    return coerceVariant(value, encoder);
  }

  private static Object coerceVariant(Object value, VariantEncoder encoder) {
    encoder.reset();
    if (value instanceof EncodedVariant) {
      // Validated whole, then re-encoded: readers tolerate objects whose fields are not in key
      // order (DuckDB writes them), but a file we write keeps the spec's order.
      EncodedVariant ev = (EncodedVariant) value;
      VariantMetadata metadata = VariantMetadata.parse(ev.metadata());
      VariantValidator.validate(metadata, ev.value(), 0, ev.value().length);
      encoder.writeVariant(metadata, ev.value(), 0);
      return encoder.finish();
    }
    VariantJava.write(value, encoder);
    return encoder.finish();
  }

  /** A struct: a map of field name to value in, an {@code Object[]} in field order out. */
  private final class StructCoercer implements Coercer {
    final Field[] fields;
    final Coercer[] children;
    final String[] paths;
    final String prefix;
    final Map<String, Integer> index = new LinkedHashMap<>();
    /**
     * Per entry position of a map, the key met there last and its field: maps made by one piece
     * of code give their keys in one order, as the same String objects, so a field is found by
     * an identity test rather than a lookup (a twentieth of writing flat maps).
     */
    private final KeyField[] recent;

    StructCoercer(List<Field> fieldList, String prefix) {
      this.prefix = prefix;
      fields = fieldList.toArray(new Field[0]);
      children = new Coercer[fields.length];
      paths = new String[fields.length];
      for (int i = 0; i < fields.length; i++) {
        paths[i] = prefix + fields[i].name();
        children[i] = forType(fields[i].type(), paths[i]);
        index.put(fields[i].name(), i);
      }
      recent = new KeyField[fields.length];
    }

    /** The field of {@code key}, a map's {@code position}th, or -1; see {@link #recent}. */
    int fieldAt(Object key, int position) {
      if (position < recent.length) {
        KeyField k = recent[position];
        if (k != null && k.key == key) {
          return k.field;
        }
      }
      Integer i = key instanceof String ? index.get(key) : null;
      if (i == null) {
        return -1;
      }
      if (position < recent.length) {
        recent[position] = new KeyField((String) key, i);
      }
      return i;
    }

    @Override
    public Object coerce(Object value, String path) {
      if (!(value instanceof Map)) {
        throw Coercer.mismatch("a struct (Map of field name to value)", value);
      }
      @SuppressWarnings("unchecked")
      Map<String, ?> map = (Map<String, ?>) value;
      return coerceMap(map);
    }

    Object[] coerceMap(Map<String, ?> map) {
      Object[] row = new Object[fields.length];
      int position = 0;
      for (Map.Entry<String, ?> e : map.entrySet()) {
        Object key = e.getKey();
        int i = fieldAt(key, position++);
        if (i < 0) {
          throw new InvalidRecordException(0, prefix + key,
              "unknown column; the schema has " + index.keySet(), null);
        }
        if (e.getValue() != null) {
          row[i] = coerceSlot(i, e.getValue());
        }
      }
      checkRequired(row);
      return row;
    }

    Object coerceSlot(int i, Object value) {
      if (value == null) {
        return null;
      }
      try {
        return children[i].coerce(value, paths[i]);
      } catch (InvalidRecordException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new InvalidRecordException(0, paths[i], message(e), e);
      }
    }

    void checkRequired(Object[] row) {
      for (int i = 0; i < fields.length; i++) {
        if (row[i] == null && !fields[i].nullable()) {
          throw new InvalidRecordException(0, paths[i],
              "required column is missing or null", null);
        }
      }
    }
  }

  private static String message(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static final class ListCoercer implements Coercer {
    private final Coercer element;
    private final boolean elementNullable;
    private final String path;

    ListCoercer(Coercer element, boolean elementNullable, String path) {
      this.element = element;
      this.elementNullable = elementNullable;
      this.path = path;
    }

    @Override
    public Object coerce(Object value, String p) {
      List<Object> out = new ArrayList<>();
      if (value instanceof Collection) {
        for (Object o : (Collection<?>) value) {
          out.add(o);
        }
      } else if (value.getClass().isArray() && !(value instanceof byte[])) {
        int n = Array.getLength(value);
        for (int i = 0; i < n; i++) {
          out.add(Array.get(value, i));
        }
      } else {
        throw Coercer.mismatch("a list (Collection or array)", value);
      }
      for (int i = 0; i < out.size(); i++) {
        Object o = out.get(i);
        if (o == null) {
          if (!elementNullable) {
            throw new InvalidRecordException(0, path + "[" + i + "]",
                "null element in a list of required elements", null);
          }
          continue;
        }
        try {
          out.set(i, element.coerce(o, path + "[" + i + "]"));
        } catch (InvalidRecordException e) {
          throw e;
        } catch (RuntimeException e) {
          throw new InvalidRecordException(0, path + "[" + i + "]", message(e), e);
        }
      }
      return out;
    }
  }

  private static final class MapCoercer implements Coercer {
    private final Coercer key;
    private final Coercer value;
    private final boolean valueNullable;

    MapCoercer(Coercer key, Coercer value, boolean valueNullable) {
      this.key = key;
      this.value = value;
      this.valueNullable = valueNullable;
    }

    @Override
    public Object coerce(Object v, String path) {
      if (!(v instanceof Map)) {
        throw Coercer.mismatch("a map", v);
      }
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (e.getKey() == null) {
          throw new IllegalArgumentException("map keys must not be null");
        }
        Object k = key.coerce(e.getKey(), path);
        Object val = e.getValue();
        if (val == null) {
          if (!valueNullable) {
            throw new IllegalArgumentException("null value for key '" + e.getKey()
                + "' in a map of required values");
          }
          out.put(k, null);
        } else {
          out.put(k, value.coerce(val, path + "['" + e.getKey() + "']"));
        }
      }
      return out;
    }
  }

  /** A key and its field, immutable: read as one, a pair cannot be torn. */
  private record KeyField(String key, int field) {}
}
