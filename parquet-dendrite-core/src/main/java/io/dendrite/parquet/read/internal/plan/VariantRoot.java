package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantNode;
import io.dendrite.parquet.variant.VariantValue;
import java.util.List;

/**
 * Where, in one file, the selections into one VARIANT column are read from: a node of the
 * column's shredding tree (a {@code value}/{@code typed_value} pair) and how it is read.
 * <ul>
 *   <li>{@link Kind#REASSEMBLE}: the node's whole subtree, reassembled into a variant (used for
 *       shredded objects and arrays that a selection ends on or indexes into);</li>
 *   <li>{@link Kind#RESIDUAL}: only the node's {@code value} binary, navigated without
 *       rebuilding anything (used where the path leaves the shredded tree, and for unshredded
 *       files);</li>
 *   <li>{@link Kind#TYPED_LEAF}: a shredded primitive: its {@code typed_value} as a Java value,
 *       or its {@code value} binary when the value did not fit the type.</li>
 * </ul>
 * One instance per file and plan; the engine compiles it into a path reader.
 */
public final class VariantRoot {
  /** Declared in covering order: a root is only kept if no earlier-kind root serves it. */
  public enum Kind { REASSEMBLE, TYPED_LEAF, RESIDUAL }

  /** The result of a selection whose path does not exist in this row. */
  public static final Object MISSING = new Object() {
    @Override
    public String toString() {
      return "MISSING";
    }
  };

  public static final VariantValue VARIANT_NULL =
      VariantValue.of(new byte[] {1, 0, 0}, new byte[] {0});

  public final Kind kind;
  /** Field names from the column to the node, through shredded objects. */
  public final List<String> node;
  public final ShreddedType type;
  public final String path;
  /** The walk from the column to the node; its end is the node's pair. */
  final LayoutWalk walk;
  /** Whether the node's {@code value} column is read (not: absent, or all-null in this read). */
  public boolean readsValue = true;
  /** The shredded objects above the node whose {@code value} is read, top first. */
  public AncestorValue[] ancestors = new AncestorValue[0];

  VariantRoot(Kind kind, LayoutWalk walk, String path) {
    this.kind = kind;
    this.walk = walk;
    this.node = List.copyOf(walk.fieldNames());
    this.type = walk.end().type();
    this.path = path;
  }

  /** The node's pair in the file's layout. */
  public VariantNode at() {
    return walk.end();
  }

  public ShreddedPrimitive leafType() {
    return (ShreddedPrimitive) type;
  }

  /** True when this root also serves a selection that would read {@code other}. */
  boolean covers(VariantRoot other) {
    if (!isPrefixOf(node, other.node)) {
      return false;
    }
    if (kind == Kind.REASSEMBLE) {
      return true;
    }
    // A typed leaf captures the node's value binary too, so it serves residual reads there.
    return node.size() == other.node.size()
        && (kind == other.kind || (kind == Kind.TYPED_LEAF && other.kind == Kind.RESIDUAL));
  }

  private static boolean isPrefixOf(List<String> a, List<String> b) {
    return a.size() <= b.size() && b.subList(0, a.size()).equals(a);
  }

  /**
   * The value at {@code segments} below {@code v}, or {@link #MISSING} when a step
   * does not exist.
   */
  public static Object walk(VariantValue v, List<Segment> segments) {
    for (Segment seg : segments) {
      v = SelectionPath.step(v, seg);
      if (v == null) {
        return VariantRoot.MISSING;
      }
    }
    return v;
  }
}
