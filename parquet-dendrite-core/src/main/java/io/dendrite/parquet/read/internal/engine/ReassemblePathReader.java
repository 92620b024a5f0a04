package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.plan.AncestorValue;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.util.List;

/**
 * A path into a top-level VARIANT column that ends on, or indexes into, a shredded object or
 * array ({@link VariantRoot.Kind#REASSEMBLE}), or the whole column of a shredded file: the
 * node's pair is reassembled ({@link PairReader}), unless an object above it holds the row in
 * its own {@code value} (see {@link AncestorValue}), and the rest of the path is walked in the
 * result.
 */
final class ReassemblePathReader extends PathReader {
  /** A shredded object above the node whose value column is read. */
  record Ancestor(LeafCursor value, int valueDef, int typedDef, List<Segment> toSelection,
      String path) {}

  private final LeafCursor metadata;
  private final MetadataColumn metadataColumn;
  /** Definition level at which the column group is present. */
  private final int groupDef;
  private final Ancestor[] ancestors;
  private final PairReader root;
  private final VariantContext context;
  private final List<Segment> remaining;
  private final LeafCursor[] cursors;

  ReassemblePathReader(ColumnVector vector, LeafCursor metadata, MetadataColumn metadataColumn,
      int groupDef, List<Ancestor> ancestors, PairReader root, VariantContext context,
      List<Segment> remaining) {
    super(vector);
    this.metadata = metadata;
    this.metadataColumn = metadataColumn;
    this.groupDef = groupDef;
    this.ancestors = ancestors.toArray(new Ancestor[0]);
    this.root = root;
    this.context = context;
    this.remaining = List.copyOf(remaining);
    LeafCursor[] all = new LeafCursor[1 + this.ancestors.length + root.cursors.length];
    all[0] = metadata;
    for (int a = 0; a < this.ancestors.length; a++) {
      all[1 + a] = this.ancestors[a].value;
    }
    System.arraycopy(root.cursors, 0, all, 1 + this.ancestors.length, root.cursors.length);
    this.cursors = all;
  }

  @Override
  public void fill(LeafBatch[] leaves, int rows) {
    ColumnVector v = vector;
    v.reset(rows);
    for (LeafCursor c : cursors) {
      c.start(leaves[c.leaf]);
    }
    for (int r = 0; r < rows; r++) {
      try {
        v.setRaw(r, readRow());
      } catch (RuntimeException e) {
        throw new RowFailure(r, e);
      }
    }
  }

  private Object readRow() {
    LeafCursor m = metadata;
    boolean present = m.def() >= groupDef;
    VariantMetadata md = present ? metadataColumn.at(m.batch, m.value) : null;
    m.next();
    // The entries are the row's: ancestors' value columns do not repeat.
    int d = root.first().def();
    Ancestor holder = null;
    LeafBatch held = null;
    int heldIndex = -1;
    for (Ancestor a : ancestors) {
      LeafCursor c = a.value;
      if (holder == null && d < a.typedDef && c.def() == a.valueDef) {
        holder = a;
        held = c.batch;
        heldIndex = c.value;
      }
      c.next();
    }
    if (holder != null) {
      root.skip();
      VariantValue whole = metadataColumn.view(md, held, heldIndex, holder.path);
      return VariantRoot.walk(whole, holder.toSelection);
    }
    if (!present) {
      root.skip();
      return VariantRoot.MISSING;
    }
    context.use(md);
    Object result = root.readVariant(context);
    if (remaining.isEmpty() || result == VariantRoot.MISSING) {
      return result;
    }
    return VariantRoot.walk((VariantValue) result, remaining);
  }
}
