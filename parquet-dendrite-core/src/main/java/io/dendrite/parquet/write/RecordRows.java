package io.dendrite.parquet.write;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.variant.internal.RecordAccessors;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Java records of one class as the writer's normalized rows (the {@code Object[]} form of
 * {@link RecordCoercer}), without a map per record: components are read through their accessor
 * handles ({@link RecordAccessors}) and converted by a tree built once per class, next to the
 * class's schema ({@link RecordSchema#ofRecord}). Components already of their column's Java
 * type (Integer for int32, String, ...) are taken as they are.
 */
final class RecordRows {
  private static final ClassValue<RecordRows> ROWS = new ClassValue<>() {
    @Override
    protected RecordRows computeValue(Class<?> type) {
      return new RecordRows(type);
    }
  };

  /** Column types whose normalized value is the Java value itself. */
  private static final Set<Class<?>> AS_IS = Set.of(Boolean.class, Integer.class, Long.class,
      Float.class, Double.class, String.class, byte[].class);

  /** Converts one non-null value; variants are encoded with the writer's encoder. */
  interface Node {
    Object convert(Object value, RecordCoercer writer);
  }

  final Class<?> type;
  final RecordSchema schema;
  private final RecordNode root;

  private RecordRows(Class<?> type) {
    this.type = type;
    @SuppressWarnings("unchecked")
    Class<? extends Record> records = (Class<? extends Record>) type;
    this.schema = RecordSchema.ofRecord(records);
    this.root = new RecordNode(type, schema.fields());
  }

  /** The rows of a record class; built once per class. */
  static RecordRows of(Class<?> type) {
    return ROWS.get(type);
  }

  /**
   * The normalized row of {@code record}, an instance of this class.
   *
   * @throws InvalidRecordException naming the field and the component when a value does not
   *     fit its column (a null where the column is required, a decimal out of range, ...)
   */
  Object[] row(Object record, RecordCoercer writer) {
    return root.convert(record, writer);
  }

  /** The conversion of a value of column type {@code type} given as Java type {@code java}. */
  static Node node(FieldType type, Type java) {
    if (type instanceof StructType s) {
      return new RecordNode(rawClass(java), s.fields());
    }
    if (type instanceof ListType l) {
      return new ListNode(node(l.element(), typeArgument(java, 0)), !l.elementNullable());
    }
    if (type instanceof MapType m) {
      return new MapNode(node(m.value(), typeArgument(java, 1)), !m.valueNullable());
    }
    if (type instanceof VariantFieldType) {
      return (value, writer) -> writer.coerceVariant(value);
    }
    if (rawClass(java).isEnum()) {
      return (value, writer) -> ((Enum<?>) value).name();
    }
    Class<?> boxed = MethodType.methodType(rawClass(java)).wrap().returnType();
    if (AS_IS.contains(boxed)) {
      return (value, writer) -> value;
    }
    Coercer coercer = RecordCoercer.forPrimitive((PrimitiveFieldType) type);
    return (value, writer) -> coercer.coerce(value, null);
  }

  /** A record: its components in order, as an {@code Object[]} struct row. */
  private static final class RecordNode implements Node {
    private final String typeName;
    private final RecordAccessors components;
    private final Node[] nodes;
    private final boolean[] required;

    RecordNode(Class<?> type, List<Field> fields) {
      this.typeName = type.getSimpleName();
      this.components = RecordAccessors.of(type);
      // The schema has a field per component, in component order (RecordClassSchema).
      RecordComponent[] javaComponents = type.getRecordComponents();
      nodes = new Node[fields.size()];
      required = new boolean[fields.size()];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = node(fields.get(i).type(), javaComponents[i].getGenericType());
        required[i] = !fields.get(i).nullable();
      }
    }

    @Override
    public Object[] convert(Object record, RecordCoercer writer) {
      Object[] row = new Object[nodes.length];
      for (int i = 0; i < nodes.length; i++) {
        Object v = components.get(record, i);
        if (v == null) {
          if (required[i]) {
            throw new InvalidRecordException(0, components.name(i), typeName + "."
                + components.name(i) + " is null, but it is @NotNull (a required column)", null);
          }
          continue;
        }
        try {
          row[i] = nodes[i].convert(v, writer);
        } catch (InvalidRecordException e) {
          throw within(components.name(i), e);
        } catch (RuntimeException e) {
          throw new InvalidRecordException(0, components.name(i), typeName + "."
              + components.name(i) + ": " + message(e), e);
        }
      }
      return row;
    }
  }

  /**
   * A list or map: its element (or value) node, whether elements must not be null, and the
   * conversion of one element that puts its errors under its position.
   */
  private abstract static class ContainerNode implements Node {
    private final Node element;
    final boolean required;

    ContainerNode(Node element, boolean required) {
      this.element = element;
      this.required = required;
    }

    /** The field path step of an element: {@code [i]} or {@code ['key']}. */
    abstract String step(Object position);

    /** Converts a non-null element; the step is made only for an error. */
    Object convertElement(Object e, Object position, RecordCoercer writer) {
      try {
        return element.convert(e, writer);
      } catch (InvalidRecordException x) {
        throw within(step(position), x);
      } catch (RuntimeException x) {
        throw new InvalidRecordException(0, step(position), message(x), x);
      }
    }

    InvalidRecordException nullElement(Object position, String container) {
      return new InvalidRecordException(0, step(position),
          "null in a " + container + " of @NotNull values", null);
    }
  }

  /** A {@code List}: a new list of converted elements. */
  private static final class ListNode extends ContainerNode {
    ListNode(Node element, boolean required) {
      super(element, required);
    }

    @Override
    public Object convert(Object value, RecordCoercer writer) {
      List<?> in = (List<?>) value;
      List<Object> out = new ArrayList<>(in.size());
      for (Object e : in) {
        int index = out.size();
        if (e == null && required) {
          throw nullElement(index, "list");
        }
        out.add(e == null ? null : convertElement(e, index, writer));
      }
      return out;
    }

    @Override
    String step(Object index) {
      return "[" + index + "]";
    }
  }

  /** A {@code Map<String, V>}: a new map of converted values, in the map's order. */
  private static final class MapNode extends ContainerNode {
    MapNode(Node value, boolean required) {
      super(value, required);
    }

    @Override
    public Object convert(Object map, RecordCoercer writer) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) map).entrySet()) {
        Object key = e.getKey();
        if (key == null) {
          throw new InvalidRecordException(0, null, "null map key", null);
        }
        if (e.getValue() == null && required) {
          throw nullElement(key, "map");
        }
        out.put(key, e.getValue() == null ? null : convertElement(e.getValue(), key, writer));
      }
      return out;
    }

    @Override
    String step(Object key) {
      return "['" + key + "']";
    }
  }

  /** {@code e} with its field path put under {@code step} (a name, {@code [i]} or {@code ['k']}). */
  private static InvalidRecordException within(String step, InvalidRecordException e) {
    String inner = e.field();
    String field = inner == null ? step
        : step + (inner.startsWith("[") ? "" : ".") + inner;
    return new InvalidRecordException(0, field, e.problem(), e.getCause());
  }

  private static String message(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static Class<?> rawClass(Type t) {
    return t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
  }

  private static Type typeArgument(Type t, int i) {
    return ((ParameterizedType) t).getActualTypeArguments()[i];
  }
}
