package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.plan.AncestorValue;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.read.internal.plan.VariantRoot.Kind;
import io.dendrite.parquet.variant.VariantValue;
import java.util.List;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A path into a top-level VARIANT column whose shredded tree the plan leaves at a node without
 * reassembling anything ({@link Kind#TYPED_LEAF} or {@link Kind#RESIDUAL} roots): the node's
 * {@code typed_value} leaf into typed storage, its residual {@code value} navigated in binary,
 * and the {@code value} of each shredded object above the node, which holds the row when that
 * object's {@code typed_value} is null (see {@link AncestorValue}). Presence at each level
 * comes from one leaf's definition levels.
 */
public final class VariantPathReader extends PathReader {
  /** A shredded object above the node whose value column is read. */
  record Ancestor(int valueLeaf, int valueDef, int typedDef, List<Segment> toSelection,
      String path) {}

  private final Kind kind;
  private final String path;
  private final MetadataColumn metadata;
  private final int metadataLeaf;
  /** Definition level at which the column group is present. */
  private final int groupDef;
  /**
   * A leaf below the node: its definition levels tell which levels are present (-1: the node
   * has no leaf read, it holds nothing).
   */
  private final int presenceLeaf;
  private final int valueLeaf;
  private final int valueDef;
  private final int typedLeaf;
  private final int typedDef;
  private final PrimitiveTypeName physical;
  private final boolean topNode;
  private final Ancestor[] ancestors;
  private final List<Segment> remaining;
  /**
   * Only a typed leaf is read, below the column's top and with no path left: no value,
   * metadata or ancestor to consult, so the batch is copied in bulk.
   */
  private final boolean typedOnly;

  VariantPathReader(ColumnVector vector, Kind kind, String path, MetadataColumn metadata,
      int metadataLeaf, int groupDef, int presenceLeaf, int valueLeaf, int valueDef,
      int typedLeaf, int typedDef, PrimitiveTypeName physical, boolean topNode,
      List<Ancestor> ancestors, List<Segment> remaining) {
    super(vector);
    this.kind = kind;
    this.path = path;
    this.metadata = metadata;
    this.metadataLeaf = metadataLeaf;
    this.groupDef = groupDef;
    this.presenceLeaf = presenceLeaf;
    this.valueLeaf = valueLeaf;
    this.valueDef = valueDef;
    this.typedLeaf = typedLeaf;
    this.typedDef = typedDef;
    this.physical = physical;
    this.topNode = topNode;
    this.ancestors = ancestors.toArray(new Ancestor[0]);
    this.remaining = List.copyOf(remaining);
    this.typedOnly = typedLeaf >= 0 && valueLeaf < 0 && !topNode && this.ancestors.length == 0
        && this.remaining.isEmpty();
  }

  @Override
  public void fill(LeafBatch[] leaves, int rows) {
    ColumnVector v = vector;
    v.reset(rows);
    if (typedOnly) {
      // The common fully shredded leaf: a row holds its typed value or the path is missing.
      TypedStorage.fill(leaves[typedLeaf], physical, typedDef, v, rows, ColumnVector.MISSING);
      return;
    }
    LeafBatch meta = metadataLeaf < 0 ? null : leaves[metadataLeaf];
    LeafBatch value = valueLeaf < 0 ? null : leaves[valueLeaf];
    LeafBatch typed = typedLeaf < 0 ? null : leaves[typedLeaf];
    int[] presence = presenceLeaf < 0 ? null : leaves[presenceLeaf].def;
    if (typed != null) {
      TypedStorage.prepare(typed, physical, v, rows);
    }
    LeafBatch[] ancestorValues = new LeafBatch[ancestors.length];
    int[] ancestorVi = new int[ancestors.length];
    for (int a = 0; a < ancestors.length; a++) {
      ancestorValues[a] = leaves[ancestors[a].valueLeaf];
    }
    int mi = 0;
    int vi = 0;
    int ti = 0;
    for (int r = 0; r < rows; r++) {
      // Without a leaf below the node (it has neither value nor a typed leaf requested), an
      // ancestor's typed_value counts as null: a valid residual never holds a shredded field.
      int d = presenceLeaf < 0 ? Integer.MIN_VALUE : presence == null ? Integer.MAX_VALUE
          : presence[r];
      boolean groupPresent = meta != null ? isDefined(meta, r, groupDef) : d >= groupDef;
      int metaIndex = groupPresent ? mi++ : -1;
      // Each read leaf's value index advances on its own definition levels.
      boolean hasValue = value != null && isDefined(value, r, valueDef);
      int valueIndex = hasValue ? vi++ : -1;
      boolean hasTyped = typed != null && isDefined(typed, r, typedDef);
      int typedIndex = hasTyped ? ti++ : -1;
      int holder = -1;
      int holderIndex = -1;
      for (int a = 0; a < ancestors.length; a++) {
        boolean defined = isDefined(ancestorValues[a], r, ancestors[a].valueDef);
        int index = defined ? ancestorVi[a]++ : -1;
        if (holder < 0 && d < ancestors[a].typedDef && defined) {
          holder = a;
          holderIndex = index;
        }
      }
      try {
        if (holder >= 0) {
          Ancestor a = ancestors[holder];
          VariantValue whole = view(meta, metaIndex, ancestorValues[holder], holderIndex, a.path);
          v.setRaw(r, VariantRoot.walk(whole, a.toSelection));
        } else if (hasTyped) {
          if (hasValue) {
            throw Reconstruction.conflict(path);
          }
          if (remaining.isEmpty()) {
            TypedStorage.copy(typed, typedIndex, v, r);
          } else {
            v.status[r] = ColumnVector.MISSING; // a typed primitive has no fields or elements
          }
        } else if (hasValue) {
          v.setRaw(r, VariantRoot.walk(view(meta, metaIndex, value, valueIndex, path), remaining));
        } else if (topNode && groupPresent) {
          // Spec: a present variant whose value and typed_value are both null is variant null.
          v.setRaw(r, VariantRoot.walk(VariantRoot.VARIANT_NULL, remaining));
        } else {
          v.status[r] = ColumnVector.MISSING;
        }
      } catch (RuntimeException e) {
        throw new RowFailure(r, e);
      }
    }
  }

  private static boolean isDefined(LeafBatch b, int r, int maxDef) {
    return b.def == null || b.def[r] == maxDef;
  }

  private VariantValue view(LeafBatch meta, int metaIndex, LeafBatch b, int vi, String where) {
    return metadata.view(meta, metaIndex, b, vi, where);
  }
}
