package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.KeyIds;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Java records as projections: each component names a path (a nested record component names a
 * struct or a variant object, so {@code record Row(long id, Nested nested)} with
 * {@code record Nested(String varcategory)} selects {@code id} and {@code nested.varcategory}),
 * and rows convert into the record with the typed getters' cast rules.
 *
 * <p>Compiled once per record type and read ({@link RowShape#mapping}): each component is bound
 * to its row slot and to a conversion chosen for its declared type, and the constructor is a
 * method handle, so a row costs its conversions and one constructor call.
 */
public final class RecordMapping<R> {
  /** Converts a value as {@link DendriteRow#get} returns it (never null) to a target type. */
  private interface Conversion {
    Object apply(Object value, Where path);
  }

  /**
   * Where a value sits, for error messages only: composed into text when a conversion fails,
   * so that converting a list element or struct field does not build a path string.
   */
  private record Where(Where parent, String name, int index) {
    static Where of(String path) {
      return new Where(null, path, -1);
    }

    Where field(String field) {
      return new Where(this, field, -1);
    }

    Where element(int i) {
      return new Where(this, null, i);
    }

    @Override
    public String toString() {
      String head = parent == null ? "" : parent.toString();
      if (name == null) {
        return head + "[" + index + "]";
      }
      return parent == null || head.isEmpty() ? name : head + "." + name;
    }
  }

  final Class<R> type;
  private final Component[] components;
  private final MethodHandle constructor;
  /**
   * Where each component sits in the structs last converted ({@link #fromStruct}). Not
   * volatile: the holder is immutable, and a thread that misses another's update only
   * computes it again.
   */
  private FieldPositions positions;

  /** For a struct's field names, the field index of each component (-1: no such field). */
  private record FieldPositions(String[] names, int[] at) {}

  /** The dictionary ids of the component names, for {@link #fromObject}. */
  private final KeyIds keyIds;

  /**
   * One record component: a row slot (top level), read by {@code reader}, or a field name,
   * converted by {@code conversion}; or a nested record of the row ({@code nested}).
   */
  private record Component(String name, String path, int slot, Class<?> type,
      RecordMapping<?> nested, Conversion conversion, SlotReader reader) {}

  private RecordMapping(Class<R> type, Component[] components) {
    this.type = type;
    this.components = components;
    this.keyIds = new KeyIds(Arrays.stream(components).map(Component::name)
        .toArray(String[]::new));
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < types.length; i++) {
      types[i] = components[i].type;
    }
    try {
      Constructor<R> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      this.constructor = MethodHandles.lookup().unreflectConstructor(ctor)
          .asSpreader(Object[].class, types.length)
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": " + e, e);
    }
  }

  /** The paths a record type selects. */
  public static List<String> paths(Class<?> type) {
    List<String> out = new ArrayList<>();
    collect(type, "", out);
    return out;
  }

  private static void collect(Class<?> type, String prefix, List<String> out) {
    requireRecord(type);
    for (RecordComponent c : type.getRecordComponents()) {
      String path = prefix + c.getName();
      if (c.getType().isRecord()) {
        collect(c.getType(), path + ".", out);
      } else {
        out.add(path);
      }
    }
  }

  /**
   * The mapping of rows of {@code shape} to {@code type}.
   *
   * @throws IllegalArgumentException when a component's path was not selected
   */
  static <R> RecordMapping<R> forRows(Class<R> type, RowShape shape) {
    return forRows(type, shape, "");
  }

  private static <R> RecordMapping<R> forRows(Class<R> type, RowShape shape, String prefix) {
    requireRecord(type);
    RecordComponent[] rc = type.getRecordComponents();
    Component[] components = new Component[rc.length];
    for (int i = 0; i < rc.length; i++) {
      String path = prefix + rc[i].getName();
      if (rc[i].getType().isRecord()) {
        components[i] = new Component(rc[i].getName(), path, -1, rc[i].getType(),
            forRows(rc[i].getType(), shape, path + "."), null, null);
      } else {
        Integer slot = shape.index.get(path);
        if (slot == null) {
          throw new IllegalArgumentException("'" + path + "' (component " + type.getSimpleName()
              + "." + rc[i].getName() + ") was not selected; selected: " + shape.names);
        }
        components[i] = new Component(rc[i].getName(), path, slot, rc[i].getType(), null,
            null, slotReader(rc[i].getGenericType(), path, shape, slot));
      }
    }
    return new RecordMapping<>(type, components);
  }

  /** A record built from the fields of a struct or variant object, by component name. */
  private static <R> RecordMapping<R> forFields(Class<R> type) {
    RecordComponent[] rc = type.getRecordComponents();
    Component[] components = new Component[rc.length];
    for (int i = 0; i < rc.length; i++) {
      components[i] = new Component(rc[i].getName(), rc[i].getName(), -1, rc[i].getType(),
          null, conversion(rc[i].getGenericType()), null);
    }
    return new RecordMapping<>(type, components);
  }

  private static void requireRecord(Class<?> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
  }

  /** Builds a record from a row of the shape this mapping was made for. */
  public R build(DendriteRow row) {
    return build(row, true);
  }

  private R build(DendriteRow row, boolean top) {
    Object[] args = new Object[components.length];
    boolean any = false;
    for (int i = 0; i < args.length; i++) {
      Component c = components[i];
      if (c.nested != null) {
        args[i] = c.nested.build(row, false);
      } else {
        args[i] = Rows.access().component(row, c.slot, c.reader);
      }
      any |= args[i] != null;
    }
    if (!any && !top) {
      return null; // a nested record with nothing in it: the struct or object is absent
    }
    return construct(args, null);
  }

  /** Builds a record from a struct's fields, taken by position. */
  private R fromStruct(StructValue struct, Where path) {
    int[] at = positions(struct.names);
    return fromComponents(i -> at[i] < 0 ? null : struct.value(at[i]), path);
  }

  /**
   * The field index of each component in structs with field names {@code names}: computed
   * once per struct reader (its values share one names array), and again only when another
   * reader's names differ.
   */
  private int[] positions(String[] names) {
    FieldPositions p = positions;
    if (p != null && (p.names == names || Arrays.equals(p.names, names))) {
      return p.at;
    }
    int[] at = new int[components.length];
    for (int i = 0; i < at.length; i++) {
      at[i] = Arrays.asList(names).indexOf(components[i].name);
    }
    positions = new FieldPositions(names, at);
    return at;
  }

  /**
   * Builds a record from a variant object's fields. Under a sorted dictionary, which holds each
   * key once, the fields are found by the ids of the component names ({@link KeyIds}):
   * comparing ints instead of UTF-8 keys in each object.
   */
  private R fromObject(VariantValue object, Where path) {
    VariantMetadata m = object.metadata();
    if (!m.isSorted()) {
      return fromFields(object::field, path);
    }
    int[] found = keyIds.in(m);
    return fromComponents(i -> object.fieldOfId(found[i]), path);
  }

  /** Builds a record from a struct ({@code Map}) or a variant object's fields, by name. */
  private R fromFields(Function<String, Object> field, Where path) {
    return fromComponents(i -> field.apply(components[i].name), path);
  }

  /** Builds a record from each component's field value ({@code valueOf(i)}, null: none). */
  private R fromComponents(IntFunction<Object> valueOf, Where path) {
    Object[] args = new Object[components.length];
    for (int i = 0; i < args.length; i++) {
      Component c = components[i];
      Object v = valueOf.apply(i);
      args[i] = v == null ? null : c.conversion.apply(v, path.field(c.name));
    }
    return construct(args, path);
  }

  private R construct(Object[] args, Where path) {
    for (int i = 0; i < args.length; i++) {
      if (args[i] == null && components[i].type.isPrimitive()) {
        String at = path == null ? components[i].path
            : path.field(components[i].name).toString();
        throw new IllegalArgumentException("'" + at + "' is null in this row but "
            + type.getSimpleName() + "." + components[i].name + " is a primitive "
            + components[i].type.getName());
      }
    }
    try {
      Object built = (Object) constructor.invokeExact(args);
      return type.cast(built);
    } catch (RuntimeException | Error e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": "
          + e.getMessage(), e);
    } catch (Throwable e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": " + e, e);
    }
  }

  /**
   * The class whose instances a component of type {@code target} takes as they are: its boxed
   * class (a primitive component receives the boxed value), or null for a parameterized type
   * whose elements need converting.
   */
  private static Class<?> exactClass(Type target) {
    return target instanceof ParameterizedType ? null
        : MethodType.methodType(rawClass(target)).wrap().returnType();
  }

  /**
   * Reads one component from its slot's vector: a value of the component's class as it is; a
   * typed leaf's Java value cast directly where it can be, as the typed getter does
   * ({@code SlotValues.typed}: the same cast as its variant's, without encoding one per row);
   * else the value as {@code get} gives it, converted. {@link #build} reads rows through it,
   * and generated assemblers the vectors of paths they do not assemble themselves (paths into
   * variants, say).
   */
  public static final class SlotReader {
    private final Class<?> exact;
    private final TypedCast<?> leafCast;
    private final Conversion conversion;
    private final Where where;

    private SlotReader(Type target, String path, boolean typedLeaf) {
      Class<?> e = exactClass(target);
      this.exact = e == Object.class ? null : e;
      this.leafCast = typedLeaf ? TypedCast.to(rawClass(target)) : null;
      this.conversion = conversion(target);
      this.where = Where.of(path);
    }

    /** The component's value (boxed), or null. */
    public Object read(ColumnVector v, int row) {
      Object raw = v.raw(row);
      if (exact != null && exact.isInstance(raw)) {
        return raw;
      }
      Object quick;
      if (leafCast != null && (quick = SlotValues.leafShortcut(raw, leafCast)) != null) {
        return quick;
      }
      Object value = v.get(row);
      return value == null ? null : conversion.apply(value, where);
    }
  }

  /** The reader of a component of type {@code target} from slot {@code slot} of {@code shape}. */
  public static SlotReader slotReader(Type target, String path, RowShape shape, int slot) {
    return new SlotReader(target, path, shape.leafTypes[slot] != null);
  }

  /**
   * The conversion of a value as rows hold it (never null) to {@code target}, with this
   * mapping's cast rules; {@code path} names the value in errors. For generated assemblers,
   * which read values of other classes than the component's through it.
   */
  public static Function<Object, Object> conversion(Type target, String path) {
    Conversion c = conversion(target);
    Where where = Where.of(path);
    return value -> c.apply(value, where);
  }

  /**
   * Whether {@code target} is the type of one of the typed getters' casts (String, long, int,
   * double, boolean, BigDecimal, Instant, LocalDate, boxed or not): the component types a
   * generated assembler reads from a shredded variant's leaves.
   */
  public static boolean castable(Class<?> target) {
    return TypedCast.to(target) != null;
  }

  /**
   * The conversion of a shredded {@code typed_value} leaf's Java value (never null, of
   * {@code leafType}) to a {@link #castable} {@code target}: the typed getters' cast of the value
   * ({@link TypedCast#ofJava}), else the cast of the variant it stands for. The same result as
   * reading the leaf's slot ({@link SlotReader}) and as converting the reassembled variant, for
   * generated assemblers that read the leaf itself; the caller takes a value of the target's
   * class as it is.
   */
  public static Function<Object, Object> typedLeafConversion(Class<?> target, String path,
      ShreddedPrimitive leafType) {
    TypedCast<?> cast = TypedCast.to(target);
    if (cast == null) {
      throw new IllegalArgumentException(target.getName() + " is not castable");
    }
    Conversion c = conversion(target);
    Where where = Where.of(path);
    return value -> {
      Object quick = cast.ofJava(value);
      return quick != null ? quick : c.apply(TypedLeafValues.toVariant(leafType, value), where);
    };
  }

  /** The conversion to {@code target}, chosen once. */
  private static Conversion conversion(Type target) {
    Class<?> raw = rawClass(target);
    Class<?> exact = exactClass(target);
    Conversion fromVariant = fromVariant(target, raw);
    Conversion fromJava = fromJava(target, raw);
    return (value, path) -> {
      if (exact != null && exact.isInstance(value)) {
        return value;
      }
      try {
        return value instanceof VariantValue ? fromVariant.apply(value, path)
            : fromJava.apply(value, path);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("'" + path + "': cannot convert "
            + value.getClass().getSimpleName() + " to " + target.getTypeName() + ": "
            + e.getMessage(), e);
      }
    };
  }

  private static Conversion fromVariant(Type target, Class<?> raw) {
    TypedCast<?> typed = TypedCast.to(raw);
    Function<VariantValue, Object> cast = typed == null ? null : typed::ofVariant;
    if (cast == null && raw.isRecord()) {
      RecordMapping<?> fields = forFields(raw);
      return (value, path) -> {
        VariantValue v = (VariantValue) value;
        if (v.isNull()) {
          return null;
        }
        if (v.type() != VariantType.OBJECT) {
          throw unsupported();
        }
        return fields.fromObject(v, path);
      };
    }
    if (cast == null && List.class.isAssignableFrom(raw)) {
      Conversion element = conversion(typeArgument(target, 0));
      return (value, path) -> {
        VariantValue v = (VariantValue) value;
        if (v.isNull()) {
          return null;
        }
        if (v.type() != VariantType.ARRAY) {
          throw unsupported();
        }
        List<Object> out = new ArrayList<>(v.arraySize());
        for (int i = 0; i < v.arraySize(); i++) {
          out.add(convert(element, v.element(i), path.element(i)));
        }
        return out;
      };
    }
    Function<VariantValue, Object> to = cast != null ? cast
        : raw.isEnum() ? v -> enumConstant(raw, v.getString())
        : raw == Object.class || Map.class.isAssignableFrom(raw) ? VariantValue::toJava : null;
    return (value, path) -> {
      VariantValue v = (VariantValue) value;
      if (v.isNull()) {
        return null;
      }
      if (to == null) {
        throw unsupported();
      }
      return to.apply(v);
    };
  }

  private static Conversion fromJava(Type target, Class<?> raw) {
    if (raw.isRecord()) {
      RecordMapping<?> fields = forFields(raw);
      return (value, path) -> {
        if (value instanceof StructValue struct) {
          return fields.fromStruct(struct, path);
        }
        if (!(value instanceof Map<?, ?> m)) {
          throw unsupported();
        }
        return fields.fromFields(m::get, path);
      };
    }
    if (List.class.isAssignableFrom(raw)) {
      Conversion element = conversion(typeArgument(target, 0));
      return (value, path) -> {
        if (!(value instanceof List<?> in)) {
          throw unsupported();
        }
        List<Object> out = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
          out.add(convert(element, in.get(i), path.element(i)));
        }
        return out;
      };
    }
    if (Map.class.isAssignableFrom(raw)) {
      Conversion entry = conversion(typeArgument(target, 1));
      return (value, path) -> {
        if (!(value instanceof Map<?, ?> in)) {
          throw unsupported();
        }
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : in.entrySet()) {
          out.put(e.getKey(), convert(entry, e.getValue(), path.field(String.valueOf(e.getKey()))));
        }
        return out;
      };
    }
    return (value, path) -> {
      if (value instanceof Number n) {
        if (raw == Long.class || raw == long.class) {
          return n.longValue();
        }
        if ((raw == Integer.class || raw == int.class) && n.longValue() == n.intValue()) {
          return n.intValue();
        }
        if (raw == Double.class || raw == double.class) {
          return n.doubleValue();
        }
        if (raw == BigDecimal.class) {
          return new BigDecimal(n.toString());
        }
      }
      if (raw == String.class) {
        return String.valueOf(value);
      }
      if (raw.isEnum() && value instanceof String name) {
        return enumConstant(raw, name);
      }
      if (raw == Boolean.class && value instanceof Boolean || raw == boolean.class) {
        return value;
      }
      throw unsupported();
    };
  }

  /** The constant of an enum by its name, as the writer stores enums (a string column). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, String name) {
    if (name == null) {
      throw new IllegalArgumentException("not a string");
    }
    return Enum.valueOf((Class) type, name);
  }

  private static Object convert(Conversion c, Object value, Where path) {
    return value == null ? null : c.apply(value, path);
  }

  private static IllegalArgumentException unsupported() {
    return new IllegalArgumentException("unsupported target type");
  }

  private static Class<?> rawClass(Type t) {
    if (t instanceof Class) {
      return (Class<?>) t;
    }
    if (t instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) t).getRawType();
    }
    return Object.class;
  }

  private static Type typeArgument(Type t, int i) {
    return t instanceof ParameterizedType
        ? ((ParameterizedType) t).getActualTypeArguments()[i] : Object.class;
  }
}
