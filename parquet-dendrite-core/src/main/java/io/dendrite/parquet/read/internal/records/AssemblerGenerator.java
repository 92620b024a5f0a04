package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.codegen.internal.GeneratedClasses;
import io.dendrite.parquet.read.internal.engine.ColumnVector;
import io.dendrite.parquet.read.internal.engine.LeafCursor;
import io.dendrite.parquet.read.internal.engine.RecordMapping.SlotReader;
import io.dendrite.parquet.read.internal.engine.VariantRows;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Absent;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Leaf;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.ListNode;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.MapNode;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Node;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Pair;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Slot;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.Struct;
import io.dendrite.parquet.read.internal.records.AssemblyPlan.VariantColumn;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;

/**
 * Writes the bytecode of one {@link RecordAssembler} subclass for an {@link AssemblyPlan}: a
 * method per record, list and map node, each straight-line over its components (a primitive
 * component read from its leaf's array into a local, never boxed), ending in the record's
 * constructor; a list loops while its first leaf's repetition level says the list goes on.
 *
 * <p>A record class the generated class can name (public, loaded by this library's class
 * loader or a parent of it) is built with {@code new}; any other through a constructor method
 * handle held in a static final field (class data of the hidden class), which the JIT treats
 * as a constant.
 */
final class AssemblerGenerator {
  /** The internal name of the class written (a hidden class gets a suffix when defined). */
  static final String NAME = Type.getInternalName(RecordAssembler.class) + "$Generated";

  private static final Type SELF = Type.getObjectType(NAME);
  private static final Type BASE = Type.getType(RecordAssembler.class);
  private static final Type CURSOR = Type.getType(LeafCursor.class);
  private static final Type CURSORS = Type.getType(LeafCursor[].class);
  private static final Type LEAVES = Type.getType(Leaves.class);
  private static final Type OBJECTS = Type.getType(LeafObjects.class);
  private static final Type FUNCTION = Type.getType(Function.class);
  private static final Type SLOT_READER = Type.getType(SlotReader.class);
  private static final Type VECTORS = Type.getType(ColumnVector[].class);
  private static final Type VARIANT_ROWS = Type.getType(VariantRows.class);
  private static final Type OBJECT = Type.getType(Object.class);
  private static final Type STRING = Type.getType(String.class);
  private static final Type INT_ARRAY = Type.getType(int[].class);
  private static final Type ARRAY_LIST = Type.getType(ArrayList.class);
  private static final Type LINKED_MAP = Type.getType(java.util.LinkedHashMap.class);
  private static final Type METHOD_HANDLE = Type.getType(MethodHandle.class);
  private static final Type RUNTIME_EXCEPTION = Type.getType(RuntimeException.class);
  private static final Method PRESENT = Method.getMethod("boolean present("
      + LeafCursor.class.getName() + ")");
  private static final Method DEF = Method.getMethod("int def()");
  private static final Method REP = Method.getMethod("int rep()");
  private static final Method SKIP = Method.getMethod("void skip(" + LeafCursor.class.getName()
      + "[], int)");
  private static final Method READ_OBJECT = Method.getMethod("Object object("
      + LeafCursor.class.getName() + ", " + LeafObjects.class.getName() + ")");
  private static final Method NULL_PRIMITIVE = Method.getMethod(
      "IllegalArgumentException nullPrimitive(String, int[], String, String)");
  private static final Method APPLY = Method.getMethod("Object apply(Object)");
  /** The constructor of the generated class, as {@link RecordAssemblers} calls it. */
  static final java.lang.invoke.MethodType INIT_TYPE = java.lang.invoke.MethodType.methodType(
      void.class, LeafCursor[].class, LeafObjects[].class, Function[].class, LeafCursor[][].class,
      SlotReader[].class, VariantRows[].class, int[].class, int.class, String.class);
  private static final Method INIT = new Method("<init>", INIT_TYPE.toMethodDescriptorString());

  private final AssemblyPlan plan;
  private final ClassWriter writer;
  /** Node methods still to write, and the name of each node's method. */
  private final Deque<Node> pending = new ArrayDeque<>();
  private final Map<Node, String> methodOf = new IdentityHashMap<>();
  /** The cursors skipped together (a field each), by node. */
  final List<int[]> skips = new ArrayList<>();
  private final Map<Node, Integer> skipOf = new IdentityHashMap<>();
  /** Constructors called through method handles: the class data, a static field each. */
  final List<MethodHandle> handles = new ArrayList<>();

  AssemblerGenerator(AssemblyPlan plan) {
    this.plan = plan;
    this.writer = GeneratedClasses.classWriter();
  }

  /** The class file. */
  byte[] generate() {
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, NAME,
        null, BASE.getInternalName(), null);
    writer.visitSource("generated record assembler of "
        + plan.root.type().getName(), null);
    for (int i = 0; i < plan.cursorLeaves.length; i++) {
      field("c" + i, CURSOR);
    }
    for (int i = 0; i < plan.objectColumns.length; i++) {
      field("o" + i, OBJECTS);
    }
    for (int i = 0; i < plan.conversions.size(); i++) {
      field("k" + i, FUNCTION);
    }
    for (int i = 0; i < plan.slotReaders.size(); i++) {
      field("q" + i, SLOT_READER);
    }
    for (int i = 0; i < plan.variantColumns.size(); i++) {
      field("v" + i, VARIANT_ROWS);
    }
    methodOf.put(plan.root, "row");
    pending.add(plan.root);
    while (!pending.isEmpty()) {
      node(pending.poll());
    }
    for (int i = 0; i < skips.size(); i++) {
      field("s" + i, CURSORS);
    }
    constructor();
    rowsLoop();
    GeneratedClasses.handleFields(writer, SELF, handles.size());
    writer.visitEnd();
    return writer.toByteArray();
  }

  private void field(String name, Type type) {
    writer.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, name, type.getDescriptor(), null,
        null).visitEnd();
  }

  private void constructor() {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PUBLIC, INIT, null, null, writer);
    g.loadThis();
    g.loadArg(0);
    g.loadArg(6);
    g.loadArg(7);
    g.loadArg(8);
    g.invokeConstructor(BASE, new Method("<init>", Type.VOID_TYPE,
        new Type[] {CURSORS, INT_ARRAY, Type.INT_TYPE, STRING}));
    fromArray(g, 0, "c", plan.cursorLeaves.length, CURSOR);
    fromArray(g, 1, "o", plan.objectColumns.length, OBJECTS);
    fromArray(g, 2, "k", plan.conversions.size(), FUNCTION);
    fromArray(g, 3, "s", skips.size(), CURSORS);
    fromArray(g, 4, "q", plan.slotReaders.size(), SLOT_READER);
    fromArray(g, 5, "v", plan.variantColumns.size(), VARIANT_ROWS);
    g.returnValue();
    g.endMethod();
  }

  private static void fromArray(GeneratorAdapter g, int arg, String prefix, int n, Type type) {
    for (int i = 0; i < n; i++) {
      g.loadThis();
      g.loadArg(arg);
      g.push(i);
      g.arrayLoad(type);
      g.putField(SELF, prefix + i, type);
    }
  }

  /**
   * {@code for (r = 0; r < rows; r++) try { out[r] = row(); } catch (RuntimeException e) {
   * out[r] = failed(r, e); }}
   */
  private void rowsLoop() {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PROTECTED,
        Method.getMethod("void rows(int, Object[])"), null, null, writer);
    int r = g.newLocal(Type.INT_TYPE);
    g.push(0);
    g.storeLocal(r);
    Label loop = g.mark();
    Label end = g.newLabel();
    g.loadLocal(r);
    g.loadArg(0);
    g.ifICmp(GeneratorAdapter.GE, end);
    Label tryStart = g.mark();
    g.loadThis();
    g.loadLocal(r);
    g.putField(BASE, "row", Type.INT_TYPE);
    g.loadArg(1);
    g.loadLocal(r);
    g.loadThis();
    invokeNode(g, "row");
    g.arrayStore(OBJECT);
    Label tryEnd = g.mark();
    Label next = g.newLabel();
    g.goTo(next);
    Label handler = g.mark();
    int e = g.newLocal(RUNTIME_EXCEPTION);
    g.storeLocal(e);
    g.loadArg(1);
    g.loadLocal(r);
    g.loadThis();
    g.loadLocal(r);
    g.loadLocal(e);
    g.invokeVirtual(BASE, Method.getMethod("Object failed(int, RuntimeException)"));
    g.arrayStore(OBJECT);
    g.mark(next);
    g.iinc(r, 1);
    g.goTo(loop);
    g.mark(end);
    g.returnValue();
    g.visitTryCatchBlock(tryStart, tryEnd, handler, RUNTIME_EXCEPTION.getInternalName());
    g.endMethod();
  }

  /** The method of a record, list or map node; others written later ({@link #pending}). */
  private String methodOf(Node n) {
    return methodOf.computeIfAbsent(n, k -> {
      pending.add(k);
      return "n" + methodOf.size();
    });
  }

  private static void invokeNode(GeneratorAdapter g, String name) {
    g.visitMethodInsn(Opcodes.INVOKESPECIAL, NAME, name, "()Ljava/lang/Object;", false);
  }

  private int skipOf(Node n, int[] cursors) {
    return skipOf.computeIfAbsent(n, k -> {
      skips.add(cursors);
      return skips.size() - 1;
    });
  }

  private void node(Node n) {
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_PRIVATE,
        new Method(methodOf.get(n), OBJECT, new Type[0]), null, null, writer);
    if (n instanceof Struct s) {
      struct(g, s, n == plan.root);
    } else if (n instanceof ListNode l) {
      list(g, l);
    } else if (n instanceof MapNode m) {
      map(g, m);
    } else {
      throw new IllegalStateException(n.toString());
    }
    g.endMethod();
  }

  private void loadCursor(GeneratorAdapter g, int cursor) {
    g.loadThis();
    g.getField(SELF, "c" + cursor, CURSOR);
  }

  /**
   * {@code if (Leaves.def(first) < present) { Leaves.skip(below, rep); <absent>; }}: the code
   * at {@code absent} runs with the definition level in local {@code def}.
   */
  private void skipUnless(GeneratorAdapter g, Node n, int first, int[] below, int rep,
      int present, int def, Label absent) {
    loadCursor(g, first);
    g.invokeVirtual(CURSOR, DEF);
    g.storeLocal(def);
    Label go = g.newLabel();
    g.loadLocal(def);
    g.push(present);
    g.ifICmp(GeneratorAdapter.GE, go);
    g.loadThis();
    g.getField(SELF, "s" + skipOf(n, below), CURSORS);
    g.push(rep);
    g.invokeStatic(LEAVES, SKIP);
    g.goTo(absent);
    g.mark(go);
  }

  private void struct(GeneratorAdapter g, Struct s, boolean top) {
    if (!s.rowLevel()) {
      int def = g.newLocal(Type.INT_TYPE);
      Label absent = g.newLabel();
      Label go = g.newLabel();
      skipUnless(g, s, s.first(), s.below(), s.rep(), s.def(), def, absent);
      g.goTo(go);
      g.mark(absent);
      g.visitInsn(Opcodes.ACONST_NULL);
      g.returnValue();
      g.mark(go);
    }
    Node[] nodes = s.components();
    Class<?>[] types = new Class<?>[nodes.length];
    int[] values = new int[nodes.length];
    int[] present = new int[nodes.length];
    for (int i = 0; i < nodes.length; i++) {
      types[i] = s.type().getRecordComponents()[i].getType();
      Type t = types[i].isPrimitive() ? Type.getType(types[i]) : OBJECT;
      values[i] = g.newLocal(t);
      present[i] = types[i].isPrimitive() ? g.newLocal(Type.BOOLEAN_TYPE) : -1;
      component(g, nodes[i], types[i], values[i], present[i]);
    }
    if (s.rowLevel() && !top) {
      // A nested record of the row with nothing in it is null: its struct is absent.
      Label build = g.newLabel();
      for (int i = 0; i < nodes.length; i++) {
        if (present[i] >= 0) {
          g.loadLocal(present[i]);
          g.ifZCmp(GeneratorAdapter.NE, build);
        } else {
          g.loadLocal(values[i]);
          g.ifNonNull(build);
        }
      }
      g.visitInsn(Opcodes.ACONST_NULL);
      g.returnValue();
      g.mark(build);
    }
    String owner = s.type().getSimpleName();
    for (int i = 0; i < nodes.length; i++) {
      if (present[i] < 0) {
        continue;
      }
      Label ok = g.newLabel();
      g.loadLocal(present[i]);
      g.ifZCmp(GeneratorAdapter.NE, ok);
      g.push(pathOf(nodes[i]));
      g.loadThis();
      g.getField(BASE, "ix", INT_ARRAY);
      g.push(owner + "." + s.names()[i]);
      g.push(types[i].getName());
      g.invokeStatic(LEAVES, NULL_PRIMITIVE);
      g.throwException();
      g.mark(ok);
    }
    construct(g, s.type(), types, values);
  }

  private static String pathOf(Node n) {
    if (n instanceof Leaf l) {
      return l.path();
    }
    if (n instanceof Absent a) {
      return a.path();
    }
    if (n instanceof Slot v) {
      return v.path();
    }
    if (n instanceof Pair p) {
      return p.path();
    }
    if (n instanceof VariantColumn v) {
      return pathOf(v.value());
    }
    throw new IllegalStateException("a primitive component from " + n);
  }

  /** Calls the canonical constructor with the component locals and returns the record. */
  private void construct(GeneratorAdapter g, Class<?> type, Class<?>[] types, int[] values) {
    Constructor<?> ctor;
    try {
      ctor = type.getDeclaredConstructor(types);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("no canonical constructor in " + type.getName(), e);
    }
    if (GeneratedClasses.nameable(type) && Modifier.isPublic(ctor.getModifiers())
        && java.util.Arrays.stream(types).allMatch(GeneratedClasses::nameable)) {
      Type t = Type.getType(type);
      g.newInstance(t);
      g.dup();
      Type[] params = new Type[types.length];
      for (int i = 0; i < types.length; i++) {
        params[i] = Type.getType(types[i]);
        g.loadLocal(values[i]);
        if (!types[i].isPrimitive()) {
          g.checkCast(params[i]);
        }
      }
      g.invokeConstructor(t, new Method("<init>", Type.VOID_TYPE, params));
    } else {
      MethodHandle h;
      try {
        ctor.setAccessible(true);
        h = MethodHandles.lookup().unreflectConstructor(ctor);
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new IllegalStateException("cannot call the constructor of " + type.getName(), e);
      }
      Class<?>[] erased = new Class<?>[types.length];
      Type[] params = new Type[types.length];
      for (int i = 0; i < types.length; i++) {
        erased[i] = types[i].isPrimitive() ? types[i] : Object.class;
        params[i] = Type.getType(erased[i]);
      }
      handles.add(h.asType(java.lang.invoke.MethodType.methodType(Object.class, erased)));
      GeneratedClasses.loadHandle(g, SELF, handles.size() - 1);
      for (int i = 0; i < types.length; i++) {
        g.loadLocal(values[i]);
      }
      g.invokeVirtual(METHOD_HANDLE, new Method("invokeExact", OBJECT, params));
    }
    g.returnValue();
  }

  /**
   * The value of a component into local {@code value} (typed as a primitive component is),
   * and for a primitive component whether it has one into local {@code present}.
   */
  private void component(GeneratorAdapter g, Node n, Class<?> type, int value, int present) {
    if (n instanceof Absent) {
      storeNothing(g, type, value, present);
      return;
    }
    if (n instanceof Slot v) {
      slot(g, v, type, value, present);
      return;
    }
    if (n instanceof VariantColumn v) {
      g.loadThis();
      g.getField(SELF, "v" + v.variant(), VARIANT_ROWS);
      loadCursor(g, v.metadata());
      g.invokeVirtual(VARIANT_ROWS, Method.getMethod("void row(" + LeafCursor.class.getName()
          + ")"));
      component(g, v.value(), type, value, present);
      return;
    }
    if (n instanceof Pair p) {
      pair(g, p, type, value, present);
      return;
    }
    if (!(n instanceof Leaf l)) {
      g.loadThis();
      invokeNode(g, methodOf(n));
      g.storeLocal(value);
      return;
    }
    Label absent = g.newLabel();
    Label done = g.newLabel();
    loadCursor(g, l.cursor());
    g.invokeStatic(LEAVES, PRESENT);
    if (present >= 0) {
      g.dup();
      g.storeLocal(present);
    }
    g.ifZCmp(GeneratorAdapter.EQ, absent);
    read(g, l, type);
    g.storeLocal(value);
    g.goTo(done);
    g.mark(absent);
    if (type.isPrimitive()) {
      pushDefault(g, type);
    } else {
      g.visitInsn(Opcodes.ACONST_NULL);
    }
    g.storeLocal(value);
    g.mark(done);
  }

  /**
   * A shredded primitive: its residual value, viewed where the entry holds one; then its typed
   * value where the entry holds one (both: invalid), else the residual converted, else null.
   */
  private void pair(GeneratorAdapter g, Pair p, Class<?> type, int value, int present) {
    int residual = g.newLocal(OBJECT);
    g.visitInsn(Opcodes.ACONST_NULL);
    g.storeLocal(residual);
    if (p.value() >= 0) {
      Label none = g.newLabel();
      loadCursor(g, p.value());
      g.invokeStatic(LEAVES, PRESENT);
      g.ifZCmp(GeneratorAdapter.EQ, none);
      g.loadThis();
      g.getField(SELF, "v" + p.variant(), VARIANT_ROWS);
      loadCursor(g, p.value());
      g.push(p.path());
      g.invokeVirtual(VARIANT_ROWS, Method.getMethod("io.dendrite.parquet.variant.VariantValue "
          + "residual(" + LeafCursor.class.getName() + ", String)"));
      g.storeLocal(residual);
      g.mark(none);
    }
    Label done = g.newLabel();
    if (p.typed() != null) {
      Label untyped = g.newLabel();
      loadCursor(g, p.typed().cursor());
      g.invokeStatic(LEAVES, PRESENT);
      g.ifZCmp(GeneratorAdapter.EQ, untyped);
      if (p.value() >= 0) {
        Label ok = g.newLabel();
        g.loadLocal(residual);
        g.ifNull(ok);
        g.push(p.path());
        g.invokeStatic(VARIANT_ROWS, Method.getMethod("RuntimeException conflict(String)"));
        g.throwException();
        g.mark(ok);
      }
      if (present >= 0) {
        g.push(true);
        g.storeLocal(present);
      }
      read(g, p.typed(), type);
      g.storeLocal(value);
      g.goTo(done);
      g.mark(untyped);
    }
    Label nothing = g.newLabel();
    if (p.value() >= 0) {
      g.loadLocal(residual);
      g.ifNull(nothing);
      g.loadThis();
      g.getField(SELF, "k" + p.residual(), FUNCTION);
      g.loadLocal(residual);
      g.invokeInterface(FUNCTION, APPLY);
      if (present >= 0) {
        int converted = g.newLocal(OBJECT);
        g.storeLocal(converted);
        g.loadLocal(converted);
        g.ifNull(nothing);
        g.push(true);
        g.storeLocal(present);
        g.loadLocal(converted);
        g.unbox(Type.getType(type));
      }
      g.storeLocal(value);
      g.goTo(done);
    }
    g.mark(nothing);
    storeNothing(g, type, value, present);
    g.mark(done);
  }

  /** No value: null, or for a primitive component its default and {@code present} false. */
  private static void storeNothing(GeneratorAdapter g, Class<?> type, int value, int present) {
    if (present >= 0) {
      g.push(false);
      g.storeLocal(present);
      pushDefault(g, type);
    } else {
      g.visitInsn(Opcodes.ACONST_NULL);
    }
    g.storeLocal(value);
  }

  /**
   * {@code q.read(vectors[slot], row)}: the component as the interpreted path converts it
   * (boxed, or null), unboxed for a primitive component.
   */
  private void slot(GeneratorAdapter g, Slot v, Class<?> type, int value, int present) {
    g.loadThis();
    g.getField(SELF, "q" + v.reader(), SLOT_READER);
    g.loadThis();
    g.getField(BASE, "vectors", VECTORS);
    g.push(v.slot());
    g.arrayLoad(Type.getType(ColumnVector.class));
    g.loadThis();
    g.getField(BASE, "row", Type.INT_TYPE);
    g.invokeVirtual(SLOT_READER, Method.getMethod("Object read("
        + ColumnVector.class.getName() + ", int)"));
    if (present < 0) {
      g.storeLocal(value);
      return;
    }
    int raw = g.newLocal(OBJECT);
    g.storeLocal(raw);
    Label absent = g.newLabel();
    Label done = g.newLabel();
    g.loadLocal(raw);
    g.ifNull(absent);
    g.push(true);
    g.storeLocal(present);
    g.loadLocal(raw);
    g.unbox(Type.getType(type));
    g.storeLocal(value);
    g.goTo(done);
    g.mark(absent);
    g.push(false);
    g.storeLocal(present);
    pushDefault(g, type);
    g.storeLocal(value);
    g.mark(done);
  }

  /** The leaf's value (present) as {@code type}: a primitive, or an object of its class. */
  private void read(GeneratorAdapter g, Leaf l, Class<?> type) {
    loadCursor(g, l.cursor());
    Type primitive = switch (l.kind()) {
      case LONG -> read(g, "long int64", Type.LONG_TYPE);
      case INT -> read(g, "int int32", Type.INT_TYPE);
      case DOUBLE -> read(g, "double float64", Type.DOUBLE_TYPE);
      case FLOAT -> read(g, "float float32", Type.FLOAT_TYPE);
      case BOOLEAN -> read(g, "boolean bool", Type.BOOLEAN_TYPE);
      case OBJECT -> null;
    };
    if (primitive != null) {
      if (l.narrow() == 8) {
        g.cast(Type.INT_TYPE, Type.BYTE_TYPE);
      } else if (l.narrow() == 16) {
        g.cast(Type.INT_TYPE, Type.SHORT_TYPE);
      }
      // A typed leaf read into a wider primitive (an int8 into a long, say): widened.
      Type wanted = Type.getType(java.lang.invoke.MethodType.methodType(type).unwrap()
          .returnType());
      if (!wanted.equals(primitive)) {
        g.cast(primitive, wanted);
      }
      if (!type.isPrimitive()) {
        g.valueOf(wanted);
      }
      return;
    }
    g.loadThis();
    g.getField(SELF, "o" + l.objects(), OBJECTS);
    g.invokeStatic(LEAVES, READ_OBJECT);
    if (type != Object.class) {
      // A value of another class than the component's goes through the cast rules.
      Class<?> boxed = java.lang.invoke.MethodType.methodType(type).wrap().returnType();
      Label ok = g.newLabel();
      if (GeneratedClasses.nameable(boxed)) {
        g.dup();
        g.instanceOf(Type.getType(boxed));
        g.ifZCmp(GeneratorAdapter.NE, ok);
      }
      int raw = g.newLocal(OBJECT);
      g.storeLocal(raw);
      g.loadThis();
      g.getField(SELF, "k" + l.conversion(), FUNCTION);
      g.loadLocal(raw);
      g.invokeInterface(FUNCTION, APPLY);
      g.mark(ok);
      if (type.isPrimitive()) {
        g.unbox(Type.getType(type));
      }
    }
  }

  private static Type read(GeneratorAdapter g, String method, Type type) {
    g.invokeStatic(LEAVES, Method.getMethod(method + "(" + LeafCursor.class.getName() + ")"));
    return type;
  }

  private static void pushDefault(GeneratorAdapter g, Class<?> type) {
    if (type == long.class) {
      g.push(0L);
    } else if (type == double.class) {
      g.push(0d);
    } else if (type == float.class) {
      g.push(0f);
    } else {
      g.push(0); // int, short, byte, char, boolean
    }
  }

  /** An element of a list or value of a map into local {@code value}, as an object. */
  private void element(GeneratorAdapter g, Node n, int value) {
    Class<?> type = n instanceof Leaf l ? boxed(l.target())
        : n instanceof Pair p ? boxed(p.target()) : Object.class;
    component(g, n, type, value, -1);
  }

  private static Class<?> boxed(Class<?> c) {
    return java.lang.invoke.MethodType.methodType(c).wrap().returnType();
  }

  private void list(GeneratorAdapter g, ListNode l) {
    collection(g, l, l.first(), l.below(), l.rep(), l.def(), l.elementsDef(), l.elementRep(),
        l.depth(), ARRAY_LIST, out -> {
          int element = g.newLocal(OBJECT);
          element(g, l.element(), element);
          g.loadLocal(out);
          g.loadLocal(element);
          g.invokeVirtual(ARRAY_LIST, Method.getMethod("boolean add(Object)"));
          g.pop();
        });
  }

  private void map(GeneratorAdapter g, MapNode m) {
    collection(g, m, m.first(), m.below(), m.rep(), m.def(), m.entriesDef(), m.entryRep(),
        m.depth(), LINKED_MAP, out -> {
          int key = g.newLocal(OBJECT);
          int value = g.newLocal(OBJECT);
          element(g, m.key(), key);
          element(g, m.value(), value);
          g.loadLocal(out);
          g.loadLocal(key);
          g.loadLocal(value);
          g.invokeVirtual(LINKED_MAP, Method.getMethod("Object put(Object, Object)"));
          g.pop();
        });
  }

  /**
   * A list or map node (ShapeReaders' ListOf and MapOf): null below definition level
   * {@code def}, empty below {@code itemsDef}, else a new {@code collection} that
   * {@code addItem} adds one element or entry to (given the collection's local), while the
   * first leaf's repetition level is {@code itemRep}.
   */
  private void collection(GeneratorAdapter g, Node n, int first, int[] below, int rep, int def,
      int itemsDef, int itemRep, int depth, Type collection, IntConsumer addItem) {
    int level = g.newLocal(Type.INT_TYPE);
    Label absent = g.newLabel();
    Label items = g.newLabel();
    skipUnless(g, n, first, below, rep, itemsDef, level, absent);
    g.goTo(items);
    g.mark(absent);
    emptyOrNull(g, level, def, collection);
    g.mark(items);
    int out = g.newLocal(collection);
    g.newInstance(collection);
    g.dup();
    g.invokeConstructor(collection, Method.getMethod("void <init>()"));
    g.storeLocal(out);
    int k = g.newLocal(Type.INT_TYPE);
    g.push(0);
    g.storeLocal(k);
    Label loop = g.mark();
    index(g, depth, k);
    addItem.accept(out);
    loadCursor(g, first);
    g.invokeVirtual(CURSOR, REP);
    g.push(itemRep);
    g.ifICmp(GeneratorAdapter.EQ, loop);
    g.loadLocal(out);
    g.returnValue();
  }

  /** {@code ix[depth] = k++}: the index of the element being read, for error messages. */
  private static void index(GeneratorAdapter g, int depth, int k) {
    g.loadThis();
    g.getField(BASE, "ix", INT_ARRAY);
    g.push(depth);
    g.loadLocal(k);
    g.arrayStore(Type.INT_TYPE);
    g.iinc(k, 1);
  }

  /** Returns null below definition level {@code def}, else an empty collection. */
  private static void emptyOrNull(GeneratorAdapter g, int defLocal, int def, Type collection) {
    Label empty = g.newLabel();
    g.loadLocal(defLocal);
    g.push(def);
    g.ifICmp(GeneratorAdapter.GE, empty);
    g.visitInsn(Opcodes.ACONST_NULL);
    g.returnValue();
    g.mark(empty);
    g.newInstance(collection);
    g.dup();
    g.push(0);
    g.invokeConstructor(collection, Method.getMethod("void <init>(int)"));
    g.returnValue();
  }
}
