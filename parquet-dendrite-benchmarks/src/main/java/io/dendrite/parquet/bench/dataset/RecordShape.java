package io.dendrite.parquet.bench.dataset;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of a dataset record class, read once by reflection: its components in order, each
 * with a kind, nullability ({@link Nullable}) and a compiled getter, and the canonical
 * constructor. The schema of every format is derived from it (the Parquet record schema here,
 * Avro in {@code format.AvroShapes}), so all formats store the same fields with the same types.
 */
public final class RecordShape {
  /** What a component holds. Lists hold {@link Slot#element} values, never null. */
  public enum Kind { BOOLEAN, INT, LONG, DOUBLE, STRING, DATE, RECORD, LIST }

  /** One record component. */
  public static final class Slot {
    public final String name;
    public final Kind kind;
    public final boolean nullable;
    /** For LIST: the element kind (not LIST). */
    public final Kind element;
    /** For RECORD, or a LIST of RECORD: the nested shape. */
    public final RecordShape record;
    private final MethodHandle getter;

    Slot(String name, Kind kind, boolean nullable, Kind element, RecordShape record,
        MethodHandle getter) {
      this.name = name;
      this.kind = kind;
      this.nullable = nullable;
      this.element = element;
      this.record = record;
      this.getter = getter;
    }
  }

  private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
    @Override
    protected RecordShape computeValue(Class<?> type) {
      return new RecordShape(type);
    }
  };

  private final Class<?> type;
  private final List<Slot> slots;
  private final MethodHandle constructor;

  private RecordShape(Class<?> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    this.type = type;
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    RecordComponent[] components = type.getRecordComponents();
    List<Slot> list = new ArrayList<>();
    Class<?>[] types = new Class<?>[components.length];
    try {
      for (int i = 0; i < components.length; i++) {
        RecordComponent c = components[i];
        types[i] = c.getType();
        Kind kind = kindOf(c.getType(), c);
        Kind element = null;
        RecordShape nested = null;
        if (kind == Kind.LIST) {
          Type arg = ((ParameterizedType) c.getGenericType()).getActualTypeArguments()[0];
          element = kindOf((Class<?>) arg, c);
          if (element == Kind.RECORD) {
            nested = of((Class<?>) arg);
          }
        } else if (kind == Kind.RECORD) {
          nested = of(c.getType());
        }
        boolean nullable = c.isAnnotationPresent(Nullable.class);
        if (nullable && c.getType().isPrimitive()) {
          throw new IllegalArgumentException(c + ": a primitive cannot be @Nullable");
        }
        list.add(new Slot(c.getName(), kind, nullable, element, nested,
            lookup.unreflect(c.getAccessor()).asType(MethodType.methodType(Object.class,
                Object.class))));
      }
      this.constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types))
          .asSpreader(Object[].class, types.length)
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot read record " + type.getName() + ": " + e, e);
    }
    this.slots = List.copyOf(list);
  }

  private static Kind kindOf(Class<?> t, RecordComponent c) {
    if (t == boolean.class || t == Boolean.class) {
      return Kind.BOOLEAN;
    } else if (t == int.class || t == Integer.class) {
      return Kind.INT;
    } else if (t == long.class || t == Long.class) {
      return Kind.LONG;
    } else if (t == double.class || t == Double.class) {
      return Kind.DOUBLE;
    } else if (t == String.class) {
      return Kind.STRING;
    } else if (t == LocalDate.class) {
      return Kind.DATE;
    } else if (t.isRecord()) {
      return Kind.RECORD;
    } else if (t == List.class) {
      return Kind.LIST;
    }
    throw new IllegalArgumentException(c + ": unsupported type " + t.getName());
  }

  /** The shape of a record class (computed once per class). */
  public static RecordShape of(Class<?> type) {
    return SHAPES.get(type);
  }

  public Class<?> type() {
    return type;
  }

  public List<Slot> slots() {
    return slots;
  }

  /** Component {@code i} of {@code record}. */
  public Object get(Object record, int i) {
    try {
      return slots.get(i).getter.invokeExact(record);
    } catch (Throwable e) {
      throw new IllegalStateException(type.getSimpleName() + "." + slots.get(i).name + ": " + e,
          e);
    }
  }

  /** A new record from its components in order. */
  public Object construct(Object[] components) {
    try {
      return constructor.invokeExact(components);
    } catch (RuntimeException e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot construct " + type.getSimpleName() + ": " + e, e);
    }
  }

  /**
   * The Parquet record schema (parquet-dendrite's text form): structs for nested records,
   * {@code list<T not null>} for lists, {@code not null} unless {@link Nullable}.
   */
  public String schemaText() {
    StringBuilder b = new StringBuilder();
    appendFields(b);
    return b.toString();
  }

  private void appendFields(StringBuilder b) {
    for (int i = 0; i < slots.size(); i++) {
      Slot s = slots.get(i);
      if (i > 0) {
        b.append(", ");
      }
      b.append(s.name).append(' ');
      appendType(b, s.kind, s.record, s.element);
      if (!s.nullable) {
        b.append(" not null");
      }
    }
  }

  private static void appendType(StringBuilder b, Kind kind, RecordShape record, Kind element) {
    switch (kind) {
      case BOOLEAN -> b.append("boolean");
      case INT -> b.append("int32");
      case LONG -> b.append("int64");
      case DOUBLE -> b.append("double");
      case STRING -> b.append("string");
      case DATE -> b.append("date");
      case RECORD -> {
        b.append("struct<");
        record.appendFields(b);
        b.append('>');
      }
      case LIST -> {
        b.append("list<");
        appendType(b, element, record, null);
        b.append(" not null>");
      }
      default -> throw new IllegalStateException(kind.toString());
    }
  }

  /** The record as nested maps and lists (what {@code DendriteWriter.write} takes). */
  public Map<String, Object> toMap(Object record) {
    Map<String, Object> m = new LinkedHashMap<>(slots.size() * 2);
    for (int i = 0; i < slots.size(); i++) {
      Slot s = slots.get(i);
      Object v = get(record, i);
      if (v == null) {
        continue;
      }
      if (s.kind == Kind.RECORD) {
        v = s.record.toMap(v);
      } else if (s.kind == Kind.LIST && s.element == Kind.RECORD) {
        List<?> in = (List<?>) v;
        List<Object> out = new ArrayList<>(in.size());
        for (Object e : in) {
          out.add(s.record.toMap(e));
        }
        v = out;
      }
      m.put(s.name, v);
    }
    return m;
  }

  /**
   * The columns a sub-schema query can pick, as paths: every leaf reached through nested
   * records ({@code order.customer.name}), and each list as one unit (its elements are read
   * whole).
   */
  public List<String> leafPaths() {
    List<String> out = new ArrayList<>();
    collectLeaves("", out);
    return out;
  }

  private void collectLeaves(String prefix, List<String> out) {
    for (Slot s : slots) {
      if (s.kind == Kind.RECORD) {
        s.record.collectLeaves(prefix + s.name + ".", out);
      } else {
        out.add(prefix + s.name);
      }
    }
  }
}
