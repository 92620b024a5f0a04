package io.dendrite.parquet.schema.internal;

import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Decimal;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.RecordSchema.NotNull;
import io.dendrite.parquet.variant.VariantValue;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The record schema of a Java record class ({@link RecordSchema#ofRecord}): one field per
 * component, in declaration order, typed as the README's "Java records" table says. Derived
 * once per class. The write side walks the same components in the same order next to these
 * fields, so a field's position is its component's.
 */
public final class RecordClassSchema {
  private static final ClassValue<RecordSchema> SCHEMAS = new ClassValue<>() {
    @Override
    protected RecordSchema computeValue(Class<?> type) {
      return RecordSchema.of(fields(type, new HashSet<>()));
    }
  };

  /** Component classes stored as one primitive (or variant) column. */
  private static final Map<Class<?>, FieldType> PRIMITIVES = Map.ofEntries(
      Map.entry(boolean.class, FieldType.bool()), Map.entry(Boolean.class, FieldType.bool()),
      Map.entry(int.class, FieldType.int32()), Map.entry(Integer.class, FieldType.int32()),
      Map.entry(long.class, FieldType.int64()), Map.entry(Long.class, FieldType.int64()),
      Map.entry(float.class, FieldType.float32()), Map.entry(Float.class, FieldType.float32()),
      Map.entry(double.class, FieldType.float64()),
      Map.entry(Double.class, FieldType.float64()),
      Map.entry(String.class, FieldType.string()), Map.entry(byte[].class, FieldType.binary()),
      Map.entry(LocalDate.class, FieldType.date()), Map.entry(LocalTime.class, FieldType.time()),
      Map.entry(Instant.class, FieldType.timestamp()),
      Map.entry(LocalDateTime.class, FieldType.timestampNtz()),
      Map.entry(UUID.class, FieldType.uuid()), Map.entry(VariantValue.class, FieldType.variant()));

  private RecordClassSchema() {}

  /**
   * The schema of {@code type}.
   *
   * @throws IllegalArgumentException for a class that is not a record, or a component whose
   *     type has no column type, naming the record class and the component
   */
  public static RecordSchema of(Class<?> type) {
    return SCHEMAS.get(type);
  }

  private static List<Field> fields(Class<?> type, Set<Class<?>> enclosing) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    if (!enclosing.add(type)) {
      throw new IllegalArgumentException(type.getName()
          + " contains itself: a recursive record has no Parquet schema");
    }
    RecordComponent[] components = type.getRecordComponents();
    if (components.length == 0) {
      throw new IllegalArgumentException(type.getName()
          + " has no components: a Parquet struct needs at least one field");
    }
    List<Field> fields = new ArrayList<>(components.length);
    for (RecordComponent c : components) {
      String where = type.getName() + "." + c.getName();
      AnnotatedType t = c.getAnnotatedType();
      FieldType fieldType = type(t, c, where, enclosing);
      fields.add(new Field(c.getName(), fieldType, nullable(t, c)));
    }
    enclosing.remove(type);
    return fields;
  }

  /**
   * Primitives are required, references nullable unless marked {@link NotNull} (on the
   * component, or on the type where a type argument is meant: {@code List<@NotNull String>}).
   */
  private static boolean nullable(AnnotatedType t, AnnotatedElement declaration) {
    return !(t.getType() instanceof Class<?> c && c.isPrimitive())
        && !t.isAnnotationPresent(NotNull.class)
        && (declaration == null || !declaration.isAnnotationPresent(NotNull.class));
  }

  /**
   * The column type of a component or type argument {@code t}; {@code declaration} is the
   * component (for its declaration annotations), null for a type argument.
   */
  private static FieldType type(AnnotatedType t, AnnotatedElement declaration, String where,
      Set<Class<?>> enclosing) {
    Class<?> raw = rawClass(t);
    FieldType primitive = raw == null ? null : PRIMITIVES.get(raw);
    if (primitive != null) {
      return primitive;
    }
    if (raw != null && raw.isEnum()) {
      return FieldType.string(); // by name, which select(Class) maps back to the constant
    }
    if (raw == BigDecimal.class) {
      Decimal d = annotation(t, declaration, Decimal.class);
      if (d == null) {
        throw new IllegalArgumentException(where + ": a BigDecimal needs its column's precision"
            + " and scale: annotate it @RecordSchema.Decimal(precision = P, scale = S)");
      }
      try {
        return FieldType.decimal(d.precision(), d.scale());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    if (raw != null && raw.isRecord()) {
      return new StructType(fields(raw, enclosing));
    }
    if ((raw == List.class || raw == Map.class)
        && t instanceof AnnotatedParameterizedType p) {
      AnnotatedType[] args = p.getAnnotatedActualTypeArguments();
      if (raw == Map.class && args[0].getType() != String.class) {
        throw unsupported(t, where);
      }
      AnnotatedType last = args[args.length - 1];
      FieldType element = type(last, null, where + (raw == List.class ? "[]" : "{}"),
          enclosing);
      return raw == List.class ? FieldType.list(element, nullable(last, null))
          : FieldType.map(FieldType.string(), element, nullable(last, null));
    }
    throw unsupported(t, where);
  }

  private static IllegalArgumentException unsupported(AnnotatedType t, String where) {
    return new IllegalArgumentException(where + ": unsupported component type "
        + t.getType().getTypeName() + "; supported: boolean, int, long, float, double (or"
        + " boxed), String, byte[], BigDecimal, LocalDate, LocalTime, Instant, LocalDateTime,"
        + " UUID, enums, VariantValue, records, List<T> and Map<String, T> of these");
  }

  private static <A extends java.lang.annotation.Annotation> A annotation(AnnotatedType t,
      AnnotatedElement declaration, Class<A> kind) {
    A a = t.getAnnotation(kind);
    return a != null || declaration == null ? a : declaration.getAnnotation(kind);
  }

  private static Class<?> rawClass(AnnotatedType t) {
    if (t.getType() instanceof Class<?> c) {
      return c;
    }
    return t.getType() instanceof ParameterizedType p ? (Class<?>) p.getRawType() : null;
  }
}
