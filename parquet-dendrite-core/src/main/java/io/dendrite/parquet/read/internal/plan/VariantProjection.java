package io.dendrite.parquet.read.internal.plan;

import static io.dendrite.parquet.schema.internal.VariantSchemas.METADATA;
import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;
import static io.dendrite.parquet.schema.internal.VariantSchemas.VALUE;

import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.plan.VariantRoot.Kind;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.internal.VariantNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * The read plan of one VARIANT column in one file (DESIGN.md §3.5): which columns of the
 * column's group the selections need, and which root (node of the shredding tree, and how it
 * is read) serves each selection; the columnar engine compiles it ({@link ColumnarPlan}).
 *
 * <p>Each selection walks the file's shredding tree as far as the path is shredded. Ending on a
 * shredded primitive reads just that leaf's {@code typed_value} (and {@code value} for values
 * that did not fit). Leaving the shredded tree reads the nearest shredded node's {@code value}
 * and navigates the binary. Ending on a shredded object or array, or indexing into an array,
 * reassembles that node. {@code metadata} is read only when some root needs a binary value.
 * Because the plan follows this file's layout, a path that one file shreds and another does
 * not reads correctly from both.
 */
public final class VariantProjection {

  /** A selection served by a root: the rest of its path is navigated in the root's value. */
  public record Use(VariantRoot root, int rootIndex, List<Segment> remaining) {}

  private final String column;
  private final List<VariantRoot> roots;
  /** Shredded objects above the roots whose value column is read; see {@link AncestorValue}. */
  private final List<AncestorValue> ancestors;
  private final List<Use> uses;
  private final GroupType requested;

  private VariantProjection(String column, List<VariantRoot> roots,
      List<AncestorValue> ancestors, List<Use> uses, GroupType requested) {
    this.column = column;
    this.roots = roots;
    this.ancestors = ancestors;
    this.uses = uses;
    this.requested = requested;
  }

  /**
   * Plans the reads of {@code selections} (paths below the column, one list per selection;
   * an empty list selects the whole variant) from the column group {@code fileGroup}.
   */
  static VariantProjection plan(GroupType fileGroup, String column,
      List<List<Segment>> selections, Predicate<String> allNull) {
    VariantNode top = VariantNode.column(fileGroup);
    List<VariantRoot> candidates = new ArrayList<>();
    List<List<Segment>> remainders = new ArrayList<>();
    for (List<Segment> segments : selections) {
      // The read plan stops at arrays: it reassembles them rather than step into elements.
      LayoutWalk walk = LayoutWalk.walk(top, segments, false);
      ShreddedType t = walk.end().type();
      List<Segment> remaining = walk.remaining;
      Kind kind;
      if (remaining.isEmpty()) {
        kind = t == null || t instanceof ValueOnly ? Kind.RESIDUAL
            : t instanceof ShreddedPrimitive ? Kind.TYPED_LEAF : Kind.REASSEMBLE;
      } else {
        kind = t instanceof ShreddedArray && remaining.get(0).isIndex() ? Kind.REASSEMBLE
            : Kind.RESIDUAL;
      }
      List<String> node = walk.fieldNames();
      String path = column + (node.isEmpty() ? "" : "." + String.join(".", node));
      candidates.add(new VariantRoot(kind, walk, path));
      remainders.add(remaining);
    }

    // Keep the fewest roots: reassembly covers its subtree, a typed leaf covers residual reads
    // of the same node. Each Parquet column then has exactly one reader.
    List<VariantRoot> order = new ArrayList<>(candidates);
    order.sort(Comparator.comparingInt((VariantRoot r) -> r.kind.ordinal())
        .thenComparingInt(r -> r.node.size()));
    List<VariantRoot> roots = new ArrayList<>();
    for (VariantRoot c : order) {
      if (roots.stream().noneMatch(r -> r.covers(c))) {
        roots.add(c);
      }
    }
    List<Use> uses = new ArrayList<>();
    for (int s = 0; s < candidates.size(); s++) {
      VariantRoot c = candidates.get(s);
      VariantRoot root = roots.stream().filter(r -> r.covers(c)).findFirst().orElseThrow();
      List<Segment> remaining = new ArrayList<>();
      for (String name : c.node.subList(root.node.size(), c.node.size())) {
        remaining.add(new Segment(name, -1));
      }
      remaining.addAll(remainders.get(s));
      uses.add(new Use(root, roots.indexOf(root), remaining));
    }

    // An object above a root may hold the row in its value (its typed_value null): read that
    // value column too, unless it holds nothing in what is read.
    Map<List<String>, AncestorValue> ancestors = new LinkedHashMap<>();
    for (VariantRoot r : roots) {
      List<AncestorValue> above = new ArrayList<>();
      for (int depth : r.walk.hiders()) {
        VariantNode hider = r.walk.node(depth);
        if (!allNull.test(dotted(hider.valuePath()))) {
          List<String> node = r.node.subList(0, depth);
          above.add(ancestors.computeIfAbsent(List.copyOf(node), n -> new AncestorValue(n,
              hider, column + (n.isEmpty() ? "" : "." + String.join(".", n)))));
        }
      }
      r.ancestors = above.toArray(new AncestorValue[0]);
    }

    boolean readsMetadata = !ancestors.isEmpty();
    for (VariantRoot r : roots) {
      VariantNode at = r.at();
      // A typed leaf whose value column holds no value in what is read needs neither that
      // column nor metadata (DESIGN.md §3.5: skip metadata where the leaf value is all-null).
      r.readsValue = at.hasValue() && !(r.kind == Kind.TYPED_LEAF
          && allNull.test(dotted(at.valuePath())));
      if (r.kind != Kind.TYPED_LEAF || r.readsValue) {
        readsMetadata = true;
      }
    }
    GroupType requested = project(top, List.of(), roots, ancestors.keySet(),
        readsMetadata);
    return new VariantProjection(column, roots, List.copyOf(ancestors.values()), uses, requested);
  }

  /** The roots, for the columnar engine. */
  List<VariantRoot> roots() {
    return roots;
  }

  /** Per selection, in selection order: the root serving it and the path left to navigate. */
  public List<Use> uses() {
    return uses;
  }

  /** The column group as it must be requested from the file. */
  GroupType requestedGroup() {
    return requested;
  }

  /** The shredded type of a selection's value when it is a typed leaf read as Java, else null. */
  ShreddedPrimitive typedLeaf(int selection) {
    Use use = uses.get(selection);
    return use.root().kind == Kind.TYPED_LEAF && use.remaining().isEmpty()
        ? use.root().leafType() : null;
  }

  /** For tests and diagnostics: the leaf columns this plan reads, as dotted paths. */
  List<String> requestedColumns() {
    List<String> out = new ArrayList<>();
    collectLeaves(requested, column, out);
    return out;
  }

  private static void collectLeaves(Type t, String path, List<String> out) {
    if (t.isPrimitive()) {
      out.add(path);
      return;
    }
    for (Type f : t.asGroupType().getFields()) {
      collectLeaves(f, path + "." + f.getName(), out);
    }
  }

  private static VariantRoot rootAt(List<VariantRoot> roots, List<String> node) {
    for (VariantRoot r : roots) {
      if (r.node.equals(node)) {
        return r;
      }
    }
    return null;
  }

  /** The part of a value/typed_value pair group that the roots at and below {@code node} need. */
  private static GroupType project(VariantNode at, List<String> node, List<VariantRoot> roots,
      Set<List<String>> ancestors, boolean readsMetadata) {
    VariantRoot here = rootAt(roots, node);
    if (here != null && here.kind == Kind.REASSEMBLE) {
      return at.group(); // a reassembly root makes readsMetadata true, so nothing is dropped here
    }
    Map<String, List<VariantRoot>> below = new LinkedHashMap<>();
    for (VariantRoot r : roots) {
      if (r.node.size() > node.size() && r.node.subList(0, node.size()).equals(node)) {
        below.computeIfAbsent(r.node.get(node.size()), k -> new ArrayList<>()).add(r);
      }
    }
    List<Type> fields = new ArrayList<>();
    for (Type f : at.group().getFields()) {
      String name = f.getName();
      if (name.equals(METADATA)) {
        if (readsMetadata) {
          fields.add(f);
        }
      } else if (name.equals(VALUE)) {
        if (here != null && (here.kind == Kind.REASSEMBLE || here.readsValue)
            || ancestors.contains(node)) {
          fields.add(f);
        }
      } else if (name.equals(TYPED_VALUE)) {
        if (here != null && here.kind != Kind.RESIDUAL) {
          fields.add(f);
        } else if (!below.isEmpty()) {
          GroupType typed = f.asGroupType();
          List<Type> sub = new ArrayList<>();
          for (Type field : typed.getFields()) {
            if (below.containsKey(field.getName())) {
              List<String> child = new ArrayList<>(node);
              child.add(field.getName());
              GroupType projected =
                  project(at.field(field.getName()), child, roots, ancestors, readsMetadata);
              // A field with no column to read (a path below an object that has only
              // typed_value): an empty group is no valid Parquet schema, so it is left out.
              if (projected.getFieldCount() > 0) {
                sub.add(projected);
              }
            }
          }
          if (!sub.isEmpty()) {
            fields.add(typed.withNewFields(sub));
          }
        }
      }
    }
    return at.group().withNewFields(fields);
  }

  private static String dotted(List<String> parquetPath) {
    return String.join(".", parquetPath);
  }

  @Override
  public String toString() {
    return column + " reads " + requestedColumns();
  }
}
