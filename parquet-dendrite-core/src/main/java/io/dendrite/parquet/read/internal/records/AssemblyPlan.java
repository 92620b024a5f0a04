package io.dendrite.parquet.read.internal.records;

import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.variant.VariantType;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * How one record type is assembled from one file layout (the read's requested schema): a tree
 * of nodes bound to leaf cursors and definition and repetition levels, with the same rules as
 * the interpreted path (rows, then {@link RecordMapping}): a record component selects its
 * column or struct field; a nested record at the top level is null when all its components
 * are; records inside lists and maps are null where their struct is; lists and maps follow the
 * Dremel levels of {@code ShapeReaders}. A row-level component the leaves are not read for here
 * (a path into a VARIANT column, a legacy list, a component of type Object; every component of
 * a filtered read, whose rows are tested and compacted as vectors first) is read from its
 * selection's vector ({@link Slot}), with the interpreted path's rules.
 */
final class AssemblyPlan {
  /** What a node reads and makes. */
  sealed interface Node permits Leaf, Absent, Slot, Struct, ListNode, MapNode, Pair,
      VariantColumn {}

  /** How a leaf's value is read: as a primitive, or as its Java value ({@link LeafObjects}). */
  enum Kind { INT, LONG, FLOAT, DOUBLE, BOOLEAN, OBJECT }

  /**
   * A primitive column read into a component or element of class {@code target} (primitive
   * for a primitive component). A value not of the target class is converted with
   * {@code conversion} (the interpreted path's cast rules); {@code path} names it in errors,
   * {@code []} standing for each list index. An INT leaf of a shredded int8 or int16 is
   * narrowed to {@code narrow} bits (0: not), as its Java value is.
   */
  record Leaf(int cursor, Kind kind, Class<?> target, int objects, int conversion, String path,
      int narrow) implements Node {}

  /**
   * A shredded variant's value/typed_value pair read as a primitive component or element: its
   * residual {@code value} (cursor, -1: none in the layout) converted with conversion
   * {@code residual} where a row holds one, else its {@code typed_value} leaf (null: none); both
   * set is invalid. {@code variant}: the column's {@code VariantRows}.
   */
  record Pair(int value, Leaf typed, int variant, int residual, Class<?> target, String path)
      implements Node {}

  /**
   * A VARIANT column read from its leaves: the row's metadata (cursor {@code metadata}) read into
   * {@code VariantRows} {@code variant}, then the column's value as {@code value} (a
   * {@link Pair}, a row-level {@link Struct} of a shredded object, or a {@link ListNode} of a
   * shredded array).
   */
  record VariantColumn(int metadata, int variant, Node value, String path) implements Node {}

  /**
   * A leaf whose Java values {@link LeafObjects} gives: an ordinary column's, or a shredded
   * {@code typed_value}'s ({@code typed} not null, checked as reassembling would, naming
   * {@code path}).
   */
  record ObjectColumn(PrimitiveType column, ShreddedPrimitive typed, String path) {}

  /**
   * A row-level component read from its selection's vector (filled by the path reader of the
   * interpreted path) through slot reader {@code reader}: where the leaves are not read here.
   */
  record Slot(int slot, int reader, Class<?> target, String path) implements Node {}

  /** A component whose field the struct does not have: always null. */
  record Absent(Class<?> target, String path) implements Node {}

  /**
   * A record. {@code rowLevel}: a component of the row's record (or of a nested record there),
   * null when all its components are null; else a struct inside a list or map, null where its
   * definition level says so ({@code def}), skipped at repetition level {@code rep}.
   */
  record Struct(Class<?> type, String[] names, Node[] components, boolean rowLevel, int def,
      int rep, int first, int[] below, String path) implements Node {}

  /** A 3-level list: null below {@code def}, empty below {@code elementsDef}. */
  record ListNode(int def, int elementsDef, int elementRep, int rep, int first, int[] below,
      Node element, int depth) implements Node {}

  /** A map of key_value entries: null below {@code def}, empty below {@code entriesDef}. */
  record MapNode(int def, int entriesDef, int entryRep, int rep, int first, int[] below,
      Leaf key, Node value, int depth) implements Node {}

  /** Thrown while planning for a shape generation does not cover. */
  static final class Unsupported extends Exception {
    Unsupported(String why) {
      super(why, null, false, false);
    }
  }

  final Struct root;
  /** For each cursor, its leaf index and maximum definition level. */
  final int[] cursorLeaves;
  final int[] cursorDefs;
  /** For each {@link LeafObjects} slot, its column. */
  final ObjectColumn[] objectColumns;
  /** The interpreted path's conversions, by slot. */
  final List<Function<Object, Object>> conversions;
  /** The readers of {@link Slot}s, and the selections they read (ascending). */
  final List<RecordMapping.SlotReader> slotReaders;
  final int[] slots;
  /** Deepest nesting of lists and maps (for the index of each in error messages). */
  final int depth;
  /** The VARIANT columns read from their leaves ({@link VariantColumn}), by name. */
  final List<String> variantColumns;
  /**
   * The residual {@code value} leaves of the shredded objects and arrays read from their leaves:
   * a batch in which one holds a value is not this plan's (see {@link #of}).
   */
  final int[] residualLeaves;

  private AssemblyPlan(Builder b) {
    this.root = b.root;
    this.cursorLeaves = b.cursorLeaves.stream().mapToInt(Integer::intValue).toArray();
    this.cursorDefs = b.cursorDefs.stream().mapToInt(Integer::intValue).toArray();
    this.objectColumns = b.objectColumns.toArray(new ObjectColumn[0]);
    this.conversions = List.copyOf(b.conversions);
    this.slotReaders = List.copyOf(b.slotReaders);
    this.slots = b.slots.stream().mapToInt(Integer::intValue).sorted().toArray();
    this.depth = b.maxDepth;
    this.variantColumns = List.copyOf(b.variantColumns);
    this.residualLeaves = b.residualLeaves.stream().mapToInt(Integer::intValue).distinct()
        .toArray();
  }

  /**
   * The assembly of {@code type} from rows of {@code requested}, whose leaves the engine
   * decodes in {@code requested.getColumns()} order, and whose selections are {@code shape}'s.
   *
   * @param vectorsOnly read every component from its selection's vector (a filtered read)
   * @throws Unsupported naming what generation does not cover
   */
  static AssemblyPlan of(Class<?> type, MessageType requested, RowShape shape,
      boolean vectorsOnly) throws Unsupported {
    Builder b = new Builder(requested, shape, false);
    b.root = b.rowRecord(type, vectorsOnly ? null : requested, List.of(), "");
    return new AssemblyPlan(b);
  }

  /**
   * The assembly of {@code type} from the leaves alone, VARIANT columns included: a shredded
   * primitive from its {@code typed_value} leaf, or its residual {@code value} where a row holds
   * one; a shredded object as a record of its fields; a shredded array as a list. It holds for
   * batches in which no shredded object or array read has a residual value
   * ({@link #residualLeaves}): objects merge theirs and arrays stored whole are read by the plan
   * of {@link #of}. Where a shape or component type would read differently (a component of a
   * type no typed getter casts to, a map, an object field the record does not read inside a
   * list, whose reassembly validates it too), generation gives up.
   *
   * @throws Unsupported naming what the leaves alone do not cover
   */
  static AssemblyPlan ofLeaves(Class<?> type, MessageType requested, RowShape shape)
      throws Unsupported {
    Builder b = new Builder(requested, shape, true);
    b.root = b.rowRecord(type, requested, List.of(), "");
    return new AssemblyPlan(b);
  }

  private static final class Builder {
    private final MessageType requested;
    private final Map<String, Integer> leafIndex = new HashMap<>();
    final List<Integer> cursorLeaves = new ArrayList<>();
    final List<Integer> cursorDefs = new ArrayList<>();
    final List<ObjectColumn> objectColumns = new ArrayList<>();
    final List<String> variantColumns = new ArrayList<>();
    final List<Integer> residualLeaves = new ArrayList<>();
    /** Read VARIANT columns from their leaves, never from vectors. */
    private final boolean leavesOnly;
    final List<Function<Object, Object>> conversions = new ArrayList<>();
    final List<RecordMapping.SlotReader> slotReaders = new ArrayList<>();
    final List<Integer> slots = new ArrayList<>();
    private final RowShape shape;
    int maxDepth;
    Struct root;

    Builder(MessageType requested, RowShape shape, boolean leavesOnly) {
      this.requested = requested;
      this.shape = shape;
      this.leavesOnly = leavesOnly;
      List<ColumnDescriptor> leaves = requested.getColumns();
      for (int i = 0; i < leaves.size(); i++) {
        leafIndex.put(String.join("\u0000", leaves.get(i).getPath()), i);
      }
    }

    /**
     * A record at the row level: components by name among {@code group}'s fields, read from
     * the leaves where they can be, else from their selections' vectors (all of them when
     * {@code group} is null).
     */
    Struct rowRecord(Class<?> type, GroupType group, List<String> path, String readable)
        throws Unsupported {
      RecordComponent[] rc = components(type);
      Node[] nodes = new Node[rc.length];
      String[] names = new String[rc.length];
      for (int i = 0; i < rc.length; i++) {
        names[i] = rc[i].getName();
        String at = readable.isEmpty() ? names[i] : readable + "." + names[i];
        if (group != null && !group.containsField(names[i])) {
          nodes[i] = absent(rc[i], at);
          continue;
        }
        Type field = group == null ? null : group.getType(names[i]);
        List<String> fieldPath = with(path, names[i]);
        if (leavesOnly && field != null && !field.isPrimitive()
            && VariantSchemas.isVariantGroup(field.asGroupType())) {
          nodes[i] = variantColumn(rc[i].getGenericType(), field.asGroupType(), fieldPath, at);
          continue;
        }
        if (rc[i].getType().isRecord()) {
          nodes[i] = rowRecord(rc[i].getType(), plainStruct(field), fieldPath, at);
          continue;
        }
        if (field != null) {
          try {
            nodes[i] = value(rc[i].getGenericType(), field, fieldPath, at, 0);
            continue;
          } catch (Unsupported e) {
            if (leavesOnly) {
              throw e;
            }
            // read from the vector below (the leaves planned so far stay unread)
          }
        }
        if (leavesOnly) {
          throw new Unsupported("'" + at + "' is read from its selection's vector");
        }
        int slot = shape.indexOf(at);
        slots.add(slot);
        slotReaders.add(RecordMapping.slotReader(rc[i].getGenericType(), at, shape, slot));
        nodes[i] = new Slot(slot, slotReaders.size() - 1, rc[i].getType(), at);
      }
      return rowStruct(type, names, nodes, readable);
    }

    /** A record of the row, null (nested) when all its components are. */
    private static Struct rowStruct(Class<?> type, String[] names, Node[] nodes,
        String readable) {
      int[] below = below(nodes);
      return new Struct(type, names, nodes, true, 0, 0, below.length == 0 ? -1 : below[0], below,
          readable);
    }

    /** A record inside a list or map, null where its group at {@code path} is. */
    private Struct innerStruct(Class<?> type, String[] names, Node[] nodes, List<String> path,
        String readable) throws Unsupported {
      int[] below = below(nodes);
      if (below.length == 0) {
        throw new Unsupported("'" + readable + "' reads no column");
      }
      return new Struct(type, names, nodes, false, maxDef(path), maxRep(path), below[0], below,
          readable);
    }

    /** A value of {@code target} read from {@code field} (not repeated itself). */
    Node value(java.lang.reflect.Type target, Type field, List<String> path, String readable,
        int depth) throws Unsupported {
      if (field.isRepetition(Type.Repetition.REPEATED)) {
        throw new Unsupported("'" + readable + "' is a repeated field outside a LIST");
      }
      Class<?> raw = rawClass(target);
      if (field.isPrimitive()) {
        if (raw.isRecord() || raw == List.class || raw == Map.class) {
          throw new Unsupported("'" + readable + "' is a primitive read as " + raw.getName());
        }
        return leaf(target, raw, field.asPrimitiveType(), path, readable);
      }
      GroupType g = field.asGroupType();
      if (VariantSchemas.isVariantGroup(g)) {
        throw new Unsupported("'" + readable + "' is a VARIANT column");
      }
      LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
      if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
        if (raw != List.class) {
          throw new Unsupported("'" + readable + "' is a list read as " + raw.getName());
        }
        return list(typeArgument(target, 0), g, path, readable, depth);
      }
      if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
          || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
        if (raw != Map.class) {
          throw new Unsupported("'" + readable + "' is a map read as " + raw.getName());
        }
        return map(typeArgument(target, 1), g, path, readable, depth);
      }
      if (a != null || !raw.isRecord()) {
        throw new Unsupported("'" + readable + "' is a group read as " + raw.getName());
      }
      return struct(raw, g, path, readable, depth);
    }

    /** A record from a struct inside a list or map: null where the struct is. */
    private Struct struct(Class<?> type, GroupType g, List<String> path, String readable,
        int depth) throws Unsupported {
      RecordComponent[] rc = components(type);
      Node[] nodes = new Node[rc.length];
      String[] names = new String[rc.length];
      for (int i = 0; i < rc.length; i++) {
        names[i] = rc[i].getName();
        String at = readable + "." + names[i];
        nodes[i] = g.containsField(names[i])
            ? value(rc[i].getGenericType(), g.getType(names[i]), with(path, names[i]), at, depth)
            : absent(rc[i], at);
      }
      return innerStruct(type, names, nodes, path, readable);
    }

    private ListNode list(java.lang.reflect.Type elementType, GroupType g, List<String> path,
        String readable, int depth) throws Unsupported {
      Type repeated = g.getType(0);
      Type element = RecordSchema.listElement(g);
      if (element == repeated || g.getFieldCount() != 1) {
        throw new Unsupported("'" + readable + "' is a legacy (2-level) list");
      }
      List<String> repeatedPath = with(path, repeated.getName());
      Node e = value(elementType, element, with(repeatedPath, element.getName()),
          readable + "[]", depth + 1);
      return listOf(e, path, repeatedPath, readable, depth);
    }

    /**
     * The list node of a 3-level list at {@code path} (its repeated group at
     * {@code repeatedPath}) whose element is read by {@code element}.
     */
    private ListNode listOf(Node element, List<String> path, List<String> repeatedPath,
        String readable, int depth) throws Unsupported {
      maxDepth = Math.max(maxDepth, depth + 1);
      int[] below = below(new Node[] {element});
      if (below.length == 0) {
        throw new Unsupported("'" + readable + "' reads no column");
      }
      return new ListNode(maxDef(path), maxDef(repeatedPath), maxRep(repeatedPath),
          maxRep(path), below[0], below, element, depth);
    }

    private MapNode map(java.lang.reflect.Type valueType, GroupType g, List<String> path,
        String readable, int depth) throws Unsupported {
      GroupType kv = g.getType(0).asGroupType();
      if (kv.getFieldCount() != 2 || !kv.getType(0).isPrimitive()) {
        throw new Unsupported("'" + readable + "' is a map without a primitive key and a value");
      }
      List<String> kvPath = with(path, kv.getName());
      Type keyType = kv.getType(0);
      Type valueField = kv.getType(1);
      // Keys are taken as read, as the interpreted path takes them.
      Leaf key = leaf(Object.class, Object.class, keyType.asPrimitiveType(),
          with(kvPath, keyType.getName()), readable + ".key");
      Node value = value(valueType, valueField, with(kvPath, valueField.getName()),
          readable + "[]", depth + 1);
      maxDepth = Math.max(maxDepth, depth + 1);
      int[] below = below(new Node[] {key, value});
      return new MapNode(maxDef(path), maxDef(kvPath), maxRep(kvPath), maxRep(path), below[0],
          below, key, value, depth);
    }

    private Leaf leaf(java.lang.reflect.Type target, Class<?> raw, PrimitiveType column,
        List<String> path, String readable) {
      return newLeaf(path, kind(raw, column), raw, new ObjectColumn(column, null, readable),
          () -> RecordMapping.conversion(target, readable), 0);
    }

    /**
     * A leaf on a new cursor at {@code path}; read as {@link Kind#OBJECT}, its Java values are
     * {@code column}'s, converted by {@code conversion} where not of the target class.
     */
    private Leaf newLeaf(List<String> path, Kind kind, Class<?> target, ObjectColumn column,
        java.util.function.Supplier<Function<Object, Object>> conversion, int narrow) {
      int cursor = cursor(path);
      int objects = -1;
      int converts = -1;
      if (kind == Kind.OBJECT) {
        objects = objectColumns.size();
        objectColumns.add(column);
        converts = conversions.size();
        conversions.add(conversion.get());
      }
      return new Leaf(cursor, kind, target, objects, converts, column.path(), narrow);
    }

    /** A new cursor on the requested leaf at {@code path}. */
    private int cursor(List<String> path) {
      int cursor = cursorLeaves.size();
      cursorLeaves.add(leaf(path));
      cursorDefs.add(maxDef(path));
      return cursor;
    }

    private int leaf(List<String> path) {
      Integer index = leafIndex.get(String.join("\u0000", path));
      if (index == null) {
        throw new IllegalStateException("no requested leaf " + path);
      }
      return index;
    }

    /** A VARIANT column of the row read as {@code target} from its leaves. */
    private VariantColumn variantColumn(java.lang.reflect.Type target, GroupType group,
        List<String> path, String readable) throws Unsupported {
      if (!group.containsField(VariantSchemas.METADATA)) {
        throw new Unsupported("'" + readable + "' has no metadata column");
      }
      int metadata = cursor(with(path, VariantSchemas.METADATA));
      int variant = variantColumns.size();
      variantColumns.add(readable);
      return new VariantColumn(metadata, variant, pair(target, group, path, readable, 0, true,
          variant), readable);
    }

    /**
     * The value/typed_value pair {@code group} (a VARIANT column, an object field or an array
     * element) read as {@code target}: at the row level ({@code rowLevel}: a record of it is
     * null when all its components are, as the row's paths read it) or inside a value (a list
     * element: a record is null where its object is, as the reassembled value converts).
     */
    private Node pair(java.lang.reflect.Type target, GroupType group, List<String> path,
        String readable, int depth, boolean rowLevel, int variant) throws Unsupported {
      Type value = group.containsField(VariantSchemas.VALUE)
          ? group.getType(VariantSchemas.VALUE) : null;
      Type typed = group.containsField(VariantSchemas.TYPED_VALUE)
          ? group.getType(VariantSchemas.TYPED_VALUE) : null;
      if (value != null && (!value.isPrimitive() || value.isRepetition(Type.Repetition.REPEATED))) {
        throw new Unsupported("'" + readable + "' has an invalid value column");
      }
      List<String> typedPath = with(path, VariantSchemas.TYPED_VALUE);
      Class<?> raw = rawClass(target);
      if (typed != null && !typed.isPrimitive()) {
        if (value != null) {
          residualLeaves.add(leaf(with(path, VariantSchemas.VALUE)));
        }
        GroupType g = typed.asGroupType();
        if (g.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
          if (raw != List.class) {
            throw new Unsupported("'" + readable + "' is a shredded array read as "
                + raw.getName());
          }
          return array(typeArgument(target, 0), g, typedPath, readable, depth, variant);
        }
        if (g.getLogicalTypeAnnotation() != null || !raw.isRecord()) {
          throw new Unsupported("'" + readable + "' is a shredded object read as "
              + raw.getName());
        }
        return object(raw, g, typedPath, readable, depth, rowLevel, variant);
      }
      if (!RecordMapping.castable(raw)) {
        throw new Unsupported("'" + readable + "' is read as " + target.getTypeName()
            + ", to which no typed getter casts");
      }
      if (typed == null && value == null) {
        throw new Unsupported("'" + readable + "' has neither value nor typed_value");
      }
      int valueCursor = value == null ? -1 : cursor(with(path, VariantSchemas.VALUE));
      Leaf typedLeaf = typed == null ? null
          : typedLeaf(raw, typed.asPrimitiveType(), typedPath, readable);
      int residual = conversions.size();
      conversions.add(RecordMapping.conversion(target, readable));
      return new Pair(valueCursor, typedLeaf, variant, residual, raw, readable);
    }

    /** A shredded object's fields as a record of {@code type}. */
    private Struct object(Class<?> type, GroupType typed, List<String> typedPath,
        String readable, int depth, boolean rowLevel, int variant) throws Unsupported {
      RecordComponent[] rc = components(type);
      Node[] nodes = new Node[rc.length];
      String[] names = new String[rc.length];
      for (int i = 0; i < rc.length; i++) {
        names[i] = rc[i].getName();
        String at = readable + "." + names[i];
        if (!typed.containsField(names[i])) {
          nodes[i] = absent(rc[i], at);
          continue;
        }
        Type field = typed.getType(names[i]);
        if (field.isPrimitive()) {
          throw new Unsupported("'" + at + "' is no value/typed_value group");
        }
        nodes[i] = pair(rc[i].getGenericType(), field.asGroupType(), with(typedPath, names[i]),
            at, depth, rowLevel, variant);
      }
      if (rowLevel) {
        return rowStruct(type, names, nodes, readable);
      }
      for (Type f : typed.getFields()) {
        if (!Arrays.asList(names).contains(f.getName())) {
          throw new Unsupported("'" + readable + "." + f.getName() + "' is a field "
              + type.getSimpleName() + " does not read");
        }
      }
      return innerStruct(type, names, nodes, typedPath, readable);
    }

    /** A shredded array (a 3-level LIST of element pairs) as a list. */
    private ListNode array(java.lang.reflect.Type elementType, GroupType typed,
        List<String> typedPath, String readable, int depth, int variant) throws Unsupported {
      if (typed.getFieldCount() != 1 || typed.getType(0).isPrimitive()
          || typed.getType(0).asGroupType().getFieldCount() != 1
          || typed.getType(0).asGroupType().getType(0).isPrimitive()) {
        throw new Unsupported("'" + readable + "' is no 3-level LIST of element groups");
      }
      GroupType repeated = typed.getType(0).asGroupType();
      GroupType element = repeated.getType(0).asGroupType();
      List<String> repeatedPath = with(typedPath, repeated.getName());
      Node e = pair(elementType, element, with(repeatedPath, element.getName()),
          readable + "[]", depth + 1, false, variant);
      return listOf(e, typedPath, repeatedPath, readable, depth);
    }

    /**
     * A shredded primitive's {@code typed_value} leaf read as {@code target} (castable): as a
     * primitive where the cast is a plain widening of it, else as its Java value, cast.
     */
    private Leaf typedLeaf(Class<?> target, PrimitiveType column, List<String> path,
        String readable) throws Unsupported {
      ShreddedPrimitive type;
      try {
        type = VariantSchemas.shreddedPrimitiveOf(column, readable);
      } catch (IllegalArgumentException e) {
        throw new Unsupported(e.getMessage());
      }
      Class<?> unboxed = MethodType.methodType(target).unwrap().returnType();
      Kind kind = Kind.OBJECT;
      int narrow = 0;
      switch (type.kind()) {
        case INT8, INT16, INT32 -> {
          if (unboxed == int.class || unboxed == long.class) {
            kind = Kind.INT;
            narrow = type.kind() == VariantType.INT8 ? 8 : type.kind() == VariantType.INT16
                ? 16 : 0;
          }
        }
        case INT64 -> kind = unboxed == long.class ? Kind.LONG : Kind.OBJECT;
        case DOUBLE -> kind = unboxed == double.class ? Kind.DOUBLE : Kind.OBJECT;
        case BOOLEAN -> kind = unboxed == boolean.class ? Kind.BOOLEAN : Kind.OBJECT;
        default -> kind = Kind.OBJECT;
      }
      return newLeaf(path, kind, target, new ObjectColumn(column, type, readable),
          () -> RecordMapping.typedLeafConversion(target, readable, type), narrow);
    }

    /**
     * The struct group a row-level record's components are fields of; null when it is no
     * plain struct (a VARIANT column, say): its components are then read from vectors.
     */
    private static GroupType plainStruct(Type field) {
      if (field == null || field.isPrimitive() || field.getLogicalTypeAnnotation() != null
          || field.isRepetition(Type.Repetition.REPEATED)
          || VariantSchemas.isVariantGroup(field.asGroupType())) {
        return null;
      }
      return field.asGroupType();
    }

    private int maxDef(List<String> path) {
      return requested.getMaxDefinitionLevel(path.toArray(new String[0]));
    }

    private int maxRep(List<String> path) {
      return requested.getMaxRepetitionLevel(path.toArray(new String[0]));
    }
  }

  /**
   * The primitive a leaf is read as, when the row's Java value would be exactly the boxed
   * primitive ({@code JavaValues} gives plain INT32, INT64, FLOAT, DOUBLE and BOOLEAN columns
   * as Integer, Long, Float, Double, Boolean); else its Java value.
   */
  static Kind kind(Class<?> raw, PrimitiveType column) {
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    PrimitiveTypeName p = column.getPrimitiveTypeName();
    if ((raw == long.class || raw == Long.class) && p == PrimitiveTypeName.INT64
        && plainInt(a, 64)) {
      return Kind.LONG;
    }
    if ((raw == int.class || raw == Integer.class) && p == PrimitiveTypeName.INT32
        && plainInt(a, 32)) {
      return Kind.INT;
    }
    if (a == null) {
      if ((raw == double.class || raw == Double.class) && p == PrimitiveTypeName.DOUBLE) {
        return Kind.DOUBLE;
      }
      if ((raw == float.class || raw == Float.class) && p == PrimitiveTypeName.FLOAT) {
        return Kind.FLOAT;
      }
      if ((raw == boolean.class || raw == Boolean.class) && p == PrimitiveTypeName.BOOLEAN) {
        return Kind.BOOLEAN;
      }
    }
    return Kind.OBJECT;
  }

  private static boolean plainInt(LogicalTypeAnnotation a, int bits) {
    return a == null || a instanceof IntLogicalTypeAnnotation i && i.getBitWidth() == bits
        && i.isSigned();
  }

  private static Node absent(RecordComponent c, String readable) {
    return new Absent(c.getType(), readable);
  }

  private static RecordComponent[] components(Class<?> type) throws Unsupported {
    if (!type.isRecord()) {
      throw new Unsupported(type.getName() + " is not a record");
    }
    return type.getRecordComponents();
  }

  /** The cursors read below {@code nodes}, in order. */
  static int[] below(Node[] nodes) {
    List<Integer> out = new ArrayList<>();
    for (Node n : nodes) {
      if (n instanceof Leaf l) {
        out.add(l.cursor());
      } else if (n instanceof Struct s) {
        Arrays.stream(s.below()).forEach(out::add);
      } else if (n instanceof ListNode l) {
        Arrays.stream(l.below()).forEach(out::add);
      } else if (n instanceof MapNode m) {
        Arrays.stream(m.below()).forEach(out::add);
      } else if (n instanceof Pair p) {
        if (p.value() >= 0) {
          out.add(p.value());
        }
        if (p.typed() != null) {
          out.add(p.typed().cursor());
        }
      } else if (n instanceof VariantColumn v) {
        out.add(v.metadata());
        Arrays.stream(below(new Node[] {v.value()})).forEach(out::add);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static List<String> with(List<String> path, String name) {
    List<String> out = new ArrayList<>(path);
    out.add(name);
    return out;
  }

  static Class<?> rawClass(java.lang.reflect.Type t) {
    if (t instanceof Class<?> c) {
      return c;
    }
    if (t instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    return Object.class;
  }

  private static java.lang.reflect.Type typeArgument(java.lang.reflect.Type t, int i) {
    return t instanceof ParameterizedType p ? p.getActualTypeArguments()[i] : Object.class;
  }

  /** The plan's tree as text, one node a line (for dumps). */
  String describe() {
    StringBuilder out = new StringBuilder();
    describe(root, "", out);
    return out.toString();
  }

  private void describe(Node n, String indent, StringBuilder out) {
    out.append(indent);
    if (n instanceof Leaf l) {
      out.append(l.path()).append(": leaf ").append(cursorLeaves[l.cursor()]).append(" (def ")
          .append(cursorDefs[l.cursor()]).append(") as ").append(l.kind()).append(" into ")
          .append(l.target().getName()).append('\n');
    } else if (n instanceof Absent a) {
      out.append(a.path()).append(": absent\n");
    } else if (n instanceof Pair p) {
      out.append(p.path()).append(": variant pair (value ")
          .append(p.value() < 0 ? "none" : "leaf " + cursorLeaves[p.value()]).append(")")
          .append(p.typed() == null ? "" : " typed leaf " + cursorLeaves[p.typed().cursor()]
              + " as " + p.typed().kind() + (p.typed().narrow() == 0 ? ""
              : " narrowed to " + p.typed().narrow() + " bits"))
          .append(" into ").append(p.target().getName()).append('\n');
    } else if (n instanceof VariantColumn v) {
      out.append(v.path()).append(": VARIANT column (metadata leaf ")
          .append(cursorLeaves[v.metadata()]).append(")\n");
      describe(v.value(), indent + "  ", out);
    } else if (n instanceof Slot v) {
      out.append(v.path()).append(": vector of selection ").append(v.slot()).append(" into ")
          .append(v.target().getName()).append('\n');
    } else if (n instanceof Struct s) {
      out.append(s.path().isEmpty() ? "row" : s.path()).append(": ")
          .append(s.type().getName()).append(s.rowLevel() ? " (row level)" : " (def "
              + s.def() + ", rep " + s.rep() + ")").append('\n');
      for (Node c : s.components()) {
        describe(c, indent + "  ", out);
      }
    } else if (n instanceof ListNode l) {
      out.append("list (def ").append(l.def()).append(", elements ").append(l.elementsDef())
          .append(", rep ").append(l.elementRep()).append(")\n");
      describe(l.element(), indent + "  ", out);
    } else if (n instanceof MapNode m) {
      out.append("map (def ").append(m.def()).append(", entries ").append(m.entriesDef())
          .append(", rep ").append(m.entryRep()).append(")\n");
      describe(m.key(), indent + "  ", out);
      describe(m.value(), indent + "  ", out);
    }
  }
}
