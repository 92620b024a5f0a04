package io.dendrite.parquet.write.internal.records;

import io.dendrite.parquet.codegen.internal.GeneratedClasses;
import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.variant.internal.RecordAccessors;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;

/**
 * Writes the bytecode of one {@link RecordWriter} subclass for a record type and the Parquet
 * schema of its file: a method per record, list and map node, straight-line over the
 * components. Each component's leaves, and the definition level of each null, are constants
 * worked out here from the schema; the repetition level is a method argument (0 at the top,
 * the list's or map's level after its first element). A primitive component is read into a
 * local as its accessor returns it, never boxed.
 *
 * <p>A record class the generated class can name ({@link GeneratedClasses#nameable}) has its
 * accessors called directly; any other through method handles held in static final fields
 * (class data of the hidden class), which the JIT treats as constants.
 */
final class RecordWriterGenerator {
  /** The internal name of the class written (a hidden class gets a suffix when defined). */
  static final String NAME = Type.getInternalName(RecordWriter.class) + "$Generated";

  private static final Type SELF = Type.getObjectType(NAME);
  private static final Type BASE = Type.getType(RecordWriter.class);
  private static final Type RECORDER = Type.getType(LevelRecorder.class);
  private static final Type SINK = Type.getType(ValueSink.class);
  private static final Type OBJECT = Type.getType(Object.class);
  private static final Type STRING = Type.getType(String.class);
  private static final Type ITERATOR = Type.getType(Iterator.class);
  private static final Type LIST = Type.getType(List.class);
  private static final Type MAP = Type.getType(Map.class);
  private static final Type ENTRY = Type.getType(Map.Entry.class);
  private static final Type METHOD_HANDLE = Type.getType(MethodHandle.class);
  /** A node method: {@code (Object value, int r)}, r the repetition level of its entries. */
  private static final String NODE_DESCRIPTOR = "(Ljava/lang/Object;I)V";
  /** The repetition level is the node method's argument, not a local ({@link #loadR}). */
  private static final int ARG_R = -1;
  private static final Method ADD_NULLS = Method.getMethod("void addNulls(int, int, int, int)");
  private static final Method ADD_STRING = Method.getMethod("void addString(int, int, String)");
  private static final Method ADD_BYTES = Method.getMethod("void addBytes(int, int, byte[])");
  private static final Method ADD_INTEGER = Method.getMethod("void addInteger(int, int, int)");
  private static final Method NULL_REQUIRED =
      Method.getMethod("RuntimeException nullRequired()");
  /** The constructor of the generated class, as {@link RecordWriters} calls it. */
  static final java.lang.invoke.MethodType INIT_TYPE = java.lang.invoke.MethodType.methodType(
      void.class, LevelRecorder.class, ValueSink[].class);
  private static final Method INIT = new Method("<init>", INIT_TYPE.toMethodDescriptorString());

  private final Class<?> type;
  private final List<Field> fields;
  private final MessageType parquet;
  private final ClassWriter writer;
  /** Node methods still to write. */
  private final Deque<NodeMethod> pending = new ArrayDeque<>();
  private int methods;
  /** What each sink field {@code k<i>} is for. */
  final List<SinkSpec> sinks = new ArrayList<>();
  /** Accessors called through method handles: the class data, a static field each. */
  final List<MethodHandle> handles = new ArrayList<>();

  /**
   * A method to write: a record (struct), list or map at a place in the schema.
   *
   * @param def the definition level of the node's value (present)
   * @param rep the repetition level of the node's context (its enclosing repeated fields)
   * @param firstLeaf the index of its first leaf column
   */
  private record NodeMethod(String name, FieldType type, java.lang.reflect.Type javaType,
      org.apache.parquet.schema.Type parquet, int def, int rep, int firstLeaf,
      String[] parquetPath, String fieldPath) {}

  RecordWriterGenerator(Class<?> type, List<Field> fields, MessageType parquet) {
    this.type = type;
    this.fields = fields;
    this.parquet = parquet;
    this.writer = GeneratedClasses.classWriter();
  }

  /** The class file. */
  byte[] generate() {
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, NAME,
        null, BASE.getInternalName(), null);
    writer.visitSource("generated record writer of " + type.getName(), null);
    String root = node(new StructType(fields), type, parquet, 0, 0, 0, new String[0], "");
    writeMethod(root);
    while (!pending.isEmpty()) {
      nodeMethod(pending.poll());
    }
    for (int i = 0; i < sinks.size(); i++) {
      writer.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, "k" + i, SINK.getDescriptor(),
          null, null).visitEnd();
    }
    constructor();
    GeneratedClasses.handleFields(writer, SELF, handles.size());
    writer.visitEnd();
    return writer.toByteArray();
  }

  private void constructor() {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PUBLIC, INIT, null, null, writer);
    g.loadThis();
    g.loadArg(0);
    g.invokeConstructor(BASE, new Method("<init>", Type.VOID_TYPE, new Type[] {RECORDER}));
    for (int i = 0; i < sinks.size(); i++) {
      g.loadThis();
      g.loadArg(1);
      g.push(i);
      g.arrayLoad(SINK);
      g.putField(SELF, "k" + i, SINK);
    }
    g.returnValue();
    g.endMethod();
  }

  /** {@code write(record)}: the root record at repetition level 0. */
  private void writeMethod(String root) {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PUBLIC,
        Method.getMethod("void write(Object)"), null, null, writer);
    g.loadThis();
    g.loadArg(0);
    g.push(0);
    invokeNode(g, root);
    g.returnValue();
    g.endMethod();
  }

  /** Queues the method of a struct, list or map node and returns its name. */
  private String node(FieldType type, java.lang.reflect.Type javaType,
      org.apache.parquet.schema.Type parquet, int def, int rep, int firstLeaf,
      String[] parquetPath, String fieldPath) {
    String name = "n" + methods++;
    pending.add(new NodeMethod(name, type, javaType, parquet, def, rep, firstLeaf, parquetPath,
        fieldPath));
    return name;
  }

  private static void invokeNode(GeneratorAdapter g, String name) {
    g.visitMethodInsn(Opcodes.INVOKESPECIAL, NAME, name, NODE_DESCRIPTOR, false);
  }

  private void nodeMethod(NodeMethod n) {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PRIVATE,
        new Method(n.name, NODE_DESCRIPTOR), null, null, writer);
    if (n.type instanceof StructType s) {
      struct(g, n, s);
    } else if (n.type instanceof ListType l) {
      list(g, n, l);
    } else {
      map(g, n, (MapType) n.type);
    }
    g.returnValue();
    g.endMethod();
  }

  /** Each component of a record, its leaves one after another. */
  private void struct(GeneratorAdapter g, NodeMethod n, StructType s) {
    Class<?> recordClass = rawClass(n.javaType);
    RecordComponent[] components = recordClass.getRecordComponents();
    RecordAccessors accessors = RecordAccessors.of(recordClass);
    boolean direct = GeneratedClasses.nameable(recordClass);
    GroupType group = n.parquet.asGroupType();
    int record = g.newLocal(OBJECT);
    g.loadArg(0);
    g.storeLocal(record);
    int leaf = n.firstLeaf;
    // The schema has a field per component, in component order (RecordClassSchema).
    for (int i = 0; i < components.length; i++) {
      Field f = s.fields().get(i);
      org.apache.parquet.schema.Type p = group.getType(i);
      Class<?> raw = components[i].getType();
      Class<?> local = raw.isPrimitive() ? raw : Object.class;
      if (direct && GeneratedClasses.nameable(raw)) {
        Type owner = Type.getType(recordClass);
        g.loadLocal(record);
        g.checkCast(owner);
        g.invokeVirtual(owner, new Method(components[i].getAccessor().getName(),
            Type.getType(raw), new Type[0]));
      } else {
        handles.add(accessors.accessor(i).asType(
            java.lang.invoke.MethodType.methodType(local, Object.class)));
        GeneratedClasses.loadHandle(g, SELF, handles.size() - 1);
        g.loadLocal(record);
        g.invokeVirtual(METHOD_HANDLE, new Method("invokeExact", Type.getType(local),
            new Type[] {OBJECT}));
      }
      int value = g.newLocal(Type.getType(local));
      g.storeLocal(value);
      value(g, f.type(), components[i].getGenericType(), p, n.def, n.rep, leaf,
          !f.nullable(), value, ARG_R, append(n.parquetPath, p.getName()),
          FieldPath.child(n.fieldPath, f.name()));
      leaf += leafCount(p);
    }
  }

  /**
   * {@code it = list.iterator()}; an empty list is one null entry in each leaf at the list's
   * level; else each element at repetition level {@code r}, then the list's.
   */
  private void list(GeneratorAdapter g, NodeMethod n, ListType l) {
    GroupType repeated = n.parquet.asGroupType().getType(0).asGroupType();
    org.apache.parquet.schema.Type element = repeated.getType(0);
    g.loadArg(0);
    g.checkCast(LIST);
    g.invokeInterface(LIST, Method.getMethod("java.util.Iterator iterator()"));
    repeatedElements(g, n, repeated, it -> {
      int e = g.newLocal(OBJECT);
      g.loadLocal(it);
      g.invokeInterface(ITERATOR, Method.getMethod("Object next()"));
      g.storeLocal(e);
      return e;
    }, (e, r) -> value(g, l.element(), typeArgument(n.javaType, 0), element, n.def + 1,
        n.rep + 1, n.firstLeaf, !l.elementNullable(), e, r,
        append(n.parquetPath, repeated.getName(), element.getName()),
        FieldPath.child(n.fieldPath, FieldPath.LIST_ELEMENT)));
  }

  /** As {@link #list} over the entries: the key into the first leaf, the value after it. */
  private void map(GeneratorAdapter g, NodeMethod n, MapType m) {
    GroupType keyValue = n.parquet.asGroupType().getType(0).asGroupType();
    org.apache.parquet.schema.Type valueType = keyValue.getType(1);
    g.loadArg(0);
    g.checkCast(MAP);
    g.invokeInterface(MAP, Method.getMethod("java.util.Set entrySet()"));
    g.invokeInterface(Type.getType(java.util.Set.class),
        Method.getMethod("java.util.Iterator iterator()"));
    repeatedElements(g, n, keyValue, it -> {
      int entry = g.newLocal(ENTRY);
      g.loadLocal(it);
      g.invokeInterface(ITERATOR, Method.getMethod("Object next()"));
      g.checkCast(ENTRY);
      g.storeLocal(entry);
      return entry;
    }, (entry, r) -> {
      Label keyPresent = new Label();
      int key = g.newLocal(OBJECT);
      g.loadLocal(entry);
      g.invokeInterface(ENTRY, Method.getMethod("Object getKey()"));
      g.dup();
      g.storeLocal(key);
      g.ifNonNull(keyPresent);
      throwNullRequired(g);
      g.mark(keyPresent);
      g.loadThis();
      g.getField(BASE, "rc", RECORDER);
      g.push(n.firstLeaf);
      g.loadLocal(r);
      g.loadLocal(key);
      g.checkCast(STRING);
      g.invokeVirtual(RECORDER, ADD_STRING);
      int value = g.newLocal(OBJECT);
      g.loadLocal(entry);
      g.invokeInterface(ENTRY, Method.getMethod("Object getValue()"));
      g.storeLocal(value);
      value(g, m.value(), typeArgument(n.javaType, 1), valueType, n.def + 1, n.rep + 1,
          n.firstLeaf + 1, !m.valueNullable(), value, r,
          append(n.parquetPath, keyValue.getName(), valueType.getName()),
          FieldPath.child(n.fieldPath, FieldPath.MAP_VALUE));
    });
  }

  private interface Next {
    /** Loads the next element from iterator local {@code it} into a new local, returned. */
    int next(int it);
  }

  private interface Element {
    /** Writes element local {@code e} at the repetition level in int local {@code r}. */
    void write(int e, int r);
  }

  /**
   * With an iterator on the stack: one null entry per leaf of the node when it has no element,
   * else each element, the first at the node's repetition level and the others at its
   * repeated field's ({@code repeated}).
   */
  private void repeatedElements(GeneratorAdapter g, NodeMethod n, GroupType repeated, Next next,
      Element element) {
    int it = g.newLocal(ITERATOR);
    g.storeLocal(it);
    Label some = new Label();
    Label done = new Label();
    g.loadLocal(it);
    g.invokeInterface(ITERATOR, Method.getMethod("boolean hasNext()"));
    g.ifZCmp(GeneratorAdapter.NE, some);
    addNulls(g, n.firstLeaf, n.firstLeaf + leafCount(n.parquet), ARG_R, n.def);
    g.goTo(done);
    g.mark(some);
    int r = g.newLocal(Type.INT_TYPE);
    g.loadArg(1);
    g.storeLocal(r);
    Label loop = g.mark();
    element.write(next.next(it), r);
    g.push(n.rep + 1);
    g.storeLocal(r);
    g.loadLocal(it);
    g.invokeInterface(ITERATOR, Method.getMethod("boolean hasNext()"));
    g.ifZCmp(GeneratorAdapter.NE, loop);
    g.mark(done);
  }

  /**
   * Writes local {@code value} (a Java primitive, else a reference that may be null) of a field
   * whose Parquet node is {@code p}, in a group present at definition level {@code parentDef},
   * at the repetition level {@code r} ({@link #loadR}). A null is one null entry per leaf at
   * {@code parentDef}, or when {@code required} a failure.
   */
  private void value(GeneratorAdapter g, FieldType type, java.lang.reflect.Type javaType,
      org.apache.parquet.schema.Type p, int parentDef, int rep, int leaf, boolean required,
      int value, int r, String[] parquetPath, String fieldPath) {
    Class<?> raw = rawClass(javaType);
    int def = parentDef
        + (p.getRepetition() == org.apache.parquet.schema.Type.Repetition.REQUIRED ? 0 : 1);
    if (raw.isPrimitive()) {
      present(g, type, javaType, p, def, rep, leaf, value, r, parquetPath, fieldPath);
      return;
    }
    Label present = new Label();
    Label done = new Label();
    g.loadLocal(value);
    g.ifNonNull(present);
    if (required) {
      throwNullRequired(g);
    } else {
      addNulls(g, leaf, leaf + leafCount(p), r, parentDef);
      g.goTo(done);
    }
    g.mark(present);
    present(g, type, javaType, p, def, rep, leaf, value, r, parquetPath, fieldPath);
    g.mark(done);
  }

  /** Writes a non-null value (see {@link #value}); {@code def} is its own level. */
  private void present(GeneratorAdapter g, FieldType type, java.lang.reflect.Type javaType,
      org.apache.parquet.schema.Type p, int def, int rep, int leaf, int value, int r,
      String[] parquetPath, String fieldPath) {
    if (type instanceof StructType || type instanceof ListType || type instanceof MapType) {
      String method = node(type, javaType, p, def, rep, leaf, parquetPath, fieldPath);
      g.loadThis();
      g.loadLocal(value);
      loadR(g, r);
      invokeNode(g, method);
      return;
    }
    Class<?> raw = rawClass(javaType);
    Class<?> unboxed = unboxed(raw);
    if (type instanceof PrimitiveFieldType && unboxed != null) {
      g.loadThis();
      g.getField(BASE, "rc", RECORDER);
      g.push(leaf);
      loadR(g, r);
      g.loadLocal(value);
      Type primitive = Type.getType(unboxed);
      if (!raw.isPrimitive()) {
        g.unbox(primitive);
      }
      String name = unboxed == int.class ? "addInteger"
          : "add" + Character.toUpperCase(unboxed.getName().charAt(0))
              + unboxed.getName().substring(1);
      g.invokeVirtual(RECORDER, new Method(name, Type.VOID_TYPE,
          new Type[] {Type.INT_TYPE, Type.INT_TYPE, primitive}));
      return;
    }
    if (type instanceof PrimitiveFieldType && (raw == String.class || raw.isEnum()
        || raw == byte[].class || raw == LocalDate.class)) {
      g.loadThis();
      g.getField(BASE, "rc", RECORDER);
      g.push(leaf);
      loadR(g, r);
      g.loadLocal(value);
      if (raw == String.class) {
        g.checkCast(STRING);
        g.invokeVirtual(RECORDER, ADD_STRING);
      } else if (raw.isEnum()) {
        Type e = Type.getType(Enum.class);
        g.checkCast(e);
        g.invokeVirtual(e, Method.getMethod("String name()"));
        g.invokeVirtual(RECORDER, ADD_STRING);
      } else if (raw == byte[].class) {
        g.checkCast(Type.getType(byte[].class));
        g.invokeVirtual(RECORDER, ADD_BYTES);
      } else {
        Type date = Type.getType(LocalDate.class);
        g.checkCast(date);
        g.invokeStatic(BASE, new Method("epochDay", Type.INT_TYPE, new Type[] {date}));
        g.invokeVirtual(RECORDER, ADD_INTEGER);
      }
      return;
    }
    // Decimals, times, timestamps, UUIDs and VARIANTs: through the write package's sink.
    sinks.add(new SinkSpec(type, javaType, p, parquetPath, fieldPath));
    g.loadThis();
    g.getField(SELF, "k" + (sinks.size() - 1), SINK);
    g.loadLocal(value);
    loadR(g, r);
    g.invokeInterface(SINK, Method.getMethod("void write(Object, int)"));
  }

  /**
   * Loads the repetition level: {@code r} is {@link #ARG_R} for the node method's argument,
   * else an int local's index.
   */
  private static void loadR(GeneratorAdapter g, int r) {
    if (r == ARG_R) {
      g.loadArg(1);
    } else {
      g.loadLocal(r);
    }
  }

  private void addNulls(GeneratorAdapter g, int from, int to, int r, int def) {
    g.loadThis();
    g.getField(BASE, "rc", RECORDER);
    g.push(from);
    g.push(to);
    loadR(g, r);
    g.push(def);
    g.invokeVirtual(RECORDER, ADD_NULLS);
  }

  private static void throwNullRequired(GeneratorAdapter g) {
    g.invokeStatic(BASE, NULL_REQUIRED);
    g.throwException();
  }

  /** The primitive of a primitive or boxed class, else null. */
  private static Class<?> unboxed(Class<?> c) {
    if (c.isPrimitive()) {
      return c;
    }
    java.lang.invoke.MethodType t = java.lang.invoke.MethodType.methodType(c).unwrap();
    return t.returnType() == c ? null : t.returnType();
  }

  static int leafCount(org.apache.parquet.schema.Type t) {
    if (t.isPrimitive()) {
      return 1;
    }
    int n = 0;
    for (org.apache.parquet.schema.Type c : t.asGroupType().getFields()) {
      n += leafCount(c);
    }
    return n;
  }

  private static String[] append(String[] path, String... names) {
    String[] out = Arrays.copyOf(path, path.length + names.length);
    System.arraycopy(names, 0, out, path.length, names.length);
    return out;
  }

  private static Class<?> rawClass(java.lang.reflect.Type t) {
    return t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
  }

  private static java.lang.reflect.Type typeArgument(java.lang.reflect.Type t, int i) {
    return ((ParameterizedType) t).getActualTypeArguments()[i];
  }
}
