package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The read plan of one file for a list of selected paths, built once from the file's schema:
 * the requested (projected) Parquet schema and, per top-level column, the selections it serves.
 * Ordinary columns are projected through structs, list elements and map values (a selection of
 * {@code addr.city} or {@code devices[0].os} reads only that leaf); top-level VARIANT columns
 * are planned by {@link VariantProjection}. The columnar engine compiles the plan
 * ({@link ColumnarPlan}) for every reader: {@code DendriteReader}, {@code DendriteReadSupport}
 * and {@code SplitReader}.
 */
public final class ReadPlan {
  /**
   * One top-level column as planned: its selections' slots and paths below it, and the part of
   * it requested ({@code projection} for a VARIANT column, else {@code projected}).
   */
  public record PlannedColumn(Type fileType, Type projected, int[] slots, List<List<Segment>> tails,
      VariantProjection projection) {}

  private final MessageType requested;
  private final RowShape shape;
  private final List<PlannedColumn> columns;

  private ReadPlan(MessageType requested, RowShape shape, List<PlannedColumn> columns) {
    this.requested = requested;
    this.shape = shape;
    this.columns = columns;
  }

  /**
   * Plans a read of {@code selections} (null: every column, whole), told which leaf columns
   * (dotted paths) hold only nulls in the row groups this plan will read, so it can leave them
   * out; typed getters of the rows cast strictly when {@code strictCasts}.
   */
  public static ReadPlan create(MessageType file, List<Selection> selections,
      Predicate<String> allNull, boolean strictCasts) {
    List<String> names = new ArrayList<>();
    List<SelectionPath> paths = new ArrayList<>();
    if (selections == null) {
      for (Type t : file.getFields()) {
        names.add(t.getName());
        paths.add(SelectionPath.column(t.getName()));
      }
    } else {
      for (Selection s : selections) {
        if (names.contains(s.name())) {
          throw new IllegalArgumentException("path '" + s.name() + "' is selected twice");
        }
        names.add(s.name());
        paths.add(s.path());
      }
    }
    Map<String, List<Integer>> byColumn = new LinkedHashMap<>();
    for (int i = 0; i < paths.size(); i++) {
      String column = paths.get(i).column();
      if (!file.containsField(column)) {
        throw new IllegalArgumentException("no column '" + column + "' (selected as '"
            + names.get(i) + "'); columns: " + file.getFields().stream().map(Type::getName).toList());
      }
      byColumn.computeIfAbsent(column, k -> new ArrayList<>()).add(i);
    }
    ShreddedPrimitive[] leafTypes = new ShreddedPrimitive[paths.size()];
    boolean[] variant = new boolean[paths.size()];
    List<Type> requestedFields = new ArrayList<>();
    List<PlannedColumn> columns = new ArrayList<>();
    for (Type t : file.getFields()) {
      List<Integer> selected = byColumn.get(t.getName());
      if (selected == null) {
        continue;
      }
      int[] slots = selected.stream().mapToInt(Integer::intValue).toArray();
      List<List<Segment>> tails = new ArrayList<>();
      List<SelectionPath> columnPaths = new ArrayList<>();
      for (int slot : slots) {
        tails.add(paths.get(slot).tail(1));
        columnPaths.add(paths.get(slot));
      }
      if (!t.isPrimitive() && !t.isRepetition(Type.Repetition.REPEATED)
          && VariantSchemas.isVariantGroup(t.asGroupType())) {
        VariantProjection projection =
            VariantProjection.plan(t.asGroupType(), t.getName(), tails, allNull);
        requestedFields.add(projection.requestedGroup());
        for (int s = 0; s < slots.length; s++) {
          leafTypes[slots[s]] = projection.typedLeaf(s);
          variant[slots[s]] = true;
        }
        columns.add(new PlannedColumn(t, projection.requestedGroup(), slots, tails, projection));
      } else {
        Type projected = projectOrdinary(t, columnPaths, 1);
        requestedFields.add(projected);
        for (int s = 0; s < slots.length; s++) {
          variant[slots[s]] = reachesVariant(t, tails.get(s));
        }
        columns.add(new PlannedColumn(t, projected, slots, tails, null));
      }
    }
    MessageType requested = new MessageType(file.getName(), requestedFields);
    return new ReadPlan(requested, new RowShape(names, leafTypes, variant, strictCasts),
        columns);
  }

  public MessageType requestedSchema() {
    return requested;
  }

  public RowShape shape() {
    return shape;
  }

  /** The planned top-level columns, in file order. */
  public List<PlannedColumn> columns() {
    return columns;
  }

  /**
   * Keeps only the fields the selections need: struct fields they name, also inside list
   * elements ({@code devices[0].os}) and map values ({@code attrs.k1.x}); a node a selection
   * ends on, variants and legacy 2-level lists stay whole.
   *
   * @param depth the segments of each selection consumed to reach {@code t}
   * @throws IllegalArgumentException naming the selection, for a field of a primitive, a
   *     field a struct does not have, a name after a list (lists take indexes) or an index
   *     after a map (maps take keys)
   */
  private static Type projectOrdinary(Type t, List<SelectionPath> selections, int depth) {
    for (SelectionPath s : selections) {
      if (s.segments().size() == depth) {
        return t;
      }
    }
    if (t.isRepetition(Type.Repetition.REPEATED)) {
      // A repeated field outside a LIST group is a list of itself: read whole.
      checkIndexes(selections, depth);
      return t;
    }
    if (t.isPrimitive()) {
      throw new IllegalArgumentException((depth == 1 ? "column '" : "'")
          + selections.get(0).prefix(depth) + "' is "
          + t.asPrimitiveType().getPrimitiveTypeName().name().toLowerCase()
          + "; it has no field '" + selections.get(0).segments().get(depth) + "'");
    }
    GroupType g = t.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (VariantSchemas.isVariantGroup(g)) {
      return t; // read whole, navigated after assembly
    }
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      checkIndexes(selections, depth);
      Type repeated = g.getType(0);
      Type element = RecordSchema.listElement(g);
      if (element == repeated) {
        return t; // a legacy 2-level list: projecting the element could change its reading
      }
      return g.withNewFields(repeated.asGroupType().withNewFields(
          projectOrdinary(element, selections, depth + 1)));
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      for (SelectionPath s : selections) {
        if (s.segments().get(depth).isIndex()) {
          // an index would read null in every row: rejected like a name after a list
          throw new IllegalArgumentException("selection '" + s + "': '" + s.prefix(depth)
              + "' is a map, whose values are selected by key, e.g. '"
              + suggestion(s, depth, new Segment("key", -1), 1) + "'");
        }
      }
      GroupType kv = g.getType(0).asGroupType();
      return g.withNewFields(kv.withNewFields(kv.getType(0),
          projectOrdinary(kv.getType(1), selections, depth + 1)));
    }
    if (a != null) {
      return t;
    }
    Map<String, List<SelectionPath>> byField = new HashMap<>();
    for (SelectionPath s : selections) {
      Segment first = s.segments().get(depth);
      if (first.isIndex() || !g.containsField(first.name())) {
        throw new IllegalArgumentException("'" + s.prefix(depth) + "' has no field '" + first
            + "'; fields: " + g.getFields().stream().map(Type::getName).toList());
      }
      byField.computeIfAbsent(first.name(), k -> new ArrayList<>()).add(s);
    }
    List<Type> fields = new ArrayList<>();
    for (Type f : g.getFields()) {
      List<SelectionPath> sub = byField.get(f.getName());
      if (sub != null) {
        fields.add(projectOrdinary(f, sub, depth + 1));
      }
    }
    return g.withNewFields(fields);
  }

  /**
   * Steps into a list must be indexes: a name after a list ({@code devices.os}) would read
   * null in every row, so it is rejected with the path that selects an element.
   */
  private static void checkIndexes(List<SelectionPath> selections, int depth) {
    for (SelectionPath s : selections) {
      if (!s.segments().get(depth).isIndex()) {
        throw new IllegalArgumentException("selection '" + s + "': '" + s.prefix(depth)
            + "' is a list, whose elements are selected by index, e.g. '"
            + suggestion(s, depth, new Segment(null, 0), 0) + "'");
      }
    }
  }

  /**
   * The selection with {@code step} at {@code depth} in place of its next {@code replaced}
   * segments: the path a rejected selection should have been.
   */
  private static String suggestion(SelectionPath s, int depth, Segment step, int replaced) {
    List<Segment> suggested = new ArrayList<>(s.segments().subList(0, depth));
    suggested.add(step);
    suggested.addAll(s.segments().subList(depth + replaced, s.segments().size()));
    return SelectionPath.text(suggested);
  }

  /** True when a selection in an ordinary column ends inside a VARIANT (struct member). */
  private static boolean reachesVariant(Type t, List<Segment> tail) {
    Type cur = t;
    for (Segment seg : tail) {
      if (cur.isPrimitive()) {
        return false;
      }
      GroupType g = cur.asGroupType();
      if (VariantSchemas.isVariantGroup(g)) {
        return true;
      }
      if (g.getLogicalTypeAnnotation() != null || seg.isIndex() || !g.containsField(seg.name())) {
        return false;
      }
      cur = g.getType(seg.name());
    }
    return !cur.isPrimitive() && VariantSchemas.isVariantGroup(cur.asGroupType());
  }
}
