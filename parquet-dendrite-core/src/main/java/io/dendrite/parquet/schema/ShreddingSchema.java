package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.schema.internal.VariantNode;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * How each VARIANT column of a file is shredded: a map from the column's dotted path, as
 * {@link io.dendrite.parquet.schema.RecordSchema#variantColumns()} names it, to its
 * {@link ShreddedType}. Columns not in the map are not shredded.
 *
 * <h2>Text form</h2>
 *
 * <p>Entries {@code path: type}, separated by {@code ;} or line breaks; {@code #} starts a
 * comment that runs to the end of the line; blank lines are ignored. A type may span lines
 * (line breaks inside {@code {}} and {@code []} are whitespace). Path segments are bare,
 * back-quoted or JSON-quoted names ({@link FieldPath}); types use the
 * {@link ShreddedType} text form. For a {@code --shred} file:
 *
 * <pre>
 * # shredding for the events table
 * payload: {
 *   event_type: string,
 *   event_ts: timestamp,
 *   tags: [string]
 * }
 * measurement: int64; addr.`geo point`: {lat: double, lon: double}
 * events.element: {kind: string}
 * </pre>
 *
 * <p>{@link #toString()} writes one entry per line, in insertion order. As a
 * {@code Function} it is {@link #get}, so it can be passed straight to
 * {@link io.dendrite.parquet.schema.RecordSchema#toParquet}.
 */
public final class ShreddingSchema implements Function<String, ShreddedType> {

  private static final ShreddingSchema EMPTY = new ShreddingSchema(Map.of());

  private final Map<String, ShreddedType> byPath;

  private ShreddingSchema(Map<String, ShreddedType> byPath) {
    this.byPath = byPath;
  }

  /** No column shredded. */
  public static ShreddingSchema empty() {
    return EMPTY;
  }

  /**
   * A shredding schema of the given entries, paths normalized to canonical form (so
   * {@code "`a`.b"} and {@code "a.b"} are the same column).
   *
   * @throws IllegalArgumentException for a malformed path, two keys naming the same column,
   *     or a null type
   */
  public static ShreddingSchema of(Map<String, ? extends ShreddedType> byPath) {
    Map<String, ShreddedType> copy = new LinkedHashMap<>();
    for (Map.Entry<String, ? extends ShreddedType> e : byPath.entrySet()) {
      put(copy, e.getKey(), e.getValue());
    }
    return new ShreddingSchema(Collections.unmodifiableMap(copy));
  }

  /**
   * The shredding of every VARIANT column of a file's schema, keyed by the path
   * {@link RecordSchema#variantColumns()} gives it; unshredded columns are left out. Writing
   * with the result reproduces the file's layout ("pinning" it), except that decimals take
   * the physical type their precision implies.
   *
   * @throws IllegalArgumentException naming the column for an invalid VARIANT group
   */
  public static ShreddingSchema fromParquet(MessageType schema) {
    Map<String, ShreddedType> out = new LinkedHashMap<>();
    for (Map.Entry<String, GroupType> e : RecordSchema.variantGroups(schema).entrySet()) {
      ShreddedType t = VariantSchemas.shreddedTypeOf(e.getValue(), e.getKey());
      if (t != null) {
        out.put(e.getKey(), t);
      }
    }
    return of(out);
  }

  /**
   * The shredded paths of a VARIANT group of a file, as it lays them out: the column itself
   * first, then its object fields and array elements depth first, in column order. For tools
   * that walk the Parquet columns of a shredded Variant (VariantShredding.md).
   *
   * @param group a group of a file's schema
   * @param column the column's path, which starts every {@link ShreddedPath#path()}
   * @return the paths, or null when {@code group} is not a VARIANT group (see
   *     {@link RecordSchema#fromParquet} for which groups are)
   * @throws IllegalArgumentException naming the column for a layout VariantShredding.md does
   *     not allow
   */
  public static List<ShreddedPath> layout(GroupType group, String column) {
    if (!VariantSchemas.isVariantGroup(group)) {
      return null;
    }
    List<ShreddedPath> out = new ArrayList<>();
    layout(VariantNode.variant(group, List.of(), column, 0), column, out);
    return Collections.unmodifiableList(out);
  }

  private static void layout(VariantNode node, String path, List<ShreddedPath> out) {
    ShreddedType type = node.type() == null ? ShreddedType.valueOnly() : node.type();
    out.add(new ShreddedPath(path, type, node.path(),
        node.hasValue() ? node.valuePath() : null,
        node.group().containsField(VariantSchemas.TYPED_VALUE) ? node.typedValuePath() : null));
    for (String name : node.fieldNames()) {
      layout(node.field(name), path + "." + FieldPath.quote(name), out);
    }
    VariantNode element = node.element();
    if (element != null) {
      layout(element, path + "[]", out);
    }
  }

  /**
   * One shredded path of a VARIANT column in a file ({@link #layout}): the column itself, an
   * object field or an array element, and the Parquet fields of its group. Parquet paths are
   * field names below the VARIANT group.
   *
   * @param path dotted from the column, {@code []} for array elements ({@code payload},
   *     {@code payload.user.id}, {@code payload.tags[]}), as {@code ShreddingReport} names paths
   * @param type how it is shredded; {@link ShreddedType.ValueOnly} when it has no
   *     {@code typed_value} (for the column itself: unshredded)
   * @param group the path of its group (empty for the column itself)
   * @param value the path of its {@code value} column, or null when it has none
   * @param typedValue the path of its {@code typed_value} field (a column or a group), or null
   *     when it has none
   */
  public record ShreddedPath(String path, ShreddedType type, List<String> group,
      List<String> value, List<String> typedValue) {
    /** Copies the paths. */
    public ShreddedPath {
      group = List.copyOf(group);
      value = value == null ? null : List.copyOf(value);
      typedValue = typedValue == null ? null : List.copyOf(typedValue);
    }
  }

  private static void put(Map<String, ShreddedType> into, String path, ShreddedType type) {
    if (path == null || type == null) {
      throw new IllegalArgumentException("shredding entries need a path and a type");
    }
    String canonical = FieldPath.normalize(path);
    if (into.putIfAbsent(canonical, type) != null) {
      throw new IllegalArgumentException("column " + canonical + " is shredded twice");
    }
  }

  /**
   * Parses the text form.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  public static ShreddingSchema parse(String text) {
    TextCursor cursor = new TextCursor(text, true);
    ShreddedTypeParser types = new ShreddedTypeParser(cursor);
    Map<String, ShreddedType> entries = new LinkedHashMap<>();
    skipSeparators(cursor);
    while (!cursor.atEnd()) {
      int at = cursor.offset();
      String path = FieldPath.join(FieldPath.read(cursor));
      cursor.expect(':', "'.' or ':' after the column path");
      ShreddedType type = types.type();
      if (entries.putIfAbsent(path, type) != null) {
        throw cursor.errorAt(at, "column " + path + " is shredded twice");
      }
      // A line break ends an entry just as ';' does, so look before skipping it.
      cursor.skipInlineWhitespace();
      char next = cursor.peekRaw();
      if (next != 0 && next != ';' && next != '\n' && next != '\r' && next != '#') {
        throw cursor.error("';' or a line break after the entry");
      }
      skipSeparators(cursor);
    }
    return new ShreddingSchema(Collections.unmodifiableMap(entries));
  }

  private static void skipSeparators(TextCursor cursor) {
    while (cursor.tryConsume(';')) {
      // empty entries are allowed
    }
  }

  /**
   * This schema with {@code path} shredded as {@code type}, replacing (in place) any earlier
   * entry for it; this schema is unchanged.
   */
  public ShreddingSchema with(String path, ShreddedType type) {
    if (path == null || type == null) {
      throw new IllegalArgumentException("shredding entries need a path and a type");
    }
    Map<String, ShreddedType> copy = new LinkedHashMap<>(byPath);
    copy.put(FieldPath.normalize(path), type);
    return new ShreddingSchema(Collections.unmodifiableMap(copy));
  }

  /** How the column at {@code path} is shredded, or null when it is not. */
  public ShreddedType get(String path) {
    ShreddedType t = byPath.get(path);
    return t != null ? t : byPath.get(FieldPath.normalize(path));
  }

  /** {@link #get}. */
  @Override
  public ShreddedType apply(String path) {
    return get(path);
  }

  /** Whether no column is shredded. */
  public boolean isEmpty() {
    return byPath.isEmpty();
  }

  /** The shredded column paths (canonical), in order. */
  public Set<String> paths() {
    return byPath.keySet();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShreddingSchema other && byPath.equals(other.byPath);
  }

  @Override
  public int hashCode() {
    return byPath.hashCode();
  }

  /** The canonical text form, one {@code path: type} entry per line. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, ShreddedType> e : byPath.entrySet()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(e.getKey()).append(": ").append(e.getValue());
    }
    return sb.toString();
  }
}
