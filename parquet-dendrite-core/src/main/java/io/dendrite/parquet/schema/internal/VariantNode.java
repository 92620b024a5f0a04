package io.dendrite.parquet.schema.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;
import static io.dendrite.parquet.schema.internal.VariantSchemas.VALUE;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * One {@code value}/{@code typed_value} pair of a file's VARIANT column (the column's group, a
 * shredded object's field or a shredded array's element) with its shredded type, Parquet path
 * and definition level: the one walk of a VARIANT group's layout (VariantShredding.md,
 * "Value Shredding"). It steps only where the shredded type goes, so the layout it walks is
 * the one {@link VariantSchemas#shreddedTypeOf} validated; callers decide what to do per node.
 */
public final class VariantNode {
  private final GroupType group;
  private final ShreddedType type;
  private final List<String> path;
  private final int definitionLevel;

  private VariantNode(GroupType group, ShreddedType type, List<String> path,
      int definitionLevel) {
    this.group = group;
    this.type = type;
    this.path = List.copyOf(path);
    this.definitionLevel = definitionLevel;
  }

  /**
   * The node of a top-level VARIANT column {@code column}.
   *
   * @throws IllegalArgumentException for a layout the specification does not allow
   */
  public static VariantNode column(GroupType column) {
    return variant(column, List.of(column.getName()), column.getName(), levelOf(0, column));
  }

  /**
   * The node of the VARIANT group {@code group} at Parquet path {@code path} (a column, or a
   * variant in a struct, list or map), present at {@code definitionLevel}.
   *
   * @param columnPath the variant's path, used in error messages
   * @throws IllegalArgumentException for a layout the specification does not allow
   */
  public static VariantNode variant(GroupType group, List<String> path, String columnPath,
      int definitionLevel) {
    return new VariantNode(group, VariantSchemas.shreddedTypeOf(group, columnPath), path,
        definitionLevel);
  }

  /** The pair's group. */
  public GroupType group() {
    return group;
  }

  /**
   * The shredded type: null for an unshredded column, {@code ValueOnly} for a field or element
   * with no {@code typed_value}.
   */
  public ShreddedType type() {
    return type;
  }

  /** The Parquet path of the pair's group, from the file's root. */
  public List<String> path() {
    return path;
  }

  /** The definition level at which the pair's group is present. */
  public int definitionLevel() {
    return definitionLevel;
  }

  /**
   * The fields of a shredded object, in the layout's order; empty for any other node.
   */
  public List<String> fieldNames() {
    return type instanceof ShreddedObject o ? List.copyOf(o.fields().keySet()) : List.of();
  }

  /** Whether the pair has a {@code typed_value} column to read (not value-only). */
  public boolean hasTypedValue() {
    return type != null && group.containsField(TYPED_VALUE);
  }

  /** Whether the pair has a {@code value} column. */
  public boolean hasValue() {
    return group.containsField(VALUE);
  }

  public List<String> valuePath() {
    return child(path, VALUE);
  }

  public List<String> typedValuePath() {
    return child(path, TYPED_VALUE);
  }

  /** The node of a shredded object's field {@code name}, or null when it shreds no such field. */
  public VariantNode field(String name) {
    if (!(type instanceof ShreddedObject o) || !o.fields().containsKey(name)) {
      return null;
    }
    GroupType typed = group.getType(TYPED_VALUE).asGroupType();
    GroupType field = typed.getType(name).asGroupType();
    return new VariantNode(field, o.field(name), child(child(path, TYPED_VALUE), name),
        levelOf(levelOf(definitionLevel, typed), field));
  }

  /** The node of a shredded array's element, or null when this is no shredded array. */
  public VariantNode element() {
    if (!(type instanceof ShreddedArray a)) {
      return null;
    }
    GroupType typed = group.getType(TYPED_VALUE).asGroupType();
    GroupType list = typed.getType(0).asGroupType();
    GroupType element = list.getType(0).asGroupType();
    List<String> p = child(child(child(path, TYPED_VALUE), list.getName()), element.getName());
    return new VariantNode(element, a.element(), p,
        levelOf(levelOf(levelOf(definitionLevel, typed), list), element));
  }

  private static int levelOf(int parent, Type t) {
    return t.isRepetition(Type.Repetition.REQUIRED) ? parent : parent + 1;
  }

  private static List<String> child(List<String> path, String name) {
    List<String> out = new ArrayList<>(path.size() + 1);
    out.addAll(path);
    out.add(name);
    return out;
  }

  @Override
  public String toString() {
    return String.join(".", path) + ": " + type;
  }
}
