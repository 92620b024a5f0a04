package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.ShreddedPrimitive;
import io.dendrite.parquet.shred.ShreddedType;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Binary;

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
 * Holds the current row's result; one instance per file and plan.
 */
final class VariantRoot {
  /** Declared in covering order: a root is only kept if no earlier-kind root serves it. */
  enum Kind { REASSEMBLE, TYPED_LEAF, RESIDUAL }

  /** The result of a selection whose path does not exist in this row. */
  static final Object MISSING = new Object() {
    @Override
    public String toString() {
      return "MISSING";
    }
  };

  static final VariantValue VARIANT_NULL =
      VariantValue.of(new byte[] {1, 0, 0}, new byte[] {0});

  final Kind kind;
  /** Field names from the column to the node, through shredded objects. */
  final List<String> node;
  final ShreddedType type;
  final String path;
  /** Whether the node's {@code value} column is read (not: absent, or all-null in this read). */
  boolean readsValue = true;
  /** The shredded objects above the node whose {@code value} is read, top first. */
  AncestorValue[] ancestors = new AncestorValue[0];

  // Per-row state.
  /** The column's group is present in this row (tracked for roots at the column's top). */
  boolean present;
  /** The node's {@code value} in this row (a constant Binary: safe to keep referencing). */
  Binary residual;
  Object typed;
  Slot slot;
  VariantContext context;

  VariantRoot(Kind kind, List<String> node, ShreddedType type, String path) {
    this.kind = kind;
    this.node = List.copyOf(node);
    this.type = type;
    this.path = path;
  }

  void startRow() {
    present = false;
    residual = null;
    typed = null;
    if (slot != null) {
      slot.start();
    }
  }

  /** MISSING, a {@link VariantValue}, or (typed leaves) a Java value of {@link #leafType()}. */
  Object result(VariantMetadata metadata) {
    for (AncestorValue a : ancestors) {
      if (a.holdsRow()) {
        return fromAncestor(a, metadata);
      }
    }
    switch (kind) {
      case REASSEMBLE:
        return slot.isPresent() ? VariantValue.of(context.encoder.finish()) : MISSING;
      case TYPED_LEAF:
        if (typed != null) {
          if (residual != null) {
            throw Reconstruction.conflict(path);
          }
          return typed;
        }
        return binary(metadata);
      default:
        return binary(metadata);
    }
  }

  /** This node's value, found by name in an ancestor's value that holds the whole row. */
  private Object fromAncestor(AncestorValue a, VariantMetadata metadata) {
    List<SelectionPath.Segment> below = new ArrayList<>();
    for (String name : node.subList(a.node.size(), node.size())) {
      below.add(new SelectionPath.Segment(name, -1));
    }
    return SelectionPath.walk(view(metadata, a.value, a.path), below);
  }

  private Object binary(VariantMetadata metadata) {
    if (residual != null) {
      return view(metadata, residual, path);
    }
    // Spec: a present variant whose value and typed_value are both null is variant null.
    return node.isEmpty() && present ? VARIANT_NULL : MISSING;
  }

  /**
   * A view into the page's bytes, not a copy: validated with the value's exact extent, so
   * nothing reading the view goes past it into the next row's bytes.
   */
  private static VariantValue view(VariantMetadata metadata, Binary value, String path) {
    ByteBuffer b = value.toByteBuffer();
    byte[] bytes = b.hasArray() ? b.array() : value.getBytes();
    int pos = b.hasArray() ? b.arrayOffset() + b.position() : 0;
    return VariantChecks.view(metadata, bytes, pos, value.length(), path);
  }

  /** True when this row needs metadata to read a binary value. */
  boolean needsMetadata() {
    if (residual != null) {
      return true;
    }
    for (AncestorValue a : ancestors) {
      if (a.holdsRow()) {
        return true;
      }
    }
    return false;
  }

  ShreddedPrimitive leafType() {
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
}
