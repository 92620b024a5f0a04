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
 * present in the metadata"); readers such as parquet-java 1.18.1 look shredded names up in the
 * metadata even for missing fields and fail otherwise. A row that has them all is written with
 * its own metadata. A row that lacks one is written with the shredded names (sorted) followed by
 * its other keys (sorted), its residual values re-encoded with those ids: rows with optional
 * fields then share one metadata per set of unshredded keys, usually the shredded names alone,
 * and the {@code metadata} column stays a small dictionary. (Each row's own keys with the missing
 * names appended made a metadata per combination of optional fields: 17,490 distinct ones in a
 * row group of service logs, the dictionary given up and the column 243 bytes a row.)
 */
public final class VariantColumnShredder {

  private final String column;
  private final ShreddedType schema;
  private final Shredder root;
  private final List<PathCounter> counters;
  /** Every object field name in the schema, at any depth. */
  private final String[] shreddedNames;
  /** Makes the metadata of a row lacking a shredded name ({@link #canonical}). */
  private VariantEncoder extender;
  /** Re-encodes the values of such rows with that metadata's ids. */
  private VariantEncoder reencoder;
  /** The metadata of the shredded names alone, sorted; made on first use. */
  private WrittenMetadata namesOnly;
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
    byte[] value = variant.value();
    if (last.inParsed != null) { // written with another metadata: the value with its ids
      if (reencoder == null) {
        reencoder = new VariantEncoder(false);
      }
      reencoder.reset(last.parsed);
      reencoder.writeVariantValidated(last.inParsed, value, 0);
      value = reencoder.finishValue(); // a copy: the consumer may keep it
    }
    rc.startGroup();
    rc.startField(METADATA, 0);
    rc.addBinary(last.binary);
    rc.endField(METADATA, 0);
    root.write(rc, groups, last.parsed, value, 0);
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
    parts.start(last.parsed, last.parsed.size(), groups);
    rc.startGroup();
  }

  /**
   * Ends a variant shredded directly: its metadata is the last one when it used the same keys
   * (and that one is a row's own), or the shredded names alone when no residual part holds a
   * key (its keys are then all shredded names); false (the group left open) when neither.
   */
  private boolean endDirect(RecordConsumer rc) {
    KeyUse keys = parts.keyUse;
    // A metadata made for rows lacking a shredded name is not what encoding a row with exactly
    // its keys gives (that row has them all: its own metadata, sorted).
    if (last.inParsed != null || !keys.exact()) {
      if (keys.encoded()) {
        return false;
      }
      last = namesOnly();
    }
    rc.startField(METADATA, 0);
    rc.addBinary(last.binary);
    rc.endField(METADATA, 0);
    rc.endGroup();
    return true;
  }

  /**
   * The metadata of the shredded names alone: what a row whose keys are all shredded names is
   * written with, by either path ({@link #canonical} of its own metadata, or its own when it
   * has every name).
   */
  private WrittenMetadata namesOnly() {
    if (namesOnly == null) {
      VariantEncoder e = new VariantEncoder(true);
      e.startObject();
      for (String name : shreddedNames) {
        e.key(name);
        e.writeNull();
      }
      e.endObject();
      e.finishInPlace();
      byte[] bytes = e.metadata().toByteArray();
      namesOnly = new WrittenMetadata(bytes, VariantMetadata.parse(bytes), null);
    }
    return namesOnly;
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
   * what to write for it: {@code in} itself when it holds every shredded name, else
   * {@link #canonical}. Written arrays are never modified afterwards (the encoder hands out
   * fresh or shared-but-frozen arrays), so parquet may keep references to them.
   */
  private void remember(byte[] in) {
    for (WrittenMetadata m : recent) {
      if (m != null && Arrays.equals(m.in, in)) {
        last = m;
        return;
      }
    }
    VariantMetadata parsed = VariantMetadata.parse(in);
    WrittenMetadata m;
    if (containsAll(parsed)) {
      m = new WrittenMetadata(in, parsed, null);
    } else {
      // A copy of exactly its bytes: the Binary written wraps the whole array.
      m = new WrittenMetadata(in, VariantMetadata.parse(canonical(parsed).toByteArray()),
          parsed);
    }
    recent[recentNext] = m;
    recentNext = (recentNext + 1) % recent.length;
    last = m;
  }

  /**
   * The metadata a row with metadata {@code m} (lacking a shredded name) is written with: the
   * shredded names alone ({@link #namesOnly}), then {@code m}'s other keys, sorted. It depends
   * only on those other keys, so rows that differ in which optional shredded fields they have
   * share it.
   */
  private VariantMetadata canonical(VariantMetadata m) {
    WrittenMetadata names = namesOnly();
    List<String> others = new ArrayList<>();
    for (int id = 0; id < m.size(); id++) {
      String key = m.key(id);
      if (names.parsed.id(key) < 0) {
        others.add(key);
      }
    }
    if (others.isEmpty()) {
      return names.parsed;
    }
    Collections.sort(others);
    if (extender == null) {
      extender = new VariantEncoder(false);
    }
    extender.reset(names.parsed);
    extender.startObject();
    for (String key : others) {
      extender.key(key);
      extender.writeNull();
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
