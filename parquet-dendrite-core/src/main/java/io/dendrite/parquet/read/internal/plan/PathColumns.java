package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantNode;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Where a filter path's value lives in one file's columns, as far as metadata can tell:
 * <ul>
 *   <li>{@link Kind#ORDINARY}: a primitive column, top-level or in structs (no list or map on the
 *       way): its value is the column's value;</li>
 *   <li>{@link Kind#TYPED}: a VARIANT path this file shreds down to a primitive
 *       {@code typed_value} (through object fields and array elements). Its value is the typed
 *       value, or any variant when the leaf's {@code value} is set, or is found in an
 *       ancestor's {@code value} when that ancestor's {@code typed_value} is null (the
 *       ancestor "hides" the path: see {@link Hider});</li>
 *   <li>{@link Kind#OPAQUE}: anything else (unshredded paths, paths ending on objects or arrays,
 *       variants inside structs, lists and maps): metadata says nothing about it.</li>
 * </ul>
 */
public final class PathColumns {
  enum Kind { OPAQUE, ORDINARY, TYPED }

  /**
   * An ancestor (object or array) of a typed leaf with a {@code value} column: in a row where
   * its {@code typed_value} is null that column holds the ancestor's whole value, and the
   * path's value is read there. {@code level} is the leaf's definition level in such rows.
   */
  public record Hider(ColumnPath value, int level) {}

  private static final PathColumns OPAQUE_PATH =
      new PathColumns(Kind.OPAQUE, null, null, null, null, List.of(), false, false);

  final Kind kind;
  /** ORDINARY: the column; TYPED: the leaf's {@code typed_value} column. */
  public final ColumnPath column;
  final PrimitiveType type;
  /** TYPED: the leaf's shredded type (the reader's, from the same layout); else null. */
  final ShreddedPrimitive leafType;
  /** TYPED: the leaf's {@code value} column, or null when it has none. */
  public final ColumnPath value;
  public final List<Hider> hiders;
  /** Whether the path steps into arrays ({@code [N]}, {@code [*]}): it may be missing anywhere. */
  final boolean indexed;
  /**
   * Whether a row whose leaf {@code value} and {@code typed_value} are both null holds a JSON
   * null rather than nothing: an array element or the whole column (the spec: a variant
   * missing where a value is required reads as variant null).
   */
  final boolean bothNullIsNull;

  private PathColumns(Kind kind, ColumnPath column, PrimitiveType type,
      ShreddedPrimitive leafType, ColumnPath value, List<Hider> hiders, boolean indexed,
      boolean bothNullIsNull) {
    this.kind = kind;
    this.column = column;
    this.type = type;
    this.leafType = leafType;
    this.value = value;
    this.hiders = hiders;
    this.indexed = indexed;
    this.bothNullIsNull = bothNullIsNull;
  }

  public static PathColumns resolve(MessageType file, SelectionPath path) {
    if (!file.containsField(path.column())) {
      return OPAQUE_PATH;
    }
    Type top = file.getType(path.column());
    if (!top.isPrimitive() && VariantSchemas.isVariantGroup(top.asGroupType())) {
      return variant(file, top.asGroupType(), path.tail(1));
    }
    return ordinary(top, new ArrayList<>(List.of(path.column())), path.tail(1));
  }

  private static PathColumns ordinary(Type t, List<String> parquet, List<Segment> rest) {
    Type cur = t;
    for (Segment seg : rest) {
      if (cur.isPrimitive() || cur.isRepetition(Type.Repetition.REPEATED)
          || cur.getLogicalTypeAnnotation() != null
          || VariantSchemas.isVariantGroup(cur.asGroupType()) || seg.name() == null
          || !cur.asGroupType().containsField(seg.name())) {
        return OPAQUE_PATH;
      }
      cur = cur.asGroupType().getType(seg.name());
      parquet.add(seg.name());
    }
    if (!cur.isPrimitive() || cur.isRepetition(Type.Repetition.REPEATED)) {
      return OPAQUE_PATH;
    }
    return new PathColumns(Kind.ORDINARY, ColumnPath.get(parquet.toArray(new String[0])),
        cur.asPrimitiveType(), null, null, List.of(), false, false);
  }

  private static PathColumns variant(MessageType file, GroupType column, List<Segment> rest) {
    VariantNode top;
    try {
      top = VariantNode.column(column);
    } catch (IllegalArgumentException e) {
      return OPAQUE_PATH; // the reader rejects the layout; nothing to skip on
    }
    // Filter planning steps into array elements: statistics of an element's typed_value bound
    // every element, so a path through arrays still reaches a typed leaf.
    LayoutWalk walk = LayoutWalk.walk(top, rest, true);
    VariantNode leaf = walk.end();
    if (!walk.remaining.isEmpty() || !(leaf.type() instanceof ShreddedPrimitive)) {
      return OPAQUE_PATH;
    }
    List<Hider> hiders = new ArrayList<>();
    for (int depth : walk.hiders()) {
      VariantNode h = walk.node(depth);
      hiders.add(new Hider(columnPath(h.valuePath()), h.definitionLevel()));
    }
    boolean indexed = rest.stream().anyMatch(seg -> seg.name() == null);
    // A missing value reads as variant null for the whole column and array elements.
    boolean bothNullIsNull = rest.isEmpty() || rest.get(rest.size() - 1).name() == null;
    String[] typed = leaf.typedValuePath().toArray(new String[0]);
    return new PathColumns(Kind.TYPED, ColumnPath.get(typed),
        file.getType(typed).asPrimitiveType(), (ShreddedPrimitive) leaf.type(),
        leaf.hasValue() ? columnPath(leaf.valuePath()) : null, List.copyOf(hiders), indexed,
        bothNullIsNull);
  }

  private static ColumnPath columnPath(List<String> parquetPath) {
    return ColumnPath.get(parquetPath.toArray(new String[0]));
  }

  /**
   * How the column's dictionary entries read as Java values (as the reader reads its rows), or
   * null when the reader does not read the column's type.
   */
  DictionaryValues dictionaryValues() {
    if (kind == Kind.TYPED) {
      return DictionaryValues.ofTypedLeaf(leafType, type, column.toDotString());
    }
    return kind == Kind.ORDINARY ? DictionaryValues.ofColumn(type) : null;
  }

  @Override
  public String toString() {
    return kind + (column == null ? "" : " " + column.toDotString());
  }
}
