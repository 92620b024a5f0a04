package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantCasts;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Java records as projections: each component names a path (a nested record component names a
 * struct or a variant object, so {@code record Row(long id, Nested nested)} with
 * {@code record Nested(String varcategory)} selects {@code id} and {@code nested.varcategory}),
 * and rows convert into the record with the typed getters' cast rules.
 */
final class RecordMapping {
  private RecordMapping() {}

  /** The paths a record type selects. */
  static List<String> paths(Class<?> type) {
    List<String> out = new ArrayList<>();
    collect(type, "", out);
    return out;
  }

  private static void collect(Class<?> type, String prefix, List<String> out) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    for (RecordComponent c : type.getRecordComponents()) {
      String path = prefix + c.getName();
      if (c.getType().isRecord()) {
        collect(c.getType(), path + ".", out);
      } else {
        out.add(path);
      }
    }
  }

  /** Builds a record from a row whose selection included {@link #paths(Class)}. */
  static <R> R build(DendriteRow row, Class<R> type) {
    return build(row, type, "");
  }

  private static <R> R build(DendriteRow row, Class<R> type, String prefix) {
    RecordComponent[] components = type.getRecordComponents();
    Object[] args = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    boolean any = false;
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      types[i] = c.getType();
      String path = prefix + c.getName();
      if (c.getType().isRecord()) {
        args[i] = build(row, c.getType(), path + ".");
      } else {
        args[i] = convert(row.get(path), c.getGenericType(), path);
        if (args[i] == null && c.getType().isPrimitive()) {
          throw new IllegalArgumentException("'" + path + "' is null in this row but "
              + type.getSimpleName() + "." + c.getName() + " is a primitive "
              + c.getType().getName());
        }
      }
      any |= args[i] != null;
    }
    if (!any && !prefix.isEmpty()) {
      return null; // a nested record with nothing in it: the struct or object is absent
    }
    try {
      Constructor<R> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": "
          + e.getCause().getMessage(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": " + e, e);
    }
  }

  private static Object convert(Object value, Type target, String path) {
    if (value == null) {
      return null;
    }
    Class<?> raw = rawClass(target);
    if (raw.isInstance(value) && !(target instanceof ParameterizedType)) {
      return value;
    }
    try {
      if (value instanceof VariantValue) {
        return fromVariant((VariantValue) value, target, raw, path);
      }
      return fromJava(value, target, raw, path);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("'" + path + "': cannot convert "
          + value.getClass().getSimpleName() + " to " + target.getTypeName() + ": "
          + e.getMessage(), e);
    }
  }

  private static Object fromVariant(VariantValue v, Type target, Class<?> raw, String path) {
    if (v.isNull()) {
      return null;
    }
    if (raw == String.class) {
      return VariantCasts.toText(v);
    }
    if (raw == Long.class || raw == long.class) {
      return VariantCasts.toLong(v);
    }
    if (raw == Integer.class || raw == int.class) {
      return VariantCasts.toInt(v);
    }
    if (raw == Double.class || raw == double.class) {
      return VariantCasts.toDouble(v);
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return VariantCasts.toBoolean(v);
    }
    if (raw == BigDecimal.class) {
      return VariantCasts.toDecimal(v);
    }
    if (raw == Instant.class) {
      return VariantCasts.toInstant(v);
    }
    if (raw == LocalDate.class) {
      return VariantCasts.toLocalDate(v);
    }
    if (raw.isRecord() && v.type() == VariantType.OBJECT) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (String k : v.keys()) {
        fields.put(k, v.field(k));
      }
      return fromMap(fields, raw, path);
    }
    if (List.class.isAssignableFrom(raw) && v.type() == VariantType.ARRAY) {
      Type element = typeArgument(target, 0);
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < v.arraySize(); i++) {
        out.add(convert(v.element(i), element, path + "[" + i + "]"));
      }
      return out;
    }
    if (raw == Object.class || Map.class.isAssignableFrom(raw)) {
      return v.toJava();
    }
    throw new IllegalArgumentException("unsupported target type");
  }

  private static Object fromJava(Object value, Type target, Class<?> raw, String path) {
    if (raw.isRecord() && value instanceof Map) {
      return fromMap((Map<?, ?>) value, raw, path);
    }
    if (List.class.isAssignableFrom(raw) && value instanceof List) {
      Type element = typeArgument(target, 0);
      List<Object> out = new ArrayList<>();
      List<?> in = (List<?>) value;
      for (int i = 0; i < in.size(); i++) {
        out.add(convert(in.get(i), element, path + "[" + i + "]"));
      }
      return out;
    }
    if (Map.class.isAssignableFrom(raw) && value instanceof Map) {
      Type valueType = typeArgument(target, 1);
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        out.put(e.getKey(), convert(e.getValue(), valueType, path + "." + e.getKey()));
      }
      return out;
    }
    if (value instanceof Number) {
      Number n = (Number) value;
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
    if (raw == Boolean.class && value instanceof Boolean || raw == boolean.class) {
      return value;
    }
    throw new IllegalArgumentException("unsupported target type");
  }

  private static Object fromMap(Map<?, ?> fields, Class<?> type, String path) {
    RecordComponent[] components = type.getRecordComponents();
    Object[] args = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      args[i] = convert(fields.get(components[i].getName()), components[i].getGenericType(),
          path + "." + components[i].getName());
    }
    try {
      Constructor<?> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot build " + type.getSimpleName() + ": " + e, e);
    }
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
