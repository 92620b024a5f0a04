package io.dendrite.parquet.variant.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;

/**
 * The components of a Java record class, looked up once per class: names in declaration order
 * and accessors as method handles, so that reading a component costs one handle call, not a
 * reflective one. Records written as VARIANT objects ({@link VariantJava#write}) and as
 * columns (the writer's record rows) read their components through it.
 */
public final class RecordAccessors {
  private static final ClassValue<RecordAccessors> ACCESSORS = new ClassValue<>() {
    @Override
    protected RecordAccessors computeValue(Class<?> type) {
      return new RecordAccessors(type);
    }
  };

  private final Class<?> type;
  private final String[] names;
  private final MethodHandle[] getters;
  /** The accessors as they are typed: (record class) component class. */
  private final MethodHandle[] exact;

  private RecordAccessors(Class<?> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    this.type = type;
    RecordComponent[] components = type.getRecordComponents();
    names = new String[components.length];
    getters = new MethodHandle[components.length];
    exact = new MethodHandle[components.length];
    MethodType generic = MethodType.methodType(Object.class, Object.class);
    for (int i = 0; i < components.length; i++) {
      names[i] = components[i].getName();
      Method accessor = components[i].getAccessor();
      try {
        // Records declared private or in a test's class body are not public: open the accessor
        // as the read side opens their constructors.
        accessor.setAccessible(true);
        exact[i] = MethodHandles.lookup().unreflect(accessor);
        getters[i] = exact[i].asType(generic);
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new IllegalArgumentException("cannot read " + type.getName() + "." + names[i]
            + ": " + e, e);
      }
    }
  }

  /** The accessors of a record class. */
  public static RecordAccessors of(Class<?> type) {
    return ACCESSORS.get(type);
  }

  /** The number of components. */
  public int size() {
    return names.length;
  }

  /** The name of component {@code i}. */
  public String name(int i) {
    return names[i];
  }

  /** Component {@code i} of {@code record} (boxed when primitive). */
  public Object get(Object record, int i) {
    try {
      return getters[i].invokeExact(record);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) { // accessors declare no checked exceptions (JLS 8.10.3)
      throw new IllegalStateException(type.getName() + "." + names[i] + ": " + e, e);
    }
  }

  /** The accessor of component {@code i}, typed (record class) component class. */
  public MethodHandle accessor(int i) {
    return exact[i];
  }
}
