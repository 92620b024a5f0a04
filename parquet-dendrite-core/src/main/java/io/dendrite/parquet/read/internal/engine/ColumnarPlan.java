package io.dendrite.parquet.read.internal.engine;

import static io.dendrite.parquet.schema.internal.VariantSchemas.METADATA;
import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.internal.plan.AncestorValue;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.ReadPlan.PlannedColumn;
import io.dendrite.parquet.read.internal.plan.VariantProjection.Use;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.read.internal.plan.VariantRoot.Kind;
import io.dendrite.parquet.schema.internal.VariantNode;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * A {@link ReadPlan} compiled for the columnar engine, once per file: the leaf columns to
 * decode and one {@link PathReader} per selection, bound to leaf indexes and definition levels
 * (no lookups by name per row). Primitive paths through structs fill typed arrays
 * ({@link PrimitivePathReader}); paths into top-level VARIANT columns read a typed leaf or
 * residual ({@link VariantPathReader}) or reassemble a shredded node
 * ({@link ReassemblePathReader}); everything else (lists, maps, structs read whole, variants
 * inside them) is assembled by a {@link ValueReader} tree ({@link NestedPathReader}).
 */
public final class ColumnarPlan {

  public final MessageType requested;
  public final List<ColumnDescriptor> leaves;
  /** Leaves whose binary buffers must be fresh per batch: views into them outlive the batch. */
  public final boolean[] freshBuffers;
  public final RowShape shape;
  private final List<ReaderFactory> factories;

  /** Builds a path reader with its own vector; one set per read (readers hold state). */
  private interface ReaderFactory {
    PathReader create(Map<String, MetadataColumn> metadata);
  }

  private ColumnarPlan(MessageType requested, boolean[] freshBuffers, RowShape shape,
      List<ReaderFactory> factories) {
    this.requested = requested;
    this.leaves = requested.getColumns();
    this.freshBuffers = freshBuffers;
    this.shape = shape;
    this.factories = factories;
  }

  /** Fresh readers for one read, in selection order. */
  public PathReader[] readers() {
    Map<String, MetadataColumn> metadata = new HashMap<>();
    PathReader[] out = new PathReader[factories.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = factories.get(i).create(metadata);
    }
    return out;
  }

  /** The plan for the engine. */
  public static ColumnarPlan compile(ReadPlan plan) {
    MessageType requested = plan.requestedSchema();
    RowShape shape = plan.shape();
    Map<String, Integer> leafIndex = new HashMap<>();
    List<ColumnDescriptor> leaves = requested.getColumns();
    for (int i = 0; i < leaves.size(); i++) {
      leafIndex.put(String.join("\u0000", leaves.get(i).getPath()), i);
    }
    boolean[] fresh = new boolean[leaves.size()];
    ValueReaders readers = new ValueReaders(requested, leafIndex, fresh);
    ReaderFactory[] factories = new ReaderFactory[shape.size()];
    for (PlannedColumn c : plan.columns()) {
      for (int s = 0; s < c.slots().length; s++) {
        int slot = c.slots()[s];
        String name = shape.name(slot);
        ReaderFactory f;
        if (c.projection() == null) {
          f = primitive(requested, leafIndex, c, c.tails().get(s), name, shape);
          if (f == null) {
            f = nested(readers, c, c.tails().get(s), name, shape);
          }
        } else if (c.projection().uses().get(s).root().kind == Kind.REASSEMBLE) {
          f = reassemble(readers, requested, leafIndex, fresh, c, s, name, shape);
        } else {
          f = variant(requested, leafIndex, fresh, c, s, name, shape);
        }
        factories[slot] = f;
      }
    }
    return new ColumnarPlan(requested, fresh, shape, Arrays.asList(factories));
  }

  /**
   * An ordinary column's selection through structs, lists and maps, or ending on any of them:
   * a reader tree over the leaves below what the path ends on.
   */
  private static ReaderFactory nested(ValueReaders readers, PlannedColumn c, List<Segment> tail,
      String name, RowShape shape) {
    Type t = c.fileType();
    ValueReaders.Recipe recipe = readers.select(t, c.projected(), List.of(t.getName()), tail,
        t.getName());
    return metadata -> {
      ValueReaders.Cursors cursors = new ValueReaders.Cursors();
      ValueReader root = recipe.build(cursors);
      ShapeReaders.Primitive end = cursors.inPlace;
      return new NestedPathReader(new ColumnVector(name, null, end == null ? null : end.values,
          shape.strictCasts), root, end);
    };
  }

  /** An ordinary column, or a field of non-repeated structs, ending on a primitive; or null. */
  private static ReaderFactory primitive(MessageType requested, Map<String, Integer> leafIndex,
      PlannedColumn c, List<Segment> tail, String name, RowShape shape) {
    Type t = c.projected();
    if (t.isRepetition(Type.Repetition.REPEATED)) {
      return null;
    }
    List<String> path = new ArrayList<>(List.of(t.getName()));
    for (Segment seg : tail) {
      if (t.isPrimitive() || seg.isIndex() || t.getLogicalTypeAnnotation() != null
          || VariantSchemas.isVariantGroup(t.asGroupType())
          || !t.asGroupType().containsField(seg.name())) {
        return null;
      }
      t = t.asGroupType().getType(seg.name());
      if (t.isRepetition(Type.Repetition.REPEATED)) {
        return null;
      }
      path.add(seg.name());
    }
    if (!t.isPrimitive()) {
      return null;
    }
    String[] p = path.toArray(new String[0]);
    int leaf = leafIndex.get(String.join("\u0000", p));
    int maxDef = requested.getMaxDefinitionLevel(p);
    JavaValues values = JavaValues.forColumn(t.asPrimitiveType());
    org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName physical =
        t.asPrimitiveType().getPrimitiveTypeName();
    return metadata -> new PrimitivePathReader(
        new ColumnVector(name, null, values, shape.strictCasts), leaf, maxDef, physical);
  }

  /**
   * A selection into a top-level VARIANT column ending on, or indexing into, a shredded object
   * or array, or the whole column of a shredded file: the node's pair reassembled.
   */
  private static ReaderFactory reassemble(ValueReaders readers, MessageType requested,
      Map<String, Integer> leafIndex, boolean[] fresh, PlannedColumn c, int selection,
      String name, RowShape shape) {
    Use use = c.projection().uses().get(selection);
    VariantRoot root = use.root();
    String column = c.fileType().getName();
    int groupDef = requested.getMaxDefinitionLevel(column);
    List<String> metadataPath = List.of(column, METADATA);
    int metadataLeaf = leaf(leafIndex, metadataPath);
    int metadataDef = maxDef(requested, metadataPath);
    // A reassembly root's pair is requested whole (VariantProjection), as the file has it.
    ValueReaders.PairRecipe rootPair = readers.pair(root.at(), root.path, null,
        root.node.isEmpty());
    readers.markFresh(root.at());
    List<int[]> ancestorLevels = new ArrayList<>();
    List<List<Segment>> toSelections = new ArrayList<>();
    List<String> ancestorPaths = new ArrayList<>();
    for (AncestorValue a : root.ancestors) {
      int leaf = leaf(leafIndex, a.at.valuePath());
      fresh[leaf] = true;
      ancestorLevels.add(new int[] {leaf, maxDef(requested, a.at.valuePath()),
          typedDef(requested, a.at.path())});
      List<Segment> toSelection = new ArrayList<>();
      for (String n : root.node.subList(a.node.size(), root.node.size())) {
        toSelection.add(new Segment(n, -1));
      }
      toSelection.addAll(use.remaining());
      toSelections.add(toSelection);
      ancestorPaths.add(a.path);
    }
    List<Segment> remaining = use.remaining();
    return metadata -> {
      ValueReaders.Cursors cursors = new ValueReaders.Cursors();
      List<ReassemblePathReader.Ancestor> ancestors = new ArrayList<>();
      for (int i = 0; i < ancestorLevels.size(); i++) {
        int[] l = ancestorLevels.get(i);
        ancestors.add(new ReassemblePathReader.Ancestor(cursors.get(l[0], l[1]), l[1], l[2],
            toSelections.get(i), ancestorPaths.get(i)));
      }
      return new ReassemblePathReader(new ColumnVector(name, null, null, shape.strictCasts),
          cursors.get(metadataLeaf, metadataDef),
          metadata.computeIfAbsent(column, MetadataColumn::new), groupDef, ancestors,
          rootPair.build(cursors), new VariantContext(column), remaining);
    };
  }

  /** A selection into a top-level VARIANT column served by a typed leaf or residual root. */
  private static ReaderFactory variant(MessageType requested, Map<String, Integer> leafIndex,
      boolean[] fresh, PlannedColumn c, int selection, String name, RowShape shape) {
    Use use = c.projection().uses().get(selection);
    VariantRoot root = use.root();
    String column = c.fileType().getName();
    int groupDef = requested.getMaxDefinitionLevel(column);
    int metadataLeaf = leaf(leafIndex, List.of(column, METADATA));
    VariantNode at = root.at();
    int valueLeaf = root.readsValue ? leaf(leafIndex, at.valuePath()) : -1;
    int typedLeaf = root.kind == Kind.TYPED_LEAF ? leaf(leafIndex, at.typedValuePath()) : -1;
    int presenceLeaf = typedLeaf >= 0 ? typedLeaf : valueLeaf >= 0 ? valueLeaf
        : root.node.isEmpty() ? metadataLeaf : -1;
    boolean needsMetadata = valueLeaf >= 0 || root.ancestors.length > 0;
    if (needsMetadata && metadataLeaf < 0) {
      throw new IllegalStateException(root.path + ": a residual is read without metadata");
    }
    if (valueLeaf >= 0) {
      fresh[valueLeaf] = true;
    }
    List<VariantPathReader.Ancestor> ancestors = new ArrayList<>();
    for (AncestorValue a : root.ancestors) {
      int leaf = leaf(leafIndex, a.at.valuePath());
      fresh[leaf] = true;
      List<Segment> toSelection = new ArrayList<>();
      for (String n : root.node.subList(a.node.size(), root.node.size())) {
        toSelection.add(new Segment(n, -1));
      }
      toSelection.addAll(use.remaining());
      ancestors.add(new VariantPathReader.Ancestor(leaf, maxDef(requested,
          a.at.valuePath()), typedDef(requested, a.at.path()), toSelection, a.path));
    }
    int valueDef = valueLeaf >= 0 ? maxDef(requested, at.valuePath()) : 0;
    int typedDef = typedLeaf >= 0 ? maxDef(requested, at.typedValuePath()) : 0;
    boolean typedRows = typedLeaf >= 0 && use.remaining().isEmpty();
    org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName physical = typedLeaf >= 0
        ? requested.getColumns().get(typedLeaf).getPrimitiveType().getPrimitiveTypeName() : null;
    JavaValues values = typedRows ? JavaValues.forTypedLeaf(root.leafType(), root.path) : null;
    return metadata -> new VariantPathReader(
        new ColumnVector(name, typedRows ? root.leafType() : null, values, shape.strictCasts),
        root.kind, root.path, metadata.computeIfAbsent(column, MetadataColumn::new),
        metadataLeaf, groupDef, presenceLeaf, valueLeaf, valueDef, typedLeaf, typedDef,
        physical, root.node.isEmpty(), ancestors, use.remaining());
  }

  private static List<String> with(List<String> path, String last) {
    List<String> out = new ArrayList<>(path);
    out.add(last);
    return out;
  }

  private static int leaf(Map<String, Integer> leafIndex, List<String> path) {
    Integer i = leafIndex.get(String.join("\u0000", path));
    return i == null ? -1 : i;
  }

  /**
   * The definition level at which a shredded object's {@code typed_value} is present; none
   * reaches it when it is not requested (no column below it is read, so no row shows it).
   */
  private static int typedDef(MessageType requested, List<String> pair) {
    org.apache.parquet.schema.GroupType g = requested;
    for (String name : pair) {
      g = g.getType(name).asGroupType();
    }
    return g.containsField(TYPED_VALUE) ? maxDef(requested, with(pair, TYPED_VALUE))
        : Integer.MAX_VALUE;
  }

  private static int maxDef(MessageType schema, List<String> path) {
    return schema.getMaxDefinitionLevel(path.toArray(new String[0]));
  }
}
