package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.METADATA;

import com.fasterxml.jackson.core.JsonParser;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.KeyUse;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes whole variants into one VARIANT column group ({@code metadata}, {@code value},
 * optional {@code typed_value}) following a fixed shredding schema, and counts where each
 * shredded path's values landed. Built once per file; the Parquet group must have been made by
 * {@link VariantSchemas#variantGroup} from the same {@link ShreddedType}.
 *
 * <p>The {@code metadata} written for a row always holds every field name the shredding schema
 * names (VariantShredding.md: "All field names of a Variant, whether shredded or not, must be
 * present in the metadata"). A row that lacks a shredded field gets its metadata extended with
 * the missing names (existing ids are kept, so residual values stay valid); readers such as
 * parquet-java 1.18.1 look shredded names up in the metadata even for missing fields and fail
 * otherwise.
 */
public final class VariantColumnShredder {

  private final String column;
  private final ShreddedType schema;
  private final Shredder root;
  private final List<PathCounter> counters;
  /** Every object field name in the schema, at any depth. */
  private final String[] shreddedNames;
  private VariantEncoder extender;
  /** Makes the metadata of a variant shredded from JSON whose keys were not predicted. */
  private VariantEncoder keysEncoder;
  /**
   * The metadata of the last row and the few before: rows usually share a key set, or
   * alternate between a few, so the check for shredded names, the parse and the field-id
   * lookups of the shredders are done once per distinct metadata rather than per row.
   */
  private WrittenMetadata last;
  private final WrittenMetadata[] recent = new WrittenMetadata[8];
  private int recentNext;
  private final JsonParts parts = new JsonParts();
  /** The consumer's one-call writes of field groups ({@link #writeFieldGroupsTo}), or null. */
  private FieldGroups groups;
  /** The counts before the variant {@link #writeJson} wrote last, until it is kept or undone. */
  private final long[] countsBefore;
  private boolean undoable;

  private VariantColumnShredder(String column, ShreddedType schema, Shredder root,
      List<PathCounter> counters) {
    this.column = column;
    this.schema = schema;
    this.root = root;
    this.counters = counters;
    Set<String> names = new LinkedHashSet<>();
    collectNames(schema, names);
    this.shreddedNames = names.toArray(new String[0]);
    this.countsBefore = new long[counters.size() * 3];
  }

  private static void collectNames(ShreddedType type, Set<String> out) {
    if (type instanceof ShreddedObject o) {
      for (Map.Entry<String, ShreddedType> f : o.fields().entrySet()) {
        out.add(f.getKey());
        collectNames(f.getValue(), out);
      }
    } else if (type instanceof ShreddedArray a) {
      collectNames(a.element(), out);
    }
  }

  /**
   * A writer for column {@code column}; {@code schema} null means unshredded. Values go to a
   * {@code typed_value} only when they read back with the same JSON text (the table in
   * {@code PrimitiveShredder}).
   */
  public static VariantColumnShredder create(String column, ShreddedType schema) {
    return create(column, schema, false);
  }

  /**
   * As {@link #create(String, ShreddedType)}; with {@code widenExactNumerics} (Spark-style) a
   * decimal {@code typed_value} also takes integers and decimals of other scales whose value it
   * holds exactly, so {@code 5} in a {@code decimal(9,2)} reads back as {@code 5.00}.
   */
  public static VariantColumnShredder create(String column, ShreddedType schema,
      boolean widenExactNumerics) {
    List<PathCounter> counters = new ArrayList<>();
    Shredder root = schema == null
        ? new ValueOnlyShredder(1, new PathCounter(column, "variant"), 0)
        : build(schema, widenExactNumerics, column, 1, 2, counters, 0);
    return new VariantColumnShredder(column, schema, root, Collections.unmodifiableList(counters));
  }

  /**
   * Writes field groups through {@code g} from now on, one call each where a path can (a typed
   * boolean, integer or string; a missing field): {@code g} writes into the consumer the writes
   * get. Null goes back to record-consumer events only.
   */
  public void writeFieldGroupsTo(FieldGroups g) {
    groups = g;
  }

  /** Writes one non-null variant as the content of the current VARIANT group. */
  public void write(RecordConsumer rc, EncodedVariant variant) {
    byte[] metadata = variant.metadata();
    if (last == null || metadata != last.in && !Arrays.equals(metadata, last.in)) {
      remember(metadata);
    }
    rc.startGroup();
    rc.startField(METADATA, 0);
    rc.addBinary(last.binary);
    rc.endField(METADATA, 0);
    root.write(rc, groups, last.parsed, variant.value(), 0);
    rc.endGroup();
  }

  /**
   * Whether the column is shredded: whether {@link #writeJava} has typed values to write
   * without encoding them (an unshredded column's values are encoded whole either way).
   */
  public boolean shreds() {
    return !(root instanceof ValueOnlyShredder);
  }

  /**
   * Whether {@link #writeJson} and {@link #writeJava} can write a variant: one was written
   * before, whose metadata they expect the next to share.
   */
  public boolean canShredDirect() {
    return last != null;
  }

  /**
   * Writes one non-null variant, the JSON value starting at {@code p}'s current token, as
   * {@link #write} writes its encoding, leaving {@code p} on the value's last token: typed
   * values go straight to their leaves and only residual values are encoded (issue 31, "one
   * pass into columns"). The parts are encoded under the previous variant's metadata, which is
   * this variant's when its key set is the previous one's; when it is not but no part holds a
   * key (the keys are all shredded fields' names), the metadata is made from the keys used.
   * Either way the result is what encoding the variant and {@link #write} make, and this
   * returns true. Otherwise it returns false, leaving the group open: the caller takes back
   * what was written (and {@link #undoCounts()}) and writes the row again by the encoding path,
   * as it does when this throws. The consumer must copy values as it gets them, as the column
   * engine's recorder does.
   *
   * @throws IOException malformed JSON
   * @throws io.dendrite.parquet.variant.VariantFormatException a repeated key, too deep, a
   *     number no variant holds
   */
  public boolean writeJson(RecordConsumer rc, JsonParser p) throws IOException {
    startDirect(rc);
    root.writeJson(rc, p, parts);
    return endDirect(rc);
  }

  /**
   * Writes one non-null variant given as the Java value {@code value} (a map, a list or
   * anything {@link io.dendrite.parquet.variant.internal.VariantJava#write} takes) as
   * {@link #writeJson} writes a JSON value: typed values (map entries, list elements, strings,
   * integers, booleans) go straight to their leaves and only residual values are encoded. The
   * same outcome too: true with the variant written as encoding it and {@link #write} would,
   * or false with the group left open for the caller to take back ({@link #undoCounts()}) and
   * write the row again by the encoding path, as it does when this throws.
   *
   * @throws IllegalArgumentException what encoding the value throws (an unsupported type, a
   *     key that is no String, too deep)
   */
  public boolean writeJava(RecordConsumer rc, Object value) {
    startDirect(rc);
    root.writeJava(rc, value, parts);
    return endDirect(rc);
  }

  /** Opens the group of a variant shredded directly, under the last variant's metadata. */
  private void startDirect(RecordConsumer rc) {
    markCounts();
    parts.start(last.parsed, last.keyCount, groups);
    rc.startGroup();
  }

  /**
   * Ends a variant shredded directly: its metadata is the last one when it used the same keys,
   * or made from the keys it used when no residual part holds a key; false (the group left
   * open) when neither.
   */
  private boolean endDirect(RecordConsumer rc) {
    KeyUse keys = parts.keyUse;
    if (!keys.exact()) {
      if (keys.encoded()) {
        return false;
      }
      rememberKeys(keys);
    }
    rc.startField(METADATA, 0);
    rc.addBinary(last.binary);
    rc.endField(METADATA, 0);
    rc.endGroup();
    return true;
  }

  /**
   * Moves to the metadata of a variant whose keys are {@code keys} (of the last metadata): the
   * encoder's sorted dictionary of them, as encoding the variant gives it, made once per key
   * set that follows the last metadata.
   */
  private void rememberKeys(KeyUse keys) {
    WrittenMetadata from = last;
    long mask = 0;
    for (int i = 0; i < keys.count() && mask != -1; i++) {
      int id = keys.id(i);
      mask = id < 63 ? mask | 1L << id : -1; // -1: no mask (ids beyond a long's bits)
    }
    WrittenMetadata known = mask == -1 ? null : from.after(mask);
    if (known != null) {
      last = known;
      return;
    }
    if (keysEncoder == null) {
      keysEncoder = new VariantEncoder(true);
    }
    VariantEncoder e = keysEncoder.reset();
    e.startObject();
    for (int i = 0; i < keys.count(); i++) {
      e.key(from.parsed.key(keys.id(i)));
      e.writeNull();
    }
    e.endObject();
    e.finishInPlace();
    remember(e.metadata().toByteArray());
    if (mask != -1) {
      from.follow(mask, last);
    }
  }

  /**
   * Restores the counts from the last {@link #markCounts} (which {@link #writeJson} calls), if
   * not done or kept yet: the row written since is taken back.
   */
  public void undoCounts() {
    if (undoable) {
      for (int i = 0; i < counters.size(); i++) {
        PathCounter c = counters.get(i);
        c.typed = countsBefore[3 * i];
        c.residual = countsBefore[3 * i + 1];
        c.missing = countsBefore[3 * i + 2];
      }
      undoable = false;
    }
  }

  /** Keeps the counts since the last {@link #markCounts}: the row was written. */
  public void keepCounts() {
    undoable = false;
  }

  /**
   * Remembers the counts of the values written, for {@link #undoCounts}: before a row that may
   * be taken back.
   */
  public void markCounts() {
    for (int i = 0; i < counters.size(); i++) {
      PathCounter c = counters.get(i);
      countsBefore[3 * i] = c.typed;
      countsBefore[3 * i + 1] = c.residual;
      countsBefore[3 * i + 2] = c.missing;
    }
    undoable = true;
  }

  private boolean containsAll(VariantMetadata m) {
    for (String name : shreddedNames) {
      if (m.id(name) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Moves to the metadata {@code in}: one of the recent ones, or {@code in} parsed, kept with
   * what to write for it: {@code in} itself, or a copy with the missing shredded names
   * appended. Written arrays are never modified afterwards (the encoder hands out fresh or
   * shared-but-frozen arrays), so parquet may keep references to them.
   */
  private void remember(byte[] in) {
    for (WrittenMetadata m : recent) {
      if (m != null && Arrays.equals(m.in, in)) {
        last = m;
        return;
      }
    }
    VariantMetadata parsed = VariantMetadata.parse(in);
    int keyCount = parsed.size();
    if (!containsAll(parsed)) {
      // A copy of exactly its bytes: the Binary written wraps the whole array.
      parsed = VariantMetadata.parse(extend(parsed).toByteArray());
    }
    WrittenMetadata m = new WrittenMetadata(in, parsed, keyCount);
    WrittenMetadata old = recent[recentNext];
    if (old != null) {
      old.evict();
    }
    recent[recentNext] = m;
    recentNext = (recentNext + 1) % recent.length;
    last = m;
  }

  /** {@code m} with the missing shredded names appended; the ids of its keys are unchanged. */
  private VariantMetadata extend(VariantMetadata m) {
    if (extender == null) {
      extender = new VariantEncoder(false);
    }
    extender.reset(m);
    extender.startObject();
    for (String name : shreddedNames) {
      if (m.id(name) < 0) {
        extender.key(name);
        extender.writeNull();
      }
    }
    extender.endObject();
    extender.finishInPlace();
    return extender.metadata();
  }

  public String column() {
    return column;
  }

  public ShreddedType schema() {
    return schema;
  }

  /** Counts so far, one entry per shredded path in schema order (empty when unshredded). */
  public List<ShreddingReport.PathCounts> counts() {
    return ShreddingReport.snapshot(counters);
  }

  /** {@code depth}: arrays and objects around the path's values. */
  private static Shredder build(ShreddedType type, boolean byValue, String path, int valueIndex,
      int typedIndex, List<PathCounter> counters, int depth) {
    if (type instanceof ValueOnly) {
      return new ValueOnlyShredder(valueIndex, add(counters, path, "variant"), depth);
    }
    if (type instanceof ShreddedPrimitive) {
      ShreddedPrimitive p = (ShreddedPrimitive) type;
      return new PrimitiveShredder(p, byValue, valueIndex, typedIndex,
          add(counters, path, p.toString()), depth);
    }
    if (type instanceof ShreddedArray) {
      PathCounter counter = add(counters, path, "array");
      Shredder element = build(((ShreddedArray) type).element(), byValue, path + "[]", 0, 1,
          counters, depth + 1);
      return new ArrayShredder(element, valueIndex, typedIndex, counter, depth);
    }
    ShreddedObject object = (ShreddedObject) type;
    PathCounter counter = add(counters, path, "object");
    Map<String, ShreddedType> fields = object.fields();
    String[] names = fields.keySet().toArray(new String[0]);
    Shredder[] children = new Shredder[names.length];
    for (int i = 0; i < names.length; i++) {
      children[i] = build(fields.get(names[i]), byValue, path + "." + names[i], 0, 1,
          counters, depth + 1);
    }
    return new ObjectShredder(names, children, valueIndex, typedIndex, counter, depth);
  }

  private static PathCounter add(List<PathCounter> counters, String path, String type) {
    PathCounter c = new PathCounter(path, type);
    counters.add(c);
    return c;
  }
}
