package io.dendrite.parquet.read.internal.engine;

import static io.dendrite.parquet.schema.internal.VariantSchemas.METADATA;
import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantNode;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Compiles the reader trees of the columnar engine from a file's schema, once per file and
 * plan: the shape of each node comes from the file's type (so projecting a group can never
 * change how it is read), the fields read from the requested (projected) type, and the
 * definition and repetition levels and leaf indexes from the requested schema. What it makes
 * are recipes, which build a fresh tree with its own cursors per read (trees hold per-read
 * state) without looking anything up.
 */
final class ValueReaders {

  /** Builds one reader tree, its cursors taken from {@code cursors}. */
  interface Recipe {
    ValueReader build(Cursors cursors);
  }

  /** Builds one pair reader of a shredded variant. */
  interface PairRecipe {
    PairReader build(Cursors cursors);
  }

  /** Reads nothing and gives null: a selection no value can satisfy (an index into a map). */
  static final Recipe NO_VALUE = c -> new ShapeReaders.NoValue();

  /**
   * The cursors of one path reader: one per leaf, shared by the readers of its tree; and the
   * primitive its selection ends on, read in place, if it does.
   */
  static final class Cursors {
    private final Map<Integer, LeafCursor> byLeaf = new LinkedHashMap<>();
    ShapeReaders.Primitive inPlace;

    LeafCursor get(int leaf, int maxDef) {
      return byLeaf.computeIfAbsent(leaf, l -> new LeafCursor(l, maxDef));
    }
  }

  private final MessageType requested;
  private final Map<String, Integer> leafIndex;
  /** Leaves whose buffers values outlive the batch in (residual views): see ColumnarPlan. */
  private final boolean[] fresh;

  ValueReaders(MessageType requested, Map<String, Integer> leafIndex, boolean[] fresh) {
    this.requested = requested;
    this.leafIndex = leafIndex;
    this.fresh = fresh;
  }

  // ================================================================ ordinary columns

  /**
   * The value at {@code tail} below the field {@code file} (a top-level column or a struct
   * field, which may be a legacy repeated field), requested as {@code projected}; only the
   * leaves below what the path ends on are read.
   *
   * @param path the field's Parquet path
   * @param readable the field's path as errors name it ({@code events[].payload})
   */
  Recipe select(Type file, Type projected, List<String> path, List<Segment> tail,
      String readable) {
    if (!file.isRepetition(Type.Repetition.REPEATED)) {
      return selectIn(file, projected, path, tail, readable);
    }
    // A repeated field not inside a LIST group is a required list of required elements.
    if (tail.isEmpty()) {
      return field(file, projected, path, readable);
    }
    if (!tail.get(0).isIndex()) {
      return NO_VALUE;
    }
    Recipe element = selectIn(file, projected, path, tail.subList(1, tail.size()),
        readable + "[]");
    return elementAt(element, maxDef(path), maxRep(path) - 1, tail.get(0).index());
  }

  /** As {@link #select}, for a node read as itself (its own repetition already handled). */
  private Recipe selectIn(Type file, Type projected, List<String> path, List<Segment> tail,
      String readable) {
    if (tail.isEmpty()) {
      return file.isPrimitive() ? primitive(file.asPrimitiveType(), path, true)
          : node(file, projected, path, readable);
    }
    if (file.isPrimitive()) {
      return NO_VALUE; // planning rejects fields of primitives
    }
    GroupType g = file.asGroupType();
    GroupType p = projected.asGroupType();
    Segment seg = tail.get(0);
    List<Segment> rest = tail.subList(1, tail.size());
    if (VariantSchemas.isVariantGroup(g)) {
      Recipe variant = node(file, projected, path, readable);
      List<Segment> segments = List.copyOf(tail);
      return c -> new ShapeReaders.InVariant(variant.build(c), segments);
    }
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      if (!seg.isIndex()) {
        return NO_VALUE; // planning rejects names on lists
      }
      Type repeated = g.getType(0);
      List<String> repeatedPath = with(path, repeated.getName());
      Type element = RecordSchema.listElement(g);
      Type pRepeated = p.getType(repeated.getName());
      Recipe inner = element == repeated
          ? selectIn(repeated, pRepeated, repeatedPath, rest, readable + "[]")
          : selectIn(element, pRepeated.asGroupType().getType(element.getName()),
              with(repeatedPath, element.getName()), rest, readable + "[]");
      return elementAt(inner, maxDef(repeatedPath), maxRep(path), seg.index());
    }
    if (isMap(a)) {
      GroupType kv = g.getType(0).asGroupType();
      List<String> kvPath = with(path, kv.getName());
      Type key = kv.getType(0);
      Type value = kv.getType(1);
      FieldType keyType = primitiveType(key.asPrimitiveType());
      if (seg.isIndex() || keyType.equals(FieldType.binary())) {
        return NO_VALUE; // no key reads as an index, or equals the text of a byte array
      }
      GroupType pkv = p.getType(kv.getName()).asGroupType();
      Recipe keyReader = node(key, key, with(kvPath, key.getName()), readable + ".key");
      Recipe inner = selectIn(value, pkv.getType(value.getName()),
          with(kvPath, value.getName()), rest, readable + ".value");
      if (inner == NO_VALUE) {
        return NO_VALUE;
      }
      int entriesDef = maxDef(kvPath);
      int rep = maxRep(path);
      boolean stringKey = keyType.equals(FieldType.string());
      String name = seg.name();
      return c -> new ShapeReaders.ValueAtKey(entriesDef, rep,
          (ShapeReaders.Primitive) keyReader.build(c), stringKey, name, inner.build(c));
    }
    if (a != null || seg.isIndex() || !p.containsField(seg.name())) {
      return NO_VALUE; // planning rejects these
    }
    // A struct: the selection reads only the field it names.
    return select(g.getType(seg.name()), p.getType(seg.name()), with(path, seg.name()), rest,
        readable + "." + seg.name());
  }

  private static Recipe elementAt(Recipe element, int elementsDef, int rep, int index) {
    if (element == NO_VALUE) {
      return NO_VALUE;
    }
    return c -> new ShapeReaders.ElementAt(elementsDef, rep, index, element.build(c));
  }

  /** A field read whole: a legacy repeated field is a list of itself. */
  private Recipe field(Type file, Type projected, List<String> path, String readable) {
    if (!file.isRepetition(Type.Repetition.REPEATED)) {
      return node(file, projected, path, readable);
    }
    Recipe element = node(file, projected, path, readable + "[]");
    int elementsDef = maxDef(path);
    int rep = maxRep(path) - 1;
    return c -> new ShapeReaders.ListOf(elementsDef - 1, elementsDef, rep, element.build(c));
  }

  /** A node read whole, ignoring its own repetition (the caller's list handles it). */
  private Recipe node(Type file, Type projected, List<String> path, String readable) {
    int def = maxDef(path);
    int rep = maxRep(path);
    if (file.isPrimitive()) {
      return primitive(file.asPrimitiveType(), path, false);
    }
    GroupType g = file.asGroupType();
    GroupType p = projected.asGroupType();
    if (VariantSchemas.isVariantGroup(g)) {
      return variant(g, path, readable, def, rep);
    }
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      Type repeated = g.getType(0);
      List<String> repeatedPath = with(path, repeated.getName());
      Type element = RecordSchema.listElement(g);
      Type pRepeated = p.getType(repeated.getName());
      Recipe inner = element == repeated
          ? node(repeated, pRepeated, repeatedPath, readable + "[]")
          : node(element, pRepeated.asGroupType().getType(element.getName()),
              with(repeatedPath, element.getName()), readable + "[]");
      int elementsDef = maxDef(repeatedPath);
      return c -> new ShapeReaders.ListOf(def, elementsDef, rep, inner.build(c));
    }
    if (isMap(a)) {
      GroupType kv = g.getType(0).asGroupType();
      GroupType pkv = p.getType(kv.getName()).asGroupType();
      List<String> kvPath = with(path, kv.getName());
      Type key = kv.getType(0);
      Type value = kv.getType(1);
      Recipe keyReader = node(key, key, with(kvPath, key.getName()), readable + ".key");
      Recipe valueReader = node(value, pkv.getType(value.getName()),
          with(kvPath, value.getName()), readable + ".value");
      int entriesDef = maxDef(kvPath);
      return c -> new ShapeReaders.MapOf(def, entriesDef, rep, keyReader.build(c),
          valueReader.build(c));
    }
    // A struct, as requested: the fields the selections need.
    List<String> names = new ArrayList<>();
    List<Recipe> fields = new ArrayList<>();
    for (Type f : p.getFields()) {
      names.add(f.getName());
      fields.add(field(g.getType(f.getName()), f, with(path, f.getName()),
          readable + "." + f.getName()));
    }
    String[] fieldNames = names.toArray(new String[0]);
    return c -> {
      ValueReader[] readers = new ValueReader[fieldNames.length];
      for (int i = 0; i < readers.length; i++) {
        readers[i] = fields.get(i).build(c);
      }
      return new ShapeReaders.Struct(def, rep, fieldNames, readers);
    };
  }

  /**
   * A primitive; {@code inPlace} for the one a selection ends on, whose values go to typed
   * arrays without a Java value each ({@link Cursors#inPlace}).
   */
  private Recipe primitive(PrimitiveType t, List<String> path, boolean inPlace) {
    JavaValues values = JavaValues.forColumn(t);
    PrimitiveTypeName physical = t.getPrimitiveTypeName();
    int leaf = leaf(path);
    int def = maxDef(path);
    int rep = maxRep(path);
    return c -> {
      ShapeReaders.Primitive p = new ShapeReaders.Primitive(c.get(leaf, def), rep, values,
          physical, inPlace);
      if (inPlace) {
        c.inPlace = p;
      }
      return p;
    };
  }

  /** A VARIANT group below the top level, read whole and reassembled if shredded. */
  private Recipe variant(GroupType g, List<String> path, String readable, int def, int rep) {
    VariantNode node = VariantNode.variant(g, path, readable, def);
    List<String> metadataPath = with(path, METADATA);
    int metadataLeaf = leaf(metadataPath);
    int metadataDef = maxDef(metadataPath);
    PairRecipe pair = pair(node, readable, null, true);
    markFresh(node);
    return c -> new ShapeReaders.Variant(def, rep, c.get(metadataLeaf, metadataDef),
        new MetadataColumn(readable), new VariantContext(readable), pair.build(c));
  }

  // ================================================================ shredded variants

  /**
   * The {@code value} / {@code typed_value} pair of {@code node} (a VARIANT group, object
   * field or array element, requested whole).
   *
   * @param key the object field key to write before the value, or null
   * @param nullWhenMissing whether a pair with neither value reads as variant null (the top
   *     of a variant, array elements) rather than as missing (object fields)
   */
  PairRecipe pair(VariantNode node, String readable, String key, boolean nullWhenMissing) {
    List<String> path = node.path();
    int rep = maxRep(path);
    int valueLeaf = -1;
    int valueDef = 0;
    if (node.hasValue()) {
      valueLeaf = leaf(node.valuePath());
      valueDef = maxDef(node.valuePath());
    }
    TypedRecipe typed = node.hasTypedValue() ? typed(node, readable) : null;
    int leafValue = valueLeaf;
    int leafValueDef = valueDef;
    return c -> new PairReader(leafValue < 0 ? null : c.get(leafValue, leafValueDef),
        leafValueDef, typed == null ? null : typed.build(c), readable, key, nullWhenMissing,
        rep);
  }

  /**
   * Marks the {@code value} leaf of a pair read whole as fresh per batch: a residual without
   * a typed value is returned as a view of the page's bytes ({@link PairReader#readVariant}).
   */
  void markFresh(VariantNode node) {
    if (node.hasValue()) {
      fresh[leaf(node.valuePath())] = true;
    }
  }

  /** Builds one typed_value reader. */
  private interface TypedRecipe {
    TypedReaders.TypedReader build(Cursors cursors);
  }

  private TypedRecipe typed(VariantNode node, String readable) {
    List<String> path = node.typedValuePath();
    int def = maxDef(path);
    int rep = maxRep(path);
    if (node.type() instanceof ShreddedPrimitive p) {
      int leaf = leaf(path);
      PrimitiveTypeName physical =
          node.group().getType(TYPED_VALUE).asPrimitiveType().getPrimitiveTypeName();
      return c -> new TypedReaders.Primitive(c.get(leaf, def), rep, p, physical, readable);
    }
    if (node.type() instanceof ShreddedArray) {
      VariantNode element = node.element();
      List<String> repeatedPath = element.path().subList(0, element.path().size() - 1);
      PairRecipe pair = pair(element, readable + "[]", null, true);
      int elementsDef = maxDef(repeatedPath);
      int elementRep = maxRep(repeatedPath);
      return c -> new TypedReaders.ArrayOf(def, rep, elementsDef, elementRep, pair.build(c));
    }
    List<String> names = node.fieldNames();
    List<PairRecipe> fields = new ArrayList<>();
    for (String name : names) {
      fields.add(pair(node.field(name), readable + "." + name, name, false));
    }
    Set<String> shredded = new HashSet<>(names);
    return c -> {
      PairReader[] pairs = new PairReader[fields.size()];
      List<LeafCursor> all = new ArrayList<>();
      for (int i = 0; i < pairs.length; i++) {
        pairs[i] = fields.get(i).build(c);
        all.addAll(List.of(pairs[i].cursors));
      }
      return new TypedReaders.ObjectOf(all.toArray(new LeafCursor[0]), def, rep, pairs,
          new ShreddedFieldNames(shredded), readable);
    };
  }

  // ================================================================ schema helpers

  private static boolean isMap(LogicalTypeAnnotation a) {
    return a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
  }

  /** The record schema type of a primitive, whatever its repetition. */
  static FieldType primitiveType(PrimitiveType t) {
    PrimitiveType required = new PrimitiveType(Type.Repetition.REQUIRED,
        t.getPrimitiveTypeName(), t.getTypeLength(), t.getName())
        .withLogicalTypeAnnotation(t.getLogicalTypeAnnotation());
    return RecordSchema.fromParquet(new MessageType("m", required)).fields().get(0).type();
  }

  int leaf(List<String> path) {
    Integer i = leafIndex.get(String.join("\u0000", path));
    if (i == null) {
      throw new IllegalStateException("column " + String.join(".", path) + " is not requested");
    }
    return i;
  }

  int maxDef(List<String> path) {
    return requested.getMaxDefinitionLevel(path.toArray(new String[0]));
  }

  int maxRep(List<String> path) {
    return requested.getMaxRepetitionLevel(path.toArray(new String[0]));
  }

  static List<String> with(List<String> path, String name) {
    List<String> out = new ArrayList<>(path);
    out.add(name);
    return out;
  }
}
